/**
 * A load generator of simulated cashiers selling through POST /api/operacao, bounded in time and in count, over any
 * transport (in-process inject, or loopback HTTP to a server process). Sales have 1-5 lines of the branch's products
 * (a "hot" product in many of them, so sales contend for the same stock rows), cash, card or PIX payments, orders
 * and NFC-e drafts, and some are resent as after a lost answer. Seeded: the same seed makes the same sales.
 */
import { randomUUID } from 'node:crypto';
import type { OperacaoBody } from '@pdv/contract/operation';
import { repriceForWholesale, type WholesalePricing } from '@pdv/domain/wholesale';
import type { Database } from '../db/database.ts';

export interface Answer {
  status: number;
  json: Record<string, unknown>;
}
export type Send = (body: OperacaoBody, token: string) => Promise<Answer>;

export interface CatalogProduct {
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  id_estoque: number;
  preco: number;
  preco_atacado: number;
  id_produto: number;
  quantidade_atacarejo: number | null;
  descricao: string;
}

export interface Catalog {
  id_filial: number;
  products: CatalogProduct[];
  methods: Record<string, number>;
  id_operadora_cartao: number;
}

/** The branch's sellable stock rows (one per grid row), payment methods and a card operator. */
export async function loadCatalog(db: Database, limit = 20, codigoFilial = '1'): Promise<Catalog> {
  return db.system(async (tx) => {
    const branch = await tx.query<{ id_filial: number; id_organization: number }>(
      `SELECT f.id_filial, f.id_organization FROM filial f JOIN organization o USING (id_organization)
        WHERE o.nome = 'Demo Moda' AND f.codigo_filial = $1`,
      [codigoFilial],
    );
    const { id_filial, id_organization } = branch.rows[0]!;
    const products = await tx.query<CatalogProduct>(
      `SELECT DISTINCT ON (e.id_produto_grade_filial) e.id_estoque, e.id_produto_grade_filial, e.id_endereco_estoque,
              pgf.preco_venda::float8 AS preco, pgf.preco_atacado::float8 AS preco_atacado, p.id_produto,
              p.quantidade_atacarejo::float8 AS quantidade_atacarejo, p.descricao
         FROM estoque e
         JOIN produto_grade_filial pgf ON pgf.id_organization = e.id_organization AND pgf.id_produto_grade_filial = e.id_produto_grade_filial
         JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
         JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
        WHERE e.id_filial = $1 AND pgf.preco_venda > 0 AND e.data_exclusao IS NULL AND pgf.data_exclusao IS NULL
          AND p.situacao = 'Ativo'
        ORDER BY e.id_produto_grade_filial, e.id_endereco_estoque
        LIMIT $2`,
      [id_filial, limit],
    );
    const methods = await tx.query<{ id_meio_pagamento: number; meio_pagamento: string }>(
      'SELECT id_meio_pagamento, meio_pagamento FROM meio_pagamento WHERE id_organization = $1', [id_organization]);
    const operator = await tx.query<{ id: number }>(
      'SELECT id_operadora_cartao AS id FROM operadora_cartao WHERE id_organization = $1 ORDER BY 1 LIMIT 1', [id_organization]);
    return {
      id_filial,
      products: products.rows.map((r) => ({
        ...r, preco: Number(r.preco), preco_atacado: Number(r.preco_atacado),
        quantidade_atacarejo: r.quantidade_atacarejo === null ? null : Number(r.quantidade_atacarejo),
      })),
      methods: Object.fromEntries(methods.rows.map((m) => [m.meio_pagamento, m.id_meio_pagamento])),
      id_operadora_cartao: operator.rows[0]!.id,
    };
  });
}

/** Small seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (v: number) => Math.round(v * 100);

type Line = OperacaoBody['itens'][number];

/**
 * The lines priced as the point of sale and the server price them: the retail price, and the wholesale one for every
 * line of a product whose units in the sale reach its wholesale quantity (the domain's rule, packages/domain/wholesale).
 */
