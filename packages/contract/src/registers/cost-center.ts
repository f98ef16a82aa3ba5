/**
 * Cost centre (002 §3 Financial configuration): a tree (id_centro_custo_pai). The server writes referencia (the
 * position among the siblings) and referencia_exibicao (the path, '1.2.3'), and refuses a parent below the node.
 */
import type { RegisterDescriptor } from './descriptor.ts';

export const costCenter = {
  name: 'costCenter',
  path: '/cost_center',
  table: 'centro_custo',
  id: 'id_centro_custo',
  label: { singular: 'Centro de custo', plural: 'Centros de custo' },
  permission: 'FncCadastrarCentroCusto',
  scope: 'organization',
  fields: {
    referencia_exibicao: { kind: 'text', label: 'Referência (calculada)', max: 100, default: '', list: true, search: true },
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    id_centro_custo_pai: { kind: 'ref', label: 'Centro de custo pai', ref: 'costCenter', filter: true },
    tipo: { kind: 'enum', label: 'Tipo', values: ['Receita', 'Despesa'], list: true },
    observacao: { kind: 'text', label: 'Observação', max: 500 },
  },
  situacao: true,
  // caminho: the path with fixed-width positions, written by the server (1.2 before 1.10).
  list: { pageSize: 30, sort: { column: 'caminho', order: 'ASC' } },
  screen: { path: '/costDepartament', form: 'panel' },
} as const satisfies RegisterDescriptor;
