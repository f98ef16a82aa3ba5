/**
 * POST /fiscal/sped (issue 32, 002 §2 "fiscal management SPED"): the EFD ICMS/IPI of one of the caller's branches for
 * one month. Gathers the month from the database (NF-e and NFC-e the branch emitted, authorized or cancelled; the
 * purchase invoices it imported; its inventory processed in the month when asked; the participants, products and
 * units they name), everything scoped to the caller's organization and that branch, and hands it to the pure
 * generator of packages/fiscal. Reads only.
 */
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { SPED_MESSAGES as M, spedMonthIsFuture, spedMonthRange } from '@pdv/domain/sped';
import { buildSped, type SpedDocument, type SpedInput, type SpedItem, type SpedParticipant } from '@pdv/fiscal/sped/efd-icms-ipi';
import type { SpedBody, SpedResult } from '@pdv/contract/sped';
import type { Tx } from '../../db/database.ts';
import type { SessionContext } from '../../http/handlers.ts';
import { HttpError, badRequest } from '../../http/errors.ts';
import { loadCaller } from '../auth/caller.ts';

/** The layout our field lists follow (../shared/fiscal/sped, docs/decisions.md). */
export const SPED_LAYOUT_VERSION = '017';
const TZ = 'America/Sao_Paulo';

type Row = Record<string, string | number | boolean | null>;
const s = (v: Row[string] | undefined): string => (v == null ? '' : String(v));
const cents = (v: Row[string] | undefined): number => (v == null ? 0 : fromDecimal(String(v)));

/** The day (yyyy-mm-dd) a timestamp falls on in Brasília. */
const DAY = (col: string) => `to_char(${col} AT TIME ZONE '${TZ}', 'YYYY-MM-DD')`;

/** An entry's CFOP from the supplier's output CFOP: 5xxx → 1xxx, 6xxx → 2xxx, 7xxx → 3xxx. */
export function entryCfop(cfop: string): string {
  const c = cfop.replace(/\D/g, '');
  if (!/^\d{4}$/.test(c)) return '1102';
  const first = { '5': '1', '6': '2', '7': '3' }[c[0]!];
  return first ? first + c.slice(1) : c;
}

/** Origin digit and CST of an emitted line (a Simples CSOSN maps to 60 for 500, to 90 otherwise). */
export function lineCst(origem: Row[string] | undefined, cst: Row[string] | undefined, csosn: Row[string] | undefined): string {
  const o = /^[0-8]$/.test(s(origem)) ? s(origem) : '0';
  if (/^\d{2}$/.test(s(cst))) return o + s(cst);
  if (s(csosn) === '500') return `${o}60`;
  return `${o}90`;
}

async function branchOf(tx: Tx, org: number, id_filial: number) {
  const { rows } = await tx.query<Row>(
    `SELECT f.razao_social, f.nome_fantasia, f.cnpj, f.ie, f.im, f.cep, f.endereco, f.numero, f.complemento, f.bairro, f.id_cidade, f.uf,
            f.telefone, f.email, c.id_perfil_sped, c.tipo_atividade_sped
       FROM filial f LEFT JOIN filial_configuracao c ON c.id_organization = f.id_organization AND c.id_filial = f.id_filial AND c.data_exclusao IS NULL
      WHERE f.id_organization = $1 AND f.id_filial = $2 AND f.data_exclusao IS NULL`, [org, id_filial]);
  return rows[0] ?? null;
}

async function accountantOf(tx: Tx, org: number) {
  const { rows } = await tx.query<Row>(
    `SELECT p.nome, p.cpf, p.crc_contador, p.cnpj_contador, p.email, p.telefone, e.cep, e.endereco, e.numero, e.complemento, e.bairro, e.id_cidade
       FROM pessoa p
       LEFT JOIN LATERAL (SELECT * FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa
                            AND e.data_exclusao IS NULL ORDER BY e.is_principal DESC, e.id_pessoa_endereco LIMIT 1) e ON true
      WHERE p.id_organization = $1 AND p.is_contador AND p.situacao = 'Ativo' AND p.data_exclusao IS NULL
        AND p.cpf IS NOT NULL AND coalesce(p.crc_contador, '') <> ''
      ORDER BY p.id_pessoa LIMIT 1`, [org]);
  return rows[0] ?? null;
}

