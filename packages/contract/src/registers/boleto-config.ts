/**
 * Boleto configuration (001 §3, 002 §3 Financial configuration, route /demandConfig, 001 §7 demand_config): how the
 * boletos of a bank account are issued: CNAB layout, wallet, beneficiary codes, fine and interest (Percentual with 3
 * decimals or Valor with 2, packages/domain/src/boleto.ts), days to expire (15 by default). One default: setting one
 * clears the others.
 */
import { BOLETO_AMOUNT_TYPES, BOLETO_CNABS, BOLETO_DEFAULTS, boletoConfigIssues } from '@pdv/domain/boleto';
import type { RegisterDescriptor } from './descriptor.ts';

export const boletoConfig = {
  name: 'boletoConfig',
  path: '/demand_config',
  table: 'configuracao_boleto',
  id: 'id_configuracao_boleto',
  label: { singular: 'Configuração de boleto', plural: 'Configurações de boletos', feminine: true },
  permission: 'FncVerBoletos',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 100, list: true, search: true, unique: true },
    id_conta: { kind: 'ref', label: 'Conta bancária', ref: 'bankAccount', required: true },
    cnab: { kind: 'enum', label: 'CNAB', values: BOLETO_CNABS, options: { 400: 'CNAB 400', 240: 'CNAB 240' }, default: BOLETO_DEFAULTS.cnab, list: true },
    carteira: { kind: 'text', label: 'Carteira', max: 3, list: true },
    codigo_cedente: { kind: 'text', label: 'Código do cedente (beneficiário)', max: 20 },
    modalidade: { kind: 'text', label: 'Modalidade', max: 2 },
    convenio: { kind: 'text', label: 'Convênio', max: 20 },
    codigo_transmissao: { kind: 'text', label: 'Código de transmissão', max: 20 },
    tipo_multa: { kind: 'enum', label: 'Tipo da multa', values: BOLETO_AMOUNT_TYPES, default: BOLETO_DEFAULTS.tipo },
    valor_multa: { kind: 'quantity', label: 'Valor da multa', decimals: 3, maxValue: 999_999.99, default: 0 },
    dias_multa: { kind: 'integer', label: 'Dias para a multa', min: 0, maxValue: 365, default: 0 },
    tipo_juro: { kind: 'enum', label: 'Tipo do juro', values: BOLETO_AMOUNT_TYPES, default: BOLETO_DEFAULTS.tipo },
    valor_juro: { kind: 'quantity', label: 'Valor do juro', decimals: 3, maxValue: 999_999.99, default: 0 },
    dias_expiracao: { kind: 'integer', label: 'Dias para vencimento', min: 1, maxValue: 365, default: BOLETO_DEFAULTS.dias_expiracao, list: true },
    observacao: { kind: 'text', label: 'Observação (instruções do boleto)', max: 500 },
    // Hybrid boleto (issue 25): each boleto also carries a static PIX QR code with the account's chave_pix.
    is_hibrido: { kind: 'boolean', label: 'Boleto híbrido (com QR Code PIX)', default: false, list: true },
  },
  isPadrao: true,
  check: boletoConfigIssues,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  screen: { path: '/demandConfig', form: 'panel' },
} as const satisfies RegisterDescriptor;
