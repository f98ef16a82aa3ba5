/**
 * Register lists (issue 18) on big tables:
 * - the default sort of each register's list (its descriptor's list.sort, 002 §9) is served by an index over the
 *   organization's live rows, with the id as the tie-breaker the list orders by, so a page of a 100,000-row register
 *   is read in index order (either way) instead of sorting every row;
 * - each searchable text column (the list's search box, ILIKE '%...%') gets a trigram index (pg_trgm, PostgreSQL's
 *   contrib; database.ts loads it into PGlite). Under row-level security the planner uses an index only for leakproof
 *   operators, so ILIKE's function (texticlike) is marked LEAKPROOF: it raises no error and reveals nothing about a
 *   row's value that depends on the row (docs/decisions.md, "Register search under row-level security"). Both need
 *   privileges a server's owner may lack (superuser for LEAKPROOF, the contrib package for pg_trgm): without them the
 *   migration still applies and the search reads every row of the organization, slower but right.
 */
export const sql = /* sql */ `
CREATE INDEX marca_lista ON marca (id_organization, lower(descricao), id_marca) WHERE data_exclusao IS NULL;
CREATE INDEX unidade_medida_lista ON unidade_medida (id_organization, lower(descricao), id_unidade_medida) WHERE data_exclusao IS NULL;

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX marca_busca_descricao ON marca USING gin (descricao gin_trgm_ops) WHERE data_exclusao IS NULL;
  CREATE INDEX unidade_medida_busca_descricao ON unidade_medida USING gin (descricao gin_trgm_ops) WHERE data_exclusao IS NULL;
  CREATE INDEX unidade_medida_busca_sigla ON unidade_medida USING gin (sigla gin_trgm_ops) WHERE data_exclusao IS NULL;
EXCEPTION WHEN undefined_file OR feature_not_supported OR insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm indisponível: a pesquisa dos cadastros lê todas as linhas (%).', SQLERRM;
END $$;

DO $$
BEGIN
  ALTER FUNCTION texticlike(text, text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'Sem superusuário: ILIKE continua sem LEAKPROOF e a pesquisa dos cadastros não usa índice (%).', SQLERRM;
END $$;
`;