async function participantsOf(tx: Tx, org: number, ids: number[]): Promise<SpedParticipant[]> {
  if (!ids.length) return [];
  const { rows } = await tx.query<Row>(
    `SELECT p.id_pessoa, p.nome, p.cnpj, p.cpf, p.ie, e.endereco, e.numero, e.complemento, e.bairro, e.id_cidade
       FROM pessoa p
       LEFT JOIN LATERAL (SELECT * FROM pessoa_endereco e WHERE e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa
                            AND e.data_exclusao IS NULL ORDER BY e.is_principal DESC, e.id_pessoa_endereco LIMIT 1) e ON true
      WHERE p.id_organization = $1 AND p.id_pessoa = ANY($2::int[])`, [org, ids]);
  return rows.map((r) => ({
    codigo: `P${s(r['id_pessoa'])}`, nome: s(r['nome']), cnpj: s(r['cnpj']) || null, cpf: s(r['cpf']) || null, ie: s(r['ie']) || null,
    cod_mun: s(r['id_cidade']) || null, endereco: s(r['endereco']) || null, numero: s(r['numero']) || null,
    complemento: s(r['complemento']) || null, bairro: s(r['bairro']) || null,
  }));
}

/** The products (by variation in the branch) the file names, with their unit, GTIN and NCM. */
async function itemsOf(tx: Tx, org: number, pgfs: number[]): Promise<Map<number, SpedItem & { unidade_descricao: string }>> {
  if (!pgfs.length) return new Map();
  const { rows } = await tx.query<Row>(
    `SELECT pgf.id_produto_grade_filial, coalesce(pg.sku, p.sku) AS sku,
            p.descricao || CASE WHEN pg.is_padrao OR pg.descricao IN ('Geral', 'Única') THEN '' ELSE ' ' || pg.descricao END AS descricao,
            um.sigla, um.descricao AS unidade_descricao, p.codigo_ncm, p.cest, p.tipo_item,
            (SELECT b.codigo FROM produto_codigo_barra b WHERE b.id_organization = pg.id_organization AND b.id_produto_grade = pg.id_produto_grade
                AND b.situacao = 'Ativo' AND b.data_exclusao IS NULL AND b.id_produto_unidade_logistica IS NULL
              ORDER BY b.id_produto_codigo_barra LIMIT 1) AS gtin
       FROM produto_grade_filial pgf
       JOIN produto_grade pg ON pg.id_organization = pgf.id_organization AND pg.id_produto_grade = pgf.id_produto_grade
       JOIN produto p ON p.id_organization = pg.id_organization AND p.id_produto = pg.id_produto
       JOIN unidade_medida um ON um.id_organization = p.id_organization AND um.id_unidade_medida = p.id_unidade_medida
      WHERE pgf.id_organization = $1 AND pgf.id_produto_grade_filial = ANY($2::int[])`, [org, pgfs]);
  return new Map(rows.map((r): [number, SpedItem & { unidade_descricao: string }] => [Number(r['id_produto_grade_filial']), {
    codigo: s(r['sku']), descricao: s(r['descricao']), gtin: s(r['gtin']) || null, unidade: s(r['sigla']).toUpperCase(),
    tipo: /^\d{2}$/.test(s(r['tipo_item'])) ? s(r['tipo_item']) : '00', ncm: s(r['codigo_ncm']) || null, cest: s(r['cest']) || null,
    unidade_descricao: s(r['unidade_descricao']),
  }]));
}

/** NF-e and NFC-e the branch emitted in the month, authorized or cancelled. */
async function emittedOf(tx: Tx, org: number, id_filial: number, inicio: string, fim: string) {
  const { rows: notes } = await tx.query<Row>(
    `SELECT id_nota_fiscal, modelo, serie, numero_nota_fiscal, chave_acesso, operacao, situacao, id_cliente, ${DAY('data_hora_emissao')} AS dia,
            valor_nota_fiscal, valor_desconto, valor_total_produtos, valor_frete, valor_seguro, valor_outros, tipo_frete,
            (SELECT count(*) FROM nota_fiscal_pagamento pg WHERE pg.id_organization = n.id_organization AND pg.id_nota_fiscal = n.id_nota_fiscal
                AND pg.data_exclusao IS NULL AND pg.meio_pagamento ILIKE '%prazo%') AS a_prazo
       FROM nota_fiscal n
      WHERE id_organization = $1 AND id_filial = $2 AND data_exclusao IS NULL AND modelo IN ('55', '65')
        AND situacao IN ('Autorizada', 'Cancelada') AND chave_acesso IS NOT NULL AND numero_nota_fiscal IS NOT NULL
        AND ${DAY('data_hora_emissao')} BETWEEN $3 AND $4
      ORDER BY id_nota_fiscal`, [org, id_filial, inicio, fim]);
  if (!notes.length) return [];
  const { rows: lines } = await tx.query<Row>(
    `SELECT id_nota_fiscal, cfop, icms_cst, icms_csosn, origem_produto, valor_base_icms, icms_aliquota, valor_icms, valor_total,
            id_produto_grade_filial, quantidade, unidade_comercial, descricao
       FROM nota_fiscal_item WHERE id_organization = $1 AND id_nota_fiscal = ANY($2::int[]) AND NOT is_cancelado AND data_exclusao IS NULL
      ORDER BY id_nota_fiscal_item`, [org, notes.map((n) => Number(n['id_nota_fiscal']))]);
  return notes.map((n) => ({ n, lines: lines.filter((l) => l['id_nota_fiscal'] === n['id_nota_fiscal']) }));
}

