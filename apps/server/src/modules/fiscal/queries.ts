/** SQL of the fiscal module: what an emission needs, number allocation, and the writes of SEFAZ answers. */
import type { EmitterFacts } from '@pdv/fiscal/document-input';
import type { ScenarioExceptionRow } from '@pdv/domain/scenario-exception';
import type { Tx } from '../../db/database.ts';

/** The branch as the document's emitter (packages/fiscal's EmitterFacts), with its CSC for an NFC-e. */
export interface EmitterRow extends EmitterFacts {
  telefone: string | null;
  id_csc: string | null;
  csc: string | null;
}

export async function findEmitter(tx: Tx, org: number, id_filial: number): Promise<EmitterRow | null> {
  const { rows } = await tx.query<EmitterRow>(
    `SELECT f.cnpj, f.razao_social, f.nome_fantasia, f.ie, f.endereco, f.numero, f.complemento, f.bairro, f.id_cidade,
            f.cidade, f.uf, f.cep, f.telefone, coalesce(c.codigo_regime_tributario, 1) AS codigo_regime_tributario,
            coalesce(c.ambiente_emissao, 2) AS ambiente_emissao, c.id_csc, c.csc
       FROM filial f LEFT JOIN filial_configuracao c ON c.id_organization = f.id_organization AND c.id_filial = f.id_filial
      WHERE f.id_organization = $1 AND f.id_filial = $2`,
    [org, id_filial],
  );
  return rows[0] ?? null;
}

export async function findCertificate(tx: Tx, org: number, id_filial: number) {
  const { rows } = await tx.query<{ pfx: Buffer | Uint8Array; senha: string }>(
    'SELECT pfx, senha FROM certificado_digital WHERE id_organization = $1 AND id_filial = $2',
    [org, id_filial],
  );
  const row = rows[0];
  return row ? { pfx: Buffer.from(row.pfx), senha: row.senha } : null;
}

export interface RecipientRow {
  nome: string;
  cpf: string | null;
  cnpj: string | null;
  ie: string | null;
  indicador_ie: number;
  email: string | null;
  telefone: string | null;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  id_cidade: number | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
}

export async function findRecipient(tx: Tx, org: number, id_pessoa: number): Promise<RecipientRow | null> {
  const { rows } = await tx.query<RecipientRow>(
    `SELECT p.nome, p.cpf, p.cnpj, p.ie, p.indicador_ie, p.email, p.telefone, e.endereco, e.numero, e.complemento, e.bairro,
            e.id_cidade, e.cidade, e.uf, e.cep
       FROM pessoa p
       LEFT JOIN LATERAL (SELECT * FROM pessoa_endereco e WHERE e.id_organization = p.id_organization
            AND e.id_pessoa = p.id_pessoa AND e.data_exclusao IS NULL ORDER BY e.is_principal DESC, e.id_pessoa_endereco LIMIT 1) e ON true
      WHERE p.id_organization = $1 AND p.id_pessoa = $2`,
    [org, id_pessoa],
  );
  return rows[0] ?? null;
}

export interface ItemRow {
  id_nota_fiscal_item: number;
  codigo: string;
  descricao: string;
  codigo_barras: string | null;
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number | null;
  unidade_comercial: string | null;
  quantidade: string;
  valor_unitario: string;
  valor_sub_total: string;
  valor_desconto: string;
  frete: string;
  seguro: string;
  outros: string;
  /** The item's scenario, else the organization's default exit scenario of the kind (its exceptions apply). */
  id_cenario_fiscal: number | null;
  cfop_interno: string | null;
  cfop_externo: string | null;
  icms_cst: string | null;
  icms_csosn: string | null;
  icms_aliquota: string;
  icms_percentual_reducao_base_calculo: string;
  icmsst_aliquota: string;
  icmsst_mva: string;
  fcp_percentual: string;
  pis_cst: string | null;
  pis_aliquota: string;
  cofins_cst: string | null;
  cofins_aliquota: string;
  ibscbs_cst: string | null;
  ibscbs_classificacao: string | null;
  cbs_aliquota: string;
  ibsuf_aliquota: string;
  ibsmun_aliquota: string;
  ibs_percentual_reducao: string;
  cbs_percentual_reducao: string;
}

