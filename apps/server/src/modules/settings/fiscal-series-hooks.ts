/**
 * The fiscal series register's rules beyond its descriptor: one series per model and number in a branch, one default
 * per model, a series that issued invoices never goes back in numbering (nor is deleted), and a device numbers one
 * series per model. The series row is locked first, so an invoice numbered meanwhile (fiscal/queries.ts
 * nextInvoiceNumber takes the same lock) is either seen here or numbered after this write.
 */
import { fiscalSerie } from '@pdv/contract/registers/fiscal-serie';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { FISCAL_SETTINGS_MESSAGES as M, fiscalSeriesIssues } from '@pdv/domain/fiscal-settings';
import { badRequest } from '../../http/errors.ts';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';
import { merged, refuse } from './register-rules.ts';

/** The highest number the series issued: its invoices' numbers and the ranges disabled (inutilizadas) with its code. */
async function highestIssued(h: HookContext, id: number): Promise<number> {
  const { rows } = await h.ctx.tx.query<{ n: number | null }>(
    `SELECT greatest(
       (SELECT max(numero_nota_fiscal) FROM nota_fiscal WHERE id_organization = s.id_organization AND id_serie_fiscal = s.id_serie_fiscal),
       (SELECT max(numero_final) FROM inutilizacao i WHERE i.id_organization = s.id_organization AND i.id_filial = s.id_filial
           AND i.modelo = s.codigo_modelo AND i.serie = s.codigo_serie)) AS n
       FROM serie_fiscal s WHERE s.id_organization = $1 AND s.id_serie_fiscal = $2`,
    [h.scope.id_organization, id],
  );
  return Number(rows[0]?.n ?? 0);
}

async function lock(h: HookContext, id: number): Promise<void> {
  await h.ctx.tx.query('SELECT 1 FROM serie_fiscal WHERE id_organization = $1 AND id_serie_fiscal = $2 FOR UPDATE', [h.scope.id_organization, id]);
}

async function checkNumbering(h: HookContext, values: Row, row: Row, id: number | null): Promise<void> {
  if (id === null || values['ultima_numeracao'] === undefined) return;
  const issued = await highestIssued(h, id);
  if (Number(row['ultima_numeracao']) < issued) refuse([{ field: 'ultima_numeracao', message: M.seriesRenumbered(issued) }]);
}

async function checkUnique(h: HookContext, row: Row, id: number | null): Promise<void> {
  const { tx } = h.ctx;
  const { id_organization, id_filial } = h.scope;
  const same = await tx.query(
    `SELECT 1 FROM serie_fiscal WHERE id_organization = $1 AND id_filial = $2 AND codigo_modelo = $3 AND codigo_serie = $4
        AND id_serie_fiscal <> $5 AND data_exclusao IS NULL LIMIT 1`,
    [id_organization, id_filial, row['codigo_modelo'], row['codigo_serie'], id ?? 0],
  );
  if (same.rows.length > 0) {
    refuse([{ field: 'codigo_serie', message: M.seriesDuplicate(String(row['codigo_modelo']), Number(row['codigo_serie'])) }]);
  }
  const device = row['id_dispositivo'];
  if (device === null || device === undefined) return;
  const found = await tx.query(
    'SELECT 1 FROM dispositivo WHERE id_organization = $1 AND id_filial = $2 AND id_dispositivo = $3 AND data_exclusao IS NULL',
    [id_organization, id_filial, device],
  );
  if (found.rows.length === 0) refuse([{ field: 'id_dispositivo', message: M.deviceNotFound }]);
  const taken = await tx.query<{ codigo_serie: number }>(
    `SELECT codigo_serie FROM serie_fiscal WHERE id_organization = $1 AND id_dispositivo = $2 AND codigo_modelo = $3
        AND id_serie_fiscal <> $4 AND data_exclusao IS NULL LIMIT 1`,
    [id_organization, device, row['codigo_modelo'], id ?? 0],
  );
  const other = taken.rows[0];
  if (other) refuse([{ field: 'id_dispositivo', message: M.deviceSeriesTaken(String(row['codigo_modelo']), other.codigo_serie) }]);
}

export const fiscalSeriesHooks: RegisterHooks = {
  beforeWrite: async (h, values, _extra, id) => {
    if (id !== null) await lock(h, id);
    const row = await merged(h, fiscalSerie, values, id);
    refuse(fiscalSeriesIssues(row));
    await checkNumbering(h, values, row, id);
    await checkUnique(h, row, id);
  },
  afterWrite: async (h, row) => {
    if (row['serie_padrao'] !== true) return;
    // One default per model in the branch.
    await h.ctx.tx.query(
      `UPDATE serie_fiscal SET serie_padrao = false, data_alteracao = now()
        WHERE id_organization = $1 AND id_filial = $2 AND codigo_modelo = $3 AND id_serie_fiscal <> $4 AND serie_padrao
          AND data_exclusao IS NULL`,
      [h.scope.id_organization, h.scope.id_filial, row['codigo_modelo'], row['id_serie_fiscal']],
    );
  },
  beforeDelete: async (h, row) => {
    const id = Number(row['id_serie_fiscal']);
    await lock(h, id);
    if ((await highestIssued(h, id)) > 0) throw badRequest(REGISTER_MESSAGES.inUse('notas fiscais'));
  },
};
