/**
 * Issue 30, versions of what picks a price table (migration 070 versions the tables' and promotions' rules): when a
 * customer's or a branch's default price table (id_tabela_preco_padrao) changes, the one it replaced is kept in
 * regra_preco_versao (tipo TabelaCliente: id_regra the customer's id_pessoa; TabelaFilial: the branch's id_filial;
 * regra {"id_tabela_preco": the previous table or null}) with the instant it was replaced, by a trigger, so every path
 * that changes it (the person and branch registers, a sync, a seed) is covered. POST /api/operacao accepts a line a
 * till priced offline with the previous default table for PRICE_VERSION_WINDOW_MS after the change
 * (operation/prices.ts), never one the customer or branch did not have.
 */
export const sql = /* sql */ `
ALTER TABLE regra_preco_versao DROP CONSTRAINT regra_preco_versao_tipo_check;
ALTER TABLE regra_preco_versao ADD CONSTRAINT regra_preco_versao_tipo_check
  CHECK (tipo IN ('TabelaPreco', 'Promocao', 'TabelaCliente', 'TabelaFilial'));

CREATE FUNCTION regra_preco_padrao_guardar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id_tabela_preco_padrao IS DISTINCT FROM OLD.id_tabela_preco_padrao THEN
    INSERT INTO regra_preco_versao (id_organization, tipo, id_regra, regra)
    VALUES (OLD.id_organization, TG_ARGV[0], (to_jsonb(OLD) ->> TG_ARGV[1])::integer,
            jsonb_build_object('id_tabela_preco', OLD.id_tabela_preco_padrao));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER regra_preco_padrao_guardar AFTER UPDATE OF id_tabela_preco_padrao ON pessoa
  FOR EACH ROW EXECUTE FUNCTION regra_preco_padrao_guardar('TabelaCliente', 'id_pessoa');
CREATE TRIGGER regra_preco_padrao_guardar AFTER UPDATE OF id_tabela_preco_padrao ON filial
  FOR EACH ROW EXECUTE FUNCTION regra_preco_padrao_guardar('TabelaFilial', 'id_filial');
`;
