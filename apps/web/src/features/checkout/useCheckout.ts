/**
 * The point of sale's state: the operation in edit (opened or created on entering /checkout, saved to the local copy
 * on every change), the selling context from the local copy, and the actions of the screen. Finishing validates
 * with the domain, writes the operation as Pendente, prints the receipt, asks the outbox to send and opens the next
 * operation.
 */
import { SAT_MODEL } from '@pdv/domain/sat';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { checksStock, validateItem } from '@pdv/domain/item-validation';
import { quantityByGridAndAddress } from '@pdv/domain/operation';
import { hasActiveSeries, validateFinish } from '@pdv/domain/sale-validation';
import type { TipoPreco } from '@pdv/domain/item';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { showWarning } from '../../ui/warning.tsx';
import { useSignedIn } from '../auth/sessionContext.ts';
import { discardDraft, openEditingOperation, saveDraft } from '../outbox/operations.ts';
import type { OperationBundle } from '../outbox/types.ts';
import { observe } from '../../db/localCopy.ts';
import { loadPaymentOptions, loadPricingOf, loadSaleContext, saleStockAddress, stockOf, type ProductHit, type SaleContext, type StockRecord } from './catalog.ts';
import * as draft from './draft.ts';
import { afterPaint } from './afterPaint.ts';
import { SaleView } from './saleView.ts';
import { operationToFinish } from './finish/finishSteps.ts';
import { runFinish } from './finish/runFinish.ts';
import { consignmentFinishError } from '@pdv/domain/consignment-mode';
import { voucherBalanceError, voucherSaleError } from './modes/voucher/voucherDraft.ts';
import { validateItemInsert } from '@pdv/domain/item-validation';
import { modeRefusal, RETURN_ITEMS_FROM_ORIGIN } from './modes/modeDraft.ts';
import { type CreditInfo } from './modes/return/CreditModal.tsx';
import { carriedAfterFinish } from './page/pageSteps.ts';
import { tillSaleError } from '../cashier/tillEvents.ts';
import { toast } from '../../ui/toast.ts';
import { issueOfflineNfce, NFCE_POS_MESSAGES, nfceConnector, offlineNfceEnabled, offlineNfceReady } from './nfceOffline/issue.ts';
import { keepReserve } from './nfceOffline/numbers.ts';

/** 000 §4.1: missing stock addresses at creation are retried after 1 s. */
const ADDRESS_RETRY_MS = 1000;

const online = () => globalThis.navigator?.onLine ?? true;

/** Reserves NFC-e numbers for offline use when the branch enables it and this till has a connector (errors logged). */
function keepNfceReserve(context: SaleContext, idFilial: number): void {
  if (context.config?.['nfce_offline_conector'] !== true) return;
  const choice = nfceConnector(idFilial);
  if (!choice) return;
  keepReserve(idFilial, choice.dispositivo.id_dispositivo).catch((error: unknown) => console.error('Falha ao reservar números de NFC-e', error));
}

/**
 * The invoice model proposed on finishing: the branch's default sale model with an active series; offline, pre-sale,
 * unless that model is the NFC-e and this till issues it offline through its connector (issue 29: the branch enables
 * nfce_offline_conector, a receipt printer's connector is chosen here and a reserved number is free).
 */
export function defaultModel(context: SaleContext, idFilial: number): string | null {
  const model = context.config?.['codigo_modelo_padrao_venda'];
  // A CF-e SAT has no series (the SAT numbers it) and needs the server (it builds the CF-e's data): online only; the
  // server takes model 59 only from a branch whose default it is.
  if (model === SAT_MODEL) return online() ? model : null;
  const usable = typeof model === 'string' && hasActiveSeries(context.series, model, idFilial) ? model : null;
  if (!online()) return usable === '65' && offlineNfceReady(context, idFilial) ? '65' : null;
  return usable;
}

/** 000 §2, §9: the finish mode of the branch (modo_finalizacao): ask in a modal (the default) or print at once. */
export function finishMode(context: SaleContext): 'Modal' | 'Imprimir' {
  return context.config?.['modo_finalizacao'] === 'Imprimir' ? 'Imprimir' : 'Modal';
}

