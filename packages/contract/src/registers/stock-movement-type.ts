/**
 * Stock movement type (002 §3 Catalogues): the kinds a stock document offers (codigo, descricao), whether it brings
 * stock in or takes it out (operacao), what it is (tipo_operacao) and the price its items are valued at (tipo_valoracao).
 */
import type { RegisterDescriptor } from './descriptor.ts';
import { ENTRY_EXIT_LABELS, STOCK_OPERATION_TYPE_LABELS, STOCK_VALUATION_LABELS } from './labels.ts';

export const STOCK_OPERATIONS = ['Entrada', 'Saida'] as const;
export const STOCK_OPERATION_TYPES = ['Ajuste', 'Transferencia', 'Compra', 'Venda', 'Devolucao', 'Perda', 'Consumo', 'Producao', 'Outros'] as const;
export const STOCK_VALUATIONS = ['PrecoCustoMedio', 'PrecoCusto', 'PrecoCompra', 'PrecoVenda', 'Informado'] as const;

export const stockMovementType = {
  name: 'stockMovementType',
  path: '/stock-movement-type',
  table: 'tipo_movimentacao_estoque',
  id: 'id_tipo_movimentacao_estoque',
  label: { singular: 'Tipo de movimentação de estoque', plural: 'Tipos de movimentação de estoque' },
  permission: 'FncListarMovimentacaoEstoque',
  scope: 'organization',
  fields: {
    codigo: { kind: 'text', label: 'Código', required: true, max: 20, list: true, search: true, unique: true },
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    operacao: { kind: 'enum', label: 'Operação', values: STOCK_OPERATIONS, options: ENTRY_EXIT_LABELS, required: true, list: true, filter: true },
    tipo_operacao: { kind: 'enum', label: 'Tipo de operação', values: STOCK_OPERATION_TYPES, options: STOCK_OPERATION_TYPE_LABELS, default: 'Ajuste', list: true, filter: true },
    tipo_valoracao: { kind: 'enum', label: 'Valoração', values: STOCK_VALUATIONS, options: STOCK_VALUATION_LABELS, default: 'PrecoCustoMedio', list: true },
    observacao: { kind: 'text', label: 'Observação', max: 500 },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'codigo', order: 'ASC' } },
  screen: { path: '/stockMovementType', form: 'panel' },
} as const satisfies RegisterDescriptor;
