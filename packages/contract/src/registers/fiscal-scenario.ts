/**
 * Fiscal scenario (002 §3 Fiscal configuration): how an operation is taxed (regime, operation, CFOPs, stock and
 * financial flags, ICMS/IPI/PIS/COFINS, the tax reform's CBS/IBS/IS) and its exceptions by state or NCM. The rules
 * across fields live in packages/domain/src/fiscal-settings.ts; one default per type and operation (the scenario an
 * operation takes when it names none) is the server hook's.
 */
import { z } from 'zod';
import { ICMS_CSOSN, ICMS_CST, IPI_CST, PIS_COFINS_CST, SCENARIO_TYPES, fiscalScenarioIssues } from '@pdv/domain/fiscal-settings';
import { decimals } from '../amounts.ts';
import type { RegisterDescriptor } from './descriptor.ts';
import { NOTE_TYPE_LABELS, REGIME_LABELS, TPNF_LABELS } from './labels.ts';

const rate = (label: string, group: string, maxValue = 100) =>
  ({ kind: 'percent', label, decimals: 4, maxValue, default: 0, group }) as const;

const UF = /^[A-Z]{2}$/;
const percent4 = (label: string) =>
  z.number({ error: `${label} inválido.` }).min(0, { error: `${label} inválido.` }).max(999, { error: `${label} inválido.` })
    .refine(decimals(4), { error: `${label} deve ter no máximo 4 casas decimais.` });

/** An exception of the scenario: other codes and rates for a destination state and/or an NCM. */
export const scenarioException = z.object({
  id_cenario_fiscal_excecao: z.number().int().positive().optional(),
  uf: z.string().trim().toUpperCase().refine((v) => v === '' || UF.test(v), { error: 'UF inválida.' }).nullable().optional(),
  codigo_ncm: z.string().trim().refine((v) => v === '' || /^\d{8}$/.test(v), { error: 'NCM deve ter 8 dígitos.' }).nullable().optional(),
  cfop: z.string().trim().refine((v) => v === '' || /^[1-7]\d{3}$/.test(v), { error: 'CFOP inválido.' }).nullable().optional(),
  icms_cst: z.enum(ICMS_CST, { error: 'CST do ICMS inválido.' }).nullable().optional(),
  icms_csosn: z.enum(ICMS_CSOSN, { error: 'CSOSN inválido.' }).nullable().optional(),
  icms_aliquota: percent4('Alíquota do ICMS').optional(),
  icmsst_aliquota: percent4('Alíquota do ICMS-ST').optional(),
  icmsst_mva: percent4('MVA do ICMS-ST').optional(),
  fcp_percentual: percent4('Percentual do FCP').optional(),
}).refine((e) => (e.uf ?? '') !== '' || (e.codigo_ncm ?? '') !== '', { error: 'Informe a UF ou o NCM da exceção.' });

export type ScenarioException = z.infer<typeof scenarioException>;

export const fiscalScenario = {
  name: 'fiscalScenario',
  path: '/fiscal-scenario',
  table: 'cenario_fiscal',
  id: 'id_cenario_fiscal',
  label: { singular: 'Cenário fiscal', plural: 'Cenários fiscais' },
  permission: 'FncListarCenarioFiscal',
  scope: 'organization',
  fields: {
    descricao: { kind: 'text', label: 'Descrição', required: true, max: 120, list: true, search: true, unique: true },
    regime_tributario: {
      kind: 'integer', label: 'Regime tributário', options: REGIME_LABELS, min: 1, maxValue: 4,
      default: 1, list: true, filter: true, examples: [1],
    },
    operacao: { kind: 'integer', label: 'Operação', options: TPNF_LABELS, min: 0, maxValue: 1, default: 1, list: true, filter: true, examples: [1] },
    tipo: { kind: 'enum', label: 'Tipo', values: SCENARIO_TYPES, options: NOTE_TYPE_LABELS, default: 'Venda', list: true, filter: true },
    cfop_interno: { kind: 'text', label: 'CFOP interno', max: 4, list: true, examples: ['5102'] },
    cfop_externo: { kind: 'text', label: 'CFOP externo', max: 4, list: true, examples: ['6102'] },
    movimentar_estoque: { kind: 'boolean', label: 'Movimentar estoque', default: true },
    movimentar_financeiro: { kind: 'boolean', label: 'Movimentar financeiro', default: true },
    is_padrao: { kind: 'boolean', label: 'Padrão do tipo e da operação', default: false, list: true, examples: [false] },
    icms_csosn: { kind: 'enum', label: 'CSOSN', values: ICMS_CSOSN, group: 'ICMS', examples: ['102'] },
    icms_cst: { kind: 'enum', label: 'CST do ICMS', values: ICMS_CST, group: 'ICMS', examples: [null] },
    icms_aliquota: rate('Alíquota do ICMS', 'ICMS'),
    icms_percentual_reducao_base_calculo: rate('Redução da base de cálculo do ICMS', 'ICMS'),
    icmsst_aliquota: rate('Alíquota do ICMS-ST', 'ICMS'),
    icmsst_mva: rate('MVA do ICMS-ST', 'ICMS', 999),
    fcp_percentual: rate('Percentual do FCP', 'ICMS'),
    aliquota_entrada: rate('Alíquota de entrada', 'ICMS'),
    ipi_cst: { kind: 'enum', label: 'CST do IPI', values: IPI_CST, group: 'IPI' },
    ipi_aliquota: rate('Alíquota do IPI', 'IPI'),
    pis_cst: { kind: 'enum', label: 'CST do PIS', values: PIS_COFINS_CST, group: 'PIS/COFINS', examples: ['49'] },
    pis_aliquota: rate('Alíquota do PIS', 'PIS/COFINS'),
    cofins_cst: { kind: 'enum', label: 'CST do COFINS', values: PIS_COFINS_CST, group: 'PIS/COFINS', examples: ['49'] },
    cofins_aliquota: rate('Alíquota do COFINS', 'PIS/COFINS'),
    ibscbs_cst: { kind: 'text', label: 'CST do IBS/CBS', max: 3, group: 'IBS/CBS/IS', examples: ['000'] },
    ibscbs_classificacao: { kind: 'text', label: 'Classificação tributária do IBS/CBS', max: 6, group: 'IBS/CBS/IS', examples: ['000001'] },
    cbs_aliquota: rate('Alíquota da CBS', 'IBS/CBS/IS'),
    ibsuf_aliquota: rate('Alíquota do IBS estadual', 'IBS/CBS/IS'),
    ibsmun_aliquota: rate('Alíquota do IBS municipal', 'IBS/CBS/IS'),
    ibs_percentual_reducao: rate('Redução da alíquota do IBS (%)', 'IBS/CBS/IS'),
    cbs_percentual_reducao: rate('Redução da alíquota da CBS (%)', 'IBS/CBS/IS'),
    is_aliquota: rate('Alíquota do IS', 'IBS/CBS/IS'),
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'descricao', order: 'ASC' } },
  syncGroup: 'fiscal-scenario',
  screen: { path: '/fiscalScenario', form: 'page' },
  groups: ['Geral', 'ICMS', 'IPI', 'PIS/COFINS', 'IBS/CBS/IS'],
  extra: { excecoes: z.array(scenarioException).max(200, { error: 'No máximo 200 exceções.' }).optional() },
  check: fiscalScenarioIssues,
} as const satisfies RegisterDescriptor;
