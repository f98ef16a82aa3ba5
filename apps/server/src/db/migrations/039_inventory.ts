/**
 * Inventories counted on phones (issue 22; 001 §3, §4 "Inventory item", §7 Inventory). The tables came with the
 * catalogue (004); counting offline on several phones needs more:
 * - uuid: the phone's id of the line, unique in the organization, so a batch sent twice (a retry after a time-out)
 *   updates the same line instead of adding one;
 * - quantidade_estoque: the stock the phone saw when the line was first counted (the snapshot). Processing moves the
 *   place by count minus snapshot, so sales after the count are not undone;
 * - two phones counting the same variation and address keep their own lines (summed when processed): the unique
 *   index of one live line per place goes;
 * - movimentacao_estoque.id_inventario links the adjustments to their inventory;
 * - the list's sort index (data_inicio desc, 001 §9).
 */
export const sql = /* sql */ `
ALTER TABLE inventario_item ADD COLUMN uuid uuid;
ALTER TABLE inventario_item ADD COLUMN quantidade_estoque numeric(15,3);
UPDATE inventario_item i SET uuid = gen_random_uuid(),
       quantidade_estoque = coalesce((SELECT e.quantidade FROM estoque e WHERE e.id_organization = i.id_organization
          AND e.id_produto_grade_filial = i.id_produto_grade_filial AND e.id_endereco_estoque = i.id_endereco_estoque), 0);
ALTER TABLE inventario_item ALTER COLUMN uuid SET DEFAULT gen_random_uuid();
ALTER TABLE inventario_item ALTER COLUMN uuid SET NOT NULL;
ALTER TABLE inventario_item ALTER COLUMN quantidade_estoque SET DEFAULT 0;
ALTER TABLE inventario_item ALTER COLUMN quantidade_estoque SET NOT NULL;
CREATE UNIQUE INDEX inventario_item_uuid ON inventario_item (id_organization, uuid);
DROP INDEX inventario_item_unico;
CREATE INDEX inventario_item_inventario ON inventario_item (id_organization, id_inventario) WHERE data_exclusao IS NULL;

CREATE INDEX inventario_lista ON inventario (id_organization, id_filial, data_inicio DESC, id_inventario DESC) WHERE data_exclusao IS NULL;

ALTER TABLE movimentacao_estoque ADD COLUMN id_inventario integer;
ALTER TABLE movimentacao_estoque ADD FOREIGN KEY (id_organization, id_inventario) REFERENCES inventario (id_organization, id_inventario);
CREATE INDEX movimentacao_estoque_inventario ON movimentacao_estoque (id_organization, id_inventario) WHERE id_inventario IS NOT NULL;
`;
