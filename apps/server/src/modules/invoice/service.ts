/**
 * Invoice drafts (001 §5 "Invoice"): create, replace, delete, with the spec's validation messages. A draft holds no
 * number until it is transmitted (the fiscal module allocates it); stock moves when it is authorized, unless the
 * point of sale already took it (sales through POST /api/operacao).
 */
import type { InvoiceDetail, invoicePostBody, invoicePutBody } from '@pdv/contract/invoice';
import type { z } from 'zod';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { fromDecimal, multiplyByQuantity, quantityFromDecimal, toDecimal, quantityToDecimal } from '@pdv/domain/money';
import { isValidGtin } from '@pdv/domain/gtin';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import * as q from './queries.ts';
import { giveStockBack } from '../fiscal/stock.ts';

type PostBody = z.output<typeof invoicePostBody>;
type PutBody = z.output<typeof invoicePutBody>;

export const EDITABLE = new Set(['EmEdicao', 'Rejeitada']);

export function activeBranch(caller: Caller): number {
  return caller.id_filial;
}

interface GridInfo {
  id_produto_grade_filial: number;
  descricao: string;
  sku: string | null;
  codigo_barras: string | null;
  unidade: string | null;
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number;
}

async function gridInfo(tx: Tx, org: number, id_filial: number, ids: number[]): Promise<Map<number, GridInfo>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.query<GridInfo>(
    `SELECT pgf.id_produto_grade_filial,
            p.descricao || CASE WHEN pg.descricao <> 'Geral' THEN ' ' || pg.descricao ELSE '' END AS descricao,
            coalesce(pg.sku, p.sku) AS sku, u.sigla AS unidade, p.codigo_ncm, p.cest, p.origem_produto,
            (SELECT b.codigo FROM produto_codigo_barra b WHERE b.id_organization = pg.id_organization
                AND b.id_produto_grade = pg.id_produto_grade AND b.data_exclusao IS NULL AND b.id_produto_unidade_logistica IS NULL
              ORDER BY b.id_produto_codigo_barra LIMIT 1) AS codigo_barras
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
       LEFT JOIN unidade_medida u ON u.id_organization = p.id_organization AND u.id_unidade_medida = p.id_unidade_medida
      WHERE pgf.id_organization = $1 AND pgf.id_filial = $2 AND pgf.id_produto_grade_filial = ANY($3::int[])
        AND pgf.data_exclusao IS NULL`,
    [org, id_filial, ids],
  );
  return new Map(rows.map((r) => [r.id_produto_grade_filial, r]));
}

/** The spec's checks of an invoice save, in the order a user fixes them. */
async function validate(tx: Tx, org: number, id_filial: number, body: PostBody): Promise<string[]> {
  const errors: string[] = [];
  if (!body.natureza_operacao?.trim()) errors.push(M.natureMissing);
  if (!body.id_serie_fiscal) errors.push(M.seriesMissing);
  if (body.modelo === '55') {
    if (!body.id_cliente) errors.push(M.recipientMissing);
    else {
      const { rows } = await tx.query(
        `SELECT 1 FROM pessoa_endereco WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL
            AND endereco IS NOT NULL AND id_cidade IS NOT NULL AND uf IS NOT NULL LIMIT 1`,
        [org, body.id_cliente],
      );
      if (rows.length === 0) errors.push(M.recipientAddressMissing);
    }
  }
  for (const item of body.itens) {
    if (!item.id_produto_grade_filial) errors.push(M.itemProductMissing);
    if (fromDecimal(item.valor_unitario) <= 0) errors.push(M.valueNotPositive);
    if (!item.id_endereco_estoque) errors.push(M.itemStockAddressMissing);
  }
  for (const p of body.pagamentos) {
    if (!p.id_meio_pagamento) errors.push(M.paymentMethodMissing);
    if (fromDecimal(p.valor_total) <= 0) errors.push(M.valueNotPositive);
  }
  const seen = new Set<string>();
  for (const r of body.referenciadas) {
    const key = (r.chave_acesso ?? '').trim();
    if (!key) errors.push(M.keyMissing);
    else if (key.length !== 44) errors.push(M.keyLength);
    else if (seen.has(`${r.modelo ?? ''}:${key}`)) errors.push(M.keyDuplicated);
    seen.add(`${r.modelo ?? ''}:${key}`);
  }
  if (body.id_serie_fiscal) {
    const { rows } = await tx.query(
      `SELECT 1 FROM serie_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_serie_fiscal = $3
          AND codigo_modelo = $4 AND situacao = 'Ativo' AND data_exclusao IS NULL`,
      [org, id_filial, body.id_serie_fiscal, body.modelo],
    );
    if (rows.length === 0) errors.push(M.seriesMissing);
  }
  return [...new Set(errors)];
}

