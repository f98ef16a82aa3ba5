/**
 * The branch configuration register (002 §3 Branch configuration; packages/contract/src/registers/branch-config.ts).
 *
 * Every branch has its configuration row, made by the database: a trigger on filial inserts it with the defaults of
 * 002 §9 whoever creates the branch (the branch register, the seed, an import), and the branch's first stock address
 * becomes its sale address when none is set. Rows missing today are added. The enumerations the register offers are
 * checked here too, so a write that skips the contract cannot store a value the point of sale does not know.
 * The SAT's AC signature is a secret now (not synced, masked by the register).
 */
export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION filial_configuracao_criar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO filial_configuracao (id_organization, id_filial, id_endereco_estoque_venda)
  VALUES (NEW.id_organization, NEW.id_filial,
          (SELECT id_endereco_estoque FROM endereco_estoque
            WHERE id_organization = NEW.id_organization AND id_filial = NEW.id_filial AND data_exclusao IS NULL
            ORDER BY id_endereco_estoque LIMIT 1))
  ON CONFLICT (id_organization, id_filial) DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER filial_configuracao_criar AFTER INSERT ON filial
  FOR EACH ROW EXECUTE FUNCTION filial_configuracao_criar();

-- A branch created before it had a stock address sells from its first one.
CREATE OR REPLACE FUNCTION filial_configuracao_endereco_venda() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE filial_configuracao SET id_endereco_estoque_venda = NEW.id_endereco_estoque, data_alteracao = now()
   WHERE id_organization = NEW.id_organization AND id_filial = NEW.id_filial AND id_endereco_estoque_venda IS NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER filial_configuracao_endereco_venda AFTER INSERT ON endereco_estoque
  FOR EACH ROW EXECUTE FUNCTION filial_configuracao_endereco_venda();

INSERT INTO filial_configuracao (id_organization, id_filial, id_endereco_estoque_venda)
SELECT f.id_organization, f.id_filial,
       (SELECT e.id_endereco_estoque FROM endereco_estoque e
         WHERE e.id_organization = f.id_organization AND e.id_filial = f.id_filial AND e.data_exclusao IS NULL
         ORDER BY e.id_endereco_estoque LIMIT 1)
  FROM filial f
 WHERE NOT EXISTS (SELECT 1 FROM filial_configuracao c WHERE c.id_organization = f.id_organization AND c.id_filial = f.id_filial);

ALTER TABLE filial_configuracao
  ADD CONSTRAINT filial_configuracao_modelo_nota_fiscal CHECK (codigo_modelo_padrao_nota_fiscal IN ('55', '65')),
  ADD CONSTRAINT filial_configuracao_modelo_venda CHECK (codigo_modelo_padrao_venda IN ('55', '65', '59')),
  ADD CONSTRAINT filial_configuracao_modelo_pedido CHECK (codigo_modelo_padrao_pedido IN ('55', '65')),
  ADD CONSTRAINT filial_configuracao_modelo_consignacao CHECK (codigo_modelo_padrao_consignacao IN ('55', '65')),
  ADD CONSTRAINT filial_configuracao_perfil_sped CHECK (id_perfil_sped IN ('A', 'B', 'C')),
  ADD CONSTRAINT filial_configuracao_atividade_sped CHECK (tipo_atividade_sped IN (0, 1)),
  ADD CONSTRAINT filial_configuracao_tipo_carne CHECK (tipo_carne IN ('A4', '80mm')),
  ADD CONSTRAINT filial_configuracao_pesavel_tamanho CHECK (tamanho_codigo_produto_pesavel BETWEEN 4 AND 6),
  ADD CONSTRAINT filial_configuracao_pesavel_identificador CHECK (identificador_produto_pesavel ~ '^[0-9]$'),
  ADD CONSTRAINT filial_configuracao_proporcao_imagem CHECK (proporcao_imagem IN ('1/1', '3/4', '4/3', '16/9')),
  ADD CONSTRAINT filial_configuracao_tipo_etiqueta CHECK (tipo_etiqueta IN ('Pimaco6187', 'A4351')),
  ADD CONSTRAINT filial_configuracao_cashback CHECK (valor_resgate_cashback >= 0 AND dias_bloqueio_cashback BETWEEN 0 AND 3650),
  ADD CONSTRAINT filial_configuracao_cobranca CHECK (percentual_multa BETWEEN 0 AND 100 AND percentual_juros BETWEEN 0 AND 100
    AND dias_para_multa BETWEEN 0 AND 3650),
  ADD CONSTRAINT filial_configuracao_troca CHECK (dias_tolerancia_troca <= 3650),
  ADD CONSTRAINT filial_configuracao_fuso CHECK (fuso_horario BETWEEN -5 AND -2);

-- The SAT's AC signature left the synced rows (modules/sync/sources.ts): the rows that carried it come again without it.
ALTER TABLE filial_configuracao DISABLE TRIGGER sync_touch;
UPDATE filial_configuracao SET sync_xid = pg_current_xact_id() WHERE sat_assinatura_ac IS NOT NULL;
ALTER TABLE filial_configuracao ENABLE TRIGGER sync_touch;
`;
