/**
 * Faturar serviços: a released service order's services invoiced through /invoice/invoice-service-order (000 §7.4),
 * with the services' share of the order's payments; "Gerar financeiro" creates their receivables (process_financial).
 * The server decides what may be invoiced (domain service-order-invoice.ts) and answers in pt-BR.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { call } from '../../../api/client.ts';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';

/** A service order the server may let invoice its services (Liberado, or NotaPendente/Faturado after its goods invoice). */
export const offersServiceInvoice = (order: OrderFull) =>
  order.operacao === 'OrdemServico' && ['Liberado', 'NotaPendente', 'Faturado'].includes(order.situacao) && (order.servicos ?? []).length > 0;

export function ServiceInvoice({ order }: { order: OrderFull }) {
  const [financial, setFinancial] = useState(true);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    try {
      const result = await call('invoiceServiceOrder', { invoice: { id_pedido: order.id_pedido }, process_financial: financial });
      toast.success(result.message);
      setDone(result.documentos.length > 0 ? `${result.message} ${result.documentos.length} documento(s) financeiro(s) gerado(s).` : result.message);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" justify="flex-end" aria-label="Faturamento dos serviços">
      {done && <Text size="sm" c="teal" role="status">{done}</Text>}
      <Checkbox label="Gerar financeiro" checked={financial} onChange={(e) => setFinancial(e.currentTarget.checked)} />
      <Button color="teal" loading={busy} onClick={() => void run()}>Faturar serviços</Button>
    </Group>
  );
}