async function writeContent(tx: Tx, org: number, id_filial: number, id: number, body: PostBody) {
  const grids = await gridInfo(tx, org, id_filial, body.itens.map((i) => i.id_produto_grade_filial!).filter(Boolean));
  const methodIds = body.pagamentos.map((p) => p.id_meio_pagamento!).filter(Boolean);
  const methods = new Map(
    (await tx.query<{ id_meio_pagamento: number; descricao: string; meio_pagamento: string; obrigar_conta: boolean }>(
      `SELECT id_meio_pagamento, descricao, meio_pagamento, obrigar_conta FROM meio_pagamento
        WHERE id_organization = $1 AND id_meio_pagamento = ANY($2::int[]) AND data_exclusao IS NULL`,
      [org, methodIds],
    )).rows.map((m) => [m.id_meio_pagamento, m]),
  );
  let bruto = 0;
  let desconto = 0;
  for (const item of body.itens) {
    const g = grids.get(item.id_produto_grade_filial!);
    if (!g) throw badRequest(M.itemProductMissing);
    const qty = quantityFromDecimal(item.quantidade);
    const unit = fromDecimal(item.valor_unitario);
    const sub = multiplyByQuantity(unit, qty);
    const disc = fromDecimal(item.valor_desconto);
    if (disc > sub) throw badRequest('O desconto não pode ser maior que o valor do item.');
    bruto += sub;
    desconto += disc;
    await tx.query(
      `INSERT INTO nota_fiscal_item (id_organization, id_nota_fiscal, id_produto_grade_filial, id_endereco_estoque,
         id_cenario_fiscal, descricao, sku, codigo_produto, codigo_barras, unidade_comercial, quantidade, valor_unitario,
         valor_sub_total, valor_desconto_item, valor_desconto, valor_total, codigo_ncm, cest, origem_produto, observacao)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16, $17, $18)`,
      [org, id, g.id_produto_grade_filial, item.id_endereco_estoque, item.id_cenario_fiscal ?? null, g.descricao, g.sku,
        g.codigo_barras && isValidGtin(g.codigo_barras) ? g.codigo_barras : null, g.unidade ?? 'UN',
        quantityToDecimal(qty), toDecimal(unit), toDecimal(sub), toDecimal(disc), toDecimal(sub - disc), g.codigo_ncm,
        g.cest, g.origem_produto, item.observacao ?? null],
    );
  }
  let pago = 0;
  for (const p of body.pagamentos) {
    const m = methods.get(p.id_meio_pagamento!);
    if (!m) throw badRequest(M.paymentMethodMissing);
    if (m.obrigar_conta && !p.id_conta) throw badRequest(M.paymentAccountMissing);
    pago += fromDecimal(p.valor_total);
    await tx.query(
      `INSERT INTO nota_fiscal_pagamento (id_organization, id_nota_fiscal, id_meio_pagamento, meio_pagamento, descricao,
         valor_total, quantidade_parcelas, id_conta) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [org, id, m.id_meio_pagamento, m.meio_pagamento, m.descricao, p.valor_total, p.quantidade_parcelas, p.id_conta ?? null],
    );
  }
  for (const r of body.referenciadas) {
    await tx.query(
      'INSERT INTO nota_fiscal_referenciada (id_organization, id_nota_fiscal, chave_acesso, modelo) VALUES ($1, $2, $3, $4)',
      [org, id, r.chave_acesso!.trim(), r.modelo ?? r.chave_acesso!.trim().slice(20, 22)],
    );
  }
  for (const v of body.volumes) {
    await tx.query(
      `INSERT INTO volume (id_organization, id_nota_fiscal, quantidade, especie, marca, numeracao, peso_liquido, peso_bruto)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [org, id, v.quantidade, v.especie ?? null, v.marca ?? null, v.numeracao ?? null, v.peso_liquido, v.peso_bruto],
    );
  }
  const extra = fromDecimal(body.valor_frete) + fromDecimal(body.valor_seguro) + fromDecimal(body.valor_outros);
  const total = bruto - desconto + extra;
  await tx.query(
    `UPDATE nota_fiscal SET valor_total_produtos = $3, valor_desconto = $4, valor_nota_fiscal = $5, valor_pago = $6,
        valor_troco = $7, data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, id, toDecimal(bruto), toDecimal(desconto), toDecimal(total), toDecimal(pago), toDecimal(Math.max(0, pago - total))],
  );
}

async function customerOf(tx: Tx, org: number, id_cliente: number | null | undefined) {
  if (!id_cliente) return null;
  const { rows } = await tx.query<{ nome: string; cpf: string | null; cnpj: string | null }>(
    'SELECT nome, cpf, cnpj FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL',
    [org, id_cliente],
  );
  if (!rows[0]) throw badRequest(M.recipientMissing);
  return rows[0];
}

export async function createInvoice(tx: Tx, caller: Caller, body: PostBody): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const errors = await validate(tx, org, id_filial, body);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  const customer = await customerOf(tx, org, body.id_cliente);
  const serie = await tx.query<{ codigo_serie: number }>(
    'SELECT codigo_serie FROM serie_fiscal WHERE id_organization = $1 AND id_serie_fiscal = $2', [org, body.id_serie_fiscal]);
  const ambiente = await tx.query<{ ambiente_emissao: number }>(
    'SELECT ambiente_emissao FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2', [org, id_filial]);
  const { rows } = await tx.query<{ id_nota_fiscal: number }>(
    `INSERT INTO nota_fiscal (id_organization, id_filial, id_usuario, id_cliente, modelo, id_serie_fiscal, serie, ambiente,
       operacao, tipo_nota, finalidade, natureza_operacao, tipo_frete, valor_frete, valor_seguro, valor_outros,
       cliente_nome, cliente_cpf_cnpj, placa_veiculo, uf_placa_veiculo, informacoes_adicionais, indicador_presenca)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
     RETURNING id_nota_fiscal`,
    [org, id_filial, caller.id_usuario, body.id_cliente ?? null, body.modelo, body.id_serie_fiscal, serie.rows[0]?.codigo_serie ?? null,
      ambiente.rows[0]?.ambiente_emissao ?? 2, body.operacao, body.tipo_nota, body.finalidade, body.natureza_operacao!.trim(),
      body.tipo_frete, body.valor_frete, body.valor_seguro, body.valor_outros, customer?.nome ?? null,
      body.cliente_cpf_cnpj ?? customer?.cpf ?? customer?.cnpj ?? null, body.placa_veiculo ?? null,
      body.uf_placa_veiculo ?? null, body.informacoes_adicionais ?? null, body.modelo === '65' ? 1 : 9],
  );
  const id = rows[0]!.id_nota_fiscal;
  await writeContent(tx, org, id_filial, id, body);
  return (await q.loadDetail(tx, org, id_filial, id))!;
}

export async function updateInvoice(tx: Tx, caller: Caller, body: PutBody): Promise<InvoiceDetail> {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, body.id_nota_fiscal, true);
  if (!row) throw notFound();
  if (!EDITABLE.has(String(row['situacao'])) || row['id_operacao'] !== null) throw badRequest(M.notEditable);
  const errors = await validate(tx, org, id_filial, body);
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
  const customer = await customerOf(tx, org, body.id_cliente);
  const serie = await tx.query<{ codigo_serie: number }>(
    'SELECT codigo_serie FROM serie_fiscal WHERE id_organization = $1 AND id_serie_fiscal = $2', [org, body.id_serie_fiscal]);
  const keepsNumber = row['numero_nota_fiscal'] !== null && Number(row['id_serie_fiscal']) === body.id_serie_fiscal;
  await tx.query(
    `UPDATE nota_fiscal SET id_cliente = $3, modelo = $4, id_serie_fiscal = $5, serie = $6, operacao = $7, tipo_nota = $8,
        finalidade = $9, natureza_operacao = $10, tipo_frete = $11, valor_frete = $12, valor_seguro = $13, valor_outros = $14,
        cliente_nome = $15, cliente_cpf_cnpj = $16, placa_veiculo = $17, uf_placa_veiculo = $18, informacoes_adicionais = $19,
        numero_nota_fiscal = CASE WHEN $20 THEN numero_nota_fiscal END, chave_acesso = NULL, xml_assinado = NULL,
        digest_value = NULL, situacao = 'EmEdicao', data_alteracao = now()
      WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, body.id_nota_fiscal, body.id_cliente ?? null, body.modelo, body.id_serie_fiscal, serie.rows[0]?.codigo_serie ?? null,
      body.operacao, body.tipo_nota, body.finalidade, body.natureza_operacao!.trim(), body.tipo_frete, body.valor_frete,
      body.valor_seguro, body.valor_outros, customer?.nome ?? null, body.cliente_cpf_cnpj ?? customer?.cpf ?? customer?.cnpj ?? null,
      body.placa_veiculo ?? null, body.uf_placa_veiculo ?? null, body.informacoes_adicionais ?? null, keepsNumber],
  );
  for (const table of ['nota_fiscal_item', 'nota_fiscal_pagamento', 'nota_fiscal_referenciada', 'volume']) {
    await tx.query(`DELETE FROM ${table} WHERE id_organization = $1 AND id_nota_fiscal = $2`, [org, body.id_nota_fiscal]);
  }
  await writeContent(tx, org, id_filial, body.id_nota_fiscal, body);
  return (await q.loadDetail(tx, org, id_filial, body.id_nota_fiscal))!;
}

/**
 * Deletes a draft that never reached SEFAZ. A sale's invoice gives its stock back (compensating movements), so the
 * stock ledger still adds up.
 */
export async function deleteInvoice(tx: Tx, caller: Caller, id: number) {
  const org = caller.id_organization;
  const id_filial = activeBranch(caller);
  const row = await q.findInvoiceRow(tx, org, id_filial, id, true);
  if (!row) throw notFound();
  if (!EDITABLE.has(String(row['situacao'])) || row['protocolo'] !== null) throw badRequest(M.notDeletable);
  await giveStockBack(tx, org, id_filial, id, caller.id_usuario, 'ExclusaoNotaFiscal');
  await tx.query(
    `UPDATE nota_fiscal SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_nota_fiscal = $2`,
    [org, id],
  );
  return q.toSummary({ ...row, data_exclusao: new Date() });
}
