/**
 * Removing a payment the card terminal approved (issue 28; 001 §5 "Cancelling a terminal-integration transaction from
 * the system is not possible"): a TEF payment is cancelled first through the connector's /adm/cancelamento {valor,
 * nsu, data} and leaves the sale only when the TEF client confirms; for VERO the screen tells the operator to cancel on
 * the terminal, then the payment leaves. Any other payment just leaves.
 */
import { CARD_TERMINAL_MESSAGES as M, captureModel } from '@pdv/domain/card-terminal';
import { PERIPHERAL_KEYS } from '@pdv/domain/print-connector';
import { showWarning } from '../../../ui/warning.tsx';
import { toast } from '../../../ui/toast.ts';
import { choosePeripheral } from '../../peripherals/PeripheralModals.tsx';
import { peripheralFor } from '../../peripherals/peripheralStore.ts';
import type { StoredPayment } from '../../outbox/types.ts';
import { cancelTef } from './cardTerminal.ts';

/** Whether the payment may leave the sale (its terminal transaction cancelled, or none). */
export async function releasePayment(payment: StoredPayment, id_filial: number): Promise<boolean> {
  const method = payment.meio_pagamento;
  if (!method?.utilizar_captura || !payment.cartao_nsu || !payment.cartao_data_hora_transacao) return true;
  const model = captureModel(method.modelo_captura);
  if (model.ok && model.model === 'VERO') {
    await showWarning(M.veroCancelOnTerminal);
    return true;
  }
  const choice = peripheralFor(id_filial, PERIPHERAL_KEYS.POS) ?? (await choosePeripheral(id_filial, 'POS'));
  if (!choice) {
    await showWarning(M.noTerminal);
    return false;
  }
  const result = await cancelTef(choice, payment.valor_total, payment.cartao_nsu, payment.cartao_data_hora_transacao);
  if (!result.ok) {
    await showWarning(result.message);
    return false;
  }
  toast.success(result.message);
  return true;
}
