/**
 * Device and its peripherals (002 §3 Devices and peripherals): a machine of a branch running the connector (address and
 * port) and what is plugged into it, with the serial-port settings. Records only: the connector comes in its own
 * issue. The peripherals are an `extra` member written by the server's hook (a tab of the form).
 */
import { z } from 'zod';
import type { RegisterDescriptor } from './descriptor.ts';

export const PERIPHERAL_TYPES = ['ImpressoraComprovante', 'ImpressoraA4', 'ImpressoraEtiqueta', 'Sat', 'Balanca', 'POS'] as const;
export const DATA_BITS = [5, 6, 7, 8] as const;
export const STOP_BITS = ['1', '1.5', '2'] as const;
export const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;
export const PARITIES = ['Nenhuma', 'Par', 'Impar', 'Marca', 'Espaco'] as const;

const opt = (max: number, label: string) =>
  z.string().trim().max(max, { error: `${label} pode ter no máximo ${max} caracteres.` }).nullable().optional();

export const peripheral = z.object({
  id_periferico: z.number().int().positive().optional(),
  descricao: z.string({ error: 'Informe a descrição do periférico.' }).trim().min(1, { error: 'Informe a descrição do periférico.' })
    .max(100, { error: 'Descrição pode ter no máximo 100 caracteres.' }),
  tipo: z.enum(PERIPHERAL_TYPES, { error: 'Tipo de periférico inválido.' }),
  modelo: opt(60, 'Modelo'),
  sat_versao_layout: opt(10, 'Versão do layout do SAT'),
  nome_impressora: opt(120, 'Nome da impressora'),
  porta_serial: opt(40, 'Porta serial'),
  bits_dados: z.union(DATA_BITS.map((n) => z.literal(n)), { error: 'Bits de dados: 5, 6, 7 ou 8.' }).nullable().optional(),
  bits_parada: z.enum(STOP_BITS, { error: 'Bits de parada: 1, 1.5 ou 2.' }).nullable().optional(),
  bits_por_segundo: z.union(BAUD_RATES.map((n) => z.literal(n)), { error: 'Velocidade (bits por segundo) inválida.' }).nullable().optional(),
  paridade: z.enum(PARITIES, { error: 'Paridade inválida.' }).nullable().optional(),
  identificador: opt(100, 'Identificador'),
});
export type Peripheral = z.infer<typeof peripheral>;

export const device = {
  name: 'device',
  path: '/device',
  table: 'dispositivo',
  id: 'id_dispositivo',
  label: { singular: 'Dispositivo', plural: 'Dispositivos' },
  permission: 'FncListarDispositivos',
  scope: 'branch',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    tipo: { kind: 'enum', label: 'Tipo', values: ['Caixa', 'Retaguarda', 'Servidor'], default: 'Caixa', list: true, filter: true },
    endereco: { kind: 'text', label: 'Endereço (IP ou nome na rede)', max: 255, list: true },
    porta_connect: { kind: 'integer', label: 'Porta do conector', min: 1, maxValue: 65535, list: true },
  },
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/devices', form: 'page' },
  groups: ['Geral'],
  extra: { perifericos: z.array(peripheral).max(50, { error: 'No máximo 50 periféricos.' }).optional() },
} as const satisfies RegisterDescriptor;
