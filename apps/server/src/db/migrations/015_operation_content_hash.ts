/**
 * The content hash of an operation's claim (POST /api/operacao; packages/domain/src/operation-content.ts): a replay of
 * an id_operacao with other items, quantities, payments or amounts is refused (409) instead of answered with the first
 * result. Operations claimed before this migration have no hash (NULL): their content is unknown, so a replay of one by
 * the same user and branch gets its stored result without a comparison, as it did before.
 */
export const sql = /* sql */ `
ALTER TABLE operacao ADD COLUMN hash_conteudo text CHECK (hash_conteudo ~ '^[0-9a-f]{64}$');
`;