export async function findItems(tx: Tx, org: number, id_nota_fiscal: number, tipo: string): Promise<ItemRow[]> {
  const { rows } = await tx.query<ItemRow>(
    `SELECT i.id_nota_fiscal_item, coalesce(i.codigo_produto, i.sku, i.id_produto_grade_filial::text, i.id_nota_fiscal_item::text) AS codigo,
            i.descricao, i.codigo_barras, i.codigo_ncm, i.cest, i.origem_produto, i.unidade_comercial, i.quantidade,
            i.valor_unitario, i.valor_sub_total, i.valor_desconto, i.frete, i.seguro, i.outros,
            s.id_cenario_fiscal, s.cfop_interno, s.cfop_externo, s.icms_cst, s.icms_csosn, coalesce(s.icms_aliquota, 0) AS icms_aliquota,
            coalesce(s.icms_percentual_reducao_base_calculo, 0) AS icms_percentual_reducao_base_calculo,
            coalesce(s.icmsst_aliquota, 0) AS icmsst_aliquota, coalesce(s.icmsst_mva, 0) AS icmsst_mva,
            coalesce(s.fcp_percentual, 0) AS fcp_percentual,
            s.pis_cst, coalesce(s.pis_aliquota, 0) AS pis_aliquota, s.cofins_cst, coalesce(s.cofins_aliquota, 0) AS cofins_aliquota,
            s.ibscbs_cst, s.ibscbs_classificacao, coalesce(s.cbs_aliquota, 0) AS cbs_aliquota,
            coalesce(s.ibsuf_aliquota, 0) AS ibsuf_aliquota, coalesce(s.ibsmun_aliquota, 0) AS ibsmun_aliquota,
            coalesce(s.ibs_percentual_reducao, 0) AS ibs_percentual_reducao, coalesce(s.cbs_percentual_reducao, 0) AS cbs_percentual_reducao
       FROM nota_fiscal_item i
       LEFT JOIN LATERAL (
         SELECT * FROM cenario_fiscal c
          WHERE c.id_organization = i.id_organization AND c.data_exclusao IS NULL AND c.situacao = 'Ativo'
            AND (c.id_cenario_fiscal = i.id_cenario_fiscal OR (i.id_cenario_fiscal IS NULL AND c.operacao = 1 AND c.tipo = $3))
          ORDER BY (c.id_cenario_fiscal = i.id_cenario_fiscal) DESC NULLS LAST, c.is_padrao DESC, c.id_cenario_fiscal LIMIT 1) s ON true
      WHERE i.id_organization = $1 AND i.id_nota_fiscal = $2 AND i.data_exclusao IS NULL AND NOT i.is_cancelado
      ORDER BY i.id_nota_fiscal_item`,
    [org, id_nota_fiscal, tipo],
  );
  return rows;
}

/** The live exceptions of these scenarios (by state and/or NCM), to be matched per item (domain scenario-exception.ts). */
export async function findScenarioExceptions(tx: Tx, org: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<ScenarioExceptionRow & { id_cenario_fiscal: number }>(
    `SELECT id_cenario_fiscal, id_cenario_fiscal_excecao, uf, codigo_ncm, cfop, icms_cst, icms_csosn, icms_aliquota,
            icmsst_aliquota, icmsst_mva, fcp_percentual
       FROM cenario_fiscal_excecao
      WHERE id_organization = $1 AND id_cenario_fiscal = ANY($2::int[]) AND data_exclusao IS NULL
      ORDER BY id_cenario_fiscal_excecao`,
    [org, [...ids]],
  );
  return rows;
}

export interface PaymentRow {
  meio_pagamento: string;
  valor_total: string;
  quantidade_parcelas: number;
  cartao_codigo_autorizacao: string | null;
  cartao_bandeira: string | null;
  cartao_cnpj_instituicao: string | null;
  cartao_tipo_integracao: string | null;
}

export async function findPayments(tx: Tx, org: number, id_nota_fiscal: number): Promise<PaymentRow[]> {
  const { rows } = await tx.query<PaymentRow>(
    `SELECT meio_pagamento, valor_total, quantidade_parcelas, cartao_codigo_autorizacao, cartao_bandeira,
            cartao_cnpj_instituicao, cartao_tipo_integracao
       FROM nota_fiscal_pagamento WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL
      ORDER BY id_nota_fiscal_pagamento`,
    [org, id_nota_fiscal],
  );
  return rows;
}

export async function findReferenced(tx: Tx, org: number, id_nota_fiscal: number): Promise<string[]> {
  const { rows } = await tx.query<{ chave_acesso: string }>(
    `SELECT chave_acesso FROM nota_fiscal_referenciada WHERE id_organization = $1 AND id_nota_fiscal = $2
        AND data_exclusao IS NULL AND NOT cancelado ORDER BY id_nota_referenciada`,
    [org, id_nota_fiscal],
  );
  return rows.map((r) => r.chave_acesso);
}

export async function findVolumes(tx: Tx, org: number, id_nota_fiscal: number) {
  const { rows } = await tx.query<{ quantidade: number; especie: string | null; marca: string | null; numeracao: string | null;
    peso_liquido: string; peso_bruto: string }>(
    `SELECT quantidade, especie, marca, numeracao, peso_liquido, peso_bruto FROM volume
      WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL ORDER BY id_volume`,
    [org, id_nota_fiscal],
  );
  return rows;
}

/**
 * The next number of a series. The row lock on serie_fiscal makes concurrent emissions take turns, and the number
 * belongs to the transaction: if it rolls back, so does the counter, so numbers stay contiguous.
 */
export async function nextInvoiceNumber(tx: Tx, org: number, id_serie_fiscal: number): Promise<number> {
  const { rows } = await tx.query<{ ultima_numeracao: number }>(
    `UPDATE serie_fiscal SET ultima_numeracao = ultima_numeracao + 1, data_alteracao = now()
      WHERE id_organization = $1 AND id_serie_fiscal = $2 RETURNING ultima_numeracao`,
    [org, id_serie_fiscal],
  );
  const n = rows[0]?.ultima_numeracao;
  if (n === undefined) throw new Error('series not found');
  return n;
}

/** The series of an invoice without one (a sale's invoice takes the branch's active default series of its model). */
export async function defaultSeries(tx: Tx, org: number, id_filial: number, modelo: string) {
  const { rows } = await tx.query<{ id_serie_fiscal: number; codigo_serie: number }>(
    `SELECT id_serie_fiscal, codigo_serie FROM serie_fiscal
      WHERE id_organization = $1 AND id_filial = $2 AND codigo_modelo = $3 AND situacao = 'Ativo' AND data_exclusao IS NULL
      ORDER BY serie_padrao DESC, codigo_serie LIMIT 1`,
    [org, id_filial, modelo],
  );
  return rows[0] ?? null;
}
