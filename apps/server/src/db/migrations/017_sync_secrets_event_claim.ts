/**
 * Security of the sales core (issue "Security and integrity of the sales core").
 *
 * 1. The local copy holds what the least-privileged role of its branch may see (modules/sync/sources.ts): cost prices,
 *    the users' discount and price limits and the NFC-e CSC left the synced rows. A device keeps a row as it was sent
 *    until the row comes again (a synced row is stored whole, so a field the server stopped sending goes away then):
 *    the rows that carried those fields are marked changed, with their data_alteracao kept, so every device's next
 *    sync brings them again without them. No local schema change is needed (those fields were never indexed).
 * 2. One fiscal event (cancellation, correction letter) of an invoice at a time: nota_fiscal.evento_em_processamento
 *    is the claim taken, in a short transaction, by the call that signs an event and sends it to SEFAZ, and released
 *    when SEFAZ's answer is stored (modules/fiscal/event-claim.ts). A claim older than the time a SEFAZ call can take
 *    is a crashed call's and may be taken over.
 */
export const RESEND_WITHOUT_SECRETS = /* sql */ `
ALTER TABLE produto DISABLE TRIGGER sync_touch;
UPDATE produto SET sync_xid = pg_current_xact_id() WHERE data_exclusao IS NULL;
ALTER TABLE produto ENABLE TRIGGER sync_touch;

ALTER TABLE usuario DISABLE TRIGGER sync_touch;
UPDATE usuario SET sync_xid = pg_current_xact_id() WHERE data_exclusao IS NULL;
ALTER TABLE usuario ENABLE TRIGGER sync_touch;

ALTER TABLE filial_configuracao DISABLE TRIGGER sync_touch;
UPDATE filial_configuracao SET sync_xid = pg_current_xact_id() WHERE csc IS NOT NULL OR id_csc IS NOT NULL;
ALTER TABLE filial_configuracao ENABLE TRIGGER sync_touch;
`;

export const sql = /* sql */ `
${RESEND_WITHOUT_SECRETS}

ALTER TABLE nota_fiscal ADD COLUMN evento_em_processamento timestamptz;
COMMENT ON COLUMN nota_fiscal.evento_em_processamento IS
  'When the fiscal event being sent to SEFAZ was claimed (one event per invoice at a time); NULL when none is.';
`;
