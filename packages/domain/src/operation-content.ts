/**
 * The meaningful content of a POST /api/operacao body, and its hash: what makes "the same operation sent again"
 * different from "another operation under a reused id_operacao" (000 §4.1, ARCHITECTURE "Operations").
 *
 * - The content is an explicit, frozen list of fields (OPERATION_CONTENT_FIELDS): what is sold, to whom, for how much
 *   and how it is paid. Everything else stays out: descriptions, notes, dates, the client's line and payment UUIDs,
 *   card and PIX receipts, and every field added to the protocol after this list was written, so that a replay of the
 *   same operation by an updated app is still the same content. Never add a field to this list or drop one: operations
 *   claimed under the old list would then answer 409 to their own replays; a new list needs a new stored column.
 * - Normalized: amounts are integer centavos and quantities integer thousandths (1.5, 1.50 and 1.500 are one number);
 *   a field the contract defaults (valor_desconto_item, quantidade_parcelas, frete, ...) counts with its default when
 *   absent, so the raw and the parsed body give the same content; absent ids are null; the receivables paid off by a
 *   receipt are a set (sorted); lines and payments keep their order (it is the document's line order).
 * - Canonical JSON: object keys sorted (by UTF-16 code unit, as Array.prototype.sort does everywhere), no spaces, only
 *   safe integers, strings escaped by JSON.stringify. The hash is SHA-256 of its UTF-8 bytes, as lowercase hex.
 *
 * The digest is passed in (Web Crypto's `crypto.subtle.digest('SHA-256', ...)` in the browser, node:crypto on the
 * server): SHA-256 is a standard, so any conforming digest of the same bytes gives the same hash, and the part that
 * must agree across platforms and app versions (which fields, which numbers, which bytes) is written once, here,
 * without the domain reaching for a platform API or carrying its own copy of SHA-256.
 */
import { fromDecimal, quantityFromDecimal } from './money.ts';

/** The body as the contract reads it (raw or parsed): only the fields the content reads. */
export interface ContentItem {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  /** Decimal, up to 3 places. */
  quantidade: number;
  /** Decimal, up to 2 places. */
  valor_unitario: number;
  valor_desconto_item?: number | undefined;
  id_item_origem?: number | null | undefined;
}

export interface ContentPayment {
  id_meio_pagamento: number;
  valor_total: number;
  quantidade_parcelas?: number | undefined;
  id_vale_credito?: number | null | undefined;
}

export interface ContentBody {
  modo_operacao: string;
  modelo: string | null;
  id_cliente?: number | null | undefined;
  cliente_cpf_cnpj?: string | null | undefined;
  valor_desconto_subtotal?: number | undefined;
  frete?: number | undefined;
  seguro?: number | undefined;
  outros?: number | undefined;
  id_pedido_origem?: number | null | undefined;
  id_nota_fiscal_origem?: number | null | undefined;
  documentos_financeiros?: readonly number[] | undefined;
  itens: readonly ContentItem[];
  pagamentos: readonly ContentPayment[];
}

/** The hashed fields (version 1, frozen): of the operation, of each line (itens) and of each payment (pagamentos). */
export const OPERATION_CONTENT_FIELDS = {
  operation: [
    'modo_operacao', 'modelo', 'id_cliente', 'cliente_cpf_cnpj', 'valor_desconto_subtotal', 'frete', 'seguro', 'outros',
    'id_pedido_origem', 'id_nota_fiscal_origem', 'documentos_financeiros', 'itens', 'pagamentos',
  ],
  item: ['id_produto_grade_filial', 'id_endereco_estoque', 'quantidade', 'valor_unitario', 'valor_desconto_item', 'id_item_origem'],
  payment: ['id_meio_pagamento', 'valor_total', 'quantidade_parcelas', 'id_vale_credito'],
} as const satisfies { operation: ReadonlyArray<keyof ContentBody>; item: ReadonlyArray<keyof ContentItem>; payment: ReadonlyArray<keyof ContentPayment> };

