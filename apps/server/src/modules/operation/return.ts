/**
 * Mode Devolucao of POST /api/operacao (000 §1, §3.8, §4.4, §5; 001 "Credit history"): the customer gives back part
 * of an earlier sale of the branch. In the operation's transaction (after its UUID was claimed): the original sale is
 * locked, the exchange tolerance checked (emission + dias_tolerancia_troca, 400 with the expiry date), every line
 * checked against what was sold minus what earlier returns gave back, the stock comes back in, the return is recorded
 * against the original (devolucao), a draft return NF-e (finalidade 4, referencing the original's access key) is made
 * when the original was an NFC-e or NF-e with a key and the branch has an NF-e series, and the value returned becomes
 * the customer's store credit (people_account_history, Entrada).
 */
import type { OperacaoResult, operacaoBody } from '@pdv/contract/operation';
import type { z } from 'zod';
import { makeItem } from '@pdv/domain/factories';
import { withItemTotals } from '@pdv/domain/item';
import { MESSAGES } from '@pdv/domain/messages';
import { multiplyByQuantity, quantityFromDecimal, quantityToDecimal, toDecimal, type Milli } from '@pdv/domain/money';
import { MODO_OPERACAO_NOME } from '@pdv/domain/operation';
import { exchangeExpiredError, RETURN_MESSAGES, returnCredit, validateReturnQuantities } from '@pdv/domain/return-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { moveCustomerCredit } from '../credit/service.ts';
import { reverseReturnedCashback } from '../cashback/service.ts';
import { creditBalance } from '../credit/queries.ts';
import { returnStock } from '../stock/service.ts';
import * as settings from '../settings/queries.ts';
import * as lines from '../document-lines/writes.ts';
import * as q from './queries.ts';
import * as rq from './return-queries.ts';
import * as w from './writes.ts';

type Body = z.output<typeof operacaoBody>;

/** Original invoice states whose access key exists at SEFAZ, so a return NF-e can reference it. */
const KEYED_STATES: ReadonlySet<string> = new Set(['Autorizada', 'Contingencia']);

