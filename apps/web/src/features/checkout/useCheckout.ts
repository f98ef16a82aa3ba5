/**
 * The point of sale's state: the operation in edit (opened or created on entering /checkout, saved to the local copy
 * on every change), the selling context from the local copy, and the actions of the screen. Finishing validates
 * with the domain, writes the operation as Pendente, prints the receipt, asks the outbox to send and opens the next
 * operation.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { checksStock, validateItem } from '@pdv/domain/item-validation';
import { quantityByGridAndAddress } from '@pdv/domain/operation';
import { hasActiveSeries, validateFinish } from '@pdv/domain/sale-validation';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { localDb } from '../../db/database.ts';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';
import { useSignedIn } from '../auth/sessionContext.ts';
import { finishOperation, openEditingOperation, operationTable, saveDraft } from '../outbox/operations.ts';
import { PENDING_MESSAGE } from '../outbox/outbox.ts';
import { outbox } from '../outbox/runtime.ts';
import type { OperationBundle } from '../outbox/types.ts';
import { loadSaleContext, stockOf, type ProductHit, type SaleContext, type StockRecord } from './catalog.ts';
import * as draft from './draft.ts';
import { afterPaint } from './afterPaint.ts';
import { SaleView } from './saleView.ts';
import { transmitAndPrint, type FiscalOutcome } from './fiscal.ts';
import { openReceipt, receiptData } from './receipt.ts';
import { openOrderSheet } from '../order/documents/orderDocuments.ts';
import { CONSIGNMENT_MODE_MESSAGES, consignmentFinishError } from '@pdv/domain/consignment-mode';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { voucherSaleError } from './modes/voucher/voucherDraft.ts';
import { openVoucherPdf } from './modes/voucher/voucherPrint.ts';
import { validateItemInsert } from '@pdv/domain/item-validation';
import { fromDecimal } from '@pdv/domain/money';
import { modeRefusal, RETURN_ITEMS_FROM_ORIGIN } from './modes/modeDraft.ts';
import { type CreditInfo } from './modes/return/CreditModal.tsx';

export const SUCCESS_MESSAGE = 'Operação concluída com sucesso.';
/** 000 §4.1: missing stock addresses at creation are retried after 1 s. */
const ADDRESS_RETRY_MS = 1000;
const SEND_WAIT_MS = 4000;

const online = () => globalThis.navigator?.onLine ?? true;

/** The invoice model proposed on finishing: the branch's default sale model with an active series; offline, pre-sale. */
export function defaultModel(context: SaleContext, idFilial: number): string | null {
  if (!online()) return null;
  const model = context.config?.['codigo_modelo_padrao_venda'];
  return typeof model === 'string' && hasActiveSeries(context.series, model, idFilial) ? model : null;
}