/** 002 §3 tipo_preco_padrao: the price type a new sale starts with (Atacado: its lines at the wholesale price). */
export function defaultPriceType(context: SaleContext): TipoPreco {
  return context.config?.['tipo_preco_padrao'] === 'Atacado' ? 'Atacado' : 'Varejo';
}

/** 002 §3 tipo_preco_alterar: whether the cashier may switch the sale's price type (Alt+A); true unless the branch says false. */
export function mayChangePriceType(context: SaleContext): boolean {
  return context.config?.['tipo_preco_alterar'] !== false;
}

/**
 * 002 §3: whether the branch requires the customer of a sale (obrigar_cliente_venda_pdv: the finishing validation
 * refuses without one), asks for it once when finishing (solicitar_cliente_venda_pdv), or neither.
 */
export function customerRule(context: SaleContext): 'obrigar' | 'solicitar' | 'nenhum' {
  if (context.config?.['obrigar_cliente_venda_pdv'] === true) return 'obrigar';
  if (context.config?.['solicitar_cliente_venda_pdv'] === true) return 'solicitar';
  return 'nenhum';
}

/** 002 §3 informacao_cliente_venda_pdv: the branch's text shown to the cashier in the customer search (null: none). */
export function customerHint(context: SaleContext | null): string | null {
  const text = context?.config?.['informacao_cliente_venda_pdv'];
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : null;
}

/** 002 §3 abrir_edicao_inserir_item_pdv: a line inserted by the search opens its quantity for editing at once. */
export function editsOnInsert(context: SaleContext | null): boolean {
  return context?.config?.['abrir_edicao_inserir_item_pdv'] === true;
}

/** 000 §5-6, 002 §3: whether the branch requires the seller, asks for it when finishing, or neither. */
export function sellerRule(context: SaleContext): 'obrigar' | 'solicitar' | 'nenhum' {
  if (context.config?.['obrigar_vendedor_venda_pdv'] === true) return 'obrigar';
  if (context.config?.['solicitar_vendedor_venda_pdv'] === true) return 'solicitar';
  return 'nenhum';
}

