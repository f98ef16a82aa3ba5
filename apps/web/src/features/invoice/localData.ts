/**
 * What the invoice screen reads from the local copy (000 §3.1): the branch's fiscal series, stock addresses, fiscal
 * scenarios and payment methods, and customers and products (through the point of sale's searches). People and
 * products are in the copy at an offline point of sale (the demo branches are); the contract has no online search.
 */
import type { LocalRow, LocalCopy } from '../../db/localCopy.ts';
import { textOf } from '../checkout/catalog.ts';

export interface SeriesOption {
  id_serie_fiscal: number;
  modelo: string;
  codigo_serie: string;
  padrao: boolean;
}

export interface InvoiceContext {
  /** False until the copy has been read (the lists are empty then, not missing). */
  loaded: boolean;
  series: SeriesOption[];
  addresses: Array<{ value: string; label: string }>;
  scenarios: Array<{ value: string; label: string }>;
  methods: LocalRow[];
  installments: LocalRow[];
  /** Bank accounts: the copy's account table (not synced yet) and the accounts named by methods and card operators. */
  accounts: Array<{ value: string; label: string }>;
  defaultAddress: number | null;
  defaultScenario: number | null;
  /** The model a new invoice starts with: the branch's codigo_modelo_padrao_nota_fiscal (002 §3), else NF-e. */
  defaultModel: '55' | '65';
  /** Rows of people and products in the copy (0: the search cannot find anything). */
  peopleCount: number;
  productCount: number;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : null);
const live = (row: LocalRow) => !row['data_exclusao'] && (row['situacao'] === undefined || row['situacao'] === 'Ativo');
const offeredIn = (row: LocalRow, idFilial: number) => {
  const filiais = row['filiais'];
  return !Array.isArray(filiais) || filiais.length === 0 || filiais.some((f) => (f as LocalRow)['id_filial'] === idFilial);
};

export const EMPTY_CONTEXT: InvoiceContext = {
  loaded: false,
  defaultModel: '55',
  series: [],
  addresses: [],
  scenarios: [],
  methods: [],
  installments: [],
  accounts: [],
  defaultAddress: null,
  defaultScenario: null,
  peopleCount: 0,
  productCount: 0,
};

export async function loadInvoiceContext(db: LocalCopy, idFilial: number): Promise<InvoiceContext> {
  // Read side by side: each read may wait behind a write of the sync engine.
  const [config, seriesRows, addressRows, scenarioRows, methodRows, operators, installments, peopleCount, productCount, accountRows] = await Promise.all([
    db.rows('config').where('id_filial').equals(idFilial).first(),
    db.rows('fiscal_series').where('id_filial').equals(idFilial).toArray(),
    db.rows('stock_address').where('id_filial').equals(idFilial).toArray(),
    db.rows('fiscal_scenario').toArray(),
    db.rows('method_payment').toArray(),
    db.rows('card_operator').toArray(),
    db.rows('installments').toArray(),
    db.rows('people').count(),
    db.rows('product').count(),
    db.hasStore('account') ? db.rows('account').toArray() : Promise.resolve([]),
  ]);
  const series = seriesRows.filter(live).map((s) => ({
    id_serie_fiscal: Number(s['id_serie_fiscal']),
    modelo: textOf(s, 'codigo_modelo'),
    codigo_serie: textOf(s, 'codigo_serie'),
    padrao: s['serie_padrao'] === true,
  }));
  const addresses = addressRows.filter(live);
  const preferred = num(config?.['id_endereco_estoque_venda']);
  const address = addresses.find((a) => a['id_endereco_estoque'] === preferred) ?? addresses[0];
  const scenarios = scenarioRows.filter(live);
  const scenario = scenarios.find((s) => s['tipo'] === 'Venda' && (s['default'] || s['is_padrao'])) ?? scenarios.find((s) => s['tipo'] === 'Venda');
  const methods = methodRows
    .filter((m) => live(m) && offeredIn(m, idFilial))
    .sort((a, b) => textOf(a, 'descricao').localeCompare(textOf(b, 'descricao')));
  const named = new Map<number, string>();
  for (const a of accountRows.filter(live)) {
    const idConta = num(a['id_conta']);
    if (idConta !== null) named.set(idConta, textOf(a, 'descricao') || textOf(a, 'nome') || `Conta nº ${idConta}`);
  }
  for (const r of [...methods, ...operators.filter(live)]) {
    const idConta = num(r['id_conta']);
    if (idConta !== null && !named.has(idConta)) named.set(idConta, `Conta nº ${idConta}`);
  }
  const accounts = [...named].map(([value, label]) => ({ value: String(value), label })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
  return {
    loaded: true,
    defaultModel: config?.['codigo_modelo_padrao_nota_fiscal'] === '65' ? '65' : '55',
    series,
    addresses: addresses.map((a) => ({
      value: String(a['id_endereco_estoque']),
      label: [textOf(a, 'codigo'), textOf(a, 'descricao')].filter(Boolean).join(' - '),
    })),
    scenarios: scenarios.map((s) => ({ value: String(s['id_cenario_fiscal']), label: textOf(s, 'descricao') })),
    methods,
    installments: installments.filter(live),
    accounts,
    defaultAddress: num(address?.['id_endereco_estoque']),
    defaultScenario: num(scenario?.['id_cenario_fiscal']),
    peopleCount,
    productCount,
  };
}

/** The default series of a model at the branch (the one marked default, else the first). */
export function defaultSeries(series: readonly SeriesOption[], modelo: string): number | null {
  const ofModel = series.filter((s) => s.modelo === modelo);
  return (ofModel.find((s) => s.padrao) ?? ofModel[0])?.id_serie_fiscal ?? null;
}

/** A person of the copy has an address when street, number, city and state are filled (an NF-e needs them). */
export function hasAddress(person: LocalRow): boolean {
  return ['endereco', 'numero', 'uf'].every((k) => textOf(person, k).trim() !== '') && (textOf(person, 'cidade') !== '' || num(person['id_cidade']) !== null);
}

export function documentOf(person: LocalRow): string | null {
  const cpf = textOf(person, 'cpf');
  if (cpf) return cpf;
  const cnpj = textOf(person, 'cnpj');
  return cnpj || null;
}

export function addressLine(person: LocalRow): string {
  const street = [textOf(person, 'endereco'), textOf(person, 'numero')].filter(Boolean).join(', ');
  const place = [textOf(person, 'bairro'), [textOf(person, 'cidade'), textOf(person, 'uf')].filter(Boolean).join('/')].filter(Boolean);
  return [street, ...place].join(' - ');
}

/** The number of installments a method allows (its plan's, 1 when it has none). */
export function maxInstallments(method: LocalRow | undefined, installments: readonly LocalRow[]): number {
  if (!method || method['utilizar_parcela'] !== true) return 1;
  const plan = installments.find((p) => p['id_parcelamento'] === method['id_parcelamento']);
  const parcelas = plan?.['parcelas'];
  return Array.isArray(parcelas) && parcelas.length > 0 ? Math.min(120, parcelas.length) : 12;
}
