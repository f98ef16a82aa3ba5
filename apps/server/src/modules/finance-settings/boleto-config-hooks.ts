/**
 * The boleto configuration's rules on the row as it will be stored (an update may send only some fields): fine and
 * interest with 3 decimals for a percentage, 2 for a value (packages/domain/src/boleto.ts, the same rules the form runs).
 */
import { boletoConfig } from '@pdv/contract/registers/boleto-config';
import { boletoConfigIssues } from '@pdv/domain/boleto';
import type { RegisterHooks } from '../registers/hooks.ts';
import { merged, refuse } from '../settings/register-rules.ts';

export const boletoConfigHooks: RegisterHooks = {
  beforeWrite: async (h, values, _extra, id) => {
    refuse(boletoConfigIssues(await merged(h, boletoConfig, values, id)));
  },
};
