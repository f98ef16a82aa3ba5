/**
 * The invoice screen's state and actions: the form, what the local copy knows (series, customer), the tab, and save,
 * transmit, print, the other fiscal actions and leaving, with their keys. The decisions are the pure steps of
 * editorSteps.ts and the domain's rules; this hook only holds state and calls the server.
 */
import { useBusyGuard } from '../../../ui/useBusyGuard.ts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { invoiceEditorPath } from '../editorPath.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { call } from '../../../api/client.ts';
import { localDb, type LocalRow } from '../../../db/database.ts';
import { useLiveQuery } from '../../../db/useLiveQuery.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';
import { showWarning } from '../../../ui/warning.tsx';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { offerInvoiceBoletos } from '../../finance/invoiceBoletos.ts';
import * as fiscal from '../fiscalActions.ts';
import { bodyOf, emptyForm, formFromDetail, totalsOf, validateForSave, validateForTransmit, type InvoiceForm } from '../form.ts';
import { INVOICE_KEYS } from '../list/useInvoiceList.ts';
import { defaultSeries, EMPTY_CONTEXT, hasAddress, loadInvoiceContext } from '../localData.ts';
import { useShortcuts, type Shortcut } from '../shortcuts.tsx';
import { ACTION_SHORTCUT, INVOICE_PERMISSION, type InvoiceAction } from '../situacao.ts';
import { TEXTS } from '../texts.ts';
import {
  asksBeforeLeaving,
  availableActions,
  baselineOf,
  customerPatch,
  effectiveForm,
  FISCAL_BUTTONS,
  isDirty,
  isScreenEditable,
  nextTab,
  type TabName,
} from './editorSteps.ts';
import type { CustomerChoice } from './HeaderFields.tsx';

const focusLater = (ref: RefObject<HTMLInputElement | null>) => setTimeout(() => ref.current?.focus(), 0);

