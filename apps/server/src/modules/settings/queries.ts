/**
 * The branch's sale settings read by both the point of sale's operations and the order registers: sale configuration,
 * fiscal series and payment methods. Below operation and order, so neither imports the other for them; the settings
 * registers will own these tables' writes here.
 */
import type { Tx } from '../../db/database.ts';

export interface BranchSaleConfig {
  controla_estoque_negativo: boolean;
  is_liberar_pedido: boolean;
  obrigar_vendedor_venda_pdv: boolean;
  obrigar_cliente_venda_pdv: boolean;
  ambiente_emissao: number;
  /** 002 §3 Venda: the default price type and whether a sale may switch it (price-check.ts priceTypeError). */
  tipo_preco_padrao: 'Varejo' | 'Atacado';
  tipo_preco_alterar: boolean;
}

export async function findSaleConfig(tx: Tx, org: number, id_filial: number): Promise<BranchSaleConfig> {
  const { rows } = await tx.query<BranchSaleConfig>(
    `SELECT controla_estoque_negativo, is_liberar_pedido, obrigar_vendedor_venda_pdv, obrigar_cliente_venda_pdv, ambiente_emissao,
            tipo_preco_padrao, tipo_preco_alterar
       FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, id_filial],
  );
  return rows[0] ?? {
    controla_estoque_negativo: false,
    is_liberar_pedido: false,
    obrigar_vendedor_venda_pdv: false,
    obrigar_cliente_venda_pdv: false,
    ambiente_emissao: 2,
    tipo_preco_padrao: 'Varejo',
    tipo_preco_alterar: true,
  };
}

/** The branch's default invoice models (002 §3 codigo_modelo_padrao_*): null where the branch names none. */
export interface DefaultModels {
  nota_fiscal: string;
  venda: string;
  pedido: string | null;
  consignacao: string | null;
}

export async function findDefaultModels(tx: Tx, org: number, id_filial: number): Promise<DefaultModels> {
  const { rows } = await tx.query<DefaultModels>(
    `SELECT codigo_modelo_padrao_nota_fiscal AS nota_fiscal, codigo_modelo_padrao_venda AS venda,
            codigo_modelo_padrao_pedido AS pedido, codigo_modelo_padrao_consignacao AS consignacao
       FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL`,
    [org, id_filial],
  );
  return rows[0] ?? { nota_fiscal: '55', venda: '65', pedido: null, consignacao: null };
}

export interface SeriesRow {
  id_serie_fiscal: number;
  id_filial: number;
  codigo_modelo: string;
  codigo_serie: number;
  situacao: string;
}

export async function findSeries(tx: Tx, org: number, id_filial: number): Promise<SeriesRow[]> {
  const { rows } = await tx.query<SeriesRow>(
    `SELECT id_serie_fiscal, id_filial, codigo_modelo, codigo_serie, situacao FROM serie_fiscal
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL
      ORDER BY serie_padrao DESC, codigo_serie`,
    [org, id_filial],
  );
  return rows;
}

export interface MethodRow {
  id_meio_pagamento: number;
  descricao: string;
  meio_pagamento: string;
  utilizar_parcela: boolean;
  obrigar_parcelamento: boolean;
  obrigar_conta: boolean;
  utilizar_captura: boolean;
  modelo_captura: string | null;
}

export async function findMethods(tx: Tx, org: number, ids: number[]): Promise<Map<number, MethodRow>> {
  const { rows } = await tx.query<MethodRow>(
    `SELECT id_meio_pagamento, descricao, meio_pagamento, utilizar_parcela, obrigar_parcelamento, obrigar_conta,
            utilizar_captura, modelo_captura
       FROM meio_pagamento
      WHERE id_organization = $1 AND id_meio_pagamento = ANY($2::int[]) AND situacao = 'Ativo' AND data_exclusao IS NULL`,
    [org, ids],
  );
  return new Map(rows.map((r) => [r.id_meio_pagamento, r]));
}
