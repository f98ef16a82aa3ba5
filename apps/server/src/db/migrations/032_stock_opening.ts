/**
 * Data import (issue 20, /dataImport): the stock a spreadsheet brings in enters through the stock owner as movements
 * of an opening type. Each movement may now name its stock movement type (tipo_movimentacao_estoque); every
 * organization gets the opening type 'IMPLANTACAO' (Entrada, "Implantação de estoque"), and the stock service makes
 * it for an organization created later on its first use.
 */
export const sql = /* sql */ `
ALTER TABLE movimentacao_estoque ADD COLUMN id_tipo_movimentacao_estoque integer;
ALTER TABLE movimentacao_estoque ADD FOREIGN KEY (id_organization, id_tipo_movimentacao_estoque)
  REFERENCES tipo_movimentacao_estoque (id_organization, id_tipo_movimentacao_estoque);

INSERT INTO tipo_movimentacao_estoque (id_organization, codigo, descricao, operacao, tipo_operacao, observacao)
SELECT o.id_organization, 'IMPLANTACAO', 'Implantação de estoque', 'Entrada', 'Implantacao',
       'Saldo inicial trazido pela importação de dados.'
  FROM organization o
 WHERE NOT EXISTS (SELECT 1 FROM tipo_movimentacao_estoque t
                    WHERE t.id_organization = o.id_organization AND lower(t.codigo) = 'implantacao' AND t.data_exclusao IS NULL);
`;
