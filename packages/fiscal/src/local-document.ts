/**
 * The facts of an NFC-e issued with the network off (issue 29, POS side), read from the point of sale's local copy
 * (the rows list-by-changes sends: branch, branch-config, fiscal-scenario with its exceptions, product, people): the
 * branch as emitter, each line with its product's fiscal data and its fiscal scenario (the line's, else the
 * organization's default sale scenario, as the server's fiscal/queries.ts findItems picks it) with the scenario's
 * exceptions, the payments and the customer. document-input.ts then builds the document's groups with the one rule
 * the server uses for the invoice it stores. Browser-safe (no node: module).
 */
import type { Cents, Milli } from '@pdv/domain/money';
import { toDecimal, quantityToDecimal } from '@pdv/domain/money';
import { documentBase, type DocumentBase, type DocumentException, type DocumentFacts, type DocumentItemFacts,
  type EmitterFacts, type RecipientFacts } from './document-input.ts';

/** A row of the local copy (a plain JSON object, as list-by-changes sends it). */
export type LocalRow = Record<string, unknown>;

/** A line of the sale as the point of sale holds it (domain Item fields; amounts in centavos, quantities in thousandths). */
export interface LocalSaleLine {
  ordem: number;
  is_cancelado: boolean;
  id_produto_grade_filial: number | null;
  id_cenario_fiscal: number | null;
  sku: string | null;
  descricao: string;
  codigo_barras: string | null;
  unidade_comercial: string | null;
  quantidade: Milli;
  valor_unitario: Cents;
  valor_desconto: Cents;
  frete: Cents;
  seguro: Cents;
  outros: Cents;
}

export interface LocalSalePayment {
  ordem: number;
  meio_pagamento: { meio_pagamento: string } | null;
  valor_total: Cents;
  quantidade_parcelas: number;
  cartao_codigo_autorizacao: string | null;
  cartao_bandeira: string | null;
  cartao_cnpj_instituicao: string | null;
  cartao_tipo_integracao: string | null;
}

/** The sale: its header fields the document reads, its lines and payments, and its net total (liquido). */
export interface LocalSale {
  operation: { tipo_frete: number; cliente_cpf_cnpj: string | null; observacao: string | null };
  itens: readonly LocalSaleLine[];
  pagamentos: readonly LocalSalePayment[];
  liquido: Cents;
}

/** What the local copy holds for the document. */
export interface LocalFiscalCopy {
  branch: LocalRow | null;
  config: LocalRow | null;
  scenarios: readonly LocalRow[];
  /** The product row (codigo_ncm, cest, origem_produto) of each line's id_produto_grade_filial. */
  products: ReadonlyMap<number, LocalRow>;
  /** The customer's row, when the sale names one. */
  customer: LocalRow | null;
}

/** A text or number column as text (null when empty or of another type). */
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown, fallback = 0): number | string => (v === null || v === undefined || v === '' ? fallback : (v as number | string));
const live = (r: LocalRow) => !r['data_exclusao'];

/** The line's scenario: its own when live and active, else the default sale scenario (is_padrao first, then lowest id). */
export function scenarioOf(scenarios: readonly LocalRow[], id: number | null): LocalRow | null {
  const active = scenarios.filter((s) => live(s) && s['situacao'] === 'Ativo');
  if (id !== null) {
    const own = active.find((s) => s['id_cenario_fiscal'] === id);
    if (own) return own;
    return null;
  }
  const candidates = active.filter((s) => Number(s['operacao']) === 1 && s['tipo'] === 'Venda')
    .sort((a, b) => Number(Boolean(b['is_padrao'] ?? b['default'])) - Number(Boolean(a['is_padrao'] ?? a['default']))
      || Number(a['id_cenario_fiscal']) - Number(b['id_cenario_fiscal']));
  return candidates[0] ?? null;
}

export function emitterOf(branch: LocalRow | null, config: LocalRow | null): EmitterFacts | null {
  if (!branch) return null;
  return {
    cnpj: str(branch['cnpj']) ?? '', razao_social: str(branch['razao_social']) ?? '', nome_fantasia: str(branch['nome_fantasia']),
    ie: str(branch['ie']), endereco: str(branch['endereco']), numero: str(branch['numero']), complemento: str(branch['complemento']),
    bairro: str(branch['bairro']), id_cidade: branch['id_cidade'] == null ? null : Number(branch['id_cidade']), cidade: str(branch['cidade']),
    uf: str(branch['uf']), cep: str(branch['cep']), telefone: str(branch['telefone']),
    codigo_regime_tributario: Number(config?.['codigo_regime_tributario'] ?? 1),
    ambiente_emissao: Number(config?.['ambiente_emissao'] ?? 2),
  };
}

function recipientOf(p: LocalRow | null): RecipientFacts | null {
  if (!p) return null;
  return {
    nome: str(p['nome']) ?? '', cpf: str(p['cpf']), cnpj: str(p['cnpj']), ie: str(p['ie']), indicador_ie: Number(p['indicador_ie'] ?? 9),
    email: str(p['email']), telefone: str(p['telefone']), endereco: str(p['endereco']), numero: str(p['numero']),
    complemento: str(p['complemento']), bairro: str(p['bairro']), id_cidade: p['id_cidade'] == null ? null : Number(p['id_cidade']),
    cidade: str(p['cidade']), uf: str(p['uf']), cep: str(p['cep']),
  };
}

