import type { Handlers } from '../../http/handlers.ts';
import { processOperation } from './service.ts';

export const operationHandlers = {
  operacao: ({ tx, caller, body }) => processOperation(tx, caller, body),
} satisfies Partial<Handlers>;
