/**
 * The commission report per seller and period (issue 30; 002 §9 "commission total_vendas desc"): the active branch's
 * sales and returns of the period (report-queries.ts), grouped by seller, run through the domain's commission rule
 * (packages/domain/src/commission.ts) with the seller's commission group. A seller without an active group is
 * listed with the group-less rule (every line counts, returns subtracted, no commission), so the totals still match
 * the sales made. The period's days are the branch's (its time zone).
 */
import {
  commissionOf,
  type CommissionGroupRule,
  type CommissionLine,
  type CommissionPayment,
  type CommissionReturn,
  type CommissionSale,
} from '@pdv/domain/commission';
import { fromDecimal, percentFromDecimal, percentToDecimal, toDecimal } from '@pdv/domain/money';
import { branchOffset } from '@pdv/domain/time-zone';
import type { CommissionReportResult, CommissionReportRow } from '@pdv/contract/commission';
import type { Tx } from '../../db/database.ts';
import * as q from './report-queries.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The instants [inicio, fim) of the days data_inicio..data_fim in a zone `offset` hours from UTC. */
export function periodInstants(data_inicio: string, data_fim: string, offset: number): { inicio: string; fim: string } {
  const start = Date.parse(`${data_inicio}T00:00:00Z`) - offset * HOUR_MS;
  const end = Date.parse(`${data_fim}T00:00:00Z`) + DAY_MS - offset * HOUR_MS;
  return { inicio: new Date(start).toISOString(), fim: new Date(end).toISOString() };
}

const NO_GROUP: CommissionGroupRule = {
  tipo: 'Geral', percentual_vendedor: 0, considerar_devolucoes: true, financeiro: false,
  categorias: new Map(), produtos: new Map(), servicos: new Map(), faixas: [], meios_pagamento: new Set(),
};

function ruleOf(g: q.GroupRow): CommissionGroupRule {
  if (g.id_grupo_comissao === null) return NO_GROUP;
  const rates = (list: Array<[number, string]> | null) => new Map((list ?? []).map(([id, p]) => [Number(id), percentFromDecimal(p)]));
  return {
    tipo: g.tipo === 'Especifico' ? 'Especifico' : 'Geral',
    percentual_vendedor: percentFromDecimal(g.percentual_vendedor ?? '0'),
    considerar_devolucoes: g.descontar_valores !== false,
    financeiro: g.financeiro === true,
    categorias: rates(g.categorias),
    produtos: rates(g.produtos),
    // An order's service lines (report-queries.ts saleLines) at the service's rate.
    servicos: rates(g.servicos),
    faixas: (g.faixas ?? []).map(([ini, fim, p]) => ({
      valor_inicio_faixa: fromDecimal(ini), valor_final_faixa: fim === null ? null : fromDecimal(fim), percentual: percentFromDecimal(p),
    })),
    meios_pagamento: new Set((g.meios_pagamento ?? []).map(Number)),
  };
}

const lineOf = (r: q.LineRow): CommissionLine => ({
  id_produto_grade_filial: r.id_produto_grade_filial === null ? null : Number(r.id_produto_grade_filial),
  id_categoria: r.id_categoria === null ? null : Number(r.id_categoria),
  id_servico: r.id_servico === null ? null : Number(r.id_servico),
  valor_total: fromDecimal(r.valor_total),
});

/** Rows grouped by seller, then by a key of the row (the sale, or the return). */
function bySeller(rows: readonly q.LineRow[], key: (r: q.LineRow) => string): Map<number, Map<string, q.LineRow[]>> {
  const out = new Map<number, Map<string, q.LineRow[]>>();
  for (const r of rows) {
    const seller = Number(r.id_usuario);
    const docs = out.get(seller) ?? new Map<string, q.LineRow[]>();
    const k = key(r);
    docs.set(k, [...(docs.get(k) ?? []), r]);
    out.set(seller, docs);
  }
  return out;
}

export interface ReportInput {
  org: number;
  id_filial: number;
  data_inicio: string;
  data_fim: string;
  id_usuario: number | null;
}

export async function commissionReport(tx: Tx, input: ReportInput): Promise<CommissionReportResult> {
  const offset = branchOffset(await q.branchTimeZone(tx, input.org, input.id_filial));
  const period: q.Period = { org: input.org, id_filial: input.id_filial, id_usuario: input.id_usuario, ...periodInstants(input.data_inicio, input.data_fim, offset) };
  const sales = await q.saleLines(tx, period);
  const returns = await q.returnLines(tx, period);
  const payments = new Map<string, CommissionPayment[]>();
  for (const p of await q.salePayments(tx, input.org, [...new Set([...sales, ...returns].map((r) => r.venda))])) {
    const valor = fromDecimal(p.valor);
    const list = payments.get(p.venda) ?? [];
    list.push({ id_meio_pagamento: Number(p.id_meio_pagamento), valor, valor_recebido: Math.max(0, valor - fromDecimal(p.em_aberto)) });
    payments.set(p.venda, list);
  }
  const salesBy = bySeller(sales, (r) => r.venda);
  const returnsBy = bySeller(returns, (r) => r.devolucao ?? r.venda);
  const sellers = [...new Set([...salesBy.keys(), ...returnsBy.keys()])];
  const groups = await q.sellerGroups(tx, input.org, sellers);

  const rows: CommissionReportRow[] = groups.map((g) => {
    const seller = Number(g.id_usuario);
    const saleDocs: CommissionSale[] = [...(salesBy.get(seller)?.values() ?? [])].map((lines) => ({
      itens: lines.map(lineOf), pagamentos: payments.get(lines[0]!.venda) ?? [],
    }));
    const returnDocs: CommissionReturn[] = [...(returnsBy.get(seller)?.values() ?? [])].map((lines) => ({
      itens: lines.map(lineOf), pagamentos: payments.get(lines[0]!.venda) ?? [],
    }));
    const r = commissionOf(ruleOf(g), saleDocs, returnDocs);
    return {
      id_usuario: seller, nome: g.nome, id_grupo_comissao: g.id_grupo_comissao === null ? null : Number(g.id_grupo_comissao), grupo: g.grupo,
      quantidade_vendas: r.quantidade_vendas, total_vendas: toDecimal(r.total_vendas), total_devolucoes: toDecimal(r.total_devolucoes),
      base_comissao: toDecimal(r.base_comissao), percentual_faixa: r.faixa === null ? null : percentToDecimal(r.faixa.percentual),
      valor_comissao: toDecimal(r.valor_comissao),
    };
  });
  // 002 §9: total_vendas desc (then by name, so equal totals keep one order).
  rows.sort((a, b) => b.total_vendas - a.total_vendas || a.nome.localeCompare(b.nome, 'pt-BR') || a.id_usuario - b.id_usuario);
  const sum = (k: 'total_vendas' | 'total_devolucoes' | 'base_comissao' | 'valor_comissao') => toDecimal(rows.reduce((s, r) => s + fromDecimal(r[k]), 0));
  return { rows, totais: { total_vendas: sum('total_vendas'), total_devolucoes: sum('total_devolucoes'), base_comissao: sum('base_comissao'), valor_comissao: sum('valor_comissao') } };
}
