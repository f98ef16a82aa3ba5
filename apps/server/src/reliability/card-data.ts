/**
 * Card sales for the card-data checks: honest ones (what a TEF terminal hands back: authorization code, brand,
 * acquirer CNPJ, date, description; never the card number) and hostile ones, where a client puts a Luhn-valid card
 * number (and track data and a CVV) in the free-text fields: the sale's and the line's notes, the description, the
 * authorization code and the transaction description.
 */
import { randomUUID } from 'node:crypto';
import type { OperacaoBody } from '@pdv/contract/operation';
import type { Catalog } from './load.ts';
import { withLuhnDigit } from './luhn.ts';

/** Cielo's CNPJ as a TEF payload carries it (formatted: no 13-19 digit run). */
const ACQUIRER_CNPJ = '01.027.058/0001-91';

function cardPayment(catalog: Catalog, total: number, i: number, extra: Partial<OperacaoBody['pagamentos'][number]> = {}) {
  const credit = i % 2 === 0;
  return {
    id_pagamento: randomUUID(), id_meio_pagamento: catalog.methods[credit ? '03' : '04']!, valor_total: total,
    quantidade_parcelas: credit ? 1 + (i % 3) : 1, id_operadora_cartao: catalog.id_operadora_cartao,
    cartao_codigo_autorizacao: String(100000 + ((i * 7919) % 899999)), cartao_bandeira: i % 3 === 0 ? 'Mastercard' : 'Visa',
    cartao_tipo_integracao: '1', cartao_cnpj_instituicao: ACQUIRER_CNPJ, cartao_data_hora_transacao: new Date().toISOString(),
    cartao_descricao_transacao: credit ? 'CREDITO A VISTA' : 'DEBITO A VISTA', ...extra,
  };
}

function baseSale(catalog: Catalog, i: number): { body: OperacaoBody; total: number } {
  const p = catalog.products[i % catalog.products.length]!;
  const body: OperacaoBody = {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: i % 4 === 0 ? '65' : null, id_filial: catalog.id_filial,
    data_inicio: new Date().toISOString(),
    itens: [{ id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: p.id_produto_grade_filial,
      id_endereco_estoque: p.id_endereco_estoque, descricao: p.descricao, quantidade: 1, valor_unitario: p.preco }],
    pagamentos: [],
  };
  return { body, total: p.preco };
}

export function honestCardSale(catalog: Catalog, i: number): OperacaoBody {
  const { body, total } = baseSale(catalog, i);
  body.pagamentos = [cardPayment(catalog, total, i)];
  return body;
}

/** A fresh Luhn-valid 16-digit number with a real brand prefix (so every planted number is unique and findable). */
export function plantPan(i: number): string {
  const prefixes = ['4', '51', '52', '53', '54', '55', '6011'];
  const prefix = prefixes[i % prefixes.length]!;
  const body = (prefix + String(i).padStart(4, '0') + String(Date.now()).slice(-10)).slice(0, 15);
  return withLuhnDigit(body);
}

export const HOSTILE_FIELDS = ['observacao', 'itens.descricao', 'itens.observacao', 'cartao_codigo_autorizacao', 'cartao_descricao_transacao'] as const;

/** A card sale whose free-text fields carry a card number, track data and a CVV, in the client's usual ways. */
export function hostileCardSale(catalog: Catalog, i: number, pan: string): OperacaoBody {
  const { body, total } = baseSale(catalog, i);
  const grouped = pan.replace(/(\d{4})(?=\d)/g, '$1 ');
  const field = HOSTILE_FIELDS[i % HOSTILE_FIELDS.length]!;
  body.pagamentos = [cardPayment(catalog, total, i, {
    ...(field === 'cartao_codigo_autorizacao' ? { cartao_codigo_autorizacao: pan } : {}),
    ...(field === 'cartao_descricao_transacao' ? { cartao_descricao_transacao: `CREDITO ${grouped} CVV 737` } : {}),
  })];
  if (field === 'observacao') body.observacao = `Cliente pediu para anotar o cartão ${grouped} validade 12/29 CVV 737; trilha ;${pan}=29121010000000000000?`;
  if (field === 'itens.descricao') body.itens[0]!.descricao = `${body.itens[0]!.descricao} cartao ${pan}`.slice(-200);
  if (field === 'itens.observacao') body.itens[0]!.observacao = `%B${pan}^SILVA/JOAO^29121010000000000000?`;
  return body;
}
