/** SQL of the invoice module: lists, the full invoice, and the writes of a draft. */
import type { InvoiceDetail, InvoiceSummary } from '@pdv/contract/invoice';
import type { Tx } from '../../db/database.ts';
import { containsPattern } from '../../db/rows.ts';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string | null | undefined) ?? null));

export const SUMMARY_COLUMNS = `nf.id_nota_fiscal, nf.id_filial, nf.modelo, nf.serie, nf.numero_nota_fiscal, nf.chave_acesso,
  nf.situacao, nf.tipo_emissao, nf.ambiente, nf.natureza_operacao, nf.data_hora_emissao, nf.cliente_nome,
  nf.cliente_cpf_cnpj, nf.valor_nota_fiscal, nf.protocolo, nf.codigo_status, nf.motivo, nf.id_pedido, nf.id_operacao`;

export function toSummary(r: Record<string, unknown>): InvoiceSummary {
  return {
    id_nota_fiscal: Number(r['id_nota_fiscal']),
    id_filial: Number(r['id_filial']),
    modelo: String(r['modelo']),
    serie: r['serie'] === null ? null : Number(r['serie']),
    numero_nota_fiscal: r['numero_nota_fiscal'] === null ? null : Number(r['numero_nota_fiscal']),
    chave_acesso: (r['chave_acesso'] as string | null) ?? null,
    situacao: String(r['situacao']),
    tipo_emissao: Number(r['tipo_emissao']),
    ambiente: Number(r['ambiente']),
    natureza_operacao: String(r['natureza_operacao']),
    data_hora_emissao: iso(r['data_hora_emissao']) ?? '',
    cliente_nome: (r['cliente_nome'] as string | null) ?? null,
    cliente_cpf_cnpj: (r['cliente_cpf_cnpj'] as string | null) ?? null,
    valor_nota_fiscal: num(r['valor_nota_fiscal']),
    protocolo: (r['protocolo'] as string | null) ?? null,
    codigo_status: r['codigo_status'] === null ? null : Number(r['codigo_status']),
    motivo: (r['motivo'] as string | null) ?? null,
    id_pedido: r['id_pedido'] === null ? null : Number(r['id_pedido']),
    id_operacao: (r['id_operacao'] as string | null) ?? null,
  };
}

export interface ListFilter {
  search: string;
  skip: number;
  take: number;
  situacao?: string | undefined;
  modelo?: string | undefined;
  data_inicio?: string | undefined;
  data_fim?: string | undefined;
  order: 'asc' | 'desc';
  column: string;
}

/** WHERE clause of the list and its values (days are the branch's local days, UTC-3 by default). */
function where(org: number, id_filial: number, f: Omit<ListFilter, 'skip' | 'take' | 'order' | 'column'>, offsetHours: number) {
  const params: unknown[] = [org, id_filial];
  const clauses = ['nf.id_organization = $1', 'nf.id_filial = $2', 'nf.data_exclusao IS NULL'];
  const tz = `${offsetHours >= 0 ? '+' : '-'}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
  if (f.situacao) clauses.push(`nf.situacao = $${params.push(f.situacao)}`);
  if (f.modelo) clauses.push(`nf.modelo = $${params.push(f.modelo)}`);
  if (f.data_inicio) clauses.push(`nf.data_hora_emissao >= ($${params.push(`${f.data_inicio}T00:00:00${tz}`)})::timestamptz`);
  if (f.data_fim) clauses.push(`nf.data_hora_emissao <= ($${params.push(`${f.data_fim}T23:59:59.999${tz}`)})::timestamptz`);
  const search = f.search.trim();
  if (search) {
    const digits = search.replace(/\D/g, '');
    const p = params.push(containsPattern(search.toLowerCase()));
    const parts = [`lower(coalesce(nf.cliente_nome, '')) LIKE $${p}`];
    if (digits) {
      const d = params.push(digits);
      parts.push(`nf.numero_nota_fiscal::text = $${d}`, `nf.chave_acesso LIKE '%' || $${d} || '%'`, `nf.cliente_cpf_cnpj = $${d}`);
    }
    clauses.push(`(${parts.join(' OR ')})`);
  }
  return { sql: clauses.join(' AND '), params };
}

export async function listInvoices(tx: Tx, org: number, id_filial: number, f: ListFilter, offsetHours: number) {
  const w = where(org, id_filial, f, offsetHours);
  const column = ['data_hora_emissao', 'numero_nota_fiscal', 'valor_nota_fiscal', 'cliente_nome'].includes(f.column) ? f.column : 'data_hora_emissao';
  const dir = f.order === 'asc' ? 'ASC' : 'DESC';
  const { rows } = await tx.query(
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER () AS total FROM nota_fiscal nf WHERE ${w.sql}
      ORDER BY nf.${column} ${dir} NULLS LAST, nf.id_nota_fiscal ${dir} LIMIT ${f.take} OFFSET ${f.skip}`,
    w.params,
  );
  return { rows: rows.map(toSummary), count: rows[0] ? Number(rows[0]['total']) : 0 };
}

