import type { Profile } from '@pdv/contract/admin';
import { ListScreen, type Column } from './ListScreen.tsx';

function activePermissions(row: Profile): number {
  return row.perfil_permissao.filter((p) => p.situacao === 'Ativo').length;
}

const columns: Column<Profile>[] = [
  { header: 'Descrição', cell: (row) => row.descricao },
  {
    header: 'Filiais',
    cell: (row) =>
      row.filiais.length ? row.filiais.map((f) => f.nome_fantasia ?? `Filial ${f.id_filial}`).join(', ') : '—',
  },
  { header: 'Permissões ativas', cell: activePermissions, width: 160 },
];

export function ProfileListPage() {
  return (
    <ListScreen
      title="Perfis"
      route="profileFind"
      columns={columns}
      rowKey={(row) => row.id_perfil}
      searchPlaceholder="Descrição do perfil"
    />
  );
}