async function entriesOf(tx: Tx, org: number, id_filial: number, inicio: string, fim: string) {
  const { rows: notes } = await tx.query<Row>(
    `SELECT id_nota_fiscal_entrada, modelo, serie, numero, chave_acesso, id_fornecedor, ${DAY('data_emissao')} AS dia_emissao,
            ${DAY('data_cadastro')} AS dia_entrada, valor_total, valor_produtos, cardinality(ids_documento_financeiro) AS duplicatas
       FROM nota_fiscal_entrada
      WHERE id_organization = $1 AND id_filial = $2 AND situacao = 'Importada' AND data_exclusao IS NULL
        AND ${DAY('data_cadastro')} BETWEEN $3 AND $4
      ORDER BY id_nota_fiscal_entrada`, [org, id_filial, inicio, fim]);
  if (!notes.length) return [];
  const { rows: lines } = await tx.query<Row>(
    `SELECT id_nota_fiscal_entrada, n_item, descricao, cfop, id_produto_grade_filial, quantidade, valor_produtos, credito_icms
       FROM nota_fiscal_entrada_item WHERE id_organization = $1 AND id_nota_fiscal_entrada = ANY($2::int[]) AND data_exclusao IS NULL
      ORDER BY n_item`, [org, notes.map((n) => Number(n['id_nota_fiscal_entrada']))]);
  return notes.map((n) => ({ n, lines: lines.filter((l) => l['id_nota_fiscal_entrada'] === n['id_nota_fiscal_entrada']) }));
}

/** The branch's last inventory processed in the month: quantities per variation, valued at the variation's average cost. */
async function inventoryOf(tx: Tx, org: number, id_filial: number, inicio: string, fim: string) {
  const { rows: inv } = await tx.query<Row>(
    `SELECT id_inventario, ${DAY('data_processamento')} AS dia FROM inventario
      WHERE id_organization = $1 AND id_filial = $2 AND situacao = 'Processado' AND data_exclusao IS NULL
        AND ${DAY('data_processamento')} BETWEEN $3 AND $4
      ORDER BY data_processamento DESC, id_inventario DESC LIMIT 1`, [org, id_filial, inicio, fim]);
  const head = inv[0];
  if (!head) return null;
  const { rows } = await tx.query<Row>(
    `SELECT i.id_produto_grade_filial, sum(i.quantidade) AS quantidade, max(pgf.preco_custo_medio) AS custo
       FROM inventario_item i
       JOIN produto_grade_filial pgf ON pgf.id_organization = i.id_organization AND pgf.id_produto_grade_filial = i.id_produto_grade_filial
      WHERE i.id_organization = $1 AND i.id_inventario = $2 AND i.data_exclusao IS NULL
      GROUP BY i.id_produto_grade_filial HAVING sum(i.quantidade) > 0`, [org, head['id_inventario']]);
  return { dia: s(head['dia']), rows };
}

function missingOfBranch(b: Row): string[] {
  const need: Array<[string, string]> = [['ie', 'inscrição estadual'], ['id_cidade', 'município'], ['cep', 'CEP'], ['endereco', 'endereço'],
    ['numero', 'número'], ['bairro', 'bairro'], ['uf', 'UF']];
  // An ICMS filer has a state registration: 'ISENTO' (or no digits at all) does not fill 0000's IE.
  return need.filter(([k]) => (k === 'ie' ? s(b[k]).replace(/\D/g, '') : s(b[k]).trim()) === '').map(([, label]) => label);
}

