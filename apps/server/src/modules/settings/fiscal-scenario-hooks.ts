/**
 * The fiscal scenario register's rules beyond its descriptor: the domain's rules across fields on the row as it will be
 * stored (an update may send only a CSOSN: the stored regime decides), one default per type and operation (the
 * scenario an operation takes when it names none), and its exceptions (by state and/or NCM) as a child list.
 */
import { fiscalScenario, type ScenarioException } from '@pdv/contract/registers/fiscal-scenario';
import { fiscalScenarioIssues } from '@pdv/domain/fiscal-settings';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { badRequest } from '../../http/errors.ts';
import type { HookContext, RegisterHooks, Row } from '../registers/hooks.ts';
import { merged, refuse } from './register-rules.ts';

const EXCEPTION_COLUMNS = ['uf', 'codigo_ncm', 'cfop', 'icms_cst', 'icms_csosn', 'icms_aliquota', 'icmsst_aliquota', 'icmsst_mva', 'fcp_percentual'] as const;

async function exceptionsOf(h: HookContext, id: number): Promise<Row[]> {
  const { rows } = await h.ctx.tx.query<Row>(
    `SELECT id_cenario_fiscal_excecao, uf, codigo_ncm, cfop, icms_cst, icms_csosn, icms_aliquota::float8 AS icms_aliquota,
            icmsst_aliquota::float8 AS icmsst_aliquota, icmsst_mva::float8 AS icmsst_mva, fcp_percentual::float8 AS fcp_percentual
       FROM cenario_fiscal_excecao WHERE id_organization = $1 AND id_cenario_fiscal = $2 AND data_exclusao IS NULL
      ORDER BY id_cenario_fiscal_excecao`,
    [h.scope.id_organization, id],
  );
  return rows;
}

/** An exception follows the scenario's regime and operation like the scenario itself (its CFOP: either destination). */
function exceptionIssues(row: Row, exceptions: readonly ScenarioException[]) {
  return exceptions.flatMap((e, i) => {
    const cfop = e.cfop ?? '';
    const asScenario = { regime_tributario: row['regime_tributario'], operacao: row['operacao'], icms_cst: e.icms_cst, icms_csosn: e.icms_csosn,
      ...(cfop === '' ? {} : '51'.includes(cfop.charAt(0)) ? { cfop_interno: cfop } : { cfop_externo: cfop }) };
    return fiscalScenarioIssues(asScenario).map((issue) => ({ field: 'excecoes', message: `Exceção ${i + 1}: ${issue.message}` }));
  });
}

async function writeExceptions(h: HookContext, id: number, exceptions: readonly ScenarioException[]): Promise<void> {
  const { tx } = h.ctx;
  const org = h.scope.id_organization;
  await tx.query(
    `UPDATE cenario_fiscal_excecao SET data_exclusao = now(), data_alteracao = now()
      WHERE id_organization = $1 AND id_cenario_fiscal = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  for (const e of exceptions) {
    const blank = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
    await tx.query(
      `INSERT INTO cenario_fiscal_excecao (id_organization, id_cenario_fiscal, ${EXCEPTION_COLUMNS.join(', ')})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [org, id, blank(e.uf), blank(e.codigo_ncm), blank(e.cfop), e.icms_cst ?? null, e.icms_csosn ?? null, e.icms_aliquota ?? 0,
        e.icmsst_aliquota ?? 0, e.icmsst_mva ?? 0, e.fcp_percentual ?? 0],
    );
  }
}

export const fiscalScenarioHooks: RegisterHooks = {
  beforeWrite: async (h, values, extra, id) => {
    const row = await merged(h, fiscalScenario, values, id);
    refuse(fiscalScenarioIssues(row));
    const exceptions = extra['excecoes'] as ScenarioException[] | undefined;
    // The stored exceptions are checked again when the regime or the operation changes.
    const checked = exceptions ?? (id === null ? [] : ((await exceptionsOf(h, id))));
    refuse(exceptionIssues(row, checked));
  },
  afterWrite: async (h, row, extra) => {
    const id = Number(row['id_cenario_fiscal']);
    if (row['is_padrao'] === true) {
      await h.ctx.tx.query(
        `UPDATE cenario_fiscal SET is_padrao = false, data_alteracao = now()
          WHERE id_organization = $1 AND tipo = $2 AND operacao = $3 AND id_cenario_fiscal <> $4 AND is_padrao AND data_exclusao IS NULL`,
        [h.scope.id_organization, row['tipo'], row['operacao'], id],
      );
    }
    const exceptions = extra['excecoes'] as ScenarioException[] | undefined;
    if (exceptions !== undefined) await writeExceptions(h, id, exceptions);
  },
  detail: async (h, row) => ({ ...row, excecoes: await exceptionsOf(h, Number(row['id_cenario_fiscal'])) }),
  beforeDelete: async (h, row) => {
    // Order and invoice lines name their scenario without a foreign key (items copy what they sold): a scenario a live
    // line uses stays, or the invoice would be issued by another one.
    const uses: string[] = [];
    for (const [table, noun] of [['pedido_item', 'pedidos'], ['nota_fiscal_item', 'notas fiscais']] as const) {
      const { rows } = await h.ctx.tx.query(
        `SELECT 1 FROM ${table} WHERE id_organization = $1 AND id_cenario_fiscal = $2 AND data_exclusao IS NULL LIMIT 1`,
        [h.scope.id_organization, row['id_cenario_fiscal']],
      );
      if (rows.length > 0) uses.push(noun);
    }
    if (uses.length > 0) throw badRequest(REGISTER_MESSAGES.inUse(uses.join(', ')));
    await h.ctx.tx.query(
      `UPDATE cenario_fiscal_excecao SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_cenario_fiscal = $2 AND data_exclusao IS NULL`,
      [h.scope.id_organization, row['id_cenario_fiscal']],
    );
  },
};