export function useCheckout() {
  const { session } = useSignedIn();
  const { id_filial_ativa: idFilial, id_usuario: idUsuario, nome } = session.usuario;
  const db = localDb();
  const [bundle, setBundle] = useState<OperationBundle | null>(null);
  const [loadedContext, setContext] = useState<SaleContext | null>(null);
  // The branch configuration as the local copy holds it now: an edit the sync brings while the till is open (the
  // branch-config group) applies at once, without signing in again (issue 18).
  const readConfig = useCallback(async () => (await db.rows('config').where('id_filial').equals(idFilial).first()) ?? null, [db, idFilial]);
  const liveConfig = useLiveQuery<SaleContext['config'] | undefined>(readConfig, undefined);
  // The sale stock address too: read when the page opened, it was null until the sync brought the branch's addresses
  // (retried every second), and a line scanned in that second was refused with 'Endereço de estoque não selecionado.'
  // (a CI run). It follows the copy; an address once known is never replaced by none.
  const readAddress = useCallback(() => saleStockAddress(db, idFilial), [db, idFilial]);
  const liveAddress = useLiveQuery<number | null>(readAddress, null);
  const context = useMemo(() => {
    let ctx = loadedContext;
    if (ctx && liveConfig !== undefined && ctx.config !== liveConfig) ctx = { ...ctx, config: liveConfig };
    if (ctx && liveAddress !== null && ctx.id_endereco_estoque !== liveAddress) ctx = { ...ctx, id_endereco_estoque: liveAddress };
    return ctx;
  }, [loadedContext, liveConfig, liveAddress]);
  const [selected, setPageSelected] = useState<string | null>(null);
  /** The sale as the items table and the totals draw it (ahead of `bundle` and `selected` for a scanned line). */
  const [sale] = useState(() => new SaleView());
  const current = useRef<OperationBundle | null>(null);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  /** After a return: the credit modal's content (null: closed). */
  const [credit, setCredit] = useState<CreditInfo | null>(null);

  const show = useCallback(
    (next: OperationBundle | null) => {
      const line = next?.itens.at(-1)?.id_item ?? null;
      current.current = next;
      sale.set({ bundle: next, selected: line });
      setBundle(next);
      setPageSelected(line);
    },
    [sale],
  );

  /** Selects a line (F3, F4 and Del act on it). */
  const setSelected = useCallback(
    (id: string | null) => {
      sale.set({ selected: id });
      setPageSelected(id);
    },
    [sale],
  );

  /** Opens the operation in edit, or a new one (with `carried`: the finished consignment's or receipt's mode and customer). */
  const open = useCallback(async (carried: ReturnType<typeof carriedAfterFinish> = null) => {
    const ctx = await loadSaleContext(db, idFilial);
    setContext(ctx);
    const opened = await openEditingOperation(db, { id_filial: idFilial, id_usuario: idUsuario }, () => ({
      ...draft.newOperation({
        id_filial: idFilial, id_usuario: idUsuario, id_endereco_estoque: ctx.id_endereco_estoque, tipo_preco: defaultPriceType(ctx),
      }),
      ...carried,
    }));
    show(opened);
    return ctx;
  }, [db, idFilial, idUsuario, show]);

  // The payment options follow the local copy while the page is open: a payment method created or changed in the
  // settings (here or on another device) is in the payment panel once the sync has written it, without a reload.
  // The price tables and promotions too: a promotion the sync brings applies to the next line added.
  useEffect(() => {
    return observe(
      db,
      () => loadPricingOf(db, idFilial),
      (pricing) => setContext((c) => (c ? { ...c, pricing } : c)),
      (error: unknown) => console.error('Falha ao ler as tabelas de preço e promoções', error),
    );
  }, [db, idFilial]);

  useEffect(() => {
    return observe(
      db,
      () => loadPaymentOptions(db, idFilial),
      (options) => setContext((c) => (c ? { ...c, ...options } : c)),
      (error: unknown) => console.error('Falha ao ler os meios de pagamento', error),
    );
  }, [db, idFilial]);

  // While online, a till that issues NFC-e offline keeps a block of reserved numbers (issue 29), and again whenever
  // the network comes back.
  useEffect(() => {
    if (!context) return;
    const refresh = () => {
      if (online()) keepNfceReserve(context, idFilial);
    };
    refresh();
    globalThis.addEventListener?.('online', refresh);
    return () => globalThis.removeEventListener?.('online', refresh);
    // Once per branch configuration (the context object changes with every payment option read).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [context?.config, idFilial]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const attempt = () => {
      open()
        .then((ctx) => {
          if (!cancelled && ctx.id_endereco_estoque === null) timer = setTimeout(attempt, ADDRESS_RETRY_MS);
        })
        .catch((error: unknown) => console.error('Falha ao abrir a operação', error));
    };
    attempt();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open]);

  /**
   * Applies a change to the draft and saves it (saves run one after the other; finishing waits for them). `page`
   * 'afterPaint' (a scanned line): only the items table and the totals are drawn now; the rest of the page follows,
   * and the save starts, once they are on screen.
   */
  const update = useCallback(
    (change: (b: OperationBundle) => OperationBundle, page: 'now' | 'afterPaint' = 'now') => {
      const before = current.current;
      if (!before) return;
      const next = change(before);
      current.current = next;
      sale.set({ bundle: next });
      const painted = page === 'afterPaint' ? afterPaint() : null;
      if (painted) {
        // The page catches up with what is drawn (later changes included).
        void painted.then(() => {
          const drawn = sale.get();
          setBundle(drawn.bundle);
          setPageSelected(drawn.selected);
        });
      } else {
        setBundle(next);
      }
      saving.current = saving.current
        .then(() => painted)
        .then(() => saveDraft(db, next))
        .catch((error: unknown) => console.error('Falha ao salvar a operação', error));
    },
    [db, sale],
  );

  /** Stock and item rules of 000 §5 for the draft after a change; shows the first failure. */
  const checkLines = useCallback(
    async (next: OperationBundle, id: string | null, known?: Record<number, StockRecord>): Promise<boolean> => {
      const item = next.itens.find((i) => i.id_item === id);
      if (!item || !context) return true;
      const control = checksStock('Venda', context.config?.['controla_estoque_negativo'] === true);
      const address = item.id_endereco_estoque;
      const estoque =
        !control || item.id_produto_grade_filial === null || address === null
          ? null
          : known
            ? (known[address] ?? null)
            : await stockOf(db, item.id_produto_grade_filial, address);
      const key = `${item.id_produto_grade_filial}:${item.id_endereco_estoque ?? ''}`;
      const errors = validateItem(item, {
        checkStock: control,
        estoque,
        quantidadeNaOperacao: quantityByGridAndAddress(next.itens).get(key),
      });
      if (errors.length === 0) return true;
      void showWarning(errors[0]?.message ?? '', errors.slice(1).map((e) => e.message));
      return false;
    },
    [context, db],
  );

  /**
   * A scanned or picked product: one more unit on its line or a new line, after the stock and item rules. `alongside`
   * (the search box emptied) is drawn in the same pass as the line; it is not called when no line is added. Answers
   * whether a line was added or grew.
   */
  const addHit = useCallback(
    async (hit: ProductHit, alongside?: () => void): Promise<boolean> => {
      const before = current.current;
      if (!before || !context) return false;
      // 000 §5: a receipt takes no items; a return's items come from the original sale (F5), not from the scanner.
      const refused = validateItemInsert(before.operation.modo_operacao)[0]?.message
        ?? (before.operation.modo_operacao === 'Devolucao' ? RETURN_ITEMS_FROM_ORIGIN : null);
      if (refused) {
        void showWarning(refused);
        return false;
      }
      const next = draft.addProduct(before, hit, context, hit.quantidade);
      const line = next.itens.find((i) => i.id_produto_grade_filial === hit.id_produto_grade_filial);
      if (!(await checkLines(next, line?.id_item ?? null, hit.estoque))) return false;
      // A scanned line is drawn at once, not when the scheduler gets to it (barcode scan to line: at most 50 ms), with
      // the totals and the emptied search box only; the rest of the page and the draft's save follow the frame.
      flushSync(() => {
        alongside?.();
        sale.set({ selected: line?.id_item ?? null });
        update(() => next, 'afterPaint');
      });
      return true;
    },
    [checkLines, context, sale, update],
  );

  const changeQuantity = useCallback(
    async (id: string, quantidade: number) => {
      const before = current.current;
      if (!before) return false;
      const next = draft.setQuantity(before, id, quantidade);
      if (!(await checkLines(next, id))) return false;
      update(() => next);
      return true;
    },
    [checkLines, update],
  );

  /** Removes a line; the last remaining line becomes the selected one (Del again removes it). */
  const removeItem = useCallback(
    (id: string) => {
      const before = current.current;
      if (!before) return;
      const next = draft.removeItem(before, id);
      update(() => next);
      setSelected(next.itens.at(-1)?.id_item ?? null);
    },
    [setSelected, update],
  );

  /**
   * Cancels the sale in edit: once its pending saves are written, the draft is deleted and a new sale opens (the
   * screen asked a supervisor first when the user needs one).
   */
  const cancelSale = useCallback(async () => {
    const b = current.current;
    if (!b) return;
    await saving.current;
    await discardDraft(db, b.operation.id_operacao);
    show(null);
    await open();
  }, [db, open, show]);

  /** Validates for finishing (000 §5); shows the messages in the warning modal. */
  const validate = useCallback((): Refusal | null => {
    const b = current.current;
    if (b === null || context === null) return { field: null, closed: Promise.resolve() };
    return refusalOf(b, context);
  }, [context]);

  /**
   * Finishes with the chosen model. `receiptTab` was opened during the key press that confirmed (or null: no print).
   * The operation is written as Pendente first; only then is anything sent or printed (finish/runFinish.ts).
   */
  const finish = useCallback(
    async (modelo: string | null, receiptTab: Window | null) => {
      const b = current.current;
      if (!b || !context) return;
      let written = operationToFinish(b, modelo);
      if (!validateWithModel(written, context)) {
        receiptTab?.close();
        return;
      }
      let tab = receiptTab;
      // An NFC-e finished with the network off (issue 29): the connector signs it with a reserved number and prints
      // its contingency DANFE; the signed XML travels with the operation. When it cannot, the sale is a pre-sale. A
      // branch that does not enable it keeps today's behaviour (the NFC-e is issued by the server once online).
      if (written.operation.modelo === '65' && written.operation.modo_operacao === 'Venda' && !online() && offlineNfceEnabled(context, idFilial)) {
        const issued = await issueOfflineNfce(db, written, context);
        if (issued.ok) {
          written = { ...written, operation: { ...written.operation, nfce_contingencia: { id_dispositivo: issued.id_dispositivo, xml: issued.xml } } };
          toast.success(issued.message);
          // The DANFE came out of the connector's printer: no receipt tab.
          tab?.close();
          tab = null;
        } else {
          void showWarning(NFCE_POS_MESSAGES.fallback(issued.message));
          written = operationToFinish(b, null);
        }
      }
      const carried = carriedAfterFinish(written);
      // The finished sale leaves the screen at once: a code scanned from now on belongs to the next sale (the search
      // focus keeps it until the next sale's box is there), never to this one while it is being written.
      show(null);
      const next = () => open(carried);
      const finished = await runFinish(
        { db, context, operador: nome, saving: saving.current, online, next, setCredit },
        written,
        tab,
      );
      if (online()) keepNfceReserve(context, idFilial);
      // Not written (its message shown): the sale comes back as it was.
      if (!finished) show(b);
    },
    [context, db, idFilial, nome, open, show],
  );

  return {
    bundle, sale, context, selected, setSelected, update, addHit, changeQuantity, removeItem, cancelSale, validate, finish, idFilial,
    credit, closeCredit: () => setCredit(null),
  };
}

