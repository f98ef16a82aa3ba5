import { Badge } from '@mantine/core';
import { SITUACAO_ATIVO } from '@pdv/domain/permissions';

export function SituacaoBadge({ situacao }: { situacao: string }) {
  return (
    <Badge variant="light" color={situacao === SITUACAO_ATIVO ? 'green' : 'gray'}>
      {situacao}
    </Badge>
  );
}
