/**
 * Invoice situations (001 §4 "Invoice"): their pt-BR names, badge colours, and which fiscal actions each one allows.
 * Editing, transmitting and deleting follow the domain's rules (invoice-rules.ts), the ones the server applies, so the
 * screen offers only what the server accepts.
 */
import { INVOICE_SITUACOES } from '@pdv/contract/invoice';
import {
  invoiceDeleteError,
  invoiceEditError,
  isDraftSituacao,
  isTransmittableSituacao,
  type InvoiceLockFacts,
} from '@pdv/domain/invoice-rules';
import { SAT_MODEL } from '@pdv/domain/sat';

/** The permission label of the invoice screens (read: list and print; manage: everything else). */
export const INVOICE_PERMISSION = 'FncListarNotaFiscal';

export type InvoiceSituacao = (typeof INVOICE_SITUACOES)[number];

export const SITUACAO_LABEL: Readonly<Record<InvoiceSituacao, string>> = {
  EmEdicao: 'Em edição',
  EmProcessamento: 'Em processamento',
  Autorizada: 'Autorizada',
  Rejeitada: 'Rejeitada',
  Cancelada: 'Cancelada',
  Denegada: 'Denegada',
  Inutilizada: 'Inutilizada',
  Contingencia: 'Contingência',
};

/** Mantine colours: draft grey, authorized green, rejected red, cancelled dark, contingency orange. */
export const SITUACAO_COLOR: Readonly<Record<InvoiceSituacao, string>> = {
  EmEdicao: 'gray',
  EmProcessamento: 'blue',
  Autorizada: 'green',
  Rejeitada: 'red',
  Cancelada: 'dark',
  Denegada: 'pink',
  Inutilizada: 'indigo',
  Contingencia: 'orange',
};

export function isSituacao(value: string): value is InvoiceSituacao {
  return (INVOICE_SITUACOES as readonly string[]).includes(value);
}

export function situacaoLabel(value: string): string {
  return isSituacao(value) ? SITUACAO_LABEL[value] : value;
}

export function situacaoColor(value: string): string {
  return isSituacao(value) ? SITUACAO_COLOR[value] : 'gray';
}

export const MODELO_LABEL: Readonly<Record<string, string>> = { '55': 'NF-e', '65': 'NFC-e', [SAT_MODEL]: 'CF-e SAT' };

export function modeloLabel(modelo: string): string {
  return MODELO_LABEL[modelo] ?? modelo;
}

/** Whether the screen may change the invoice's content (the domain's rule, the one the server applies). */
export function isEditable(invoice: InvoiceLockFacts): boolean {
  return invoiceEditError(invoice) === null;
}

export type InvoiceAction = 'abrir' | 'transmitir' | 'imprimir' | 'consultar' | 'cancelar' | 'carta' | 'inutilizar' | 'excluir';

export const ACTION_LABEL: Readonly<Record<InvoiceAction, string>> = {
  abrir: 'Abrir',
  transmitir: 'Transmitir',
  imprimir: 'Imprimir',
  consultar: 'Consultar na SEFAZ',
  cancelar: 'Cancelar',
  carta: 'Carta de correção',
  inutilizar: 'Inutilizar número',
  excluir: 'Excluir',
};

/** The keys of the actions, the same on the list (for the highlighted row) and on the invoice screen. */
export const ACTION_SHORTCUT: Readonly<Record<InvoiceAction, string>> = {
  abrir: 'Enter',
  transmitir: 'Alt+T',
  imprimir: 'Alt+I',
  consultar: 'Alt+O',
  cancelar: 'Alt+X',
  carta: 'Alt+R',
  inutilizar: 'Alt+U',
  excluir: 'Alt+Del',
};

export interface ActionTarget extends InvoiceLockFacts {
  modelo: string;
  numero_nota_fiscal: number | null;
}

/**
 * The actions offered for an invoice, in menu order (transmit, disable and delete by the domain's rules). A CF-e SAT
 * (model 59) has no SEFAZ consultation, number disablement nor correction letter: the SAT authorizes and cancels it
 * (transmit and cancel go to the SAT), and the server refuses those routes for it (SAT_MESSAGES.notForSat).
 */
export function actionsFor(target: ActionTarget): InvoiceAction[] {
  const { situacao, modelo, numero_nota_fiscal } = target;
  const sefaz = modelo !== SAT_MODEL;
  const actions: InvoiceAction[] = ['abrir'];
  if (isTransmittableSituacao(situacao)) actions.push('transmitir');
  if (situacao !== 'Inutilizada') actions.push('imprimir');
  if (situacao !== 'EmEdicao' && sefaz) actions.push('consultar');
  if (situacao === 'Autorizada') actions.push('cancelar');
  if (situacao === 'Autorizada' && modelo === '55') actions.push('carta');
  if (isDraftSituacao(situacao) && numero_nota_fiscal !== null && sefaz) actions.push('inutilizar');
  if (invoiceDeleteError(target) === null) actions.push('excluir');
  return actions;
}

/** The actions of a list row that have a key (abrir is Enter, hinted apart), in the footer's order. */
export const ROW_ACTIONS: readonly InvoiceAction[] = ['transmitir', 'imprimir', 'consultar', 'cancelar', 'carta', 'inutilizar', 'excluir'];
/** The actions the contingency tab offers. */
const CONTINGENCY_ACTIONS: ReadonlySet<InvoiceAction> = new Set(['transmitir', 'imprimir', 'consultar']);

/**
 * The keys the list's footer shows: the user's actions (allow), on the contingency tab only its own, and of those only
 * what the highlighted invoice offers (a CF-e SAT shows no Alt+O nor Alt+U): every key hinted acts.
 */
export function hintedActions(current: ActionTarget | null, contingency: boolean, allow: (action: InvoiceAction) => boolean): InvoiceAction[] {
  const offered = current ? actionsFor(current) : null;
  return ROW_ACTIONS.filter(
    (action) => allow(action) && (!contingency || CONTINGENCY_ACTIONS.has(action)) && (offered === null || offered.includes(action)),
  );
}

/** The situations offered in the list's filter (the contract's, in the order a shop reads them). */
export const INVOICE_SITUACOES_SHOWN: readonly InvoiceSituacao[] = [
  'EmEdicao',
  'Autorizada',
  'Rejeitada',
  'Cancelada',
  'Contingencia',
  'EmProcessamento',
  'Denegada',
  'Inutilizada',
];