/** A refused finish: the field of the first message (lets the screen open its panel) and when the warning closed. */
export interface Refusal {
  field: string | null;
  closed: Promise<void>;
}

/** The finishing validations (000 §5); a refusal shows its messages in the warning modal. Null: may finish. */
function refusalOf(bundle: OperationBundle, context: SaleContext): Refusal | null {
  // The consignment and credit-voucher modes' own rules (modes/consignment, modes/voucher).
  const modeError =
    bundle.operation.modo_operacao === 'ValeCredito'
      ? voucherSaleError(bundle, context)
      : bundle.operation.modo_operacao === 'Consignacao'
        ? consignmentFinishError({ modelo: bundle.operation.modelo, pagamentos: bundle.pagamentos })
        : null;
  if (modeError) return { field: null, closed: showWarning(modeError) };
  // A branch forcing the till control: no sale without this user's shift open (today's, under the daily control).
  const tillError = tillSaleError(bundle.operation, context.config ?? {});
  if (tillError) return { field: null, closed: showWarning(tillError) };
  // Every line naming one credit voucher, together, against its balance as looked up (the server's rule).
  const voucherError = voucherBalanceError(bundle.pagamentos, {
    id_filial: bundle.operation.id_filial,
    today: new Date().toISOString().slice(0, 10),
  });
  if (voucherError) return { field: 'pagamentos', closed: showWarning(voucherError) };
  const config = context.config ?? {};
  const receipt = bundle.operation.modo_operacao === 'Recebimento';
  // A receipt's payments pay receivables, not lines: they are judged against the receivables (modes/modeDraft.ts).
  const errors = validateFinish(draft.toDomain(receipt ? { ...bundle, pagamentos: [] } : bundle), {
    config: {
      obrigar_vendedor_venda_pdv: config['obrigar_vendedor_venda_pdv'] === true,
      obrigar_cliente_venda_pdv: config['obrigar_cliente_venda_pdv'] === true,
    },
    series: context.series,
    saldoCliente: null,
  });
  if (errors.length === 0) {
    const refused = modeRefusal(bundle);
    if (refused === null) return null;
    return { field: null, closed: showWarning(refused[0] ?? '', refused.slice(1)) };
  }
  return {
    field: errors[0]?.field ?? null,
    closed: showWarning(errors[0]?.message ?? '', errors.slice(1).map((e) => e.message)),
  };
}

function validateWithModel(bundle: OperationBundle, context: SaleContext): boolean {
  return refusalOf(bundle, context) === null;
}
