/**
 * NFC-e offline through the till's local connector (issue 29): reserving a block of numbers of the device's NFC-e
 * series while online (POST /nfce/offline/reservar), and the blocks a device holds (POST /nfce/offline/blocos).
 */
import { z } from 'zod';
import { id } from './common.ts';

export const nfceReserveBody = z.object({
  id_dispositivo: id,
  /** How many numbers (1-500; 50 when absent). */
  quantidade: z.number().int().optional(),
}).strict();

export const nfceBlock = z.object({
  id_nfce_reserva: z.number().int(),
  id_dispositivo: z.number().int(),
  id_serie_fiscal: z.number().int(),
  serie: z.number().int(),
  numero_inicial: z.number().int(),
  numero_final: z.number().int(),
  /** The numbers of the block already used by an invoice the server received. */
  usados: z.array(z.number().int()),
});

export const nfceBlocksBody = z.object({ id_dispositivo: id }).strict();
export const nfceBlocksResult = z.object({ habilitado: z.boolean(), blocos: z.array(nfceBlock) });
