/**
 * A customer saved by the point of sale's quick save while offline reaches the server inside the sale that names it
 * (POST /api/operacao, cliente_rapido), with the till's UUID for it: two offline sales of the same new customer make
 * one person. Unique per organization.
 */
export const sql = /* sql */ `
ALTER TABLE pessoa ADD COLUMN uuid_cadastro uuid;
CREATE UNIQUE INDEX pessoa_uuid_cadastro ON pessoa (id_organization, uuid_cadastro) WHERE uuid_cadastro IS NOT NULL;
`;
