/**
 * Where the main search's records come from. Products and people from the local copy (the point of sale's product
 * index in memory, the people table), so they answer offline; orders and invoices from the server's find routes
 * (/order/find, /invoice/find: the local copy holds neither), online only. Each source answers candidates; ranking.ts
 * ranks and cuts them.
 */
import type { LocalRow, LocalCopy } from '../../../db/localCopy.ts';
import { call } from '../../../api/client.ts';
import { formatCpfCnpj } from '@pdv/domain/documents';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { orderStatusLabel } from '@pdv/domain/order-labels';
import { searchPeople, searchProducts, textOf } from '../../checkout/catalog.ts';
import { SITUACAO_LABEL } from '../../invoice/situacao.ts';
import type { SearchResult } from './ranking.ts';
import { SEARCH_TEXTS } from './texts.ts';

/** Where Enter opens a record (the registers' paths of 002 §2: /product/register, /people/register, ...). */
export const RECORD_PATHS = {
  product: (id: number) => `/product/register/${id}`,
  people: (id: number) => `/people/register/${id}`,
  order: (id: number) => `/order/register/${id}`,
  invoice: (id: number) => `/invoice/register/${id}`,
};

/** Rows asked of the server per group: more than shown, so the ranking has something to choose from. */
const SERVER_TAKE = 8;

/**
 * Products of the local copy (the point of sale's product index): one line per product, named as its product row is
 * (the variations fold into it), with its SKU and the first barcode found as detail.
 */
export async function productCandidates(db: LocalCopy, query: string): Promise<SearchResult[]> {
  const { hits } = await searchProducts(db, query);
  const first = new Map<number, (typeof hits)[number]>();
  for (const hit of hits) if (!first.has(hit.id_produto)) first.set(hit.id_produto, hit);
  const ids = [...first.keys()];
  const rows = await db.rows('product').bulkGet(ids);
  return ids.map((id, i) => {
    const hit = first.get(id)!;
    const row = rows[i];
    const name = row ? textOf(row, 'descricao') || hit.descricao : hit.descricao;
    const sku = (row && textOf(row, 'sku')) || hit.sku || '';
    return {
      key: String(id),
      label: name,
      detail: [sku, hit.codigo_barras ?? ''].filter((v) => v !== '').join(' · ') || undefined,
      path: RECORD_PATHS.product(id),
      texts: [name, hit.descricao, sku, hit.codigo_barras ?? ''],
    };
  });
}

/** People of the local copy by name, nickname, CPF or CNPJ. */
export async function peopleCandidates(db: LocalCopy, query: string): Promise<SearchResult[]> {
  const rows = await searchPeople(db, query);
  return rows.map((row: LocalRow) => {
    const id = Number(row['id_pessoa']);
    const document = textOf(row, 'cpf') || textOf(row, 'cnpj');
    return {
      key: String(id),
      label: textOf(row, 'nome'),
      detail: [textOf(row, 'apelido'), document ? formatCpfCnpj(document) : ''].filter((v) => v !== '').join(' · ') || undefined,
      path: RECORD_PATHS.people(id),
      texts: [textOf(row, 'nome'), textOf(row, 'apelido'), document],
    };
  });
}

/** The first day of every order (the order list's own period starts with the month; the search looks at all). */
const ALL_ORDERS_FROM = '2000-01-01';

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The branch's orders whose customer name or NSU matches, newest first (server). */
export async function orderCandidates(query: string, signal: AbortSignal, today = new Date()): Promise<SearchResult[]> {
  const body = { search: query, take: SERVER_TAKE, filter: { data_inicio: ALL_ORDERS_FROM, data_fim: localDay(today) } };
  const { rows } = await call('orderFind', body, { signal });
  return rows.map((o) => ({
    key: String(o.id_pedido),
    label: SEARCH_TEXTS.order(o.nsu),
    detail: `${o.cliente_nome ?? SEARCH_TEXTS.noCustomer} · ${formatMoney(fromDecimal(o.valor_total_liquido))} · ${orderStatusLabel(o.situacao)}`,
    path: RECORD_PATHS.order(o.id_pedido),
    texts: [String(o.nsu), o.cliente_nome ?? ''],
  }));
}

const invoiceStatus = (s: string): string => (s in SITUACAO_LABEL ? SITUACAO_LABEL[s as keyof typeof SITUACAO_LABEL] : s);

/** The branch's invoices whose number, key, customer or CPF/CNPJ matches, newest first (server). */
export async function invoiceCandidates(query: string, signal: AbortSignal): Promise<SearchResult[]> {
  const { rows } = await call('invoiceFind', { search: query, take: SERVER_TAKE }, { signal });
  return rows.map((n) => ({
    key: String(n.id_nota_fiscal),
    label: SEARCH_TEXTS.invoice(n.numero_nota_fiscal, n.modelo),
    detail: `${n.cliente_nome ?? SEARCH_TEXTS.noCustomer} · ${formatMoney(fromDecimal(n.valor_nota_fiscal))} · ${invoiceStatus(n.situacao)}`,
    path: RECORD_PATHS.invoice(n.id_nota_fiscal),
    texts: [String(n.numero_nota_fiscal ?? ''), n.chave_acesso ?? '', n.cliente_nome ?? '', n.cliente_cpf_cnpj ?? ''],
  }));
}
