/**
 * Boletos after an invoice (000 §4.4): once an invoice is authorized, when its receivables' payment method has
 * emitir_boleto_apos_nota, the user is asked whether to issue the boletos; yes issues them through /demand/create
 * with the default configuration. Boletos the server queued for e-mail (the branch's enviar_email_boleto) are then
 * sent (/demand/send-emails). A user without the boletos permission is not asked.
 */
import { BOLETO_MESSAGES as M } from '@pdv/domain/boleto';
import { call } from '../../api/client.ts';
import { isApiError } from '../../api/errors.ts';
import { confirm } from '../../ui/confirm.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';

/** Sends the branch's queued boleto e-mails and says how it went (a failure is told, never thrown). */
export async function sendQueuedBoletoEmails(): Promise<void> {
  try {
    const res = await call('demandSendEmails', {});
    if (res.falhas > 0 || res.enviados === 0) toast.warning(res.message);
    else toast.success(res.message);
  } catch (error) {
    showError(error);
  }
}

export async function offerInvoiceBoletos(id_nota_fiscal: number): Promise<void> {
  let info;
  try {
    info = await call('demandInvoiceBoletos', { id_nota_fiscal });
  } catch (error) {
    // 403: this user does not issue boletos; 400/404: the invoice is not (or no longer) one that gets them.
    if (isApiError(error) && [400, 403, 404].includes(error.status)) return;
    showError(error);
    return;
  }
  if (info.aviso) toast.warning(info.aviso);
  if (!info.pergunta || info.documentos.length === 0 || info.id_configuracao_boleto === null) return;
  if (!(await confirm(info.pergunta, 'Boletos'))) return;
  try {
    const res = await call('demandCreate', { id_configuracao_boleto: info.id_configuracao_boleto, documentos: info.documentos });
    const ok = res.resultados.filter((r) => r.success).length;
    const failed = res.resultados.flatMap((r) => (r.error_message ? [r.error_message] : []));
    if (ok > 0) toast.success(M.issuedCount(ok));
    if (failed.length > 0) void showWarning(failed[0], failed.slice(1));
    if ((res.emails ?? 0) > 0) await sendQueuedBoletoEmails();
  } catch (error) {
    showError(error);
  }
}
