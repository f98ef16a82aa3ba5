/**
 * Change tracking for list-by-changes. Every synced row carries sync_xid, the id of the transaction that last wrote
 * it, set by a trigger together with data_alteracao. Readers order by (sync_xid, id) and only return rows whose
 * sync_xid is below the oldest transaction still running (pg_snapshot_xmin), so a writer that started before a reader
 * and commits after it is never skipped: its rows are held back until it ends, then come after the reader's mark.
 */
export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION sync_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sync_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' THEN
    NEW.data_alteracao := now();
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION sync_enable(t regclass, id_column text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ADD COLUMN IF NOT EXISTS sync_xid xid8 NOT NULL DEFAULT pg_current_xact_id()', t);
  EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s (id_organization, sync_xid, %I)', t::text || '_sync', t, id_column);
  EXECUTE format('DROP TRIGGER IF EXISTS sync_touch ON %s', t);
  EXECUTE format('CREATE TRIGGER sync_touch BEFORE INSERT OR UPDATE ON %s FOR EACH ROW EXECUTE FUNCTION sync_touch()', t);
END $$;

SELECT sync_enable('filial', 'id_filial');
SELECT sync_enable('usuario', 'id_usuario');
SELECT sync_enable('perfil_permissao', 'id_permissao');
`;
