import type { Handlers } from '../../http/handlers.ts';
import { maskCardData } from './card-data.ts';
import { processOperation } from './service.ts';

export const operationHandlers = {
  operacao: ({ tx, caller, body }) => processOperation(tx, caller, maskCardData(body)),
} satisfies Partial<Handlers>;
