/**
 * Transfers between branches (issue 22): a stock document of kind Transferencia may name a destination branch of the
 * same organization (tipo_destino 'Filial', id_filial_destino). Processing it issues its transfer NF-e (CFOP 5152 /
 * 6152; id_nota_fiscal), and once SEFAZ authorizes it the goods leave the origin branch and enter the destination
 * branch: the movements of both branches point at the document. The NF-e's recipient is the destination branch
 * (nota_fiscal.id_filial_destino) instead of a person.
 */
export const sql = /* sql */ `
ALTER TABLE documento_estoque ADD COLUMN id_filial_destino integer;
ALTER TABLE documento_estoque ADD COLUMN id_nota_fiscal integer;
ALTER TABLE documento_estoque ADD FOREIGN KEY (id_organization, id_filial_destino) REFERENCES filial (id_organization, id_filial);
ALTER TABLE documento_estoque ADD FOREIGN KEY (id_organization, id_nota_fiscal) REFERENCES nota_fiscal (id_organization, id_nota_fiscal);
ALTER TABLE documento_estoque ADD CONSTRAINT documento_estoque_filial_destino
  CHECK ((id_filial_destino IS NULL) = (tipo_destino IS DISTINCT FROM 'Filial') AND (id_filial_destino IS NULL OR id_filial_destino <> id_filial));

ALTER TABLE nota_fiscal ADD COLUMN id_filial_destino integer;
ALTER TABLE nota_fiscal ADD FOREIGN KEY (id_organization, id_filial_destino) REFERENCES filial (id_organization, id_filial);
`;
