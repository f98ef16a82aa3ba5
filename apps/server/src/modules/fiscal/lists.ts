/**
 * The fiscal lists of 002 §2 (issue 31), of the caller's active branch, newest first, in the branch's days (the
 * current month when no period is given): disablements (inutilizacao) and correction letters (nota_fiscal_evento
 * 110110), 10 a page, and sales returns (nota_fiscal with finalidade 4, with the store credit each generated), 20 a
 * page. Each row carries signed links to its documents (invoice/links.ts; fiscal/files.ts serves them).
 */
import type { z } from 'zod';
import type { correctionListBody } from '@pdv/contract/fiscal-lists';
import { toDecimal, fromDecimal } from '@pdv/domain/money';
import type { Handlers } from '../../http/handlers.ts';
import type { Tx } from '../../db/database.ts';
import { branchOffset } from '../invoice/queries.ts';
import { signedLink } from '../invoice/links.ts';
import { productTaxes } from './product-taxes.ts';

type Period = Pick<z.output<typeof correctionListBody>, 'data_inicial' | 'data_final' | 'search' | 'skip' | 'take'>;

/** `column` (timestamptz) within the period, as days of the branch (offset hours). Parameters $1..$4 are taken. */
function inPeriod(column: string): string {
  return `((${column} AT TIME ZONE 'UTC') + $4 * interval '1 hour')::date
      BETWEEN coalesce($2::date, date_trunc('month', (now() AT TIME ZONE 'UTC') + $4 * interval '1 hour')::date)
          AND coalesce($3::date, ((now() AT TIME ZONE 'UTC') + $4 * interval '1 hour')::date)`;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null);
const total = (rows: Array<Record<string, unknown>>) => (rows[0] ? Number(rows[0]['total']) : 0);

async function periodParams(tx: Tx, org: number, id_filial: number, p: Period) {
  return [org, p.data_inicial ?? null, p.data_final ?? null, await branchOffset(tx, org, id_filial), id_filial];
}

