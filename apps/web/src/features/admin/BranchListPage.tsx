import type { Branch } from '@pdv/contract/admin';
import { formatCnpj } from '../../ui/format.ts';
import { SituacaoBadge } from './SituacaoBadge.tsx';
import { ListScreen, type Column } from './ListScreen.tsx';

const columns: Column<Branch>[] = [
  { header: 'Código', cell: (row) => row.codigo_filial, width: 90 },
  { header: 'Nome fantasia', cell: (row) => row.nome_fantasia ?? '—' },
  { header: 'Razão social', cell: (row) => row.razao_social },
  { header: 'CNPJ', cell: (row) => formatCnpj(row.cnpj), width: 170 },
  { header: 'Cidade', cell: (row) => (row.cidade ? `${row.cidade}${row.uf ? ` / ${row.uf}` : ''}` : '—') },
  { header: 'Situação', cell: (row) => <SituacaoBadge situacao={row.situacao} />, width: 110 },
];

export function BranchListPage() {
  return (
    <ListScreen
      title="Filiais"
      route="branchFind"
      columns={columns}
      rowKey={(row) => row.id_filial}
      searchPlaceholder="Nome, razão social, CNPJ ou código"
    />
  );
}