export function useInvoiceEditor(detail: InvoiceDetail | null) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const { session, ability } = useSignedIn();
  const idFilial = session.usuario.id_filial_ativa;
  const canManage = ability.can('manage', INVOICE_PERMISSION);
  const contextQuery = useCallback(() => loadInvoiceContext(localDb(), idFilial), [idFilial]);
  const context = useLiveQuery(contextQuery, EMPTY_CONTEXT);

  const [form, setForm] = useState<InvoiceForm>(() => (detail ? formFromDetail(detail) : emptyForm()));
  // A new invoice starts with the branch's default model once the local copy is read (before anyone types).
  const modelApplied = useRef(detail !== null);
  useEffect(() => {
    if (modelApplied.current || !context.loaded) return;
    modelApplied.current = true;
    setForm((f) => (f.modelo === context.defaultModel ? f : { ...f, modelo: context.defaultModel, id_serie_fiscal: null }));
  }, [context.loaded, context.defaultModel]);
  const [baseline, setBaseline] = useState<string | null>(() => (detail ? baselineOf(formFromDetail(detail)) : null));
  const [tab, setTab] = useState<TabName>('itens');
  const { busy, guarded } = useBusyGuard();
  const productRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const methodRef = useRef<HTMLInputElement>(null);

  // The customer as the local copy knows it (address for the NF-e check and the header).
  const idCliente = form.id_cliente;
  const personQuery = useCallback(
    async (): Promise<LocalRow | null> => (idCliente === null ? null : ((await localDb().rows('people').get(idCliente)) ?? null)),
    [idCliente],
  );
  const personRow = useLiveQuery(personQuery, null);
  const person = personRow && Number(personRow['id_pessoa']) === idCliente ? personRow : null;

  const effective = effectiveForm(form, {
    serie: defaultSeries(context.series, form.modelo),
    customerHasAddress: person ? hasAddress(person) : null,
  });
  const totals = totalsOf(effective);
  const editable = isScreenEditable(detail, canManage);
  const dirty = isDirty(detail, effective, baseline);
  const available = availableActions(detail, canManage);

  const change = (patch: Partial<InvoiceForm>) => setForm((f) => ({ ...f, ...patch }));
  const pickCustomer = (choice: CustomerChoice | null) => change(customerPatch(choice));

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all, predicate: (q) => q.queryKey[1] !== 'detail' });
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });


  /** Saves the form (post for a new invoice, put for a saved one); resolves with the saved invoice or null. */
  const save = async (): Promise<InvoiceDetail | null> => {
    const errors = validateForSave(effective);
    if (errors[0] !== undefined) {
      void showWarning(errors[0], errors.slice(1));
      return null;
    }
    const body = bodyOf(effective);
    try {
      const saved = detail ? await call('invoicePut', { ...body, id_nota_fiscal: detail.id_nota_fiscal }) : await call('invoicePost', body);
      queryClient.setQueryData(INVOICE_KEYS.detail(saved.id_nota_fiscal), saved);
      void refreshLists();
      setBaseline(JSON.stringify(body));
      toast.success(detail ? FISCAL_MESSAGES.updated : FISCAL_MESSAGES.saved);
      if (!detail) void navigate(invoiceEditorPath(pathname, saved.id_nota_fiscal), { replace: true });
      return saved;
    } catch (error) {
      showError(error);
      return null;
    }
  };

  /** The saved invoice to act on, saving the pending changes first. */
  const savedTarget = async (): Promise<InvoiceDetail | null> => (editable && dirty ? save() : detail);

  const transmit = async () => {
    if (editable) {
      const errors = validateForTransmit(effective);
      if (errors[0] !== undefined) return void showWarning(errors[0], errors.slice(1));
    } else if (!available.includes('transmitir')) return;
    const target = await savedTarget();
    if (!target) return;
    const authorized = await fiscal.transmit(target);
    await refreshAll();
    // 000 §4.4: boletos of a boleto payment whose method issues them after the invoice (the user is asked).
    if (authorized) await offerInvoiceBoletos(target.id_nota_fiscal);
  };

  const print = async () => {
    const target = await savedTarget();
    if (target) await fiscal.print(target);
  };

  const back = async () => {
    if (asksBeforeLeaving(editable, dirty, detail, form) && !(await confirm(TEXTS.discarded))) return;
    void navigate('/invoice');
  };

  const runFiscal = async (action: InvoiceAction) => {
    if (action === 'transmitir') return transmit();
    if (action === 'imprimir') return print();
    if (!detail || !available.includes(action)) return;
    const work = { consultar: fiscal.consult, cancelar: fiscal.cancel, carta: fiscal.correct, inutilizar: fiscal.disable, excluir: fiscal.remove, abrir: null }[action];
    if (!work) return;
    const changed = await work(detail);
    if (action === 'excluir' && changed) return void navigate('/invoice', { replace: true });
    if (changed) await refreshAll();
  };

  const moveTab = (step: number) => setTab(nextTab(tab, step, (detail?.eventos.length ?? 0) > 0));

  const shortcuts: Shortcut[] = [
    ['Alt+S', () => editable && void guarded(save)],
    ['Alt+V', () => void back()],
    ['F2', () => {
      setTab('itens');
      focusLater(productRef);
    }],
    ['F3', () => editable && focusLater(customerRef)],
    ['F4', () => {
      setTab('pagamentos');
      focusLater(methodRef);
    }],
    ['Alt+PgUp', () => moveTab(-1)],
    ['Alt+PgDn', () => moveTab(1)],
    ...FISCAL_BUTTONS.map((action): Shortcut => [ACTION_SHORTCUT[action], () => void guarded(() => runFiscal(action))]),
  ];
  useShortcuts(shortcuts);

  return {
    context,
    person,
    form,
    effective,
    totals,
    editable,
    canManage,
    available,
    busy,
    tab,
    setTab,
    refs: { productRef, customerRef, methodRef },
    change,
    pickCustomer,
    save: () => void guarded(save),
    runFiscal: (action: InvoiceAction) => void guarded(() => runFiscal(action)),
    back: () => void back(),
  };
}

export type InvoiceEditorState = ReturnType<typeof useInvoiceEditor>;
