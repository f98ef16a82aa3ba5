/**
 * The local connector's print call (000 §7.5, 001 §7 Local print service): POST /impressao at the device's address
 * and port with {dispositivo, id_periferico, tipo_impressao, data_base64, commmand} ("commmand" spelled so in the
 * contract). The connector (apps/connector) validates the body with this schema and answers {Codigo, Mensagem}
 * (packages/domain print-connector.ts: 0 success, 1-4 the printing messages of 000 §8, 999 its own message).
 */
import { z } from 'zod';
import { PRINT_KINDS, PRINT_MESSAGES } from '@pdv/domain/print-connector';

/** Base64 (standard alphabet, padded or not): what data_base64 must be. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Printing jobs above this are refused (a long A4 PDF fits; an endless body does not). */
export const PRINT_MAX_BASE64 = 40 * 1024 * 1024;

export const printRequest = z.object({
  /** id_dispositivo of 002 §3 Device: the machine the connector runs on. */
  dispositivo: z.coerce.number({ error: PRINT_MESSAGES.printerNotSet }).int().positive({ error: PRINT_MESSAGES.printerNotSet }),
  /** id_periferico of the printer plugged into that device. */
  id_periferico: z.coerce.number({ error: PRINT_MESSAGES.printerNotSet }).int().positive({ error: PRINT_MESSAGES.printerNotSet }),
  tipo_impressao: z.enum(PRINT_KINDS, { error: PRINT_MESSAGES.printKindUnknown }),
  data_base64: z.string({ error: PRINT_MESSAGES.fileMissing }).min(1, { error: PRINT_MESSAGES.fileMissing })
    .max(PRINT_MAX_BASE64, { error: PRINT_MESSAGES.fileMissing }).regex(BASE64, { error: PRINT_MESSAGES.fileMissing }),
  /** Words for the printer (PRINT_COMMANDS: 'gaveta', 'sem_corte'); absent or null for none. */
  commmand: z.string().max(200).nullable().optional(),
});
export type PrintRequest = z.infer<typeof printRequest>;

export const printAnswer = z.object({
  Codigo: z.number().int(),
  Mensagem: z.string(),
});
export type PrintAnswer = z.infer<typeof printAnswer>;

/**
 * The checkout scale through the connector (balanca_pdv): POST /balanca/peso {dispositivo, id_periferico}; the spec
 * shows no path for it, this is ours. The answer adds peso, in kilograms with three decimals, when Codigo is 0.
 */
export const scaleReadRequest = printRequest.pick({ dispositivo: true, id_periferico: true });
export type ScaleReadRequest = z.infer<typeof scaleReadRequest>;

export const scaleReadAnswer = printAnswer.extend({ peso: z.number().optional() });
export type ScaleReadAnswer = z.infer<typeof scaleReadAnswer>;
