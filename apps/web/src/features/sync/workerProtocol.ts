/**
 * The messages between the page and the sync worker (syncWorker.ts): the page asks for a table run, the worker
 * answers its start, each written page and its end. Errors cross as plain data and come back as the same kinds the
 * engine tells apart (ApiError with its kind and status, a full storage, a moved position).
 */
import type { ErrorBody } from '@pdv/contract/common';
import { ApiError, type ApiErrorKind } from '../../api/errors.ts';
import { isQuotaError } from '../../db/storage.ts';
import { PositionMovedError, type PullResult } from './pullTable.ts';
import type { SyncTable } from './tables.ts';

export type ToWorker =
  | { type: 'pull'; id: number; table: SyncTable; owner: string; token: string | null }
  | { type: 'abort'; id: number };

export type FromWorker =
  | { type: 'begin'; id: number; firstLoad: boolean }
  | { type: 'page'; id: number; received: number }
  | { type: 'done'; id: number; result: PullResult }
  | { type: 'failed'; id: number; error: WireError };

export interface WireError {
  name: string;
  message: string;
  /** Set for an ApiError. */
  api?: { kind: ApiErrorKind; status: number; body: ErrorBody | null; route: string };
  /** The storage quota is used up (isQuotaError on the worker's side). */
  quota: boolean;
}

export const QUOTA_ERROR_NAME = 'QuotaExceededError';

export function toWire(error: unknown): WireError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : 'Error';
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  const wire: WireError = { name, message, quota: isQuotaError(error) };
  if (error instanceof ApiError) {
    wire.api = { kind: error.kind, status: error.status, body: error.body, route: error.route };
  }
  return wire;
}

export function fromWire(wire: WireError): Error {
  if (wire.api) return new ApiError(wire.api.kind, wire.api.status, wire.api.body, wire.message, wire.api.route);
  if (wire.name === 'PositionMovedError') return new PositionMovedError(wire.message);
  const error = new Error(wire.message);
  // isQuotaError recognises the name, as it does for Dexie's own QuotaExceededError.
  error.name = wire.quota ? QUOTA_ERROR_NAME : wire.name;
  return error;
}
