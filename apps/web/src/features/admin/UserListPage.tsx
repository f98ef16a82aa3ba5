import type { UserRow } from '@pdv/contract/admin';
import { yesNo } from '../../ui/format.ts';
import { SituacaoBadge } from './SituacaoBadge.tsx';
import { ListScreen, type Column } from './ListScreen.tsx';

function profiles(row: UserRow): string {
  if (row.perfis.length === 0) return '—';
  return row.perfis.map((p) => `${p.filial}: ${p.perfil}${p.is_principal ? ' (principal)' : ''}`).join('; ');
}

const columns: Column<UserRow>[] = [
  { header: 'Nome', cell: (row) => row.nome },
  { header: 'E-mail', cell: (row) => row.email },
  { header: 'Perfis por filial', cell: profiles },
  { header: 'Vendedor', cell: (row) => yesNo(row.is_vendedor), width: 100 },
  { header: 'Situação', cell: (row) => <SituacaoBadge situacao={row.situacao} />, width: 110 },
];

export function UserListPage() {
  return (
    <ListScreen
      title="Usuários"
      route="userListGrid"
      columns={columns}
      rowKey={(row) => row.id_usuario}
      searchPlaceholder="Nome ou e-mail"
    />
  );
}
