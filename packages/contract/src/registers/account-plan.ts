/**
 * Chart of accounts (002 §3 Financial configuration): a tree like the cost centres (the server writes referencia and
 * referencia_exibicao, '1.2.3', and refuses a parent below the node), with is_recorrente and permitir_lancamento.
 */
import type { RegisterDescriptor } from './descriptor.ts';

export const accountPlan = {
  name: 'accountPlan',
  path: '/account_plan',
  table: 'plano_conta',
  id: 'id_plano_conta',
  label: { singular: 'Plano de contas', plural: 'Plano de contas' },
  permission: 'FncCadastrarPlanoConta',
  scope: 'organization',
  fields: {
    referencia_exibicao: { kind: 'text', label: 'Referência (calculada)', max: 100, default: '', list: true, search: true },
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    id_plano_conta_pai: { kind: 'ref', label: 'Conta pai', ref: 'accountPlan', filter: true },
    tipo: { kind: 'enum', label: 'Tipo', values: ['Receita', 'Despesa'], list: true },
    permitir_lancamento: { kind: 'boolean', label: 'Permitir lançamento', default: true, list: true },
    is_recorrente: { kind: 'boolean', label: 'Recorrente', default: false, list: true },
    observacao: { kind: 'text', label: 'Observação', max: 500 },
  },
  situacao: true,
  // caminho: the path with fixed-width positions, written by the server (1.2 before 1.10).
  list: { pageSize: 30, sort: { column: 'caminho', order: 'ASC' } },
  screen: { path: '/accountsPlan', form: 'panel' },
} as const satisfies RegisterDescriptor;
