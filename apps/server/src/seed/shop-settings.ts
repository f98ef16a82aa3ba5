/**
 * Loads a shop's people and settings into an organization of the demo: customers with their main address and
 * store credit, card operators, installment plans, payment methods, fiscal scenarios and series, the branches'
 * configuration, promotions and notifications.
 */
import { cnpjCheckDigits, cpfCheckDigits } from '@pdv/domain/documents';
import type { Tx } from '../db/database.ts';
import type { DemoOrganization } from './demo.ts';

export interface AddressSeed {
  cep: string;
  endereco: string;
  numero: string;
  complemento?: string;
  bairro: string;
  cidade: string;
  uf: string;
  id_cidade: number;
}

export interface PersonSeed {
  nome: string;
  tipo: 'F' | 'J';
  /** CPF base (9 digits) or CNPJ base (12 digits): the check digits are computed. */
  documento?: string;
  email?: string;
  celular?: string;
  telefone?: string;
  endereco?: AddressSeed;
  /** Store credit balance (a checking account is opened when given). */
  saldo?: number;
  valor_devedor_maximo?: number;
  bloquear_venda_saldo_vencido?: boolean;
  /** Default price table, by description. */
  tabela?: string;
  consumidor_final?: boolean;
  operadora_cartao?: boolean;
  /** A carrier (is_transportadora), not a customer. */
  transportadora?: boolean;
}

export interface MethodSeed {
  descricao: string;
  /** NF-e tPag code. */
  codigo: string;
  tecla?: string;
  parcelamento?: string;
  operadora?: string;
  obrigar_parcelamento?: boolean;
  emitir_boleto_apos_nota?: boolean;
}

export interface ScenarioSeed {
  descricao: string;
  regime_tributario: number;
  operacao: 0 | 1;
  tipo: string;
  is_padrao: boolean;
  cfop_interno: string;
  cfop_externo: string;
  icms_cst?: string;
  icms_csosn?: string;
  icms_aliquota?: number;
  pis_cst: string;
  cofins_cst: string;
  pis_aliquota?: number;
  cofins_aliquota?: number;
  movimentar_financeiro?: boolean;
  /** Tax reform (CRT 3): CST and classification of the IBS/CBS and their rates, in percent. */
  ibscbs_cst?: string;
  ibscbs_classificacao?: string;
  cbs_aliquota?: number;
  ibsuf_aliquota?: number;
  ibsmun_aliquota?: number;
}

export type ConfigSeed = Record<string, string | number | boolean | null>;

export interface SettingsSeed {
  people: PersonSeed[];
  operators: Array<{ nome: string; rede: string; taxa: number; dias_credito: number; documento: string; taxas: number[] }>;
  /** Carriers (transportadoras), inserted after the card operators' people so the earlier ids stay as they were. */
  carriers?: Array<{ nome: string; documento: string; email?: string; telefone?: string }>;
  /** [descricao, valor mínimo da parcela, [dias, acréscimo %] per installment] */
  plans: Array<[string, number, Array<[number, number]>]>;
  methods: MethodSeed[];
  /** Bank (or till) accounts: a bank's by its COMPE code (id_banco), with valid check digits. */
  accounts?: Array<{ descricao: string; id_banco?: number; agencia?: string; digito_agencia?: string; numero?: string; digito_conta?: string; chave_pix?: string }>;
  /** Boleto configurations (/demandConfig) of those accounts, by the account's description; none is the default. */
  boletoConfigs?: Array<{ descricao: string; conta: string; cnab: '400' | '240'; carteira?: string; codigo_cedente?: string; modalidade?: string; valor_multa?: number; valor_juro?: number }>;
  scenarios: ScenarioSeed[];
  /** Every branch gets these series: [modelo, serie]. */
  series: Array<[string, number]>;
  /** Per branch key, the configuration values that differ from the defaults. */
  config: Record<string, ConfigSeed>;
  /** [descricao, start and end in days from today, is_cashback] */
  promotions: Array<[string, number, number, boolean]>;
  notifications: Array<{ titulo: string; mensagem: string; filial?: string; usuario?: string; tipo?: string }>;
}

/** Rows as one JSON parameter; each object row also carries its position `n` (to keep the given order). */
const json = (value: unknown) =>
  JSON.stringify(Array.isArray(value) ? value.map((v: unknown, n) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, n } : v)) : value);

