/**
 * Hooks of the payment method, bank account and card operator registers (docs/registers.md, "Extensions"): what
 * their descriptors cannot say (rules across fields and rows, the rows they point at, their children).
 */
import { BANK_ACCOUNT_MESSAGES, bankAccountErrors } from '@pdv/domain/bank-account';
import { FINANCE_SETTINGS_MESSAGES as M } from '@pdv/domain/finance-settings';
import { sameText } from '@pdv/domain/same-text';
import { badRequest } from '../../http/errors.ts';
import type { RegisterHooks, Row } from '../registers/hooks.ts';
import { checkBranches, checkRefs, merged } from './refs.ts';

const ACCOUNT = { column: 'id_conta', table: 'conta_bancaria', id: 'id_conta', message: M.accountNotFound };

export const paymentMethodHooks: RegisterHooks = {
  async beforeWrite({ ctx, scope }, values, extra, id) {
    const org = scope.id_organization;
    await checkRefs(ctx.tx, org, values, [
      ACCOUNT,
      { column: 'id_operadora_cartao', table: 'operadora_cartao', id: 'id_operadora_cartao', message: M.cardOperatorNotFound },
      { column: 'id_parcelamento', table: 'parcelamento', id: 'id_parcelamento', message: M.installmentPlanNotFound },
    ]);
    const filiais = extra['filiais'] as number[] | undefined;
    if (filiais) await checkBranches(ctx.tx, org, filiais, M.branchNotFound, 'filiais');
    const all = await merged(ctx.tx, 'meio_pagamento', 'id_meio_pagamento', org, id, values);
    const refuse = (field: string, message: string) => badRequest(message, undefined, [`${field}: ${message}`]);
    // The shortcut is the organization's one key for this method: the refusal names the method that has it.
    const tecla = typeof values['tecla_atalho'] === 'string' ? values['tecla_atalho'] : null;
    if (tecla) {
      // Compared here, not with SQL lower(): a server whose collation is C does not lower 'Ú' (same-text.ts).
      const { rows } = await ctx.tx.query<{ descricao: string; tecla_atalho: string }>(
        `SELECT descricao, tecla_atalho FROM meio_pagamento WHERE id_organization = $1 AND data_exclusao IS NULL
            AND tecla_atalho IS NOT NULL AND id_meio_pagamento <> $2 ORDER BY id_meio_pagamento`,
        [org, id ?? 0],
      );
      const holder = rows.find((r) => sameText(r.tecla_atalho, tecla));
      if (holder) throw refuse('tecla_atalho', M.shortcutInUse(tecla, holder.descricao));
    }
    // Forcing installments is using them.
    const out: Row = all['obrigar_parcelamento'] === true && all['utilizar_parcela'] !== true ? { ...values, utilizar_parcela: true } : values;
    if (values['utilizar_parcela'] === false && all['obrigar_parcelamento'] === true && values['obrigar_parcelamento'] === undefined) {
      throw refuse('utilizar_parcela', M.forcedInstallmentsUnused);
    }
    // No kind of adjustment: none (its value and type are cleared); a kind needs its type (percent or value).
    if (!all['tipo_ajuste']) {
      const touched = ['tipo_ajuste', 'tipo_valor_ajuste', 'valor_ajuste'].some((k) => values[k] !== undefined);
      return touched || id === null ? { ...out, tipo_valor_ajuste: null, valor_ajuste: 0 } : out;
    }
    if (!all['tipo_valor_ajuste']) throw refuse('tipo_valor_ajuste', M.adjustmentTypeRequired);
    if (Number(all['valor_ajuste'] ?? 0) > 100 && all['tipo_valor_ajuste'] === 'Percentual') throw refuse('valor_ajuste', M.adjustmentPercentTooHigh);
    return out;
  },
  async afterWrite({ ctx, scope }, row, extra) {
    const filiais = extra['filiais'] as number[] | undefined;
    if (!filiais) return;
    const org = scope.id_organization;
    const id = row['id_meio_pagamento'];
    // Only the links that change are written: each one touches the method (sync_touch_related), one change event.
    await ctx.tx.query(
      'DELETE FROM meio_pagamento_filial WHERE id_organization = $1 AND id_meio_pagamento = $2 AND NOT (id_filial = ANY($3::integer[]))',
      [org, id, filiais],
    );
    await ctx.tx.query(
      `INSERT INTO meio_pagamento_filial (id_organization, id_meio_pagamento, id_filial)
       SELECT $1, $2, f FROM unnest($3::integer[]) AS f ON CONFLICT (id_organization, id_meio_pagamento, id_filial) DO NOTHING`,
      [org, id, [...new Set(filiais)]],
    );
  },
  async detail({ ctx, scope }, row) {
    const { rows } = await ctx.tx.query<{ id_filial: number }>(
      'SELECT id_filial FROM meio_pagamento_filial WHERE id_organization = $1 AND id_meio_pagamento = $2 ORDER BY id_filial',
      [scope.id_organization, row['id_meio_pagamento']],
    );
    return { ...row, filiais: rows.map((r) => r.id_filial) };
  },
  async beforeDelete({ ctx, scope }, row) {
    // Its branch links go with it (the tombstone is what the point of sale receives).
    await ctx.tx.query('DELETE FROM meio_pagamento_filial WHERE id_organization = $1 AND id_meio_pagamento = $2', [
      scope.id_organization,
      row['id_meio_pagamento'],
    ]);
  },
};

