import type { z } from 'zod';
import type { RouteName, Routes } from '@pdv/contract/routes';
import type { Database, Tx } from '../db/database.ts';
import type { Caller } from '../modules/auth/caller.ts';
import type { TokenService } from '../modules/auth/token.ts';
import type { Throttle } from '../modules/auth/throttle.ts';
import type { FiscalDeps } from '../modules/fiscal/deps.ts';
import type { MailDeps } from '../modules/branch/smtp.ts';
import type { BankDeps } from '../modules/bank/deps.ts';
import type { Lifecycle } from './lifecycle.ts';

/** What handlers may use besides their transaction. */
export interface Deps {
  db: Database;
  tokens: TokenService;
  throttle: Throttle;
  fiscal: FiscalDeps;
  /** Sends e-mail through a branch's own SMTP account (branch-email test). */
  mail: MailDeps;
  /** How to reach the bank (modules/bank/deps.ts); offline unless the process configured one. */
  bank: BankDeps;
  /** The node's serving state (readiness, stopping). */
  lifecycle: Lifecycle;
}

export interface PublicContext<N extends RouteName> {
  body: z.output<Routes[N]['body']>;
  ip: string;
  deps: Deps;
}

export interface SessionContext<N extends RouteName> extends PublicContext<N> {
  /** The request's transaction, as the application role scoped to the caller's organization. */
  tx: Tx;
  caller: Caller;
  /**
   * Another transaction for the same organization. Only for the routes of OUTSIDE_TRANSACTION (calls to external
   * services such as SEFAZ must not hold a transaction open); elsewhere the request's `tx` is the one to use.
   */
  run: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}

/**
 * Routes whose handler talks to an external service: the request transaction checks the caller, its permission and
 * the body, and ends before the handler runs; the handler opens short transactions with `run` around the call.
 */
export const OUTSIDE_TRANSACTION: ReadonlySet<RouteName> = new Set<RouteName>([
  'nfeTransmitir', 'nfeConsultar', 'nfeCancelar', 'nfeCartaCorrecao', 'nfeInutilizar', 'nfeInutilizarFaixa',
  'nfeRequestList', 'nfeCancelarLista', 'invoiceReprocess', 'orderSendReleaseMail', 'giftCardPrint', 'orderGeneratePdf',
  // Their throttle counts each attempt in a transaction of its own, committed whatever the answer.
  'validateUserCredential', 'userChangePassword',
  // Talk to the branch's SMTP server.
  'branchEmailTest', 'demandSendEmails',
  // Renders a PDF (the Z report) after reading.
  'cashierReport',
  // A transfer between branches transmits its NF-e (stock/transfer.ts).
  'stockMovementProcess',
  // Call the bank (modules/bank).
  'bankAuthCompany', 'bankValidateAuthCompany', 'bankInvoice', 'bankInvoiceFindByCode', 'bankInvoiceCancel', 'bankInstantPayment',
  'bankListStatements', 'bankNewQrcodeDynamic',
  // Withdraws the charge confirmed by hand at the bank, after the confirmation's own transaction (bank/pix.ts).
  'bankPixConfirmManual',
  // Destined invoices: the national distribution and the Ambiente Nacional's event reception.
  'destinedInvoiceQuery', 'destinedInvoiceManifest', 'destinedInvoiceDownload',
]);

/**
 * What a user who must choose a new password (solicitar_nova_senha: a password set by a manager) may call: the rest
 * answers 403 until the password is changed, so a temporary password, or a session opened before the reset, does no
 * more than lead to the change.
 */
export const NEW_PASSWORD_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'session', 'isActive', 'userChangePassword',
]);

type Result<N extends RouteName> = Promise<z.input<Routes[N]['response']>>;

export type Handler<N extends RouteName> = Routes[N]['auth'] extends 'public'
  ? (ctx: PublicContext<N>) => Result<N>
  : (ctx: SessionContext<N>) => Result<N>;

export type Handlers = { [N in RouteName]: Handler<N> };
