/**
 * The label models register's rules on the row as it will be stored (an update may send only some fields): a thermal
 * model has its source code, a sheet model its Pimaco sheet, whose columns and description size it keeps
 * (packages/domain/src/label-settings.ts, the same rules the form runs).
 */
import { label } from '@pdv/contract/registers/label';
import { labelIssues } from '@pdv/domain/label-settings';
import type { RegisterHooks } from '../registers/hooks.ts';
import { merged, refuse } from './register-rules.ts';

export const labelHooks: RegisterHooks = {
  beforeWrite: async (h, values, _extra, id) => {
    refuse(labelIssues(await merged(h, label, values, id)));
  },
};