export async function listValues(tx: Tx, org: number, id_filial: number, f: Omit<ListFilter, 'skip' | 'take' | 'order' | 'column'>, offsetHours: number) {
  const w = where(org, id_filial, f, offsetHours);
  const { rows } = await tx.query<{ situacao: string; quantidade: number; valor: string }>(
    `SELECT nf.situacao, count(*)::int AS quantidade, coalesce(sum(nf.valor_nota_fiscal), 0) AS valor
       FROM nota_fiscal nf WHERE ${w.sql} GROUP BY nf.situacao ORDER BY nf.situacao`,
    w.params,
  );
  return rows.map((r) => ({ situacao: r.situacao, quantidade: Number(r.quantidade), valor: num(r.valor) }));
}

/** The period's return invoices (finalidade 4) that count (not cancelled nor disabled): the list shows them apart. */
export async function listReturnValues(tx: Tx, org: number, id_filial: number, f: Omit<ListFilter, 'skip' | 'take' | 'order' | 'column'>, offsetHours: number) {
  const w = where(org, id_filial, f, offsetHours);
  const { rows } = await tx.query<{ quantidade: number; valor: string }>(
    `SELECT count(*)::int AS quantidade, coalesce(sum(nf.valor_nota_fiscal), 0) AS valor
       FROM nota_fiscal nf WHERE ${w.sql} AND nf.finalidade = 4 AND nf.situacao NOT IN ('Cancelada', 'Inutilizada')`,
    w.params,
  );
  return { quantidade: Number(rows[0]?.quantidade ?? 0), valor: num(rows[0]?.valor ?? 0) };
}

