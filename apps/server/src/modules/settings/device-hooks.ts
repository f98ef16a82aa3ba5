/**
 * The device register's peripherals (002 §3 Devices and peripherals), given as the `perifericos` member: the list given
 * is the device's whole list (a peripheral with its id is updated, one without is added, one left out is tombstoned;
 * an id of another device is refused). Deleting a device tombstones its peripherals; a device a fiscal series
 * numbers for is not deleted (the generic refusal names the series).
 */
import type { Peripheral } from '@pdv/contract/registers/device';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import type { HookContext, RegisterHooks } from '../registers/hooks.ts';
import { refuse } from './register-rules.ts';

const COLUMNS = ['descricao', 'tipo', 'modelo', 'sat_versao_layout', 'nome_impressora', 'porta_serial', 'bits_dados', 'bits_parada',
  'bits_por_segundo', 'paridade', 'identificador'] as const;

async function peripheralsOf(h: HookContext, id: number) {
  const { rows } = await h.ctx.tx.query(
    `SELECT id_periferico, ${COLUMNS.join(', ')} FROM periferico
      WHERE id_organization = $1 AND id_dispositivo = $2 AND data_exclusao IS NULL ORDER BY id_periferico`,
    [h.scope.id_organization, id],
  );
  return rows;
}

const valuesOf = (p: Peripheral) => COLUMNS.map((c) => {
  const v = p[c];
  return v === undefined || v === '' ? null : v;
});

export const deviceHooks: RegisterHooks = {
  beforeWrite: async (h, _values, extra, id) => {
    const list = extra['perifericos'] as Peripheral[] | undefined;
    const ids = (list ?? []).map((p) => p.id_periferico).filter((v): v is number => v !== undefined);
    if (ids.length === 0) return;
    const own = id === null ? [] : (await peripheralsOf(h, id)).map((r) => Number(r['id_periferico']));
    const foreign = ids.filter((p) => !own.includes(p));
    if (foreign.length > 0) refuse([{ field: 'perifericos', message: REGISTER_MESSAGES.invalid(`Periférico ${foreign.join(', ')}`) }]);
  },
  afterWrite: async (h, row, extra) => {
    const list = extra['perifericos'] as Peripheral[] | undefined;
    if (list === undefined) return;
    const { tx } = h.ctx;
    const org = h.scope.id_organization;
    const id = Number(row['id_dispositivo']);
    const kept = list.map((p) => p.id_periferico).filter((v): v is number => v !== undefined);
    await tx.query(
      `UPDATE periferico SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_dispositivo = $2 AND data_exclusao IS NULL AND NOT (id_periferico = ANY($3::int[]))`,
      [org, id, kept],
    );
    for (const p of list) {
      if (p.id_periferico !== undefined) {
        await tx.query(
          `UPDATE periferico SET ${COLUMNS.map((c, i) => `${c} = $${i + 4}`).join(', ')}, data_alteracao = now()
            WHERE id_organization = $1 AND id_dispositivo = $2 AND id_periferico = $3`,
          [org, id, p.id_periferico, ...valuesOf(p)],
        );
      } else {
        await tx.query(
          `INSERT INTO periferico (id_organization, id_dispositivo, ${COLUMNS.join(', ')})
           VALUES ($1, $2, ${COLUMNS.map((_, i) => `$${i + 3}`).join(', ')})`,
          [org, id, ...valuesOf(p)],
        );
      }
    }
  },
  detail: async (h, row) => ({ ...row, perifericos: await peripheralsOf(h, Number(row['id_dispositivo'])) }),
  beforeDelete: async (h, row) => {
    await h.ctx.tx.query(
      `UPDATE periferico SET data_exclusao = now(), data_alteracao = now()
        WHERE id_organization = $1 AND id_dispositivo = $2 AND data_exclusao IS NULL`,
      [h.scope.id_organization, row['id_dispositivo']],
    );
  },
};