/** A line as the document reads it: the sale's values and the scenario's taxes (null scenario: no tax fields). */
function itemFacts(item: LocalSaleLine, product: LocalRow | undefined, s: LocalRow | null): DocumentItemFacts {
  return {
    // The server's cProd: coalesce(codigo_produto, sku, id_produto_grade_filial) of the invoice line.
    codigo: item.sku ?? String(item.id_produto_grade_filial),
    descricao: item.descricao, codigo_barras: item.codigo_barras, unidade_comercial: item.unidade_comercial,
    codigo_ncm: str(product?.['codigo_ncm']), cest: str(product?.['cest']),
    origem_produto: product?.['origem_produto'] == null ? 0 : Number(product['origem_produto']),
    quantidade: quantityToDecimal(item.quantidade), valor_unitario: toDecimal(item.valor_unitario), valor_desconto: toDecimal(item.valor_desconto),
    frete: toDecimal(item.frete), seguro: toDecimal(item.seguro), outros: toDecimal(item.outros),
    id_cenario_fiscal: s ? Number(s['id_cenario_fiscal']) : null,
    cfop_interno: str(s?.['cfop_interno']), cfop_externo: str(s?.['cfop_externo']), icms_cst: str(s?.['icms_cst']), icms_csosn: str(s?.['icms_csosn']),
    icms_aliquota: num(s?.['icms_aliquota']), icms_percentual_reducao_base_calculo: num(s?.['icms_percentual_reducao_base_calculo']),
    icmsst_aliquota: num(s?.['icmsst_aliquota']), icmsst_mva: num(s?.['icmsst_mva']), fcp_percentual: num(s?.['fcp_percentual']),
    pis_cst: str(s?.['pis_cst']), pis_aliquota: num(s?.['pis_aliquota']), cofins_cst: str(s?.['cofins_cst']), cofins_aliquota: num(s?.['cofins_aliquota']),
    ibscbs_cst: str(s?.['ibscbs_cst']), ibscbs_classificacao: str(s?.['ibscbs_classificacao']), cbs_aliquota: num(s?.['cbs_aliquota']),
    ibsuf_aliquota: num(s?.['ibsuf_aliquota']), ibsmun_aliquota: num(s?.['ibsmun_aliquota']),
    ibs_percentual_reducao: num(s?.['ibs_percentual_reducao']), cbs_percentual_reducao: num(s?.['cbs_percentual_reducao']),
  };
}

/** The scenario rows' exceptions (excecoes, synced with the scenario). */
function exceptionsOf(scenarios: readonly LocalRow[]): DocumentException[] {
  return scenarios.flatMap((s) => (Array.isArray(s['excecoes']) ? (s['excecoes'] as LocalRow[]) : []).map((e) => ({
    id_cenario_fiscal: Number(s['id_cenario_fiscal']), id_cenario_fiscal_excecao: Number(e['id_cenario_fiscal_excecao']),
    uf: str(e['uf']), codigo_ncm: str(e['codigo_ncm']), cfop: str(e['cfop']), icms_cst: str(e['icms_cst']), icms_csosn: str(e['icms_csosn']),
    icms_aliquota: num(e['icms_aliquota']), icmsst_aliquota: num(e['icmsst_aliquota']), icmsst_mva: num(e['icmsst_mva']),
    fcp_percentual: num(e['fcp_percentual']),
  })));
}

/** The sale (a finished Venda with modelo 65) as the document's facts; the emitter missing is null. */
export function localDocumentFacts(bundle: LocalSale, copy: LocalFiscalCopy): DocumentFacts | null {
  const emitter = emitterOf(copy.branch, copy.config);
  if (!emitter) return null;
  const { operation } = bundle;
  const lines = bundle.itens.filter((i) => !i.is_cancelado).sort((a, b) => a.ordem - b.ordem);
  const scenarioIds = new Set<number>();
  const items = lines.map((item) => {
    const s = scenarioOf(copy.scenarios, item.id_cenario_fiscal);
    if (s) scenarioIds.add(Number(s['id_cenario_fiscal']));
    return itemFacts(item, item.id_produto_grade_filial === null ? undefined : copy.products.get(item.id_produto_grade_filial), s);
  });
  return {
    invoice: {
      modelo: '65', natureza_operacao: 'Venda de mercadoria', operacao: 'Saida', finalidade: 1, indicador_presenca: 1,
      tipo_frete: operation.tipo_frete, valor_nota_fiscal: toDecimal(bundle.liquido),
      cliente_cpf_cnpj: operation.cliente_cpf_cnpj, informacoes_adicionais: operation.observacao || null,
      placa_veiculo: null, uf_placa_veiculo: null,
    },
    emitter, recipient: recipientOf(copy.customer), carrier: null, transfer: false, items,
    exceptions: exceptionsOf(copy.scenarios.filter((s) => scenarioIds.has(Number(s['id_cenario_fiscal'])))),
    payments: bundle.pagamentos.slice().sort((a, b) => a.ordem - b.ordem).map((p) => ({
      meio_pagamento: p.meio_pagamento?.meio_pagamento ?? '99', valor_total: toDecimal(p.valor_total), quantidade_parcelas: p.quantidade_parcelas,
      cartao_codigo_autorizacao: p.cartao_codigo_autorizacao, cartao_bandeira: p.cartao_bandeira,
      cartao_cnpj_instituicao: p.cartao_cnpj_instituicao, cartao_tipo_integracao: p.cartao_tipo_integracao,
    })),
    volumes: [], referenced: [],
  };
}

/** The document's groups for the connector (ValidationError with the spec's message when something is missing). */
export function localDocumentBase(bundle: LocalSale, copy: LocalFiscalCopy): DocumentBase | null {
  const facts = localDocumentFacts(bundle, copy);
  return facts ? documentBase(facts) : null;
}
