/**
 * Change events: a statement-level trigger on each synced table sends one NOTIFY per organization (and branch, for
 * branch-owned tables) it touched. PostgreSQL delivers a NOTIFY only when its transaction commits, to every server
 * process listening, so a socket event never announces a change that was rolled back and every node hears it.
 * The triggers themselves are (re)installed at start-up from the server's sync sources (modules/realtime/triggers.ts).
 */
export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION sync_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_ARGV[1] = 'branch' THEN
    FOR r IN SELECT DISTINCT id_organization, id_filial FROM changed LOOP
      PERFORM pg_notify('pdv_events', json_build_object('e', TG_ARGV[0], 'o', r.id_organization, 'f', r.id_filial)::text);
    END LOOP;
  ELSE
    FOR r IN SELECT DISTINCT id_organization FROM changed LOOP
      PERFORM pg_notify('pdv_events', json_build_object('e', TG_ARGV[0], 'o', r.id_organization)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
`;