export const bankAccountHooks: RegisterHooks = {
  async beforeWrite({ ctx, scope }, values, extra, id) {
    const org = scope.id_organization;
    const banco = extra['id_banco'];
    if (banco !== undefined && banco !== null) {
      const { rows } = await ctx.tx.query('SELECT 1 FROM banco WHERE id_banco = $1', [banco]);
      if (rows.length === 0) throw badRequest(BANK_ACCOUNT_MESSAGES.bankNotFound, undefined, [`id_banco: ${BANK_ACCOUNT_MESSAGES.bankNotFound}`]);
    }
    const all = await merged(ctx.tx, 'conta_bancaria', 'id_conta', org, id, values);
    const bank = banco !== undefined ? banco : all['id_banco'];
    const text = (k: string) => {
      const v = all[k];
      return typeof v === 'string' && v !== '' ? v : null;
    };
    const errors = bankAccountErrors({
      id_banco: typeof bank === 'number' ? bank : null,
      agencia: text('agencia'),
      digito_agencia: text('digito_agencia'),
      numero: text('numero'),
      digito_conta: text('digito_conta'),
    });
    const lines = Object.entries(errors).map(([k, v]) => `${k}: ${v}`);
    if (lines.length > 0) throw badRequest(Object.values(errors)[0]!, undefined, lines);
    // Check digits are stored in capitals ('x' is Banco do Brasil's 'X').
    const out: Row = { ...values };
    for (const k of ['digito_agencia', 'digito_conta']) {
      const v = out[k];
      if (typeof v === 'string') out[k] = v.toUpperCase();
    }
    return out;
  },
  async afterWrite({ ctx, scope }, row, extra) {
    if (extra['id_banco'] === undefined) return;
    await ctx.tx.query('UPDATE conta_bancaria SET id_banco = $3 WHERE id_organization = $1 AND id_conta = $2', [
      scope.id_organization,
      row['id_conta'],
      extra['id_banco'],
    ]);
  },
  async detail({ ctx, scope }, row) {
    const { rows } = await ctx.tx.query<{ id_banco: number | null }>('SELECT id_banco FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2', [
      scope.id_organization,
      row['id_conta'],
    ]);
    return { ...row, id_banco: rows[0]?.id_banco ?? null };
  },
};

interface Rate {
  parcela: number;
  taxa: number;
}

export const cardOperatorHooks: RegisterHooks = {
  async beforeWrite({ ctx, scope }, values, extra) {
    await checkRefs(ctx.tx, scope.id_organization, { ...values, id_pessoa: extra['id_pessoa'] }, [
      ACCOUNT,
      { column: 'id_pessoa', table: 'pessoa', id: 'id_pessoa', message: M.personNotFound },
    ]);
    const rates = extra['taxas_parcela'] as Rate[] | undefined;
    const seen = new Set<number>();
    for (const r of rates ?? []) {
      if (seen.has(r.parcela)) throw badRequest(M.rateInstallmentRepeated(r.parcela), undefined, [`taxas_parcela: ${M.rateInstallmentRepeated(r.parcela)}`]);
      seen.add(r.parcela);
    }
  },
  async afterWrite({ ctx, scope }, row, extra) {
    if (extra['id_pessoa'] !== undefined) {
      await ctx.tx.query('UPDATE operadora_cartao SET id_pessoa = $3 WHERE id_organization = $1 AND id_operadora_cartao = $2', [
        scope.id_organization,
        row['id_operadora_cartao'],
        extra['id_pessoa'],
      ]);
    }
    const rates = extra['taxas_parcela'] as Rate[] | undefined;
    if (!rates) return;
    const sorted = [...rates].sort((a, b) => a.parcela - b.parcela);
    await ctx.tx.query('UPDATE operadora_cartao SET taxas_parcela = $3::jsonb WHERE id_organization = $1 AND id_operadora_cartao = $2', [
      scope.id_organization,
      row['id_operadora_cartao'],
      JSON.stringify(sorted),
    ]);
  },
  async detail({ ctx, scope }, row) {
    const { rows } = await ctx.tx.query<{ taxas_parcela: Array<{ parcela: number; taxa: number | string }>; id_pessoa: number | null }>(
      'SELECT taxas_parcela, id_pessoa FROM operadora_cartao WHERE id_organization = $1 AND id_operadora_cartao = $2',
      [scope.id_organization, row['id_operadora_cartao']],
    );
    const rates = (rows[0]?.taxas_parcela ?? []).map((r) => ({ parcela: Number(r.parcela), taxa: Number(r.taxa) }));
    return { ...row, taxas_parcela: rates, id_pessoa: rows[0]?.id_pessoa ?? null };
  },
};
