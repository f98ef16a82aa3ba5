/**
 * Additional information (002 §3 Catalogues): a text an invoice carries (for the taxpayer or for the tax office), for a
 * model, operation and invoice type, and the products, branches and fiscal scenarios it applies to (`extra` members
 * written by the server's hook). 002 §2 gives its menu entry no permission: the routes ask for the Fiscal group's
 * (ViewFiscal), which whoever sees the Fiscal settings holds (docs/decisions.md).
 */
import { z } from 'zod';
import type { RegisterDescriptor } from './descriptor.ts';
import { ENTRY_EXIT_LABELS, FISCAL_MODEL_LABELS, NOTE_TYPE_LABELS } from './labels.ts';

const ids = (what: string) =>
  z.array(z.number({ error: `${what} inválido.` }).int().positive({ error: `${what} inválido.` })).max(500, { error: `No máximo 500: ${what}.` }).optional();

export const additionalInformation = {
  name: 'additionalInformation',
  path: '/additional-information',
  table: 'informacao_adicional',
  id: 'id_informacao_adicional',
  label: { singular: 'Informação adicional', plural: 'Informações adicionais', feminine: true },
  permission: 'ViewFiscal',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    tipo: { kind: 'enum', label: 'Destino (contribuinte ou fisco)', values: ['Contribuinte', 'Fisco'], default: 'Contribuinte', list: true, filter: true },
    modelo: { kind: 'enum', label: 'Modelo (vazio: todos)', values: ['55', '65'], options: FISCAL_MODEL_LABELS, list: true, filter: true },
    operacao: { kind: 'enum', label: 'Operação (vazio: todas)', values: ['Entrada', 'Saida'], options: ENTRY_EXIT_LABELS, list: true, filter: true },
    tipo_nota: { kind: 'enum', label: 'Tipo de nota (vazio: todos)', values: ['Venda', 'Devolucao', 'Consignacao', 'Transferencia', 'Outros'], options: NOTE_TYPE_LABELS, list: true },
    mensagem: { kind: 'text', label: 'Mensagem', required: true, max: 2000 },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/additionalInformation', form: 'page' },
  groups: ['Geral'],
  extra: { produtos: ids('Produto'), filiais: ids('Filial'), cenarios: ids('Cenário fiscal') },
} as const satisfies RegisterDescriptor;