type Field<K extends string> = Record<K, Canonical>;
export type OperationContent = Field<(typeof OPERATION_CONTENT_FIELDS.operation)[number]>;

/** A value canonical JSON can write: no floats, no undefined. */
export type Canonical = null | boolean | string | number | readonly Canonical[] | { readonly [key: string]: Canonical };

const orNull = (value: number | string | null | undefined): number | string | null => value ?? null;

function itemContent(item: ContentItem): Field<(typeof OPERATION_CONTENT_FIELDS.item)[number]> {
  return {
    id_produto_grade_filial: item.id_produto_grade_filial,
    id_endereco_estoque: item.id_endereco_estoque,
    quantidade: quantityFromDecimal(item.quantidade),
    valor_unitario: fromDecimal(item.valor_unitario),
    valor_desconto_item: fromDecimal(item.valor_desconto_item ?? 0),
    id_item_origem: orNull(item.id_item_origem),
  };
}

function paymentContent(payment: ContentPayment): Field<(typeof OPERATION_CONTENT_FIELDS.payment)[number]> {
  return {
    id_meio_pagamento: payment.id_meio_pagamento,
    valor_total: fromDecimal(payment.valor_total),
    quantidade_parcelas: payment.quantidade_parcelas ?? 1,
    id_vale_credito: orNull(payment.id_vale_credito),
  };
}

/** The listed fields of a body, normalized (amounts in centavos, quantities in thousandths, absent ids null). */
export function operationContent(body: ContentBody): OperationContent {
  return {
    modo_operacao: body.modo_operacao,
    modelo: body.modelo,
    id_cliente: orNull(body.id_cliente),
    cliente_cpf_cnpj: orNull(body.cliente_cpf_cnpj),
    valor_desconto_subtotal: fromDecimal(body.valor_desconto_subtotal ?? 0),
    frete: fromDecimal(body.frete ?? 0),
    seguro: fromDecimal(body.seguro ?? 0),
    outros: fromDecimal(body.outros ?? 0),
    id_pedido_origem: orNull(body.id_pedido_origem),
    id_nota_fiscal_origem: orNull(body.id_nota_fiscal_origem),
    documentos_financeiros: [...(body.documentos_financeiros ?? [])].sort((a, b) => a - b),
    itens: body.itens.map(itemContent),
    pagamentos: body.pagamentos.map(paymentContent),
  };
}

/** JSON with sorted keys and no spaces; numbers must be safe integers (a float has no single spelling). */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`canonicalJson: ${value} não é um inteiro seguro.`);
    return String(value === 0 ? 0 : value);
  }
  if (Array.isArray(value)) return `[${(value as readonly Canonical[]).map(canonicalJson).join(',')}]`;
  const object = value as { readonly [key: string]: Canonical };
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key] ?? null)}`).join(',')}}`;
}

/** The canonical JSON of a body's content: the exact text that is hashed. */
export function operationContentJson(body: ContentBody): string {
  return canonicalJson(operationContent(body));
}

/** A SHA-256 digest of bytes (Web Crypto: `(data) => crypto.subtle.digest('SHA-256', data)`). */
export type Sha256 = (data: Uint8Array) => Promise<ArrayBuffer | Uint8Array>;

/** SHA-256 of the content's canonical JSON (UTF-8), as 64 lowercase hex digits. */
export async function operationContentHash(body: ContentBody, sha256: Sha256): Promise<string> {
  const digest = new Uint8Array(await sha256(new TextEncoder().encode(operationContentJson(body))));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a replay of a claimed id_operacao is told when it cannot get the first answer (409). */
export const OPERATION_REPLAY_MESSAGES = {
  otherCaller: 'Operação já recebida por outra filial ou usuário.',
  otherContent:
    'Operação já recebida com outro conteúdo (itens, quantidades, pagamentos ou valores). Ela não foi registrada de novo: '
    + 'confira a venda e, se preciso, lance-a como uma nova operação.',
  noResult: 'Operação já recebida e ainda sem resultado registrado. Tente novamente mais tarde.',
} as const;
