/**
 * A product's suppliers (001 §3 Product: id_produto_fornecedor, id_pessoa, situacao; plus the supplier's own code of
 * the product) and its fiscal scenarios (001 §3 "Fiscal scenarios per product"). A supplier is a person of the
 * organization marked is_fornecedor; one row per (product, supplier) and one product per (supplier, supplier's code).
 * Removing a link leaves a tombstone.
 */
import { PRODUCT_TAB_MESSAGES as M } from '@pdv/domain/product-tab-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { productOf } from './product-owner.ts';

const SUPPLIER_COLUMNS = `pf.id_produto_fornecedor, pf.id_produto, pf.id_pessoa, p.nome, coalesce(p.cnpj, p.cpf) AS documento,
  pf.codigo_produto_fornecedor, pf.situacao`;

async function suppliers(tx: Tx, org: number, id_produto: number) {
  const { rows } = await tx.query<{ id_produto_fornecedor: number; id_produto: number; id_pessoa: number; nome: string; documento: string | null;
    codigo_produto_fornecedor: string | null; situacao: string }>(
    `SELECT ${SUPPLIER_COLUMNS} FROM produto_fornecedor pf JOIN pessoa p USING (id_organization, id_pessoa)
      WHERE pf.id_organization = $1 AND pf.id_produto = $2 AND pf.data_exclusao IS NULL ORDER BY p.nome, pf.id_produto_fornecedor`,
    [org, id_produto],
  );
  return { rows };
}

async function scenarios(tx: Tx, org: number, id_produto: number) {
  const { rows } = await tx.query<{ id_produto_cenario_fiscal: number; id_produto: number; id_cenario_fiscal: number; descricao: string;
    operacao: number; situacao: string }>(
    `SELECT pc.id_produto_cenario_fiscal, pc.id_produto, pc.id_cenario_fiscal, c.descricao, c.operacao, c.situacao
       FROM produto_cenario_fiscal pc JOIN cenario_fiscal c USING (id_organization, id_cenario_fiscal)
      WHERE pc.id_organization = $1 AND pc.id_produto = $2 AND pc.data_exclusao IS NULL ORDER BY c.descricao, pc.id_produto_cenario_fiscal`,
    [org, id_produto],
  );
  return { rows };
}

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;

