/**
 * The invoice screen's decisions as pure steps: what is saved (the form with the defaults it leaves open), whether it
 * changed, which tab comes next, which fiscal buttons show, and how each looks. The hook (useInvoiceEditor.ts) holds
 * the state and runs the actions; InvoiceEditor.tsx draws.
 */
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { bodyOf, type InvoiceForm } from '../form.ts';
import { ACTION_LABEL, actionsFor, isEditable, type InvoiceAction } from '../situacao.ts';
import type { CustomerChoice } from './HeaderFields.tsx';

export const TABS = ['itens', 'pagamentos', 'referenciadas', 'volumes', 'info', 'eventos'] as const;
export type TabName = (typeof TABS)[number];

export const FISCAL_BUTTONS: readonly InvoiceAction[] = ['transmitir', 'imprimir', 'consultar', 'cancelar', 'carta', 'inutilizar', 'excluir'];

export function isTabName(value: string | null): value is TabName {
  return (TABS as readonly string[]).includes(value ?? '');
}

/**
 * What is saved: the form, its series defaulting to the model's default one, and whether the customer has an address
 * as the local copy knows it (null: not known, the form's own answer stands).
 */
export function effectiveForm(form: InvoiceForm, defaults: { serie: number | null; customerHasAddress: boolean | null }): InvoiceForm {
  return {
    ...form,
    id_serie_fiscal: form.id_serie_fiscal ?? defaults.serie,
    cliente_tem_endereco: defaults.customerHasAddress ?? form.cliente_tem_endereco,
  };
}

/** The body last saved (or loaded), to tell whether the form changed since. */
export function baselineOf(form: InvoiceForm): string {
  return JSON.stringify(bodyOf(form));
}

/** A new invoice is always unsaved; a saved one changed when its body differs from the baseline. */
export function isDirty(detail: InvoiceDetail | null, effective: InvoiceForm, baseline: string | null): boolean {
  return detail === null || baselineOf(effective) !== baseline;
}

/** The screen edits a new invoice, or a saved one the rules let change, for a user who may manage invoices. */
export function isScreenEditable(detail: InvoiceDetail | null, canManage: boolean): boolean {
  return canManage && (detail === null || isEditable(detail));
}

/** The fiscal actions offered: none before saving; only printing for a user who may not manage invoices. */
export function availableActions(detail: InvoiceDetail | null, canManage: boolean): InvoiceAction[] {
  return (detail ? actionsFor(detail) : []).filter((action) => canManage || action === 'imprimir');
}

/** Transmit shows while the invoice is editable (it saves first), print always, the others when offered. */
export function showsButton(action: InvoiceAction, editable: boolean, available: readonly InvoiceAction[]): boolean {
  if (action === 'transmitir') return editable || available.includes('transmitir');
  if (action === 'imprimir') return true;
  return available.includes(action);
}

export function buttonLabel(action: InvoiceAction): string {
  if (action === 'cancelar') return 'Cancelar nota';
  if (action === 'consultar') return 'Consultar';
  return ACTION_LABEL[action];
}

export function buttonColor(action: InvoiceAction): string | undefined {
  if (action === 'cancelar' || action === 'excluir' || action === 'inutilizar') return 'red';
  return action === 'transmitir' ? 'teal' : undefined;
}

/** Alt+PgUp/PgDn: the tab `step` away, going round; the events tab only when there are events. */
export function nextTab(current: TabName, step: number, hasEvents: boolean): TabName {
  const shown = TABS.filter((t) => t !== 'eventos' || hasEvents);
  const index = shown.indexOf(current);
  return shown[(index + step + shown.length) % shown.length] ?? current;
}

/** The customer fields of the form for a choice (or none). */
export function customerPatch(choice: CustomerChoice | null): Partial<InvoiceForm> {
  return choice
    ? {
        id_cliente: choice.id_cliente,
        cliente_nome: choice.cliente_nome,
        cliente_cpf_cnpj: choice.cliente_cpf_cnpj,
        cliente_tem_endereco: choice.cliente_tem_endereco,
      }
    : { id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: null, cliente_tem_endereco: null };
}

/** Leaving asks first when an editable invoice has unsaved changes (a new one only once it has lines). */
export function asksBeforeLeaving(editable: boolean, dirty: boolean, detail: InvoiceDetail | null, form: InvoiceForm): boolean {
  return editable && dirty && (detail !== null || form.itens.length > 0);
}
