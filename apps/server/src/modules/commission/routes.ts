/**
 * The commission report's route (issue 30): the caller's organization and active branch, guarded by the route table's
 * permission (read FncListarGrupoComissao). The commission groups themselves are a register (register-hooks.ts).
 */
import type { Handlers } from '../../http/handlers.ts';
import { commissionReport } from './report.ts';

export const commissionHandlers = {
  commissionReport: ({ tx, caller, body }) => commissionReport(tx, {
    org: caller.id_organization, id_filial: caller.id_filial, data_inicio: body.data_inicio, data_fim: body.data_fim, id_usuario: body.id_usuario ?? null,
  }),
} satisfies Partial<Handlers>;
