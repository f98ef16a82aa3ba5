/**
 * The boleto configuration's rules on the row as it will be stored (an update may send only some fields): fine and
 * interest with 3 decimals for a percentage, 2 for a value (packages/domain/src/boleto.ts, the same rules the form runs);
 * a hybrid configuration needs an account with a PIX key.
 */
import { boletoConfig } from '@pdv/contract/registers/boleto-config';
import { BOLETO_MESSAGES, boletoConfigIssues } from '@pdv/domain/boleto';
import type { RegisterHooks } from '../registers/hooks.ts';
import { merged, refuse } from '../settings/register-rules.ts';

export const boletoConfigHooks: RegisterHooks = {
  beforeWrite: async (h, values, _extra, id) => {
    const row = await merged(h, boletoConfig, values, id);
    refuse(boletoConfigIssues(row));
    // A hybrid boleto's QR carries the account's PIX key: an account without one cannot issue them.
    if (row['is_hibrido'] === true && row['id_conta'] != null) {
      const { rows } = await h.ctx.tx.query<{ chave: string | null }>(
        'SELECT chave_pix AS chave FROM conta_bancaria WHERE id_organization = $1 AND id_conta = $2', [h.scope.id_organization, row['id_conta']]);
      if (rows[0] && !rows[0].chave?.trim()) refuse([{ field: 'is_hibrido', message: BOLETO_MESSAGES.hybridNoPixKey }]);
    }
  },
};
