import type { SyncGroupName } from '@pdv/contract/sync';
import type { Caller } from '../auth/caller.ts';

/** Where each synced group reads from: its table, id column, the columns sent, and any extra filter. */
export interface SyncSource {
  table: string;
  id: string;
  columns: string;
  /** Extra SQL condition with its parameters, numbered from `next` on. */
  filter?: (caller: Caller, next: number) => { sql: string; params: unknown[] };
}

const STAMPS = 'data_cadastro, data_alteracao, data_exclusao';

export const SYNC_SOURCES: Record<SyncGroupName, SyncSource> = {
  branch: {
    table: 'filial',
    id: 'id_filial',
    columns: `id_filial, id_empresa, codigo_filial, cnpj, situacao, razao_social, nome_fantasia, apelido, ie, im, email,
      telefone, celular, logo, cep, endereco, numero, complemento, bairro, id_cidade, cidade, uf, id_tabela_preco_padrao, ${STAMPS}`,
  },
  user: {
    table: 'usuario',
    id: 'id_usuario',
    columns: `id_usuario, nome, email, avatar, situacao, is_vendedor, modo_vendedor, percentual_desconto_maximo,
      perc_max_aumento_preco_produto, perc_max_reducao_preco_produto, ${STAMPS}`,
  },
  permission: {
    table: 'perfil_permissao',
    id: 'id_permissao',
    columns: `id_permissao, id_perfil, rotulo, tipo, situacao, ${STAMPS}`,
    // The caller's own permission list: the profile it holds in its active branch.
    filter: (caller, next) => {
      const branch = caller.branches.find((b) => b.id_filial === caller.id_filial);
      return { sql: `id_perfil = $${next}`, params: [branch?.id_perfil ?? -1] };
    },
  },
};