/** 000 §2, §9: the finish mode of the branch (modo_finalizacao): ask in a modal (the default) or print at once. */
export function finishMode(context: SaleContext): 'Modal' | 'Imprimir' {
  return context.config?.['modo_finalizacao'] === 'Imprimir' ? 'Imprimir' : 'Modal';
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
  const [context, setContext] = useState<SaleContext | null>(null);
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

  const open = useCallback(async () => {
    const ctx = await loadSaleContext(db, idFilial);
    setContext(ctx);
    const opened = await openEditingOperation(db, { id_filial: idFilial, id_usuario: idUsuario }, () =>
      draft.newOperation({ id_filial: idFilial, id_usuario: idUsuario, id_endereco_estoque: ctx.id_endereco_estoque }),
    );
    show(opened);
    return ctx;
  }, [db, idFilial, idUsuario, show]);

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
   * (the search box emptied) is drawn in the same pass as the line; it is not called when no line is added.
   */
  const addHit = useCallback(
    async (hit: ProductHit, alongside?: () => void) => {
      const before = current.current;
      if (!before || !context) return;
      // 000 §5: a receipt takes no items; a return's items come from the original sale (F5), not from the scanner.
      const refused = validateItemInsert(before.operation.modo_operacao)[0]?.message
        ?? (before.operation.modo_operacao === 'Devolucao' ? RETURN_ITEMS_FROM_ORIGIN : null);
      if (refused) {
        void showWarning(refused);
        return;
      }
      const next = draft.addProduct(before, hit, context);
      const line = next.itens.find((i) => i.id_produto_grade_filial === hit.id_produto_grade_filial);
      if (!(await checkLines(next, line?.id_item ?? null, hit.estoque))) return;
      // A scanned line is drawn at once, not when the scheduler gets to it (barcode scan to line: at most 50 ms), with
      // the totals and the emptied search box only; the rest of the page and the draft's save follow the frame.
      flushSync(() => {
        alongside?.();
        sale.set({ selected: line?.id_item ?? null });
        update(() => next, 'afterPaint');
      });
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

  /** Validates for finishing (000 §5); shows the messages in the warning modal. */
  const validate = useCallback((): Refusal | null => {
    const b = current.current;
    if (b === null || context === null) return { field: null, closed: Promise.resolve() };
    return refusalOf(b, context);
  }, [context]);

  /**
   * Finishes with the chosen model. `receiptTab` was opened during the key press that confirmed (or null: no print).
   * The operation is written as Pendente first; only then is anything sent or printed.
   */
  const finish = useCallback(
    async (modelo: string | null, receiptTab: Window | null) => {
      const b = current.current;
      if (!b || !context) return;
      const modo = b.operation.modo_operacao;
      // Orders and quotes are invoiced later, from the order.
      const withModel: OperationBundle = { ...b, operation: { ...b.operation, modelo: modo === 'Venda' ? modelo : null } };
      if (!validateWithModel(withModel, context)) {
        receiptTab?.close();
        return;
      }
      await saving.current;
      let finished;
      try {
        finished = await finishOperation(db, withModel);
      } catch (error) {
        receiptTab?.close();
        void showWarning(error instanceof Error ? error.message : String(error));
        return;
      }
      toast.success(SUCCESS_MESSAGE);
      show(null);
      const next = open();
      const id = finished.id_operacao;
      let sent = false;
      if (online()) {
        const flushed = outbox.flush();
        await Promise.race([flushed, new Promise((resolve) => setTimeout(resolve, SEND_WAIT_MS))]);
        const state = await operationTable(db).get(id);
        sent = state?.situacao === 'Processado';
        // 000 §8: "{operation} {nsu} salvo com sucesso" for an order or a quote once the server has it.
        if (sent && (modo === 'Pedido' || modo === 'Orcamento') && state?.nsu != null) {
          toast.success(orderSavedMessage(modo, state.nsu));
        }
        if (sent && modo === 'Consignacao' && state?.nsu != null) toast.success(CONSIGNMENT_MODE_MESSAGES.saved(state.nsu));
        if (sent && modo === 'Devolucao' && state?.resultado) {
          // 001 §4: 'Crédito gerado com suceso.' (spelled so), then the credit modal with the new balance.
          toast.success(ORDER_MESSAGES.creditGenerated);
          setCredit({
            cliente: withModel.operation.cliente_nome, valor: fromDecimal(state.resultado.valor_credito ?? state.resultado.valor_total),
            saldo: state.resultado.saldo_credito != null ? fromDecimal(state.resultado.saldo_credito) : null, pendente: false,
          });
        }
        if (state?.situacao === 'Erro') void showWarning(state.erro ?? PENDING_MESSAGE);
        else if (!sent) toast.error(PENDING_MESSAGE);
      } else {
        toast.error(PENDING_MESSAGE);
      }
      if (!sent && modo === 'Devolucao') {
        const state = await operationTable(db).get(id);
        if (state?.situacao !== 'Erro') {
          setCredit({ cliente: withModel.operation.cliente_nome, valor: draft.totalsOf(withModel).liquido, saldo: null, pendente: true });
        }
      }
      const stored = (await operationTable(db).get(id)) ?? finished;
      // A sold credit voucher (issued by the server): its PDF with CODE39 and QR takes the receipt tab.
      const voucher = sent && modo === 'ValeCredito' ? (stored.resultado?.id_vale_credito ?? null) : null;
      if (voucher !== null) {
        toast.success(VOUCHER_MESSAGES.issued(stored.resultado?.codigo_vale_credito ?? String(voucher)));
        if (receiptTab) {
          const printed = await openVoucherPdf(voucher, receiptTab).then(
            () => true,
            (error: unknown) => {
              console.error('Falha ao gerar o vale crédito', error);
              toast.error('Não foi possível gerar o vale crédito: reimprima-o pela lista de vales.');
              return false;
            },
          );
          if (printed) {
            await next;
            return;
          }
        }
      }
      // An order or quote the server has: its A4 pre-sale sheet (stored, url_pdf) takes the receipt tab.
      const idPedido = sent && (modo === 'Pedido' || modo === 'Orcamento') ? (stored.resultado?.id_pedido ?? null) : null;
      if (idPedido !== null && receiptTab && (await openOrderSheet(idPedido, receiptTab))) {
        await next;
        return;
      }
      // 000 §4.4: a sale that reached the server with an invoice model is transmitted at once; its DANFE replaces
      // the plain receipt (the contingency DANFE when SEFAZ did not answer). A failure keeps the invoice at /invoice.
      // A return's invoice is a draft NF-e, transmitted from /invoice: nothing is transmitted here.
      const idNotaFiscal = sent && modo !== 'Devolucao' ? (stored.resultado?.id_nota_fiscal ?? null) : null;
      if (idNotaFiscal !== null) {
        const outcome = await transmitAndPrint(idNotaFiscal);
        if (outcome.kind !== 'failed' && outcome.urlPdf && receiptTab && !receiptTab.closed) {
          receiptTab.location.href = outcome.urlPdf;
          showFiscalOutcome(outcome);
          await next;
          return;
        }
        showFiscalOutcome(outcome);
      }
      if (receiptTab) {
        await openReceipt(receiptData({ ...withModel, operation: stored }, context, nome), receiptTab).catch((error: unknown) => {
          console.error('Falha ao gerar o comprovante', error);
          toast.error('Não foi possível gerar o comprovante.');
        });
      }
      await next;
    },
    [context, db, nome, open, show],
  );

  return {
    bundle, sale, context, selected, setSelected, update, addHit, changeQuantity, removeItem, validate, finish, idFilial,
    credit, closeCredit: () => setCredit(null),
  };
}

/** The fiscal result as the spec words it: a toast when authorized or in contingency, the warning modal otherwise. */
function showFiscalOutcome(outcome: FiscalOutcome): void {
  if (outcome.kind === 'authorized') toast.success(outcome.message);
  else if (outcome.kind === 'contingency') toast.warning(outcome.message);
  else void showWarning(outcome.message, outcome.details);
}

/** 000 §8: the success toast of an order or a quote saved from the point of sale. */
export function orderSavedMessage(modo: 'Pedido' | 'Orcamento', nsu: number): string {
  return `${modo === 'Pedido' ? 'Pedido' : 'Orçamento'} ${nsu} salvo com sucesso`;
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
