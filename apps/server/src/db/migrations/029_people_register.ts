/**
 * People register (002 §3 Person; packages/contract/src/registers/person.ts):
 * - pessoa_filial: the branches a person is registered in (none: every branch);
 * - a receivable of a person (documento_financeiro with id_pessoa) touches the person, so the synced people row, which
 *   carries the person's open receivables (modules/sync/sources.ts), comes again and the point of sale applies the
 *   credit rules offline on current totals;
 * - the list's search by name, CPF and CNPJ over the organization's live rows.
 */
export const sql = /* sql */ `
CREATE TABLE pessoa_filial (
  id_organization integer NOT NULL,
  id_pessoa integer NOT NULL,
  id_filial integer NOT NULL,
  data_cadastro timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id_organization, id_pessoa, id_filial),
  FOREIGN KEY (id_organization, id_pessoa) REFERENCES pessoa (id_organization, id_pessoa),
  FOREIGN KEY (id_organization, id_filial) REFERENCES filial (id_organization, id_filial)
);
CREATE INDEX pessoa_filial_filial ON pessoa_filial (id_organization, id_filial);
SELECT tenant_enable(ARRAY['pessoa_filial']);

CREATE TRIGGER sync_touch_related AFTER INSERT OR UPDATE OR DELETE ON documento_financeiro
  FOR EACH ROW EXECUTE FUNCTION sync_touch_related('pessoa', 'id_pessoa');
CREATE INDEX documento_financeiro_pessoa_aberto ON documento_financeiro (id_organization, id_pessoa)
  WHERE operacao = 'Entrada' AND situacao IN ('Aberto', 'Parcial') AND data_exclusao IS NULL;

CREATE INDEX pessoa_lista ON pessoa (id_organization, id_pessoa) WHERE data_exclusao IS NULL;
`;
