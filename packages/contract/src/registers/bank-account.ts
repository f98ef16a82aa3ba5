/**
 * Bank account (002 §3 Financial configuration, 001 §3): an organization's account at a bank (by its COMPE code,
 * id_banco, an `extra` member: the bank list is not a register) or an account without a bank (a till, a safe). Its
 * column id_filial waits for the branch register to be a ref. Agency and account check digits are checked where the
 * bank's rule is public (@pdv/domain/bank-account, by the register's hooks). The register only: launches, transfers
 * and reconciliation come with the finance issue. Synced to the point of sale's `account` store (obrigar_conta).
 */
import { z } from 'zod';
import type { RegisterDescriptor } from './descriptor.ts';

export const bankAccount = {
  name: 'bankAccount',
  path: '/bank_account',
  table: 'conta_bancaria',
  id: 'id_conta',
  label: { singular: 'Conta bancária', plural: 'Contas bancárias', feminine: true },
  permission: 'ViewContasBancarias',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true },
    agencia: { kind: 'digits', label: 'Agência', max: 5, list: true, search: true },
    digito_agencia: { kind: 'text', label: 'Dígito da agência', max: 1 },
    numero: { kind: 'digits', label: 'Número da conta', max: 12, list: true, search: true },
    digito_conta: { kind: 'text', label: 'Dígito da conta', max: 1 },
    chave_pix: { kind: 'text', label: 'Chave PIX', max: 100 },
    // 002 §3: the bank integration (issue 26): PIX charges at the point of sale and boletos registered online.
    utilizar_moderbank: { kind: 'boolean', label: 'Usar integração bancária', default: false },
    codigo_moderbank: { kind: 'text', label: 'Convênio da integração bancária', max: 20 },
    sequencia_nosso_numero: { kind: 'integer', label: 'Próximo nosso número', min: 1, default: 1 },
    sequencia_arquivo_remessa: { kind: 'integer', label: 'Próxima remessa', min: 1, default: 1 },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'account',
  screen: { path: '/bankAccount', form: 'panel' },
  extra: {
    // The bank by its COMPE code (table banco, the same for every organization, not a register): chosen from the list
    // by the form's Banco section, checked and written by the register's hooks. Absent on update: unchanged.
    id_banco: z.number({ error: 'Banco inválido.' }).int({ error: 'Banco inválido.' }).min(1, { error: 'Banco inválido.' }).max(999, { error: 'Banco inválido.' }).nullable().optional(),
  },
} as const satisfies RegisterDescriptor;
