/**
 * The catalogue registers' own rules (002 §3), as register hooks (modules/registers/hooks.ts):
 * - category: a parent cannot become its own descendant, two live categories under one parent do not share a name;
 *   the tree's paths (referencia_exibicao, ordem_arvore) are the database's (migration 026);
 * - attribute: its items (`itens`) written with it, an item left out tombstoned, unless a product variation uses it;
 * - service: its prices (`precos`) per price table, replacing the stored ones, one default at most.
 * Every refusal is a 400 with a pt-BR message, raised before anything is written (the request's transaction).
 */
import { CATALOGUE_MESSAGES } from '@pdv/domain/catalogue-messages';
import type { AttributeItem } from '@pdv/contract/registers/attribute';
import type { ServicePrice } from '@pdv/contract/registers/service';
import { sameText } from '@pdv/domain/same-text';
import { badRequest } from '../../http/errors.ts';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';

const org = (h: HookContext) => h.scope.id_organization;

export const categoryHooks: RegisterHooks = {
  async beforeWrite(h, values, _extra, id) {
    const { tx } = h.ctx;
    const current = id === null ? null : (await tx.query<Row>(
      'SELECT descricao, id_categoria_pai FROM categoria WHERE id_organization = $1 AND id_categoria = $2', [org(h), id],
    )).rows[0];
    const parent = values['id_categoria_pai'] !== undefined ? (values['id_categoria_pai'] as number | null) : ((current?.['id_categoria_pai'] as number | null) ?? null);
    if (id !== null && parent !== null && values['id_categoria_pai'] !== undefined) {
      // The new parent's ancestors (itself included) must not hold the category moved.
      const { rows } = await tx.query(
        `WITH RECURSIVE acima AS (
           SELECT id_categoria, id_categoria_pai, 1 AS nivel FROM categoria WHERE id_organization = $1 AND id_categoria = $2
           UNION ALL
           SELECT c.id_categoria, c.id_categoria_pai, a.nivel + 1 FROM categoria c
             JOIN acima a ON c.id_organization = $1 AND c.id_categoria = a.id_categoria_pai WHERE a.nivel < 1000
         ) SELECT 1 FROM acima WHERE id_categoria = $3 LIMIT 1`,
        [org(h), parent, id],
      );
      if (rows.length > 0) {
        throw badRequest(CATALOGUE_MESSAGES.categoryCycle, undefined, [`id_categoria_pai: ${CATALOGUE_MESSAGES.categoryCycle}`]);
      }
    }
    const descricao = typeof values['descricao'] === 'string' ? values['descricao'] : (current?.['descricao'] as string | undefined);
    if (descricao !== undefined && (values['descricao'] !== undefined || values['id_categoria_pai'] !== undefined)) {
      // Compared here, not with SQL lower(): a server whose collation is C does not lower 'Ú', PGlite does.
      const { rows } = await tx.query<{ descricao: string }>(
        `SELECT descricao FROM categoria WHERE id_organization = $1 AND data_exclusao IS NULL AND id_categoria_pai IS NOT DISTINCT FROM $2
            AND id_categoria <> $3`,
        [org(h), parent, id ?? 0],
      );
      if (rows.some((r) => sameText(r.descricao, descricao))) {
        const message = CATALOGUE_MESSAGES.categoryDuplicate(descricao);
        throw badRequest(message, undefined, [`descricao: ${message}`]);
      }
    }
  },
};

