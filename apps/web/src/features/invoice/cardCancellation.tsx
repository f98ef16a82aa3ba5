/**
 * The card transactions of a finished sale whose invoice is cancelled (issue 28; 001 §5, the connector's
 * /adm/cancelamento {valor, nsu, data}). The fiscal cancellation comes first (docs/decisions.md, "Card transactions of
 * finished sales"): only once the invoice is Cancelada are its TEF payments cancelled on the card terminal of this
 * machine (the POS peripheral's connector), one by one, the terminal's messages on screen. A transaction the terminal
 * does not cancel (or with no terminal at hand) is listed as pending in a warning, with what to cancel it by on the
 * terminal (NSU, date, amount); the VERO ones are listed with the spec's message that only the terminal can cancel them.
 */
import { useSyncExternalStore } from 'react';
import { Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { CARD_TERMINAL_MESSAGES as M, terminalCancellations } from '@pdv/domain/card-terminal';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { PERIPHERAL_KEYS } from '@pdv/domain/print-connector';
import { formatInZone } from '@pdv/domain/time-zone';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { call } from '../../api/client.ts';
import { confirm } from '../../ui/confirm.tsx';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';
import { cancelTef } from '../checkout/terminal/cardTerminal.ts';
import { peripheralFor, type PeripheralChoice } from '../peripherals/peripheralStore.ts';

type Payment = InvoiceDetail['pagamentos'][number];

/** What the cancellation of one invoice needs: its branch and payments with card data. */
export interface InvoiceCards {
  id_filial: number;
  pagamentos: Payment[];
}

/** The invoice's payments (with NSU and date), or null when they cannot be read (the fiscal cancel goes on alone). */
export async function loadInvoiceCards(id_nota_fiscal: number): Promise<InvoiceCards | null> {
  try {
    const detail = await call('invoiceFindById', { id_nota_fiscal });
    return { id_filial: detail.id_filial, pagamentos: detail.pagamentos };
  } catch (error) {
    console.error('Pagamentos da nota não lidos', error);
    return null;
  }
}

/**
 * Before the fiscal cancellation: an invoice paid by TEF on a machine without a card terminal asks whether to cancel
 * it anyway (its card transaction then stays pending). Resolves with whether to go on.
 */
export async function mayCancelWithoutTerminal(cards: InvoiceCards | null): Promise<boolean> {
  if (!cards || terminalCancellations(cards.pagamentos).tef.length === 0) return true;
  if (peripheralFor(cards.id_filial, PERIPHERAL_KEYS.POS)) return true;
  return confirm(M.noTerminalForInvoice, 'Terminal de cartão');
}

/** The transaction's date and time as the shop reads it (Brasília time, the default branch zone), or its text as it came. */
const when = (iso: string) => formatInZone(iso);

function pendingLine(p: Payment & { cartao_nsu: string; cartao_data_hora_transacao: string }, motivo: string): string {
  return M.cardPendingLine(p.descricao, formatMoney(fromDecimal(p.valor_total)), p.cartao_nsu, when(p.cartao_data_hora_transacao), motivo);
}

/** The terminal's progress while it cancels: its messages under 'Cancelando no terminal...'. */
function openProgress(): { update: (messages: string[]) => void; close: () => void } {
  let current: string[] = [];
  const listeners = new Set<() => void>();
  const store = {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => current,
  };
  function Progress() {
    const messages = useSyncExternalStore(store.subscribe, store.get);
    return (
      <Stack gap="xs" role="status" aria-label="Terminal de cartão">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{M.cancellingOnTerminal}</Text>
        </Group>
        {messages.map((m, i) => <Text key={i} fw={700} ff="monospace">{m}</Text>)}
      </Stack>
    );
  }
  const modalId = `cancelamento-cartao-${Date.now()}`;
  modals.open({ modalId, title: 'Terminal de cartão', centered: true, closeOnEscape: false, closeOnClickOutside: false, withCloseButton: false,
    children: <Progress /> });
  return {
    update: (messages) => {
      current = messages;
      listeners.forEach((l) => l());
    },
    close: () => modals.close(modalId),
  };
}

/**
 * After the invoice was cancelled: its TEF payments cancelled on this machine's terminal; what the terminal refused,
 * and the VERO ones, shown. Resolves with the TEF transactions left pending (empty when all were cancelled).
 */
export async function cancelInvoiceCards(cards: InvoiceCards | null): Promise<string[]> {
  if (!cards) return [];
  const plan = terminalCancellations(cards.pagamentos);
  const pending: string[] = [];
  if (plan.tef.length > 0) {
    const choice: PeripheralChoice | null = peripheralFor(cards.id_filial, PERIPHERAL_KEYS.POS);
    for (const p of plan.tef) {
      if (!choice) {
        pending.push(pendingLine(p, M.noTerminal));
        continue;
      }
      const progress = openProgress();
      const result = await cancelTef(choice, fromDecimal(p.valor_total), p.cartao_nsu, p.cartao_data_hora_transacao, progress.update)
        .finally(() => progress.close());
      if (result.ok) toast.success(`${result.message} (NSU ${p.cartao_nsu})`);
      else pending.push(pendingLine(p, result.message));
    }
  }
  if (pending.length > 0) await showWarning(M.cardCancelPending, pending);
  if (plan.vero.length > 0) {
    const lines = plan.vero.map((p) => `${p.descricao} ${formatMoney(fromDecimal(p.valor_total))}${p.cartao_nsu ? ` · NSU ${p.cartao_nsu}` : ''}`);
    await showWarning(M.veroCancelInvoice(lines.join('; ')));
  }
  return pending;
}
