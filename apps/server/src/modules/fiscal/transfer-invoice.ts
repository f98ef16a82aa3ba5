/**
 * The transfer NF-e of a transfer between branches (stock/transfer.ts; issue 22): an NF-e (modelo 55, exit) of the
 * origin branch whose recipient is the destination branch (nota_fiscal.id_filial_destino, no person), CFOP 5152 within
 * the state or 6152 across (the domain's transferCfop, applied when the XML is built: fiscal/document.ts), natureza
 * 'Transferência de mercadoria entre filiais', valued at each line's unit cost (else the variation's average cost, else
 * the product's cost). It moves no stock by itself (fiscal/stock.ts skips it): the stock document moves both branches.
 * A draft not yet sent, or rejected, is refreshed from the document at each processing attempt and keeps its number.
 */
import { FISCAL_MESSAGES as FM } from '@pdv/domain/fiscal-messages';
import { TRANSFER_NATURE } from '@pdv/domain/stock-transfer';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { insertItem, recomputeTotals } from '../invoice/parts.ts';
import type { TransferInvoicing } from '../stock/transfer.ts';
import * as q from './queries.ts';
import { transmitInvoice } from './service.ts';

type Draft = Parameters<TransferInvoicing['draft']>;

const REFRESHABLE = new Set(['EmEdicao', 'Rejeitada']);
const SENT = new Set(['Autorizada', 'EmProcessamento', 'Contingencia']);

/** Each line's unit value: the document's cost, else the variation's average cost, else the product's cost. */
async function unitValues(tx: Tx, org: number, lines: Draft[2]['lines']): Promise<string[]> {
  const { rows } = await tx.query<{ id: number; custo: string }>(
    `SELECT gf.id_produto_grade_filial AS id, coalesce(nullif(gf.preco_custo_medio, 0), p.preco_custo, 0)::text AS custo
       FROM produto_grade_filial gf
       JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
      WHERE gf.id_organization = $1 AND gf.id_produto_grade_filial = ANY($2::integer[])`,
    [org, lines.map((l) => l.id_produto_grade_filial)],
  );
  const cost = new Map(rows.map((r) => [r.id, r.custo]));
  return lines.map((l) => (Number(l.valor_unitario) > 0 ? l.valor_unitario : cost.get(l.id_produto_grade_filial) ?? '0'));
}

async function writeItems(tx: Tx, org: number, id_filial: number, id: number, lines: Draft[2]['lines']) {
  await tx.query('DELETE FROM nota_fiscal_item WHERE id_organization = $1 AND id_nota_fiscal = $2', [org, id]);
  const values = await unitValues(tx, org, lines);
  for (const [n, l] of lines.entries()) {
    await insertItem(tx, org, id_filial, id, {
      id_produto_grade_filial: l.id_produto_grade_filial, id_endereco_estoque: l.id_endereco_estoque, id_cenario_fiscal: null,
      quantidade: Number(l.quantidade), valor_unitario: Number(values[n]), valor_desconto: 0, observacao: null,
    });
  }
  await recomputeTotals(tx, org, id);
}

export const transferInvoicing: TransferInvoicing = {
  async draft(tx, a, t) {
    if (t.id_nota_fiscal !== null) {
      const { rows } = await tx.query<{ situacao: string }>(
        `SELECT situacao FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL FOR UPDATE`,
        [a.org, a.id_filial, t.id_nota_fiscal],
      );
      const situacao = rows[0]?.situacao;
      if (situacao !== undefined && SENT.has(situacao)) return t.id_nota_fiscal;
      if (situacao !== undefined && REFRESHABLE.has(situacao)) {
        await writeItems(tx, a.org, a.id_filial, t.id_nota_fiscal, t.lines);
        await tx.query(
          `UPDATE nota_fiscal SET situacao = 'EmEdicao', xml_assinado = NULL, chave_acesso = NULL, digest_value = NULL, data_alteracao = now()
            WHERE id_organization = $1 AND id_nota_fiscal = $2`,
          [a.org, t.id_nota_fiscal],
        );
        return t.id_nota_fiscal;
      }
      // Cancelled, denied or disabled: the transfer goes out with a new NF-e.
    }
    const dest = await q.findEmitter(tx, a.org, t.id_filial_destino);
    if (!dest) throw badRequest(FM.recipientMissing);
    const serie = await q.defaultSeries(tx, a.org, a.id_filial, '55');
    if (!serie) throw badRequest(FM.seriesMissing);
    const { rows } = await tx.query<{ id_nota_fiscal: number }>(
      `INSERT INTO nota_fiscal (id_organization, id_filial, id_usuario, modelo, id_serie_fiscal, serie, ambiente, operacao, tipo_nota,
         finalidade, natureza_operacao, tipo_frete, cliente_nome, cliente_cpf_cnpj, informacoes_adicionais, indicador_presenca, id_filial_destino)
       SELECT $1, $2, $3, '55', $4, $5, coalesce(c.ambiente_emissao, 2), 'Saida', 'Venda', 1, $6, 9, $7, $8, $9, 9, $10
         FROM filial f LEFT JOIN filial_configuracao c ON c.id_organization = f.id_organization AND c.id_filial = f.id_filial
        WHERE f.id_organization = $1 AND f.id_filial = $2
       RETURNING id_nota_fiscal`,
      [a.org, a.id_filial, a.id_usuario, serie.id_serie_fiscal, serie.codigo_serie, TRANSFER_NATURE, dest.razao_social, dest.cnpj,
        t.observacao, t.id_filial_destino],
    );
    const id = rows[0]!.id_nota_fiscal;
    await writeItems(tx, a.org, a.id_filial, id, t.lines);
    return id;
  },
  async transmit(deps, a, id) {
    const r = await transmitInvoice({ db: deps.db, fiscal: deps.fiscal, org: a.org, id_filial: a.id_filial, id_usuario: a.id_usuario }, id);
    return { authorized: r.success && r.nota_fiscal?.situacao === 'Autorizada', message: r.message };
  },
};