export const attributeHooks: RegisterHooks = {
  async beforeWrite(h, _values, extra, id) {
    const itens = extra['itens'] as AttributeItem[] | undefined;
    if (itens === undefined) return;
    const seen = new Set<string>();
    for (const item of itens) {
      const key = item.descricao.trim().toLowerCase();
      if (seen.has(key)) throw badRequest(CATALOGUE_MESSAGES.attributeItemDuplicate(item.descricao), undefined, [`itens: ${CATALOGUE_MESSAGES.attributeItemDuplicate(item.descricao)}`]);
      seen.add(key);
    }
    const stored = id === null ? [] : await liveItems(h, id);
    for (const item of itens) {
      if (item.id_atributo_item !== undefined && !stored.some((s) => s.id_atributo_item === item.id_atributo_item)) {
        const message = CATALOGUE_MESSAGES.attributeItemNotFound(item.id_atributo_item);
        throw badRequest(message, undefined, [`itens: ${message}`]);
      }
    }
    const kept = new Set(itens.map((i) => i.id_atributo_item).filter((v) => v !== undefined));
    const removed = stored.filter((s) => !kept.has(s.id_atributo_item));
    if (removed.length > 0) {
      const { rows } = await h.ctx.tx.query<{ id_atributo_item: number }>(
        `SELECT DISTINCT a.id_atributo_item FROM produto_grade_atributo a
           JOIN produto_grade g ON g.id_organization = a.id_organization AND g.id_produto_grade = a.id_produto_grade AND g.data_exclusao IS NULL
          WHERE a.id_organization = $1 AND a.id_atributo_item = ANY ($2::int[]) AND a.data_exclusao IS NULL`,
        [org(h), removed.map((r) => r.id_atributo_item)],
      );
      const used = removed.find((r) => rows.some((u) => u.id_atributo_item === r.id_atributo_item));
      if (used) {
        const message = CATALOGUE_MESSAGES.attributeItemInUse(used.descricao);
        throw badRequest(message, undefined, [`itens: ${message}`]);
      }
    }
  },
  async afterWrite(h, row, extra) {
    const itens = extra['itens'] as AttributeItem[] | undefined;
    if (itens === undefined) return;
    const { tx } = h.ctx;
    const id = Number(row['id_atributo']);
    const kept = itens.map((i) => i.id_atributo_item).filter((v) => v !== undefined);
    // Removed first, so an item renamed to a removed one's name does not meet it in the unique index.
    await tx.query(
      `UPDATE atributo_item SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_atributo = $2 AND data_exclusao IS NULL AND NOT (id_atributo_item = ANY ($3::int[]))`,
      [org(h), id, kept],
    );
    for (const item of itens) {
      if (item.id_atributo_item !== undefined) {
        await tx.query(
          `UPDATE atributo_item SET descricao = $4, valor = $5, data_alteracao = now()
            WHERE id_organization = $1 AND id_atributo = $2 AND id_atributo_item = $3 AND (descricao, valor) IS DISTINCT FROM ($4, $5)`,
          [org(h), id, item.id_atributo_item, item.descricao, item.valor ?? null],
        );
      } else {
        await tx.query('INSERT INTO atributo_item (id_organization, id_atributo, descricao, valor) VALUES ($1, $2, $3, $4)', [
          org(h), id, item.descricao, item.valor ?? null,
        ]);
      }
    }
  },
  async detail(h, row) {
    return { ...row, itens: await liveItems(h, Number(row['id_atributo'])) };
  },
  async beforeDelete(h, row) {
    const id = Number(row['id_atributo']);
    const items = await liveItems(h, id);
    const { rows } = await h.ctx.tx.query<{ id_atributo_item: number }>(
      `SELECT DISTINCT a.id_atributo_item FROM produto_grade_atributo a
         JOIN produto_grade g ON g.id_organization = a.id_organization AND g.id_produto_grade = a.id_produto_grade AND g.data_exclusao IS NULL
        WHERE a.id_organization = $1 AND a.id_atributo_item = ANY ($2::int[]) AND a.data_exclusao IS NULL`,
      [org(h), items.map((i) => i.id_atributo_item)],
    );
    const used = items.find((i) => rows.some((u) => u.id_atributo_item === i.id_atributo_item));
    if (used) throw badRequest(CATALOGUE_MESSAGES.attributeItemInUse(used.descricao));
    await h.ctx.tx.query(
      'UPDATE atributo_item SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_atributo = $2 AND data_exclusao IS NULL',
      [org(h), id],
    );
  },
};

async function liveItems(h: HookContext, id_atributo: number) {
  const { rows } = await h.ctx.tx.query<{ id_atributo_item: number; descricao: string; valor: string | null }>(
    `SELECT id_atributo_item, descricao, valor FROM atributo_item
      WHERE id_organization = $1 AND id_atributo = $2 AND data_exclusao IS NULL ORDER BY id_atributo_item`,
    [org(h), id_atributo],
  );
  return rows;
}

export const serviceHooks: RegisterHooks = {
  async beforeWrite(h, _values, extra) {
    const precos = extra['precos'] as ServicePrice[] | undefined;
    if (precos === undefined) return;
    const tables = precos.map((p) => p.id_tabela_preco ?? null).filter((t): t is number => t !== null);
    if (new Set(tables).size !== tables.length) {
      throw badRequest(CATALOGUE_MESSAGES.servicePriceTableDuplicate, undefined, [`precos: ${CATALOGUE_MESSAGES.servicePriceTableDuplicate}`]);
    }
    if (precos.filter((p) => p.is_padrao === true).length > 1) {
      throw badRequest(CATALOGUE_MESSAGES.servicePriceDefaultTwice, undefined, [`precos: ${CATALOGUE_MESSAGES.servicePriceDefaultTwice}`]);
    }
    if (tables.length > 0) {
      const { rows } = await h.ctx.tx.query<{ id_tabela_preco: number }>(
        'SELECT id_tabela_preco FROM tabela_preco WHERE id_organization = $1 AND id_tabela_preco = ANY ($2::int[]) AND data_exclusao IS NULL',
        [org(h), tables],
      );
      if (rows.length !== tables.length) {
        throw badRequest(CATALOGUE_MESSAGES.servicePriceTableNotFound, undefined, [`precos: ${CATALOGUE_MESSAGES.servicePriceTableNotFound}`]);
      }
    }
  },
  async afterWrite(h, row, extra) {
    const precos = extra['precos'] as ServicePrice[] | undefined;
    if (precos === undefined) return;
    const id = Number(row['id_servico']);
    await h.ctx.tx.query(
      'UPDATE servico_preco SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_servico = $2 AND data_exclusao IS NULL',
      [org(h), id],
    );
    for (const p of precos) {
      await h.ctx.tx.query(
        'INSERT INTO servico_preco (id_organization, id_servico, id_tabela_preco, is_padrao, valor) VALUES ($1, $2, $3, $4, $5)',
        [org(h), id, p.id_tabela_preco ?? null, p.is_padrao === true, p.valor],
      );
    }
  },
  async detail(h, row) {
    const { rows } = await h.ctx.tx.query(
      `SELECT id_tabela_preco, is_padrao, valor::float8 AS valor FROM servico_preco
        WHERE id_organization = $1 AND id_servico = $2 AND data_exclusao IS NULL ORDER BY id_servico_preco`,
      [org(h), Number(row['id_servico'])],
    );
    return { ...row, precos: rows };
  },
  async beforeDelete(h, row) {
    // The prices go with the service (a service used by an order is still refused, by the generic delete).
    await h.ctx.tx.query(
      'UPDATE servico_preco SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_servico = $2 AND data_exclusao IS NULL',
      [org(h), Number(row['id_servico'])],
    );
  },
};
