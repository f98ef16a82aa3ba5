import type { Handlers } from '../../http/handlers.ts';
import { maskCardData } from './card-data.ts';
import { returnHandlers } from './return-routes.ts';
import { processOperation } from './service.ts';
import { voucherPrintHandlers } from './voucher-print.ts';

export const operationHandlers = {
  operacao: ({ tx, caller, body }) => processOperation(tx, caller, maskCardData(body)),
  ...returnHandlers,
  ...voucherPrintHandlers,
} satisfies Partial<Handlers>;