function documentOf(p: PersonSeed): { cpf: string | null; cnpj: string | null } {
  if (!p.documento) return { cpf: null, cnpj: null };
  return p.tipo === 'F'
    ? { cpf: p.documento + cpfCheckDigits(p.documento), cnpj: null }
    : { cpf: null, cnpj: p.documento + cnpjCheckDigits(p.documento) };
}

export async function loadSettings(tx: Tx, org: DemoOrganization, seed: SettingsSeed): Promise<void> {
  const o = org.id_organization;
  const branches = Object.values(org.branches);

  await tx.query(
    `INSERT INTO pessoa (id_organization, tipo, nome, cpf, cnpj, email, celular, telefone, is_cliente, is_consumidor_final,
       is_operadora_cartao, is_fornecedor, is_transportadora, indicador_ie, valor_devedor_maximo, bloquear_venda_saldo_vencido,
       id_tabela_preco_padrao)
     SELECT $1, r.tipo, r.nome, r.cpf, r.cnpj, r.email, r.celular, r.telefone, NOT (r.operadora OR r.transportadora), r.consumidor_final,
            r.operadora, r.operadora, r.transportadora, 9, r.valor_devedor_maximo, coalesce(r.bloquear, false), t.id_tabela_preco
       FROM jsonb_to_recordset($2::jsonb) AS r(ord int, tipo text, nome text, cpf text, cnpj text, email text, celular text, telefone text,
         consumidor_final boolean, operadora boolean, transportadora boolean, valor_devedor_maximo numeric, bloquear boolean, tabela text)
       LEFT JOIN tabela_preco t ON t.id_organization = $1 AND t.descricao = r.tabela
      ORDER BY r.ord`,
    [o, json([...seed.people, ...seed.operators.map((op): PersonSeed => ({ nome: op.nome, tipo: 'J', documento: op.documento, operadora_cartao: true })),
      ...(seed.carriers ?? []).map((c): PersonSeed => ({ ...c, tipo: 'J', transportadora: true }))]
      .map((p, ord) => ({
        ord, tipo: p.tipo, nome: p.nome, ...documentOf(p), email: p.email ?? null, celular: p.celular ?? null, telefone: p.telefone ?? null,
        consumidor_final: p.consumidor_final ?? false, operadora: p.operadora_cartao ?? false, transportadora: p.transportadora ?? false,
        valor_devedor_maximo: p.valor_devedor_maximo ?? null, bloquear: p.bloquear_venda_saldo_vencido ?? null, tabela: p.tabela ?? null,
      })))],
  );
  const addressed = seed.people.filter((p) => p.endereco);
  await tx.query(
    `INSERT INTO pessoa_endereco (id_organization, id_pessoa, is_principal, nome, cep, endereco, numero, complemento, bairro,
       id_cidade, cidade, uf, telefone)
     SELECT $1, p.id_pessoa, true, p.nome, r.cep, r.endereco, r.numero, r.complemento, r.bairro, r.id_cidade, r.cidade, r.uf, p.celular
       FROM jsonb_to_recordset($2::jsonb) AS r(nome text, cep text, endereco text, numero text, complemento text, bairro text,
         id_cidade int, cidade text, uf text)
       JOIN pessoa p ON p.id_organization = $1 AND p.nome = r.nome
      ORDER BY p.id_pessoa`,
    [o, json(addressed.map((p) => ({ nome: p.nome, ...p.endereco })))],
  );
  await tx.query(
    `INSERT INTO pessoa_conta_corrente (id_organization, id_pessoa, saldo)
     SELECT $1, p.id_pessoa, r.saldo FROM jsonb_to_recordset($2::jsonb) AS r(nome text, saldo numeric)
       JOIN pessoa p ON p.id_organization = $1 AND p.nome = r.nome ORDER BY p.id_pessoa`,
    [o, json(seed.people.filter((p) => p.saldo !== undefined).map((p) => ({ nome: p.nome, saldo: p.saldo })))],
  );

  await tx.query(
    `INSERT INTO conta_bancaria (id_organization, descricao, id_banco, agencia, digito_agencia, numero, digito_conta, chave_pix)
     SELECT $1, r.descricao, r.id_banco, r.agencia, r.digito_agencia, r.numero, r.digito_conta, r.chave_pix
       FROM jsonb_to_recordset($2::jsonb) AS r(descricao text, id_banco int, agencia text, digito_agencia text, numero text,
         digito_conta text, chave_pix text, n int)
      ORDER BY r.n`,
    [o, json(seed.accounts ?? [])],
  );
  await tx.query(
    `INSERT INTO configuracao_boleto (id_organization, descricao, id_conta, cnab, carteira, codigo_cedente, modalidade, valor_multa, valor_juro)
     SELECT $1, r.descricao, c.id_conta, r.cnab, r.carteira, r.codigo_cedente, r.modalidade, coalesce(r.valor_multa, 0), coalesce(r.valor_juro, 0)
       FROM jsonb_to_recordset($2::jsonb) AS r(descricao text, conta text, cnab text, carteira text, codigo_cedente text, modalidade text,
         valor_multa numeric, valor_juro numeric, n int)
       JOIN conta_bancaria c ON c.id_organization = $1 AND c.descricao = r.conta
      ORDER BY r.n`,
    [o, json(seed.boletoConfigs ?? [])],
  );
  await tx.query(
    `INSERT INTO operadora_cartao (id_organization, nome, rede, operacao, taxa, dias_credito, id_pessoa, taxas_parcela)
     SELECT $1, r.nome, r.rede, 'Ambos', r.taxa, r.dias_credito, p.id_pessoa,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('parcela', n + 1, 'taxa', x) ORDER BY n), '[]')
               FROM jsonb_array_elements_text(r.taxas) WITH ORDINALITY AS t(x, n))
       FROM jsonb_to_recordset($2::jsonb) AS r(nome text, rede text, taxa numeric, dias_credito int, taxas jsonb)
       JOIN pessoa p ON p.id_organization = $1 AND p.nome = r.nome`,
    [o, json(seed.operators)],
  );

  for (const [descricao, minimo, parcelas] of seed.plans) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO parcelamento (id_organization, descricao, valor_minimo_parcelamento) VALUES ($1, $2, $3) RETURNING id_parcelamento AS id`,
      [o, descricao, minimo],
    );
    await tx.query(
      `INSERT INTO parcelamento_parcela (id_organization, id_parcelamento, parcela, dias_parcela, percentual_acrescimo)
       SELECT $1, $2, n, (x ->> 0)::integer, (x ->> 1)::numeric FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t(x, n)`,
      [o, rows[0]?.id, json(parcelas)],
    );
    await tx.query(
      `INSERT INTO parcelamento_filial (id_organization, id_parcelamento, id_filial, is_padrao)
       SELECT $1, $2, f, $4 FROM unnest($3::integer[]) AS f`,
      [o, rows[0]?.id, branches, descricao === seed.plans[0]?.[0]],
    );
  }

  await tx.query(
    `INSERT INTO meio_pagamento (id_organization, descricao, meio_pagamento, tecla_atalho, utilizar_parcela, obrigar_parcelamento,
       id_parcelamento, id_operadora_cartao, emitir_boleto_apos_nota)
     SELECT $1, r.descricao, r.codigo, r.tecla, pl.id_parcelamento IS NOT NULL, coalesce(r.obrigar_parcelamento, false),
            pl.id_parcelamento, op.id_operadora_cartao, coalesce(r.emitir_boleto_apos_nota, false)
       FROM jsonb_to_recordset($2::jsonb) AS r(descricao text, codigo text, tecla text, parcelamento text, operadora text,
         obrigar_parcelamento boolean, emitir_boleto_apos_nota boolean, n int)
       LEFT JOIN parcelamento pl ON pl.id_organization = $1 AND pl.descricao = r.parcelamento
       LEFT JOIN operadora_cartao op ON op.id_organization = $1 AND op.nome = r.operadora
      ORDER BY r.n`,
    [o, json(seed.methods)],
  );
  await tx.query(
    `INSERT INTO meio_pagamento_filial (id_organization, id_meio_pagamento, id_filial)
     SELECT $1, m.id_meio_pagamento, f FROM meio_pagamento m CROSS JOIN unnest($2::integer[]) AS f WHERE m.id_organization = $1
      ORDER BY m.id_meio_pagamento, f`,
    [o, branches],
  );

  await tx.query(
    `INSERT INTO cenario_fiscal (id_organization, descricao, regime_tributario, operacao, tipo, is_padrao, cfop_interno, cfop_externo,
       movimentar_financeiro, icms_cst, icms_csosn, icms_aliquota, pis_cst, pis_aliquota, cofins_cst, cofins_aliquota,
       ibscbs_cst, ibscbs_classificacao, cbs_aliquota, ibsuf_aliquota, ibsmun_aliquota)
     SELECT $1, r.descricao, r.regime_tributario, r.operacao, r.tipo, r.is_padrao, r.cfop_interno, r.cfop_externo,
            coalesce(r.movimentar_financeiro, true), r.icms_cst, r.icms_csosn, coalesce(r.icms_aliquota, 0), r.pis_cst,
            coalesce(r.pis_aliquota, 0), r.cofins_cst, coalesce(r.cofins_aliquota, 0),
            r.ibscbs_cst, r.ibscbs_classificacao, coalesce(r.cbs_aliquota, 0), coalesce(r.ibsuf_aliquota, 0), coalesce(r.ibsmun_aliquota, 0)
       FROM jsonb_to_recordset($2::jsonb) AS r(descricao text, regime_tributario int, operacao int, tipo text,
         is_padrao boolean, cfop_interno text, cfop_externo text, movimentar_financeiro boolean, icms_cst text, icms_csosn text,
         icms_aliquota numeric, pis_cst text, pis_aliquota numeric, cofins_cst text, cofins_aliquota numeric,
         ibscbs_cst text, ibscbs_classificacao text, cbs_aliquota numeric, ibsuf_aliquota numeric, ibsmun_aliquota numeric, n int)
      ORDER BY r.n`,
    [o, json(seed.scenarios)],
  );
  await tx.query(
    `INSERT INTO serie_fiscal (id_organization, id_filial, codigo_modelo, codigo_serie, modelo_impressao, serie_padrao)
     SELECT $1, f, r.modelo, r.serie, CASE WHEN r.modelo = '55' THEN 'A4' ELSE '80mm' END, true
       FROM unnest($2::integer[]) AS f CROSS JOIN jsonb_to_recordset($3::jsonb) AS r(modelo text, serie int, n int)
      ORDER BY f, r.n`,
    [o, branches, json(seed.series.map(([modelo, serie]) => ({ modelo, serie })))],
  );

  await seedBranchConfig(tx, org, seed.config);

  await tx.query(
    `INSERT INTO promocao (id_organization, descricao, data_inicio, data_fim, is_cashback, is_desconto)
     SELECT $1, r.descricao, date_trunc('day', now()) + make_interval(days => r.inicio),
            date_trunc('day', now()) + make_interval(days => r.fim) - interval '1 second', r.cashback, NOT r.cashback
       FROM jsonb_to_recordset($2::jsonb) AS r(descricao text, inicio int, fim int, cashback boolean, n int) ORDER BY r.n`,
    [o, json(seed.promotions.map(([descricao, inicio, fim, cashback]) => ({ descricao, inicio, fim, cashback })))],
  );
  await tx.query(
    `INSERT INTO notificacao (id_organization, id_filial, id_usuario, tipo, titulo, mensagem)
     SELECT $1, r.id_filial, r.id_usuario, coalesce(r.tipo, 'Informacao'), r.titulo, r.mensagem
       FROM jsonb_to_recordset($2::jsonb) AS r(id_filial int, id_usuario int, tipo text, titulo text, mensagem text, n int)
      ORDER BY r.n`,
    [o, json(seed.notifications.map((n) => ({
      ...n, id_filial: n.filial ? org.branches[n.filial] : null, id_usuario: n.usuario ? org.users[n.usuario] : null,
    })))],
  );
}

/**
 * Each branch's own configuration values over the row the database made with the branch (migration 023); sales take
 * stock from the first address.
 */
async function seedBranchConfig(tx: Tx, org: DemoOrganization, config: Record<string, ConfigSeed>): Promise<void> {
  for (const [key, id_filial] of Object.entries(org.branches)) {
    await tx.query(
      `INSERT INTO filial_configuracao (id_organization, id_filial, id_endereco_estoque_venda)
       VALUES ($1, $2, (SELECT id_endereco_estoque FROM endereco_estoque WHERE id_organization = $1 AND id_filial = $2
                         ORDER BY id_endereco_estoque LIMIT 1))
       ON CONFLICT (id_organization, id_filial) DO UPDATE SET id_endereco_estoque_venda = EXCLUDED.id_endereco_estoque_venda`,
      [org.id_organization, id_filial],
    );
    const values = config[key] ?? {};
    const columns = Object.keys(values);
    if (columns.length === 0) continue;
    for (const c of columns) if (!/^[a-z_]+$/.test(c)) throw new Error(`configuração inválida: ${c}`);
    await tx.query(
      `UPDATE filial_configuracao c SET ${columns.map((col) => `${col} = r.${col}`).join(', ')}
         FROM jsonb_populate_record(NULL::filial_configuracao, $3::jsonb) AS r
        WHERE c.id_organization = $1 AND c.id_filial = $2`,
      [org.id_organization, id_filial, json(values)],
    );
  }
}