export async function processReturn(tx: Tx, caller: Caller, body: Body, now: Date = new Date()): Promise<OperacaoResult> {
  const org = caller.id_organization;
  if (body.id_cliente == null) throw badRequest(MESSAGES.customerRequiredForMode(MODO_OPERACAO_NOME.Devolucao));
  const origem: rq.Origin | null = body.id_nota_fiscal_origem != null ? 'NotaFiscal' : body.id_pedido_origem != null ? 'Pedido' : null;
  if (origem === null || (body.id_nota_fiscal_origem != null && body.id_pedido_origem != null)) throw badRequest(RETURN_MESSAGES.originMissing);
  if (body.pagamentos.length > 0) throw badRequest(RETURN_MESSAGES.noPaymentsInReturn);
  const originId = origem === 'Pedido' ? body.id_pedido_origem! : body.id_nota_fiscal_origem!;

  const sale = await rq.lockOrigin(tx, org, body.id_filial, origem, originId);
  if (!sale) throw badRequest(RETURN_MESSAGES.originNotFound);
  if (sale.id_cliente !== body.id_cliente) throw badRequest(RETURN_MESSAGES.originOtherCustomer);
  const returnable = await tx.query(
    origem === 'Pedido'
      ? `SELECT 1 FROM pedido p WHERE p.id_organization = $1 AND p.id_pedido = $2 AND ${rq.RETURNABLE_ORDER}`
      : `SELECT 1 FROM nota_fiscal n WHERE n.id_organization = $1 AND n.id_nota_fiscal = $2 AND ${rq.RETURNABLE_INVOICE}`,
    [org, originId],
  );
  if (returnable.rows.length === 0) throw badRequest(RETURN_MESSAGES.originNotReturnable);

  const expired = exchangeExpiredError(sale.data_emissao, await rq.exchangeToleranceDays(tx, org, body.id_filial), now);
  if (expired) throw badRequest(expired.message);

  // Requested quantities per original line (two lines of the body may give back the same original line).
  const lines = new Map((await rq.originLines(tx, org, origem, [originId])).get(originId)?.map((l) => [l.id_item_origem, l]) ?? []);
  const requested = new Map<number, Milli>();
  for (const item of body.itens) {
    const line = item.id_item_origem != null ? lines.get(item.id_item_origem) : undefined;
    if (!line || line.id_produto_grade_filial !== item.id_produto_grade_filial) throw badRequest(RETURN_MESSAGES.lineNotInOrigin(item.descricao));
    requested.set(line.id_item_origem, (requested.get(line.id_item_origem) ?? 0) + quantityFromDecimal(item.quantidade));
  }
  const requests = [...requested].map(([id, quantidade]) => ({ line: lines.get(id)!, quantidade }));
  const errors = validateReturnQuantities(requests);
  if (errors.length > 0) throw badRequest(errors[0]!.message, undefined, errors.map((e) => e.message));
  const credit = returnCredit(requests);

  const id_nota_fiscal = KEYED_STATES.has(sale.situacao) && sale.chave_acesso
    ? await returnInvoice(tx, caller, body, sale, requests)
    : null;

  const { rows } = await tx.query<{ id_devolucao: number }>(
    `INSERT INTO devolucao (id_organization, id_filial, id_operacao, id_cliente, id_pedido_origem, id_nota_fiscal_origem, id_nota_fiscal,
       valor_total, id_usuario)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id_devolucao`,
    [org, body.id_filial, body.id_operacao, body.id_cliente, origem === 'Pedido' ? originId : null,
      origem === 'NotaFiscal' ? originId : null, id_nota_fiscal, toDecimal(credit), caller.id_usuario],
  );
  const id_devolucao = rows[0]!.id_devolucao;
  for (const { line, quantidade } of requests) {
    await tx.query(
      `INSERT INTO devolucao_item (id_organization, id_devolucao, id_pedido_item, id_nota_fiscal_item, id_produto_grade_filial,
         id_endereco_estoque, quantidade, valor_total)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [org, id_devolucao, origem === 'Pedido' ? line.id_item_origem : null, origem === 'NotaFiscal' ? line.id_item_origem : null,
        line.id_produto_grade_filial, line.id_endereco_estoque, quantityToDecimal(quantidade),
        toDecimal(returnCredit([{ line, quantidade }]))],
    );
  }
  if (origem === 'Pedido') {
    const left = [...lines.values()].some((l) => l.quantidade - l.quantidade_devolvida - (requested.get(l.id_item_origem) ?? 0) > 0);
    await tx.query('UPDATE pedido SET situacao_devolucao_pedido = $3, data_alteracao = now() WHERE id_organization = $1 AND id_pedido = $2',
      [org, originId, left ? 'Parcial' : 'Total']);
  }

  await returnStock(tx, { org, id_filial: body.id_filial, id_usuario: caller.id_usuario, id_operacao: body.id_operacao,
    id_pedido: origem === 'Pedido' ? originId : null, id_nota_fiscal: id_nota_fiscal ?? (origem === 'NotaFiscal' ? originId : null) },
  requests.map(({ line, quantidade }) => ({ id_produto_grade_filial: line.id_produto_grade_filial, id_endereco_estoque: line.id_endereco_estoque, quantidade })));

  // The returned lines' share of the sale's cashback is taken back (cashback module; once per return).
  await reverseReturnedCashback(tx, { org, id_usuario: caller.id_usuario, id_operacao: body.id_operacao, origem, id_origem: originId,
    lines: requests.map(({ line, quantidade }) => ({ id_item_origem: line.id_item_origem, quantidade })) });

  let saldo: number | null = await creditBalance(tx, org, body.id_cliente);
  if (credit > 0) {
    const moved = await moveCustomerCredit(tx, {
      org, id_filial: body.id_filial, id_usuario: caller.id_usuario, id_pessoa: body.id_cliente, tipo: 'Devolucao',
      operacao: 'Entrada', valor: credit, id_nota_fiscal, id_pedido: origem === 'Pedido' ? originId : null,
      id_operacao: body.id_operacao,
      observacao: `Devolução ${origem === 'Pedido' ? 'do pedido' : 'da nota'} ${sale.numero ?? originId}.`,
    });
    saldo = moved.saldo;
  }
  return {
    id_operacao: body.id_operacao, situacao: 'Processado', duplicado: false, id_pedido: null, nsu: null, id_nota_fiscal,
    valor_total: toDecimal(credit), valor_troco: 0, valor_credito: toDecimal(credit), saldo_credito: toDecimal(saldo ?? 0),
  };
}

/**
 * The return invoice: an NF-e in edit (numbered and signed when transmitted from /invoice), operacao Entrada, tipo_nota
 * Devolucao (its lines take the branch's return fiscal scenario when transmitted), finalidade 4, referencing the
 * original key. None when the branch has no active NF-e series: the return and its credit stand without it.
 */
async function returnInvoice(
  tx: Tx, caller: Caller, body: Body, sale: rq.OriginSale, requests: ReadonlyArray<{ line: rq.OriginLine; quantidade: Milli }>,
): Promise<number | null> {
  const org = caller.id_organization;
  const serie = (await settings.findSeries(tx, org, body.id_filial)).find((s) => s.codigo_modelo === '55' && s.situacao === 'Ativo');
  if (!serie) return null;
  const config = await settings.findSaleConfig(tx, org, body.id_filial);
  const customer = await q.findCustomer(tx, org, body.id_cliente!);
  // The branch's return scenario (CFOP 1202/2202 in the demo), on every line: the fiscal module takes it when transmitting.
  const { rows: scenarios } = await tx.query<{ id_cenario_fiscal: number; cfop_interno: string | null }>(
    `SELECT id_cenario_fiscal, cfop_interno FROM cenario_fiscal
      WHERE id_organization = $1 AND tipo = 'Devolucao' AND situacao = 'Ativo' AND data_exclusao IS NULL
      ORDER BY is_padrao DESC, id_cenario_fiscal LIMIT 1`,
    [org],
  );
  const scenario = scenarios[0] ?? null;
  const itens = requests.map(({ line, quantidade }) => {
    const value = returnCredit([{ line, quantidade }]);
    const gross = multiplyByQuantity(line.valor_unitario, quantidade);
    return withItemTotals(makeItem({
      id_operacao: body.id_operacao, id_produto_grade_filial: line.id_produto_grade_filial, id_endereco_estoque: line.id_endereco_estoque,
      descricao: line.descricao, sku: line.sku, codigo_barras: line.codigo_barras, unidade_comercial: line.unidade_comercial,
      quantidade, valor_unitario: line.valor_unitario, valor_desconto_item: Math.max(0, gross - value),
      id_cenario_fiscal: scenario?.id_cenario_fiscal ?? null, cfop: scenario?.cfop_interno ?? null,
    }));
  });
  const bruto = itens.reduce((t, i) => t + i.valor_sub_total, 0);
  const liquido = itens.reduce((t, i) => t + i.valor_total, 0);
  const id = await w.insertInvoice(tx, {
    org, id_filial: body.id_filial, id_operacao: body.id_operacao, id_usuario: caller.id_usuario, id_cliente: body.id_cliente ?? null,
    id_usuario_vendedor: null, id_transportadora: null, bruto, desconto: bruto - liquido, desconto_subtotal: 0, frete: 0,
    seguro: 0, outros: 0, liquido,
    pago: 0, troco: 0, tipo_frete: 9, observacao: `Devolução referente à nota fiscal ${sale.numero ?? ''} chave ${sale.chave_acesso}.`,
    modelo: '55', id_serie_fiscal: serie.id_serie_fiscal, serie: serie.codigo_serie, ambiente: config.ambiente_emissao,
    cliente_nome: customer?.nome ?? null, cliente_cpf_cnpj: customer?.cpf ?? customer?.cnpj ?? null,
  });
  await tx.query(
    `UPDATE nota_fiscal SET operacao = 'Entrada', tipo_nota = 'Devolucao', finalidade = 4, natureza_operacao = 'Devolução de venda'
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, id],
  );
  const grids = await q.findGrids(tx, org, body.id_filial, [...new Set(itens.map((i) => i.id_produto_grade_filial!))]);
  await lines.insertItems(tx, org, { table: 'nota_fiscal', id }, itens, grids);
  await tx.query(
    `INSERT INTO nota_fiscal_referenciada (id_organization, id_nota_fiscal, id_operacao, chave_acesso, modelo) VALUES ($1, $2, $3, $4, $5)`,
    [org, id, body.id_operacao, sale.chave_acesso, sale.modelo],
  );
  return id;
}