export const productLinkHandlers = {
  productSupplierFind: async ({ tx, caller, body }) => {
    await productOf(tx, caller.id_organization, body.id_produto);
    return suppliers(tx, caller.id_organization, body.id_produto);
  },
  /** A new link (without id_produto_fornecedor) or a change of one of this product's. */
  productSupplierSave: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    await productOf(tx, org, body.id_produto);
    const person = (await tx.query<{ is_fornecedor: boolean }>(
      'SELECT is_fornecedor FROM pessoa WHERE id_organization = $1 AND id_pessoa = $2 AND data_exclusao IS NULL', [org, body.id_pessoa])).rows[0];
    if (!person) throw notFound();
    if (!person.is_fornecedor) throw badRequest(M.supplierNotSupplier);
    const own = body.id_produto_fornecedor ?? null;
    if (own !== null) {
      const mine = await tx.query('SELECT 1 FROM produto_fornecedor WHERE id_organization = $1 AND id_produto_fornecedor = $2 AND id_produto = $3 AND data_exclusao IS NULL',
        [org, own, body.id_produto]);
      if (mine.rows.length === 0) throw notFound();
    }
    const twice = await tx.query(
      `SELECT 1 FROM produto_fornecedor WHERE id_organization = $1 AND id_produto = $2 AND id_pessoa = $3 AND data_exclusao IS NULL
          AND id_produto_fornecedor IS DISTINCT FROM $4`, [org, body.id_produto, body.id_pessoa, own]);
    if (twice.rows.length > 0) throw badRequest(M.supplierTwice);
    const codigo = body.codigo_produto_fornecedor?.trim() || null;
    if (codigo !== null) {
      const taken = (await tx.query<{ descricao: string }>(
        `SELECT p.descricao FROM produto_fornecedor pf JOIN produto p USING (id_organization, id_produto)
          WHERE pf.id_organization = $1 AND pf.id_pessoa = $2 AND pf.codigo_produto_fornecedor = $3 AND pf.id_produto <> $4
            AND pf.data_exclusao IS NULL LIMIT 1`, [org, body.id_pessoa, codigo, body.id_produto])).rows[0];
      if (taken) throw badRequest(M.supplierCodeTaken(taken.descricao));
    }
    if (own === null) {
      await tx.query(
        `INSERT INTO produto_fornecedor (id_organization, id_produto, id_pessoa, codigo_produto_fornecedor, situacao)
         VALUES ($1, $2, $3, $4, $5)`, [org, body.id_produto, body.id_pessoa, codigo, body.situacao ?? 'Ativo']);
    } else {
      await tx.query(
        `UPDATE produto_fornecedor SET id_pessoa = $3, codigo_produto_fornecedor = $4, situacao = coalesce($5, situacao), data_alteracao = now()
          WHERE id_organization = $1 AND id_produto_fornecedor = $2`, [org, own, body.id_pessoa, codigo, body.situacao ?? null]);
    }
    return suppliers(tx, org, body.id_produto);
  },
  productSupplierDelete: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const { rows } = await tx.query<{ id_produto: number }>(
      `UPDATE produto_fornecedor SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_produto_fornecedor = $2 AND data_exclusao IS NULL RETURNING id_produto`, [org, body.id_produto_fornecedor]);
    const row = rows[0];
    if (!row) throw notFound();
    return suppliers(tx, org, row.id_produto);
  },
  /** Active people marked as suppliers, by name or document (20 at most). */
  productSupplierOptions: async ({ tx, caller, body }) => {
    const { rows } = await tx.query<{ id_pessoa: number; nome: string; documento: string | null }>(
      `SELECT id_pessoa, nome, coalesce(cnpj, cpf) AS documento FROM pessoa
        WHERE id_organization = $1 AND is_fornecedor AND situacao = 'Ativo' AND data_exclusao IS NULL
          AND (lower(nome) LIKE $2 OR lower(coalesce(apelido, '')) LIKE $2 OR coalesce(cnpj, cpf, '') LIKE $2)
        ORDER BY nome, id_pessoa LIMIT 20`, [caller.id_organization, like(body.search)]);
    return { rows };
  },

  productFiscalScenarioFind: async ({ tx, caller, body }) => {
    await productOf(tx, caller.id_organization, body.id_produto);
    return scenarios(tx, caller.id_organization, body.id_produto);
  },
  productFiscalScenarioCreate: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    await productOf(tx, org, body.id_produto);
    const found = await tx.query('SELECT 1 FROM cenario_fiscal WHERE id_organization = $1 AND id_cenario_fiscal = $2 AND data_exclusao IS NULL',
      [org, body.id_cenario_fiscal]);
    if (found.rows.length === 0) throw notFound();
    const twice = await tx.query(
      'SELECT 1 FROM produto_cenario_fiscal WHERE id_organization = $1 AND id_produto = $2 AND id_cenario_fiscal = $3 AND data_exclusao IS NULL',
      [org, body.id_produto, body.id_cenario_fiscal]);
    if (twice.rows.length > 0) throw badRequest(M.fiscalScenarioTwice);
    await tx.query('INSERT INTO produto_cenario_fiscal (id_organization, id_produto, id_cenario_fiscal) VALUES ($1, $2, $3)',
      [org, body.id_produto, body.id_cenario_fiscal]);
    return scenarios(tx, org, body.id_produto);
  },
  productFiscalScenarioDelete: async ({ tx, caller, body }) => {
    const org = caller.id_organization;
    const { rows } = await tx.query<{ id_produto: number }>(
      `UPDATE produto_cenario_fiscal SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_produto_cenario_fiscal = $2 AND data_exclusao IS NULL RETURNING id_produto`,
      [org, body.id_produto_cenario_fiscal]);
    const row = rows[0];
    if (!row) throw notFound();
    return scenarios(tx, org, row.id_produto);
  },
  /** Active fiscal scenarios of the organization, by description (20 at most). */
  productFiscalScenarioOptions: async ({ tx, caller, body }) => {
    const { rows } = await tx.query<{ id_cenario_fiscal: number; descricao: string; operacao: number }>(
      `SELECT id_cenario_fiscal, descricao, operacao FROM cenario_fiscal
        WHERE id_organization = $1 AND situacao = 'Ativo' AND data_exclusao IS NULL AND lower(descricao) LIKE $2
        ORDER BY descricao, id_cenario_fiscal LIMIT 20`, [caller.id_organization, like(body.search)]);
    return { rows };
  },
} satisfies Partial<Handlers>;