export function pricedLines(catalog: Catalog, itens: Line[]): Line[] {
  const pricing = new Map<number, WholesalePricing>(catalog.products.map((p) => [p.id_produto_grade_filial, {
    id_produto: p.id_produto, preco_venda: cents(p.preco), preco_atacado: cents(p.preco_atacado),
    quantidade_atacarejo: p.quantidade_atacarejo === null ? null : Math.round(p.quantidade_atacarejo * 1000),
  }]));
  const repriced = repriceForWholesale(itens.map((i) => ({
    id_produto_grade_filial: Number(i.id_produto_grade_filial), quantidade: Math.round(Number(i.quantidade) * 1000),
    valor_unitario: cents(Number(i.valor_unitario)), tipo_preco: 'Varejo' as const, is_atacarejo: false,
    is_preco_alterado: false, is_cancelado: false,
  })), pricing);
  return itens.map((i, n) => {
    const line = repriced[n]!;
    return { ...i, valor_unitario: line.valor_unitario / 100, tipo_preco: line.tipo_preco, is_atacarejo: line.is_atacarejo };
  });
}

/** What the lines come to, in centavos. */
export const linesTotal = (itens: Line[]) =>
  itens.reduce((s, i) => s + cents(Number(i.valor_unitario)) * Math.round(Number(i.quantidade) * 1000) / 1000, 0);

/** A random sale of the catalogue, paid exactly (or with change in cash). */
export function randomSale(catalog: Catalog, random: () => number, options: { hotRate?: number; invoiceRate?: number } = {}): OperacaoBody {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const lines = 1 + Math.floor(random() * 5);
  const hot = catalog.products[0]!;
  const drawn: OperacaoBody['itens'] = [];
  for (let i = 0; i < lines; i += 1) {
    const product = i === 0 && random() < (options.hotRate ?? 0.3) ? hot : pick(catalog.products);
    const quantidade = 1 + Math.floor(random() * 3);
    drawn.push({
      id_item: randomUUID(), tipo_item: 'Produto', id_produto_grade_filial: product.id_produto_grade_filial,
      id_endereco_estoque: product.id_endereco_estoque, descricao: product.descricao, quantidade, valor_unitario: product.preco,
    });
  }
  const itens = pricedLines(catalog, drawn);
  const total = Math.round(linesTotal(itens));
  const kind = random();
  const card = (code: '03' | '04') => ({
    id_pagamento: randomUUID(), id_meio_pagamento: catalog.methods[code]!, valor_total: total / 100,
    id_operadora_cartao: catalog.id_operadora_cartao, cartao_bandeira: 'Visa', cartao_codigo_autorizacao: String(100000 + Math.floor(random() * 899999)),
    cartao_tipo_integracao: '2', cartao_data_hora_transacao: new Date().toISOString(),
  });
  const pagamentos: OperacaoBody['pagamentos'] =
    kind < 0.4 ? [{ id_pagamento: randomUUID(), id_meio_pagamento: catalog.methods['01']!, valor_total: (total + (random() < 0.5 ? 0 : 500)) / 100 }]
      : kind < 0.6 ? [card('03')]
        : kind < 0.8 ? [card('04')]
          : [{ id_pagamento: randomUUID(), id_meio_pagamento: catalog.methods['17']!, valor_total: total / 100 }];
  return {
    id_operacao: randomUUID(), modo_operacao: 'Venda', modelo: random() < (options.invoiceRate ?? 0.2) ? '65' : null,
    id_filial: catalog.id_filial, data_inicio: new Date().toISOString(), itens, pagamentos,
  };
}

export interface LoadOptions {
  send: Send;
  tokens: string[];
  catalog: Catalog;
  cashiers: number;
  durationMs: number;
  /** Upper bound on the operations started, over all cashiers. */
  maxOperations: number;
  seed?: number;
  /** Share of sales sent a second time after their answer (must answer duplicado: true). */
  resendRate?: number;
  hotRate?: number;
  invoiceRate?: number;
  /**
   * Resend an operation whose answer was lost (status 0) or was a 5xx, until answered, for at most this long
   * (an outbox that keeps trying). Without it such an operation counts as an error at once.
   */
  retryForMs?: number;
  /** Refusals that are part of the load (e.g. insufficient stock of a scarce product): not errors. */
  expectedRefusal?: (answer: Answer) => boolean;
}

