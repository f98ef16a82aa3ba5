/** Consignment lines as the order screen shows them (000 §3.6, §4.5): the line's stage and its quantities. */
import { formatQuantity, quantityFromDecimal } from '@pdv/domain/money';
import type { OrderLine } from './form.ts';

const STAGE: Readonly<Record<string, string>> = {
  PendenteEnvio: 'Pendente de envio',
  Enviado: 'Enviado',
  Retornado: 'Retornado',
  AguardandoFaturamento: 'Aguardando faturamento',
  Faturado: 'Faturado',
};

export function situacaoLabelOfItem(
  item: Pick<OrderLine, 'situacao_consignacao' | 'quantidade_retorno' | 'quantidade_venda'>,
): string {
  const stage =
    item.situacao_consignacao === null ? '—' : (STAGE[item.situacao_consignacao] ?? item.situacao_consignacao);
  const parts = [stage];
  if (item.quantidade_retorno > 0)
    parts.push(`devolvido ${formatQuantity(quantityFromDecimal(item.quantidade_retorno))}`);
  if (item.quantidade_venda > 0) parts.push(`vendido ${formatQuantity(quantityFromDecimal(item.quantidade_venda))}`);
  return parts.join(' · ');
}