/** Gathers the branch's month and writes its EFD ICMS/IPI. */
export async function generateSped(ctx: SessionContext<'fiscalSped'>): Promise<SpedResult> {
  const { tx, caller, body, deps } = ctx;
  return buildBranchSped(tx, caller.id_organization, caller.id_usuario, caller.branches.map((b) => b.id_filial), body, deps.fiscal.now());
}

export async function buildBranchSped(tx: Tx, org: number, id_usuario: number, branches: number[], body: SpedBody, now: Date): Promise<SpedResult> {
  const range = spedMonthRange(body.mes);
  if (!range) throw badRequest(M.monthInvalid);
  const today = now.toLocaleDateString('en-CA', { timeZone: TZ });
  if (spedMonthIsFuture(body.mes, today)) throw badRequest(M.monthFuture);
  if (!branches.includes(body.id_filial)) throw badRequest(M.branchInvalid);
  // The fiscal settings' permission in that branch (the route checked it in the active one).
  const there = await loadCaller(tx, org, id_usuario, body.id_filial);
  if (!there.ability.can('read', 'ViewFiscal')) throw new HttpError(403, 'Sem permissão para a gestão fiscal desta filial.');

  const b = await branchOf(tx, org, body.id_filial);
  if (!b) throw badRequest(M.branchInvalid);
  const missing = missingOfBranch(b);
  if (missing.length) throw badRequest(M.branchIncomplete(missing.join(', ')));
  const perfil = s(b['id_perfil_sped']);
  if (perfil !== 'A' && perfil !== 'B' && perfil !== 'C') throw badRequest(M.profileMissing);
  const acc = await accountantOf(tx, org);
  if (!acc) throw badRequest(M.accountantMissing);

  const { inicio, fim } = range;
  const emitted = await emittedOf(tx, org, body.id_filial, inicio, fim);
  const entries = await entriesOf(tx, org, body.id_filial, inicio, fim);
  const inv = body.inventario ? await inventoryOf(tx, org, body.id_filial, inicio, fim) : null;
  if (body.inventario && !inv) throw badRequest('Nenhum inventário processado nesta filial no mês escolhido.');

  const pgfs = new Set<number>();
  for (const e of entries) for (const l of e.lines) pgfs.add(Number(l['id_produto_grade_filial']));
  for (const r of inv?.rows ?? []) pgfs.add(Number(r['id_produto_grade_filial']));
  const items = await itemsOf(tx, org, [...pgfs]);
  const itemCode = (pgf: Row[string] | undefined) => items.get(Number(pgf))?.codigo ?? `PGF${s(pgf)}`;
  const itemUnit = (pgf: Row[string] | undefined) => items.get(Number(pgf))?.unidade ?? 'UN';

  const people = new Set<number>();
  const documentos: SpedDocument[] = [];
  for (const { n, lines } of emitted) {
    const modelo = s(n['modelo']) as '55' | '65';
    const cliente = modelo === '55' && n['id_cliente'] != null ? Number(n['id_cliente']) : null;
    if (cliente) people.add(cliente);
    documentos.push({
      operacao: n['operacao'] === 'Entrada' ? 'entrada' : 'saida', emissao: 'propria', participante: cliente ? `P${cliente}` : null, modelo,
      situacao: n['situacao'] === 'Cancelada' ? '02' : '00', serie: s(n['serie']), numero: s(n['numero_nota_fiscal']), chave: s(n['chave_acesso']),
      data_documento: s(n['dia']), valor_documento: cents(n['valor_nota_fiscal']), valor_desconto: cents(n['valor_desconto']),
      valor_mercadorias: cents(n['valor_total_produtos']), valor_frete: cents(n['valor_frete']), valor_seguro: cents(n['valor_seguro']),
      valor_outros: cents(n['valor_outros']), tipo_frete: Number(n['tipo_frete'] ?? 9), pagamento: Number(n['a_prazo']) > 0 ? 1 : 0,
      itens: lines.map((l) => ({
        codigo_item: s(l['id_produto_grade_filial']), descricao: s(l['descricao']), quantidade: quantityFromDecimal(s(l['quantidade'])),
        unidade: s(l['unidade_comercial']) || 'UN', valor_item: cents(l['valor_total']), valor_desconto: 0,
        cst_icms: lineCst(l['origem_produto'], l['icms_cst'], l['icms_csosn']), cfop: s(l['cfop']) || '5102',
        base_icms: cents(l['valor_base_icms']), aliquota_icms: Math.round(Number(l['icms_aliquota'] ?? 0) * 100), valor_icms: cents(l['valor_icms']),
      })),
    });
  }
  for (const { n, lines } of entries) {
    people.add(Number(n['id_fornecedor']));
    documentos.push({
      operacao: 'entrada', emissao: 'terceiros', participante: `P${s(n['id_fornecedor'])}`, modelo: s(n['modelo']) === '65' ? '65' : '55',
      situacao: '00', serie: s(n['serie']), numero: s(n['numero']), chave: s(n['chave_acesso']), data_documento: s(n['dia_emissao']),
      data_entrada_saida: s(n['dia_entrada']), valor_documento: cents(n['valor_total']), valor_desconto: 0, valor_mercadorias: cents(n['valor_produtos']),
      valor_frete: 0, valor_seguro: 0, valor_outros: 0, tipo_frete: 9, pagamento: Number(n['duplicatas']) > 0 ? 1 : 0,
      itens: lines.map((l) => {
        const valor = cents(l['valor_produtos']);
        const credito = cents(l['credito_icms']);
        return {
          codigo_item: itemCode(l['id_produto_grade_filial']), descricao: s(l['descricao']), quantidade: quantityFromDecimal(s(l['quantidade'])),
          unidade: itemUnit(l['id_produto_grade_filial']), valor_item: valor, valor_desconto: 0,
          cst_icms: credito > 0 ? '000' : '090', cfop: entryCfop(s(l['cfop'])), base_icms: credito > 0 ? valor : 0,
          aliquota_icms: credito > 0 && valor > 0 ? Math.round((credito / valor) * 10_000) : 0, valor_icms: credito,
        };
      }),
    });
  }

  const [yy, mm] = body.mes.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(yy, mm, 10));
  const input: SpedInput = {
    inicio, fim, versao: SPED_LAYOUT_VERSION,
    entidade: {
      nome: s(b['razao_social']), cnpj: s(b['cnpj']), uf: s(b['uf']), ie: s(b['ie']), cod_mun: s(b['id_cidade']), im: s(b['im']) || null,
      fantasia: s(b['nome_fantasia']) || null, cep: s(b['cep']), endereco: s(b['endereco']), numero: s(b['numero']),
      complemento: s(b['complemento']) || null, bairro: s(b['bairro']), fone: s(b['telefone']) || null, email: s(b['email']) || null,
      perfil, atividade: Number(b['tipo_atividade_sped']) === 0 ? 0 : 1,
    },
    contador: {
      nome: s(acc['nome']), cpf: s(acc['cpf']), crc: s(acc['crc_contador']), cnpj: s(acc['cnpj_contador']) || null, cep: s(acc['cep']) || null,
      endereco: s(acc['endereco']) || null, numero: s(acc['numero']) || null, complemento: s(acc['complemento']) || null,
      bairro: s(acc['bairro']) || null, fone: s(acc['telefone']) || null, email: s(acc['email']) || null, cod_mun: s(acc['id_cidade']) || null,
    },
    participantes: await participantsOf(tx, org, [...people]),
    unidades: [...new Map([...items.values()].map((i) => [i.unidade, { codigo: i.unidade,
      descricao: i.unidade_descricao || i.unidade }])).values()],
    itens: [...items.values()],
    documentos,
    inventario: inv ? {
      data: inv.dia, motivo: '01',
      itens: inv.rows.map((r) => {
        const q = quantityFromDecimal(s(r['quantidade']));
        const cost = cents(r['custo']);
        return { codigo_item: itemCode(r['id_produto_grade_filial']), unidade: itemUnit(r['id_produto_grade_filial']), quantidade: q,
          valor_unitario: cost * 10_000, valor_item: Math.round((q * cost) / 1000) };
      }),
    } : null,
    saldo_credor_anterior: 0,
    recolhimento: { codigo_receita: body.codigo_receita, vencimento: next.toISOString().slice(0, 10) },
  };
  const conteudo = buildSped(input);
  return {
    nome_arquivo: `SPED_EFD_ICMS_IPI_${s(b['cnpj'])}_${body.mes.replace('-', '')}.txt`,
    conteudo,
    linhas: conteudo.split('\r\n').length - 1,
  };
}
