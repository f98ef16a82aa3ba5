/**
 * Fiscal series (002 §3 Fiscal configuration): the numbering of a model's invoices in a branch. The model is 55 (NF-e)
 * or 65 (NFC-e), what the issuing code reads (the spec's default '01' is the old model 1/1A code, never issued here:
 * a new series is NFC-e unless told). One default series per model per branch, a series that issued invoices never
 * goes back in numbering, and a series may belong to one device (a till numbering its own NFC-e offline); the
 * server's hook (apps/server/src/modules/fiscal-settings) keeps those.
 */
import { PRINT_MODELS, SERIES_MODELS, fiscalSeriesIssues } from '@pdv/domain/fiscal-settings';
import type { RegisterDescriptor } from './descriptor.ts';
import { FISCAL_MODEL_LABELS, SERIES_PRINT_LABELS } from './labels.ts';

export const fiscalSerie = {
  name: 'fiscalSerie',
  path: '/fiscal-serie',
  table: 'serie_fiscal',
  id: 'id_serie_fiscal',
  label: { singular: 'Série fiscal', plural: 'Séries fiscais', feminine: true },
  permission: 'FncListarSerieFiscal',
  scope: 'branch',
  fields: {
    codigo_modelo: { kind: 'enum', label: 'Modelo', values: SERIES_MODELS, options: FISCAL_MODEL_LABELS, default: '65', list: true, filter: true },
    codigo_serie: { kind: 'integer', label: 'Série', required: true, min: 0, maxValue: 999, list: true, search: true, examples: [901, 902, 903] },
    ultima_numeracao: { kind: 'integer', label: 'Última numeração', min: 0, maxValue: 999_999_999, default: 0, list: true },
    modelo_impressao: { kind: 'enum', label: 'Modelo de impressão', values: PRINT_MODELS, options: SERIES_PRINT_LABELS, default: '80mm', list: true },
    serie_padrao: { kind: 'boolean', label: 'Série padrão', default: false, list: true },
    id_dispositivo: { kind: 'ref', ref: 'device', label: 'Dispositivo (caixa)', list: true },
    is_contingencia: { kind: 'boolean', label: 'Contingência', default: false, list: true, examples: [false] },
    justificativa_contingencia: {
      kind: 'text',
      label: 'Justificativa da contingência',
      max: 256,
      examples: ['Série de contingência do caixa 1'],
    },
  },
  situacao: true,
  list: { pageSize: 20, sort: { column: 'codigo_serie', order: 'ASC' } },
  syncGroup: 'fiscal-serie',
  screen: { path: '/fiscalSerie', form: 'panel' },
  check: fiscalSeriesIssues,
} as const satisfies RegisterDescriptor;
