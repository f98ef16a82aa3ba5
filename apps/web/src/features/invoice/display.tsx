/** Display pieces shared by the invoice screens: the situation badge and pt-BR formats of the list's fields. */
import { Badge } from '@mantine/core';
import { formatCnpj, formatCpf, onlyDigits } from '@pdv/domain/documents';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { modeloLabel, situacaoColor, situacaoLabel } from './situacao.ts';

export function InvoiceSituacaoBadge({ situacao }: { situacao: string }) {
  return (
    <Badge variant={situacao === 'Cancelada' ? 'filled' : 'light'} color={situacaoColor(situacao)} data-situacao={situacao}>
      {situacaoLabel(situacao)}
    </Badge>
  );
}

/** A decimal amount of the API as pt-BR currency. */
export function money(value: number): string {
  return formatMoney(fromDecimal(value));
}

export function dateTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
}

export function documentText(value: string | null): string {
  if (!value) return '';
  return onlyDigits(value).length === 11 ? formatCpf(value) : formatCnpj(value);
}

/** 'NF-e 55 · série 1' */
export function modelSeries(modelo: string, serie: number | null): string {
  return `${modeloLabel(modelo)} · série ${serie ?? '—'}`;
}