export interface LoadReport {
  cashiers: number;
  durationMs: number;
  operations: number;
  /** Operations answered 200 (first send). */
  ok: number;
  /** Resends answered 200 with duplicado: true and the first answer's document. */
  duplicatesOk: number;
  /** Expected refusals (insufficient stock, ...). */
  refused: number;
  /** Anything else: unexpected status, 5xx, no answer, a resend that made a new document. */
  errors: number;
  errorSamples: string[];
  retries: number;
  /** Operations that needed at least one retry, and the statuses that made them retry (0: no answer). */
  retriedOperations: number;
  retryStatuses: Record<number, number>;
  /** Milliseconds of each first send that was answered (200 or expected refusal). */
  latencies: number[];
  /** UUIDs answered 200 and those refused. */
  okIds: string[];
  refusedIds: string[];
  /** Date.now() of every answered request (for "answers again within 10 s"). */
  answeredAt: number[];
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  const random = prng(o.seed ?? 1);
  const started = Date.now();
  const end = started + o.durationMs;
  let begun = 0;
  const r: LoadReport = {
    cashiers: o.cashiers, durationMs: 0, operations: 0, ok: 0, duplicatesOk: 0, refused: 0, errors: 0, errorSamples: [], retries: 0, retriedOperations: 0, retryStatuses: {},
    latencies: [], okIds: [], refusedIds: [], answeredAt: [], throughput: 0, p50: 0, p95: 0, p99: 0,
  };
  const error = (what: string) => {
    r.errors += 1;
    if (r.errorSamples.length < 10) r.errorSamples.push(what);
  };

  /** Sends until answered (2xx/4xx), retrying lost answers and 5xx while allowed. */
  const deliver = async (body: OperacaoBody, token: string): Promise<{ answer: Answer; ms: number }> => {
    const first = performance.now();
    const giveUp = Date.now() + (o.retryForMs ?? 0);
    let retried = false;
    for (;;) {
      const answer = await o.send(body, token).catch((e: unknown): Answer => ({ status: 0, json: { error: String(e) } }));
      const retriable = answer.status === 0 || answer.status >= 500;
      if (!retriable || Date.now() >= giveUp) {
        if (!retriable) r.answeredAt.push(Date.now());
        return { answer, ms: performance.now() - first };
      }
      r.retries += 1;
      if (!retried) r.retriedOperations += 1;
      retried = true;
      r.retryStatuses[answer.status] = (r.retryStatuses[answer.status] ?? 0) + 1;
      await new Promise((res) => setTimeout(res, 100));
    }
  };

  const cashier = async (index: number) => {
    const token = o.tokens[index % o.tokens.length]!;
    while (Date.now() < end && begun < o.maxOperations) {
      begun += 1;
      r.operations += 1;
      const body = randomSale(o.catalog, random, { hotRate: o.hotRate, invoiceRate: o.invoiceRate });
      const { answer, ms } = await deliver(body, token);
      if (answer.status === 200) {
        r.ok += 1;
        r.okIds.push(body.id_operacao);
        r.latencies.push(ms);
        if (answer.json['duplicado'] === true && (o.retryForMs ?? 0) === 0) error(`first send answered as a duplicate: ${body.id_operacao}`);
        if (random() < (o.resendRate ?? 0.05)) {
          const again = await deliver(body, token);
          const same = again.answer.json['id_pedido'] === answer.json['id_pedido'] && again.answer.json['id_nota_fiscal'] === answer.json['id_nota_fiscal'];
          if (again.answer.status === 200 && again.answer.json['duplicado'] === true && same) r.duplicatesOk += 1;
          else error(`resend of ${body.id_operacao}: ${again.answer.status} ${JSON.stringify(again.answer.json).slice(0, 200)}`);
        }
      } else if (o.expectedRefusal?.(answer)) {
        r.refused += 1;
        r.refusedIds.push(body.id_operacao);
        r.latencies.push(ms);
      } else {
        error(`${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: o.cashiers }, (_, i) => cashier(i)));
  r.durationMs = Date.now() - started;
  r.throughput = (r.ok + r.refused) / (r.durationMs / 1000);
  r.p50 = percentile(r.latencies, 50);
  r.p95 = percentile(r.latencies, 95);
  r.p99 = percentile(r.latencies, 99);
  return r;
}
