/**
 * The lists of the point of sale's return and receipt modes: the customer's returnable sales of the active branch
 * (with each line's returnable quantity and the exchange deadline), the customer's open receivables of the branch,
 * and the customer's store-credit balance. A customer of another organization answers 404 like a missing one.
 */
import { quantityToDecimal, toDecimal } from '@pdv/domain/money';
import { exchangeDeadline, shopDate } from '@pdv/domain/return-rules';
import type { Handlers } from '../../http/handlers.ts';
import { notFound } from '../../http/errors.ts';
import { creditBalance } from '../credit/queries.ts';
import { openReceivables } from '../finance/queries.ts';
import { receiptCharges } from '../finance/service.ts';
import * as rq from './return-queries.ts';

export const returnHandlers = {
  returnSales: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    if (!(await rq.customerExists(tx, org, body.id_cliente))) throw notFound();
    const sales = await rq.customerSales(tx, org, caller.id_filial, body.id_cliente, body.search);
    const days = await rq.exchangeToleranceDays(tx, org, caller.id_filial);
    const today = shopDate(new Date());
    const lines = new Map<string, rq.OriginLine[]>();
    for (const origem of ['Pedido', 'NotaFiscal'] as const) {
      const ids = sales.filter((s) => s.origem === origem).map((s) => s.id);
      if (ids.length === 0) continue;
      for (const [id, list] of await rq.originLines(tx, org, origem, ids)) lines.set(`${origem}:${id}`, list);
    }
    return {
      rows: sales.map((s) => {
        const prazo = exchangeDeadline(s.data_emissao, days);
        return {
          origem: s.origem, id: s.id, numero: s.numero, modelo: s.modelo, chave_acesso: s.chave_acesso, situacao: s.situacao,
          data_emissao: s.data_emissao, valor_total: toDecimal(s.valor_total), prazo_troca: prazo, troca_expirada: today > prazo,
          itens: (lines.get(`${s.origem}:${s.id}`) ?? []).map((l) => ({
            id_item_origem: l.id_item_origem, id_produto_grade_filial: l.id_produto_grade_filial, id_endereco_estoque: l.id_endereco_estoque,
            descricao: l.descricao, sku: l.sku, codigo_barras: l.codigo_barras, unidade_comercial: l.unidade_comercial,
            quantidade: quantityToDecimal(l.quantidade), quantidade_devolvida: quantityToDecimal(l.quantidade_devolvida),
            valor_unitario: toDecimal(l.valor_unitario), valor_total: toDecimal(l.valor_total),
          })),
        };
      }),
    };
  },
  openReceivables: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    if (!(await rq.customerExists(tx, org, body.id_cliente))) throw notFound();
    const rows = await openReceivables(tx, org, caller.id_filial, body.id_cliente);
    const { charges } = await receiptCharges(tx, { org, id_filial: caller.id_filial }, rows, new Date());
    return {
      rows: rows.map((r, i) => ({
        id_documento_financeiro: r.id_documento_financeiro, numero: r.numero, sequencia: r.sequencia, data_emissao: r.data_emissao,
        data_vencimento: r.data_vencimento, valor_documento: toDecimal(r.valor_documento), saldo: toDecimal(r.saldo),
        valor_juros: toDecimal(charges[i]!.juros), valor_multa: toDecimal(charges[i]!.multa), situacao: r.situacao,
      })),
    };
  },
  customerCredit: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    if (!(await rq.customerExists(tx, org, body.id_cliente))) throw notFound();
    return { id_cliente: body.id_cliente, saldo: toDecimal((await creditBalance(tx, org, body.id_cliente)) ?? 0) };
  },
} satisfies Partial<Handlers>;
