/**
 * /branch/config: the active branch's configuration (002 §3 Branch configuration), in the register form its
 * descriptor draws (packages/contract/src/registers/branch-config.ts): one row per branch, made with the branch, so
 * there is no list, no new and no delete. Another branch is configured after choosing it as the active branch (the
 * permissions are the profile's in that branch). Read-only without manage on FncListarFilial.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { branchConfig } from '@pdv/contract/registers/branch-config';
import type { RouteName } from '@pdv/contract/routes';
import { call, type CallOptions } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { RegisterForm } from '../registers/RegisterForm.tsx';
import type { Row } from '../registers/fields.ts';

// The route table types a register's rows loosely (its descriptor is data): they are rows of the descriptor.
const findConfig = call as unknown as (name: RouteName, body: unknown, options?: CallOptions) => Promise<{ rows: Row[] }>;

export function BranchConfigPage() {
  const { session, ability } = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idFilial = session.usuario.id_filial_ativa;
  const branch = session.usuario.filiais.find((f) => f.id_filial === idFilial);
  const name = branch ? (branch.nome_fantasia ?? branch.razao_social) : '';
  const query = useQuery({
    queryKey: ['branchConfigFind', idFilial],
    queryFn: ({ signal }) => findConfig('branchConfigFind', {}, { signal }),
  });
  const row = query.data?.rows[0] ?? null;
  return (
    <Stack gap="sm">
      <Title order={2}>Configuração da filial</Title>
      <Text c="dimmed">
        {name} — para configurar outra filial, escolha-a como filial ativa.
      </Text>
      {query.isPending && <Loader size="sm" aria-label="Carregando" />}
      {query.isError && (
        <Alert color="red" role="alert">
          {errorDisplayOf(query.error).text}
        </Alert>
      )}
      {row && (
        <RegisterForm
          key={`${idFilial}-${String(row[branchConfig.id])}`}
          descriptor={branchConfig}
          row={row}
          opened
          readOnly={!ability.can('manage', branchConfig.permission)}
          onClose={() => void navigate('/branch')}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['branchConfigFind'] })}
        />
      )}
    </Stack>
  );
}
