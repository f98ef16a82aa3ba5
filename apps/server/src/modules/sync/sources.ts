import { rowColumns, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { syncedRegisters, type HandWrittenGroupName, type RegisterGroupName, type SyncGroupName } from '@pdv/contract/sync';
import type { Caller } from '../auth/caller.ts';
import { variationDescriptionSql } from '../catalog/variation-sql.ts';
import { openInstallmentsSql } from '../finance/queries.ts';

/** Where each synced group reads from: its table, id column, the columns sent, and any extra filter. */
export interface SyncSource {
  /** The table whose rows make the stream (its sync_xid orders it; change events hang on it). */
  table: string;
  id: string;
  columns: string;
  /**
   * The FROM item when a row shows data of other tables (a join named like the table, exposing id_organization,
   * sync_xid, the id and, for branch-owned rows, id_filial of `table`). Those tables touch the row when they change
   * (sync_touch_related), so the stream brings it again.
   */
  from?: string;
  /**
   * Extra SQL condition with its parameters, numbered from `next` on. `body` is the list-by-changes request (a group
   * with filters of its own, LIST_BY_CHANGES_BODIES); absent when /sync/changed asks for the whole stream.
   */
  filter?: (caller: Caller, next: number, body?: Readonly<Record<string, unknown>>) => { sql: string; params: unknown[] };
}

/**
 * A timestamp column as the wire carries it: ISO 8601 in UTC with milliseconds ('2026-01-01T12:00:00.000Z'), what
 * JavaScript's toISOString writes. The rows are built as JSON by the database, whose own timestamp text differs.
 */
const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

const STAMPS = [ts('data_cadastro'), ts('data_alteracao'), ts('data_exclusao')].join(', ');

/** A JSON array of a child table's rows, built inside a row of `parent` (alias p). */
const children = (table: string, key: string, fields: string, where = 'true', order = key) => /* sql */ `
  (SELECT coalesce(jsonb_agg(jsonb_build_object(${fields}) ORDER BY c.${order}), '[]'::jsonb)
     FROM ${table} c WHERE c.id_organization = p.id_organization AND c.${key} = p.${key} AND ${where})`;

/** A register's group: its table and the row's columns as its descriptor declares them (never a secret: rowColumns). */
function fromRegister(d: RegisterDescriptor): SyncSource {
  return { table: d.table, id: d.id, columns: `${rowColumns(d).join(', ')}, ${STAMPS}` };
}

/**
 * A customer's cashback as the point of sale needs it (domain cashback.ts): cashback_saldo, the total balance, and
 * cashback_bloqueios, the entries not yet available when the row was read ({disponivel_em, valor}). The till's
 * available balance at its instant t is the total less the blocked entries still after t, so an accrual becomes
 * redeemable on time without another sync. A ledger entry touches its person (migration 048): the row comes again.
 */
const cashbackSql = (p: string) => /* sql */ `
  coalesce((SELECT cb.saldo FROM pessoa_cashback cb WHERE cb.id_organization = ${p}.id_organization AND cb.id_pessoa = ${p}.id_pessoa), 0)
    AS cashback_saldo,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('disponivel_em', to_char(l.disponivel_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'valor', l.valor) ORDER BY l.disponivel_em), '[]'::jsonb)
     FROM pessoa_cashback_lancamento l
    WHERE l.id_organization = ${p}.id_organization AND l.id_pessoa = ${p}.id_pessoa AND l.disponivel_em > now()) AS cashback_bloqueios`;

/** The sources of the hand-written groups of SYNC_GROUPS. */
const HAND_WRITTEN_SOURCES: Record<HandWrittenGroupName, SyncSource> = {
  branch: {
    table: 'filial',
    id: 'id_filial',
    columns: `id_filial, id_empresa, codigo_filial, cnpj, situacao, razao_social, nome_fantasia, apelido, ie, im, email,
      telefone, celular, logo, cep, endereco, numero, complemento, bairro, id_cidade, cidade, uf, id_tabela_preco_padrao, ${STAMPS}`,
  },
  // Who works here (names and sellers), without any user's discount and price limits: the signed-in user's own come
  // with its session, another user's are not the business of whoever signs in on this device next. filiais: the
  // branches where the user holds a profile (the point of sale offers as sellers only those of its branch).
  user: {
    table: 'usuario',
    id: 'id_usuario',
    from: /* sql */ `(SELECT u.*,
        (SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('id_filial', pf.id_filial)), '[]'::jsonb)
           FROM perfil_filial_usuario pfu
           JOIN perfil_filial pf ON pf.id_organization = pfu.id_organization AND pf.id_perfil_filial = pfu.id_perfil_filial
          WHERE pfu.id_organization = u.id_organization AND pfu.id_usuario = u.id_usuario) AS filiais
       FROM usuario u) AS usuario`,
    columns: `id_usuario, nome, email, avatar, situacao, is_vendedor, modo_vendedor, filiais, ${STAMPS}`,
  },
  permission: {
    table: 'perfil_permissao',
    id: 'id_permissao',
    columns: `id_permissao, id_perfil, rotulo, tipo, situacao, ${STAMPS}`,
    // The caller's own permission list: the profile it holds in its active branch.
    filter: (caller, next) => {
      const branch = caller.branches.find((b) => b.id_filial === caller.id_filial);
      return { sql: `id_perfil = $${next}`, params: [branch?.id_perfil ?? -1] };
    },
  },
  // Everything but the secrets: pdv_token, the NFC-e CSC (id_csc, csc) and the SAT's AC signature (sat_assinatura_ac,
  // kept by the server and the shop's connector, not by browsers) never reach a browser (the register never answers
  // them either: registers/branch-config.ts). The server signs the NFC-e and completes its QR code; a sale made offline prints
  // a non-fiscal receipt.
  'branch-config': {
    table: 'filial_configuracao',
    id: 'id_filial_configuracao',
    columns: `id_filial_configuracao, id_filial, id_endereco_estoque_venda, codigo_regime_tributario, ambiente_emissao,
      codigo_modelo_padrao_nota_fiscal, codigo_modelo_padrao_venda, codigo_modelo_padrao_pedido, codigo_modelo_padrao_consignacao,
      ultimo_nsu_nfe_destinada, id_perfil_sped, tipo_atividade_sped, forcar_controle_caixa,
      forcar_controle_diario_caixa, id_meio_pagamento_conta_concialiacao, descontar_taxa_cartao_credito, modo_finalizacao,
      tipo_preco_padrao, tipo_preco_alterar, tipo_carne, segunda_via, controla_estoque_negativo, confissao_divida,
      is_liberar_pedido, tamanho_codigo_produto_pesavel, identificador_produto_pesavel, tipo_informacao_balanca,
      proporcao_imagem, tipo_etiqueta, abrir_edicao_inserir_item_pdv, solicitar_vendedor_venda_pdv, obrigar_vendedor_venda_pdv,
      solicitar_cliente_venda_pdv, obrigar_cliente_venda_pdv, informacao_cliente_venda_pdv, is_pdv_offline,
      enviar_email_boleto, enviar_email_pedido, enviar_email_nfce, enviar_email_nfe, imprimir_segunda_via_contingencia,
      imprimir_duas_vias_tef, impressao_comprovante_troca, impressao_comprovante_troca_por_produto, dias_tolerancia_troca,
      id_produto_grade_filial_vale_credito, wpp_numero, wpp_boolean_enviar_cliente, wpp_boolean_enviar_nf,
      wpp_boolean_enviar_pedido, wpp_boolean_enviar_aniversario, wpp_boolean_enviar_cesta_compras, wpp_mensagem_cliente,
      wpp_mensagem_nf, wpp_mensagem_pedido, wpp_mensagem_aniversario, wpp_mensagem_cesta_compras, valor_resgate_cashback,
      dias_bloqueio_cashback, percentual_multa, dias_para_multa, percentual_juros, fuso_horario, valor_limite_diferenca_caixa,
      nfce_offline_conector, ${STAMPS}`,
  },
  category: {
    table: 'categoria',
    id: 'id_categoria',
    columns: `id_categoria, descricao, id_categoria_pai, referencia_exibicao, logo, tipo, situacao, permitir_lancamento, is_padrao, ${STAMPS}`,
  },
  // No cost prices (preco_custo, preco_custo_medio): the local copy holds what a cashier may see; the screens that show
  // a cost read it online. The product's own discount and price limits are sale rules, and stay.
  product: {
    table: 'produto',
    id: 'id_produto',
    columns: `id_produto, descricao, descricao_exibicao, sku, slug, id_marca, id_unidade_medida, id_categoria, url_imagem_principal,
      tipo_produto, situacao, codigo_ncm, cest, origem_produto, tipo_item, codigo_beneficio_fiscal,
      icms_percentual_reducao_base_calculo, icms_percentual_diferimento, descricao_garantia, tempo_garantia, tipo_tempo_garantia,
      peso, enviar_balanca, imprimir_data_embalagem_balanca, quantidade_atacarejo, percentual_desconto_maximo,
      perc_max_aumento_preco_produto, perc_max_reducao_preco_produto, preco_venda, preco_atacado, ${STAMPS}`,
  },
  // One row per variation in the active branch (the local grid is keyed by id_produto_grade). situacao is Ativo only
  // when both the variation and its branch row are; a deleted variation deletes its branch rows.
  'product-grid': {
    table: 'produto_grade_filial',
    id: 'id_produto_grade_filial',
    from: /* sql */ `(SELECT pgf.id_organization, pgf.id_filial, pgf.sync_xid, pgf.id_produto_grade_filial, pgf.id_produto_grade,
        g.id_produto, g.descricao, g.sku, g.is_padrao,
        CASE WHEN pgf.situacao = 'Ativo' AND g.situacao = 'Ativo' THEN 'Ativo' ELSE 'Inativo' END AS situacao,
        pgf.preco_venda, pgf.preco_atacado, pgf.is_ecommerce, pgf.data_cadastro, pgf.data_alteracao,
        coalesce(pgf.data_exclusao, g.data_exclusao) AS data_exclusao
       FROM produto_grade_filial pgf
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade) AS produto_grade_filial`,
    columns: `id_produto_grade, id_produto_grade_filial, id_produto, id_filial, descricao, sku, is_padrao, situacao, preco_venda,
      preco_atacado, is_ecommerce, ${STAMPS}`,
  },
  // A code of a logistics unit carries its multiplier (a box of 12 sells 12 units).
  'product-barcode': {
    table: 'produto_codigo_barra',
    id: 'id_produto_codigo_barra',
    from: /* sql */ `(SELECT b.id_organization, b.sync_xid, b.id_produto_codigo_barra, b.id_produto, b.id_produto_grade,
        b.id_produto_unidade_logistica, u.id_unidade_medida, coalesce(u.multiplicador, 1) AS multiplicador, b.codigo, b.situacao,
        b.data_cadastro, b.data_alteracao, b.data_exclusao
       FROM produto_codigo_barra b
       LEFT JOIN produto_unidade_logistica u
         ON u.id_organization = b.id_organization AND u.id_produto_unidade_logistica = b.id_produto_unidade_logistica
        AND u.data_exclusao IS NULL) AS produto_codigo_barra`,
    columns: `id_produto_codigo_barra, id_produto, id_produto_grade, id_produto_unidade_logistica, id_unidade_medida, multiplicador,
      codigo, situacao, ${STAMPS}`,
  },
  'stock-address': {
    table: 'endereco_estoque',
    id: 'id_endereco_estoque',
    columns: `id_endereco_estoque, id_filial, codigo, descricao, ${STAMPS}`,
  },
  stock: {
    table: 'estoque',
    id: 'id_estoque',
    columns: `id_estoque, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade, quantidade_reserva, ${STAMPS}`,
  },
  // filiais: the branches offering the table; itens: its live rules per category or variation (price-check.ts
  // linePricing prices from them on the device).
  'table-price': {
    table: 'tabela_preco',
    id: 'id_tabela_preco',
    from: /* sql */ `(SELECT p.*, ${children('tabela_preco_filial', 'id_tabela_preco', `'id_filial', c.id_filial`, 'true', 'id_filial')} AS filiais,
        ${children('tabela_preco_item', 'id_tabela_preco', `'id_categoria', c.id_categoria, 'id_produto_grade_filial', c.id_produto_grade_filial,
          'tipo_aplicado', c.tipo_aplicado, 'tipo_valor', c.tipo_valor, 'valor_varejo', c.valor_varejo, 'valor_atacado', c.valor_atacado`,
          'c.data_exclusao IS NULL', 'id_tabela_preco_item')} AS itens
       FROM tabela_preco p) AS tabela_preco`,
    columns: `id_tabela_preco, descricao, tipo_aplicado, tipo_valor, valor_varejo, valor_atacado, situacao, filiais, itens, ${STAMPS}`,
  },
  price: {
    table: 'preco',
    id: 'id_preco',
    columns: `id_preco, id_filial, id_tabela_preco, id_produto_grade_filial, preco_venda, preco_atacado, ${STAMPS}`,
  },
  // Its period in days and its discounts per category (categorias) and per variation in a branch (produtos).
  promotion: {
    table: 'promocao',
    id: 'id_promocao',
    from: /* sql */ `(SELECT p.*,
        ${children('promocao_categoria', 'id_promocao', `'id_categoria', c.id_categoria, 'tipo', c.tipo, 'venda', c.venda, 'atacado', c.atacado, 'cashback_tipo', c.cashback_tipo,
          'cashback_venda', c.cashback_venda, 'cashback_atacado', c.cashback_atacado`, 'true', 'id_categoria')} AS categorias,
        ${children('promocao_produto', 'id_promocao', `'id_produto_grade_filial', c.id_produto_grade_filial, 'tipo', c.tipo, 'venda', c.venda, 'atacado', c.atacado,
          'cashback_tipo', c.cashback_tipo, 'cashback_venda', c.cashback_venda, 'cashback_atacado', c.cashback_atacado`,
          'true', 'id_produto_grade_filial')} AS produtos
       FROM promocao p) AS promocao`,
    columns: `id_promocao, descricao, to_char(data_inicio, 'YYYY-MM-DD') AS data_inicio, to_char(data_fim, 'YYYY-MM-DD') AS data_fim, situacao,
      is_ecommerce, is_gestao, is_desconto, is_cashback, categorias, produtos, ${STAMPS}`,
  },
  // What selling needs: identity, documents, contacts, the main address, the cashback (cashbackSql) and the credit rules with the open receivables
  // by due date (parcelas_abertas: a receivable touches its person, migration 029), so a sale on credit is judged
  // offline on current totals; overdue is counted against the day of the sale. No birth date, RG,
  // gender, notes or social profiles.
  people: {
    table: 'pessoa',
    id: 'id_pessoa',
    from: /* sql */ `(SELECT p.id_organization, p.sync_xid, p.id_pessoa, p.tipo, p.nome, p.apelido, p.cpf, p.cnpj, p.ie, p.indicador_ie,
        p.situacao, p.is_cliente, p.is_fornecedor, p.is_consumidor_final, p.is_transportadora, p.is_operadora_cartao, p.telefone,
        p.celular, p.email, p.id_pais, p.id_tabela_preco_padrao, p.id_usuario_vendedor_padrao, p.bloquear_venda_saldo_vencido,
        p.bloquear_venda_sem_saldo, p.valor_devedor_maximo, p.valor_vencido_maximo, e.id_pessoa_endereco, e.cep, e.endereco,
        e.numero, e.complemento, e.bairro, e.id_cidade, e.cidade, e.uf, ${openInstallmentsSql('p')} AS parcelas_abertas,
        ${cashbackSql('p')},
        p.data_cadastro, p.data_alteracao, p.data_exclusao
       FROM pessoa p
       LEFT JOIN pessoa_endereco e
         ON e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.is_principal AND e.data_exclusao IS NULL) AS pessoa`,
    columns: `id_pessoa, tipo, nome, apelido, cpf, cnpj, ie, indicador_ie, situacao, is_cliente, is_fornecedor, is_consumidor_final,
      is_transportadora, is_operadora_cartao, telefone, celular, email, id_pais, id_tabela_preco_padrao, id_usuario_vendedor_padrao,
      bloquear_venda_saldo_vencido, bloquear_venda_sem_saldo, valor_devedor_maximo, valor_vencido_maximo, id_pessoa_endereco, cep,
      endereco, numero, complemento, bairro, id_cidade, cidade, uf, parcelas_abertas, cashback_saldo, cashback_bloqueios, ${STAMPS}`,
  },
  people_account: {
    table: 'pessoa_conta_corrente',
    id: 'id_pessoa_conta_corrente',
    columns: `id_pessoa_conta_corrente, id_pessoa, saldo, ${STAMPS}`,
  },
  // filiais: the branches where the method is offered.
  method_payment: {
    table: 'meio_pagamento',
    id: 'id_meio_pagamento',
    from: /* sql */ `(SELECT p.*, ${children('meio_pagamento_filial', 'id_meio_pagamento', `'id_filial', c.id_filial`, 'true', 'id_filial')} AS filiais
       FROM meio_pagamento p) AS meio_pagamento`,
    columns: `id_meio_pagamento, descricao, meio_pagamento, situacao, utilizar_parcela, obrigar_parcelamento, obrigar_conta, id_conta,
      id_operadora_cartao, id_parcelamento, utilizar_captura, modelo_captura, emitir_boleto_apos_nota, tecla_atalho, tipo_ajuste,
      tipo_valor_ajuste, valor_ajuste, filiais, ${STAMPS}`,
  },
  card_operator: {
    table: 'operadora_cartao',
    id: 'id_operadora_cartao',
    columns: `id_operadora_cartao, nome, rede, operacao, situacao, taxa, dias_credito, dia_vencimento, dia_fixo_parcela,
      tipo_calculo_taxa_cartao_credito, id_conta, id_pessoa, taxas_parcela, ${STAMPS}`,
  },
  // parcelas: the live installments in order; filiais: the branches offering the plan (is_padrao: the branch's default).
  installment: {
    table: 'parcelamento',
    id: 'id_parcelamento',
    from: /* sql */ `(SELECT p.*,
        ${children('parcelamento_parcela', 'id_parcelamento', `'id_parcelamento_parcela', c.id_parcelamento_parcela, 'parcela', c.parcela,
          'dias_parcela', c.dias_parcela, 'percentual_acrescimo', c.percentual_acrescimo`, 'NOT c.is_excluido', 'parcela')} AS parcelas,
        ${children('parcelamento_filial', 'id_parcelamento', `'id_filial', c.id_filial, 'is_padrao', c.is_padrao`, 'true', 'id_filial')} AS filiais
       FROM parcelamento p) AS parcelamento`,
    columns: `id_parcelamento, descricao, prazo_tolerancia_inicio, valor_minimo_juros, valor_minimo_parcelamento, tipo_calculo, situacao,
      tipo_canal_integracao, parcelas, filiais, ${STAMPS}`,
  },
  // "default" is the local index of 000 §3.1 (the scenario chosen when the operation names none).
  // With what an NFC-e issued offline needs for its taxes (issue 29, POS side): the IBS/CBS reductions and the live
  // exceptions by state and/or NCM (excecoes; an exception touches its scenario, migration 067).
  'fiscal-scenario': {
    table: 'cenario_fiscal',
    id: 'id_cenario_fiscal',
    from: /* sql */ `(SELECT p.*, ${children('cenario_fiscal_excecao', 'id_cenario_fiscal', `'id_cenario_fiscal_excecao', c.id_cenario_fiscal_excecao,
          'uf', c.uf, 'codigo_ncm', c.codigo_ncm, 'cfop', c.cfop, 'icms_cst', c.icms_cst, 'icms_csosn', c.icms_csosn, 'icms_aliquota', c.icms_aliquota,
          'icmsst_aliquota', c.icmsst_aliquota, 'icmsst_mva', c.icmsst_mva, 'fcp_percentual', c.fcp_percentual`,
          'c.data_exclusao IS NULL', 'id_cenario_fiscal_excecao')} AS excecoes
       FROM cenario_fiscal p) AS cenario_fiscal`,
    columns: `id_cenario_fiscal, descricao, regime_tributario, situacao, operacao, tipo, is_padrao, is_padrao AS "default", cfop_interno,
      cfop_externo, movimentar_estoque, movimentar_financeiro, icms_cst, icms_csosn, icms_aliquota,
      icms_percentual_reducao_base_calculo, icmsst_aliquota, icmsst_mva, fcp_percentual, aliquota_entrada, ipi_cst, ipi_aliquota,
      pis_cst, pis_aliquota, cofins_cst, cofins_aliquota, cbs_aliquota, ibsuf_aliquota, ibsmun_aliquota, is_aliquota, ibscbs_cst,
      ibscbs_classificacao, ibs_percentual_reducao, cbs_percentual_reducao, excecoes, ${STAMPS}`,
  },
  'fiscal-serie': {
    table: 'serie_fiscal',
    id: 'id_serie_fiscal',
    // id_dispositivo: the till that numbers this series (its own NFC-e when it issues offline).
    columns: `id_serie_fiscal, id_filial, codigo_modelo, codigo_serie, modelo_impressao, ultima_numeracao, situacao, serie_padrao,
      is_contingencia, justificativa_contingencia, id_dispositivo, ${STAMPS}`,
  },
  inventory: {
    table: 'inventario',
    id: 'id_inventario',
    columns: `id_inventario, id_filial, descricao, observacao, situacao, ${ts('data_inicio')}, ${ts('data_processamento')}, id_usuario,
      ${STAMPS}`,
  },
  // With the descriptions the counting screen shows (as they were when the count was written), the phone's uuid and
  // the stock it saw (quantidade_estoque). {id_inventario} reads one inventory's lines (001 §7).
  inventory_item: {
    table: 'inventario_item',
    id: 'id_inventario_item',
    filter: (_caller, next, body) => {
      const inventario = body?.['id_inventario'];
      return typeof inventario === 'number' ? { sql: `id_inventario = $${next}`, params: [inventario] } : { sql: 'true', params: [] };
    },
    from: /* sql */ `(SELECT i.id_organization, i.id_filial, i.sync_xid, i.id_inventario_item, i.uuid, i.id_inventario, i.id_produto_grade_filial,
        i.id_endereco_estoque, i.quantidade, i.quantidade_estoque, i.id_usuario,
        ${variationDescriptionSql('p', 'g')} AS descricao_produto,
        e.descricao AS descricao_endereco_estoque, p.url_imagem_principal, i.data_cadastro, i.data_alteracao, i.data_exclusao
       FROM inventario_item i
       JOIN produto_grade_filial pgf ON pgf.id_organization = i.id_organization AND pgf.id_produto_grade_filial = i.id_produto_grade_filial
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
       JOIN endereco_estoque e ON e.id_organization = i.id_organization AND e.id_endereco_estoque = i.id_endereco_estoque) AS inventario_item`,
    columns: `id_inventario_item, uuid, id_inventario, id_filial, id_produto_grade_filial, id_endereco_estoque, quantidade,
      quantidade_estoque, id_usuario, descricao_produto, descricao_endereco_estoque, url_imagem_principal, ${STAMPS}`,
  },
  // Messages to everyone, to the active branch or to the caller.
  notification: {
    table: 'notificacao',
    id: 'id_notificacao',
    columns: `id_notificacao, id_filial, id_usuario, tipo, titulo, mensagem, url, ${ts('data_leitura')}, ${STAMPS}`,
    filter: (caller, next) => ({
      sql: `(id_filial IS NULL OR id_filial = $${next}) AND (id_usuario IS NULL OR id_usuario = $${next + 1})`,
      params: [caller.id_filial, caller.id_usuario],
    }),
  },
};

/**
 * Every group's source: a register's from its descriptor (fromRegister), the others written above. A hand-written
 * group wins over a register naming the same group, as in SYNC_GROUPS.
 */
export const SYNC_SOURCES: Record<SyncGroupName, SyncSource> = {
  ...(Object.fromEntries(syncedRegisters().map((d) => [d.syncGroup, fromRegister(d)])) as Record<RegisterGroupName, SyncSource>),
  ...HAND_WRITTEN_SOURCES,
};
