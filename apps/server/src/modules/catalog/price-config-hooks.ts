/**
 * Hooks of the price configuration register (descriptor packages/contract/src/registers/price-configuration.ts): its
 * markup rules (configuracao_preco_regra), replaced as a whole when `regras` is sent, in the order given, and answered
 * with the row. The body's rules were checked by the descriptor's schema (the domain's markupRuleIssues); the table's
 * CHECKs say the same. A deleted configuration's rules go with it (a readjust that used it keeps its id as history).
 */
import type { MarkupRuleBody } from '@pdv/contract/registers/price-configuration';
import type { RegisterHooks } from '../registers/hooks.ts';

export const priceConfigurationHooks: RegisterHooks = {
  async afterWrite(h, row, extra) {
    const regras = extra['regras'] as MarkupRuleBody[] | undefined;
    if (!regras) return;
    const params = [h.scope.id_organization, row['id_configuracao_preco']];
    await h.ctx.tx.query('DELETE FROM configuracao_preco_regra WHERE id_organization = $1 AND id_configuracao_preco = $2', params);
    await h.ctx.tx.query(
      `INSERT INTO configuracao_preco_regra (id_organization, id_configuracao_preco, ordem, descricao, tipo, valor, preco_base, preco_alvo)
       SELECT $1, $2, r.ordem, r.descricao, r.tipo, r.valor, r.preco_base, r.preco_alvo
         FROM jsonb_to_recordset($3::jsonb) AS r(ordem integer, descricao text, tipo text, valor numeric, preco_base text, preco_alvo text)`,
      [...params, JSON.stringify(regras.map((r, i) => ({ ...r, ordem: i + 1 })))],
    );
  },
  async detail(h, row) {
    const { rows } = await h.ctx.tx.query(
      `SELECT descricao, tipo, valor::float8 AS valor, preco_base, preco_alvo FROM configuracao_preco_regra
        WHERE id_organization = $1 AND id_configuracao_preco = $2 ORDER BY ordem`,
      [h.scope.id_organization, row['id_configuracao_preco']],
    );
    return { ...row, regras: rows };
  },
  async beforeDelete(h, row) {
    await h.ctx.tx.query('DELETE FROM configuracao_preco_regra WHERE id_organization = $1 AND id_configuracao_preco = $2',
      [h.scope.id_organization, row['id_configuracao_preco']]);
  },
};
