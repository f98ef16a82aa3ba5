/**
 * The user and profile registers (issue 18):
 * - their lists' default sorts (002 §9: profiles descricao asc, users situacao desc) and search columns get the
 *   indexes of migration 019's kind;
 * - a user's e-mail is unique among the organization's live users only: a deleted user (a tombstone, its login
 *   removed) no longer holds its e-mail, so it can be given to a new user. Across the platform the login table's
 *   primary key keeps an e-mail to one live user;
 * - a profile's company (id_empresa) may be null: a profile is the organization's (its branches say where it is
 *   offered); the profile register still records the author's company, and a create by the generic register path
 *   (which writes only the descriptor's columns) no longer fails on it.
 */
export const sql = /* sql */ `
ALTER TABLE perfil ALTER COLUMN id_empresa DROP NOT NULL;

CREATE INDEX perfil_lista ON perfil (id_organization, lower(descricao), id_perfil) WHERE data_exclusao IS NULL;
CREATE INDEX usuario_lista ON usuario (id_organization, situacao, id_usuario) WHERE data_exclusao IS NULL;

ALTER TABLE usuario DROP CONSTRAINT usuario_id_organization_email_key;
CREATE UNIQUE INDEX usuario_email_vivo ON usuario (id_organization, lower(email)) WHERE data_exclusao IS NULL;

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX perfil_busca_descricao ON perfil USING gin (descricao gin_trgm_ops) WHERE data_exclusao IS NULL;
  CREATE INDEX usuario_busca_nome ON usuario USING gin (nome gin_trgm_ops) WHERE data_exclusao IS NULL;
  CREATE INDEX usuario_busca_email ON usuario USING gin (email gin_trgm_ops) WHERE data_exclusao IS NULL;
EXCEPTION WHEN undefined_file OR feature_not_supported OR insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm indisponível: a pesquisa de usuários e perfis lê todas as linhas (%).', SQLERRM;
END $$;
`;