/** The invoice row itself (for locking pass forUpdate). */
export async function findInvoiceRow(tx: Tx, org: number, id_filial: number, id: number, forUpdate = false) {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT * FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL
      ${forUpdate ? 'FOR UPDATE' : ''}`,
    [org, id_filial, id],
  );
  return rows[0] ?? null;
}

export async function findIdBy(tx: Tx, org: number, id_filial: number, column: 'chave_acesso' | 'id_operacao', value: string) {
  const { rows } = await tx.query<{ id_nota_fiscal: number }>(
    `SELECT id_nota_fiscal FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND ${column} = $3 AND data_exclusao IS NULL`,
    [org, id_filial, value],
  );
  return rows[0]?.id_nota_fiscal ?? null;
}

export async function loadDetail(tx: Tx, org: number, id_filial: number, id: number): Promise<InvoiceDetail | null> {
  const r = await findInvoiceRow(tx, org, id_filial, id);
  if (!r) return null;
  const items = await tx.query<Record<string, unknown>>(
    `SELECT i.*, coalesce(i.codigo_produto, i.sku) AS codigo FROM nota_fiscal_item i
      WHERE i.id_organization = $1 AND i.id_nota_fiscal = $2 AND i.data_exclusao IS NULL ORDER BY i.id_nota_fiscal_item`,
    [org, id],
  );
  const payments = await tx.query<Record<string, unknown>>(
    `SELECT p.*, m.utilizar_captura, m.modelo_captura FROM nota_fiscal_pagamento p
       LEFT JOIN meio_pagamento m ON m.id_organization = p.id_organization AND m.id_meio_pagamento = p.id_meio_pagamento
      WHERE p.id_organization = $1 AND p.id_nota_fiscal = $2 AND p.data_exclusao IS NULL
      ORDER BY p.id_nota_fiscal_pagamento`,
    [org, id],
  );
  const refs = await tx.query<Record<string, unknown>>(
    `SELECT * FROM nota_fiscal_referenciada WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL
      ORDER BY id_nota_referenciada`,
    [org, id],
  );
  const volumes = await tx.query<Record<string, unknown>>(
    `SELECT * FROM volume WHERE id_organization = $1 AND id_nota_fiscal = $2 AND data_exclusao IS NULL ORDER BY id_volume`,
    [org, id],
  );
  const events = await tx.query<Record<string, unknown>>(
    `SELECT * FROM nota_fiscal_evento WHERE id_organization = $1 AND id_nota_fiscal = $2 ORDER BY data_evento`,
    [org, id],
  );
  const hasXml = r['xml_autorizado'] !== null || r['xml_assinado'] !== null;
  return {
    ...toSummary(r),
    id_cliente: r['id_cliente'] === null ? null : Number(r['id_cliente']),
    id_serie_fiscal: r['id_serie_fiscal'] === null ? null : Number(r['id_serie_fiscal']),
    operacao: String(r['operacao']),
    finalidade: Number(r['finalidade']),
    tipo_nota: String(r['tipo_nota']),
    tipo_frete: Number(r['tipo_frete']),
    valor_total_produtos: num(r['valor_total_produtos']),
    valor_desconto: num(r['valor_desconto']),
    valor_frete: num(r['valor_frete']),
    valor_seguro: num(r['valor_seguro']),
    valor_outros: num(r['valor_outros']),
    valor_icms: num(r['valor_icms']),
    valor_icms_st: num(r['valor_icms_st']),
    valor_fcp: num(r['valor_fcp']),
    valor_ipi: num(r['valor_ipi']),
    valor_pis: num(r['valor_pis']),
    valor_cofins: num(r['valor_cofins']),
    valor_troco: num(r['valor_troco']),
    placa_veiculo: (r['placa_veiculo'] as string | null) ?? null,
    uf_placa_veiculo: (r['uf_placa_veiculo'] as string | null) ?? null,
    informacoes_adicionais: (r['informacoes_adicionais'] as string | null) ?? null,
    data_contingencia: iso(r['data_contingencia']),
    id_usuario_vendedor: r['id_usuario_vendedor'] === null || r['id_usuario_vendedor'] === undefined ? null : Number(r['id_usuario_vendedor']),
    justificativa_contingencia: (r['justificativa_contingencia'] as string | null) ?? null,
    prazo_contingencia: iso(r['prazo_contingencia']),
    url_pdf: (r['url_pdf'] as string | null) ?? null,
    url_xml_distribuicao: hasXml ? `/api/nfe/xml/${id}` : null,
    itens: items.rows.map((i) => ({
      id_nota_fiscal_item: Number(i['id_nota_fiscal_item']),
      id_produto_grade_filial: i['id_produto_grade_filial'] === null ? null : Number(i['id_produto_grade_filial']),
      id_endereco_estoque: i['id_endereco_estoque'] === null ? null : Number(i['id_endereco_estoque']),
      id_cenario_fiscal: i['id_cenario_fiscal'] === null ? null : Number(i['id_cenario_fiscal']),
      codigo_produto: (i['codigo'] as string | null) ?? null,
      descricao: String(i['descricao']),
      codigo_barras: (i['codigo_barras'] as string | null) ?? null,
      codigo_ncm: (i['codigo_ncm'] as string | null) ?? null,
      cest: (i['cest'] as string | null) ?? null,
      cfop: (i['cfop'] as string | null) ?? null,
      origem_produto: i['origem_produto'] === null ? null : Number(i['origem_produto']),
      unidade_comercial: (i['unidade_comercial'] as string | null) ?? null,
      quantidade: num(i['quantidade']),
      valor_unitario: num(i['valor_unitario']),
      valor_desconto: num(i['valor_desconto']),
      valor_total: num(i['valor_total']),
      icms_cst: (i['icms_cst'] as string | null) ?? null,
      icms_csosn: (i['icms_csosn'] as string | null) ?? null,
      icms_aliquota: num(i['icms_aliquota']),
      valor_icms: num(i['valor_icms']),
      is_cancelado: Boolean(i['is_cancelado']),
    })),
    pagamentos: payments.rows.map((p) => ({
      id_nota_fiscal_pagamento: Number(p['id_nota_fiscal_pagamento']),
      id_meio_pagamento: Number(p['id_meio_pagamento']),
      meio_pagamento: String(p['meio_pagamento']),
      descricao: String(p['descricao']),
      valor_total: num(p['valor_total']),
      quantidade_parcelas: Number(p['quantidade_parcelas']),
      id_conta: p['id_conta'] === null ? null : Number(p['id_conta']),
      // What the till needs to cancel the card transaction on the terminal (issue 28; no card number is stored).
      utilizar_captura: p['utilizar_captura'] === true,
      modelo_captura: (p['modelo_captura'] as string | null) ?? null,
      cartao_nsu: (p['cartao_nsu'] as string | null) ?? null,
      cartao_data_hora_transacao: (p['cartao_data_hora_transacao'] as string | null) ?? null,
      cartao_codigo_autorizacao: (p['cartao_codigo_autorizacao'] as string | null) ?? null,
      cartao_bandeira: (p['cartao_bandeira'] as string | null) ?? null,
    })),
    referenciadas: refs.rows.map((x) => ({
      id_nota_referenciada: Number(x['id_nota_referenciada']),
      chave_acesso: String(x['chave_acesso']),
      modelo: (x['modelo'] as string | null) ?? null,
      cancelado: Boolean(x['cancelado']),
    })),
    volumes: volumes.rows.map((v) => ({
      id_volume: Number(v['id_volume']),
      quantidade: Number(v['quantidade']),
      especie: (v['especie'] as string | null) ?? null,
      marca: (v['marca'] as string | null) ?? null,
      numeracao: (v['numeracao'] as string | null) ?? null,
      peso_liquido: num(v['peso_liquido']),
      peso_bruto: num(v['peso_bruto']),
    })),
    eventos: events.rows.map((e) => ({
      tipo_evento: String(e['tipo_evento']),
      sequencia: Number(e['sequencia']),
      codigo_status: e['codigo_status'] === null ? null : Number(e['codigo_status']),
      motivo: (e['motivo'] as string | null) ?? null,
      protocolo: (e['protocolo'] as string | null) ?? null,
      texto: (e['texto'] as string | null) ?? null,
      data_evento: iso(e['data_evento']) ?? '',
    })),
  };
}

/** Offset of the branch's local time (fuso_horario, -3 by default). */
export async function branchOffset(tx: Tx, org: number, id_filial: number): Promise<number> {
  const { rows } = await tx.query<{ fuso_horario: number }>(
    'SELECT fuso_horario FROM filial_configuracao WHERE id_organization = $1 AND id_filial = $2',
    [org, id_filial],
  );
  return rows[0]?.fuso_horario ?? -3;
}
