/**
 * The point of sale builds an offline NFC-e's taxes from its local copy (issue 29, POS side): the fiscal scenario's
 * sync row carries its live exceptions (sync/sources.ts 'fiscal-scenario', excecoes). An exception written, changed or
 * deleted touches its scenario, so the change stream brings the scenario again.
 */
export const sql = /* sql */ `
CREATE TRIGGER sync_touch_related AFTER INSERT OR UPDATE OR DELETE ON cenario_fiscal_excecao
  FOR EACH ROW EXECUTE FUNCTION sync_touch_related('cenario_fiscal', 'id_cenario_fiscal');
`;