export const fiscalListHandlers = {
  invoiceItemGetProductTaxes: ({ tx, caller, body }) => productTaxes(tx, caller, body),
  nfeDisablementList: async ({ tx, caller, body, deps }) => {
    const org = caller.id_organization;
    const params = await periodParams(tx, org, caller.id_filial, body);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT i.id_inutilizacao, i.modelo, i.serie, i.numero_inicial, i.numero_final, i.justificativa, i.codigo_status, i.motivo,
              i.protocolo, i.data_cadastro, u.nome AS usuario, i.xml_retorno IS NOT NULL AS has_xml, count(*) OVER () AS total
         FROM inutilizacao i LEFT JOIN usuario u ON u.id_organization = i.id_organization AND u.id_usuario = i.id_usuario
        WHERE i.id_organization = $1 AND i.id_filial = $5 AND ${inPeriod('i.data_cadastro')}
          AND ($6 = '' OR i.justificativa ILIKE '%' || $6 || '%' OR i.serie::text = $6
               OR CASE WHEN $6 ~ '^[0-9]{1,9}$' THEN $6::integer BETWEEN i.numero_inicial AND i.numero_final ELSE false END)
        ORDER BY i.data_cadastro DESC, i.id_inutilizacao DESC LIMIT $7 OFFSET $8`,
      [...params, body.search, body.take, body.skip],
    );
    return {
      count: total(rows),
      rows: rows.map((r) => ({
        id_inutilizacao: Number(r['id_inutilizacao']), modelo: String(r['modelo']), serie: Number(r['serie']),
        numero_inicial: Number(r['numero_inicial']), numero_final: Number(r['numero_final']), justificativa: String(r['justificativa']),
        codigo_status: r['codigo_status'] === null ? null : Number(r['codigo_status']), motivo: (r['motivo'] as string | null) ?? null,
        protocolo: (r['protocolo'] as string | null) ?? null, data_cadastro: iso(r['data_cadastro']) ?? '', usuario: (r['usuario'] as string | null) ?? null,
        url_xml: r['has_xml'] ? signedLink(deps.fiscal.linkSecret, 'inut', org, Number(r['id_inutilizacao']), deps.fiscal.now()) : null,
      })),
    };
  },
  nfeCorrectionList: async ({ tx, caller, body, deps }) => {
    const org = caller.id_organization;
    const params = await periodParams(tx, org, caller.id_filial, body);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT e.id_nota_fiscal_evento, e.id_nota_fiscal, n.modelo, n.serie, n.numero_nota_fiscal, n.chave_acesso,
              coalesce(p.nome, n.cliente_nome) AS cliente, e.sequencia, e.texto, e.codigo_status, e.motivo, e.protocolo,
              e.data_evento, u.nome AS usuario, e.xml_retorno IS NOT NULL AS has_xml, count(*) OVER () AS total
         FROM nota_fiscal_evento e
         JOIN nota_fiscal n ON n.id_organization = e.id_organization AND n.id_nota_fiscal = e.id_nota_fiscal
         LEFT JOIN pessoa p ON p.id_organization = n.id_organization AND p.id_pessoa = n.id_cliente
         LEFT JOIN usuario u ON u.id_organization = e.id_organization AND u.id_usuario = e.id_usuario
        WHERE e.id_organization = $1 AND n.id_filial = $5 AND e.tipo_evento = '110110' AND ${inPeriod('e.data_evento')}
          AND ($6 = '' OR e.texto ILIKE '%' || $6 || '%' OR n.numero_nota_fiscal::text = $6 OR n.chave_acesso = $6
               OR coalesce(p.nome, n.cliente_nome) ILIKE '%' || $6 || '%')
        ORDER BY e.data_evento DESC, e.id_nota_fiscal_evento DESC LIMIT $7 OFFSET $8`,
      [...params, body.search, body.take, body.skip],
    );
    const link = (kind: 'cce' | 'ccepdf', id: number) => signedLink(deps.fiscal.linkSecret, kind, org, id, deps.fiscal.now());
    return {
      count: total(rows),
      rows: rows.map((r) => {
        const id = Number(r['id_nota_fiscal_evento']);
        return {
          id_nota_fiscal_evento: id, id_nota_fiscal: Number(r['id_nota_fiscal']), modelo: String(r['modelo']),
          serie: r['serie'] === null ? null : Number(r['serie']),
          numero_nota_fiscal: r['numero_nota_fiscal'] === null ? null : Number(r['numero_nota_fiscal']),
          chave_acesso: (r['chave_acesso'] as string | null) ?? null, cliente: (r['cliente'] as string | null) ?? null,
          sequencia: Number(r['sequencia']), texto: (r['texto'] as string | null) ?? null,
          codigo_status: r['codigo_status'] === null ? null : Number(r['codigo_status']), motivo: (r['motivo'] as string | null) ?? null,
          protocolo: (r['protocolo'] as string | null) ?? null, data_evento: iso(r['data_evento']) ?? '', usuario: (r['usuario'] as string | null) ?? null,
          url_xml: r['has_xml'] ? link('cce', id) : null, url_pdf: r['has_xml'] ? link('ccepdf', id) : null,
        };
      }),
    };
  },
  invoiceSalesReturnList: async ({ tx, caller, body, deps }) => {
    const org = caller.id_organization;
    const params = await periodParams(tx, org, caller.id_filial, body);
    const { rows } = await tx.query<Record<string, unknown>>(
      `SELECT n.id_nota_fiscal, n.modelo, n.serie, n.numero_nota_fiscal, n.chave_acesso, n.situacao, n.data_hora_emissao, n.id_cliente,
              coalesce(p.nome, n.cliente_nome) AS cliente, n.valor_nota_fiscal::text AS valor_nota_fiscal,
              (SELECT coalesce(sum(h.valor), 0)::text FROM pessoa_conta_historico h
                WHERE h.id_organization = n.id_organization AND h.id_nota_fiscal = n.id_nota_fiscal AND h.operacao = 'Entrada') AS valor_credito,
              (SELECT r.chave_acesso FROM nota_fiscal_referenciada r WHERE r.id_organization = n.id_organization
                  AND r.id_nota_fiscal = n.id_nota_fiscal AND r.data_exclusao IS NULL AND NOT r.cancelado
                ORDER BY r.id_nota_referenciada LIMIT 1) AS chave_referenciada,
              coalesce(n.xml_autorizado, n.xml_assinado) IS NOT NULL AS has_xml, count(*) OVER () AS total
         FROM nota_fiscal n LEFT JOIN pessoa p ON p.id_organization = n.id_organization AND p.id_pessoa = n.id_cliente
        WHERE n.id_organization = $1 AND n.id_filial = $5 AND n.finalidade = 4 AND n.data_exclusao IS NULL
          AND ${inPeriod('coalesce(n.data_hora_emissao, n.data_cadastro)')}
          AND ($6 = '' OR n.numero_nota_fiscal::text = $6 OR n.chave_acesso = $6 OR coalesce(p.nome, n.cliente_nome) ILIKE '%' || $6 || '%')
        ORDER BY coalesce(n.data_hora_emissao, n.data_cadastro) DESC, n.id_nota_fiscal DESC LIMIT $7 OFFSET $8`,
      [...params, body.search, body.take, body.skip],
    );
    return {
      count: total(rows),
      rows: rows.map((r) => {
        const id = Number(r['id_nota_fiscal']);
        return {
          id_nota_fiscal: id, modelo: String(r['modelo']), serie: r['serie'] === null ? null : Number(r['serie']),
          numero_nota_fiscal: r['numero_nota_fiscal'] === null ? null : Number(r['numero_nota_fiscal']),
          chave_acesso: (r['chave_acesso'] as string | null) ?? null, situacao: String(r['situacao']),
          data_hora_emissao: iso(r['data_hora_emissao']), id_cliente: r['id_cliente'] === null ? null : Number(r['id_cliente']),
          cliente: (r['cliente'] as string | null) ?? null, valor_nota_fiscal: toDecimal(fromDecimal(String(r['valor_nota_fiscal']))),
          valor_credito: toDecimal(fromDecimal(String(r['valor_credito']))), chave_referenciada: (r['chave_referenciada'] as string | null) ?? null,
          url_xml: r['has_xml'] ? signedLink(deps.fiscal.linkSecret, 'xml', org, id, deps.fiscal.now()) : null,
          url_pdf: signedLink(deps.fiscal.linkSecret, 'pdf', org, id, deps.fiscal.now()),
        };
      }),
    };
  },
} satisfies Partial<Handlers>;
