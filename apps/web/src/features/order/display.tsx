/** Display pieces of the order screens: the status badge. */
import { Badge } from '@mantine/core';
import { situacaoColor, situacaoLabel } from './situacao.ts';

export function OrderSituacaoBadge({ situacao }: { situacao: string }) {
  return (
    <Badge
      variant={situacao === 'Cancelado' ? 'filled' : 'light'}
      color={situacaoColor(situacao)}
      data-situacao={situacao}
    >
      {situacaoLabel(situacao)}
    </Badge>
  );
}
