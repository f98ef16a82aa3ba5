/** Stock address (002 §3 Catalogues): where a branch keeps its stock (codigo, descricao), sorted by codigo (002 §9). */
import type { RegisterDescriptor } from './descriptor.ts';

export const stockAddress = {
  name: 'stockAddress',
  path: '/stock-address',
  table: 'endereco_estoque',
  id: 'id_endereco_estoque',
  label: { singular: 'Endereço de estoque', plural: 'Endereços de estoque' },
  permission: 'FncListarMovimentacaoEstoque',
  scope: 'branch',
  fields: {
    codigo: { kind: 'text', label: 'Código', required: true, max: 20, list: true, search: true, unique: true },
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
  },
  list: { pageSize: 20, sort: { column: 'codigo', order: 'ASC' } },
  screen: { path: '/stockAddress', form: 'panel' },
} as const satisfies RegisterDescriptor;
