/**
 * What the order's A4 pre-sale sheet prints (000 §2, §3.6), read in one go: the order of the caller's branch with its
 * branch, customer (main address), seller, live items and services, and payments with their installments.
 */
import type { PresaleAddress, PresaleKind, PresaleSheetData } from '@pdv/documents/presale-a4';
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { orderStatusLabel } from '@pdv/domain/order-labels';
import type { Tx } from '../../db/database.ts';

type Row = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : null);
const cents = (v: unknown): number => fromDecimal(typeof v === 'string' || typeof v === 'number' ? v : 0);

const PRESALE_KINDS: readonly string[] = ['Pedido', 'Orcamento', 'OrdemServico'] satisfies PresaleKind[];

/** The sheet prints orders, quotes and service orders; other operations (consignment, purchase) print as orders. */
const kindOf = (operacao: string): PresaleKind => (PRESALE_KINDS.includes(operacao) ? (operacao as PresaleKind) : 'Pedido');

function address(r: Row, prefix: string): PresaleAddress | null {
  const a: PresaleAddress = {
    logradouro: text(r[`${prefix}endereco`]), numero: text(r[`${prefix}numero`]), complemento: text(r[`${prefix}complemento`]),
    bairro: text(r[`${prefix}bairro`]), cidade: text(r[`${prefix}cidade`]), uf: text(r[`${prefix}uf`]), cep: text(r[`${prefix}cep`]),
  };
  return Object.values(a).some((v) => v !== null) ? a : null;
}

export interface OrderSheet {
  id_pedido: number;
  nsu: number;
  operacao: string;
  /** The branch's CNPJ (digits and, for the alphanumeric CNPJ, letters). */
  cnpj: string;
  data: PresaleSheetData;
}

/** The sheet of an order of the branch, or null when there is no such order there. */
export async function loadOrderSheet(tx: Tx, org: number, id_filial: number, id_pedido: number): Promise<OrderSheet | null> {
  const { rows } = await tx.query<Row>(
    `SELECT p.id_pedido, p.nsu, p.operacao, p.situacao, p.data_cadastro, p.data_validade, p.data_entrega, p.observacao,
            p.valor_frete::text, p.valor_seguro::text, p.valor_outros::text, p.valor_total_liquido::text,
            f.cnpj, f.razao_social, coalesce(f.nome_fantasia, f.razao_social) AS loja_nome, f.email AS loja_email,
            coalesce(f.telefone, f.celular) AS loja_telefone, f.endereco AS f_endereco, f.numero AS f_numero,
            f.complemento AS f_complemento, f.bairro AS f_bairro, f.cidade AS f_cidade, f.uf AS f_uf, f.cep AS f_cep,
            coalesce(fc.fuso_horario, -3) AS fuso_horario,
            c.nome AS cliente_nome, coalesce(c.cpf, c.cnpj) AS cliente_documento, coalesce(c.celular, c.telefone) AS cliente_telefone,
            c.email AS cliente_email, e.endereco AS e_endereco, e.numero AS e_numero, e.complemento AS e_complemento,
            e.bairro AS e_bairro, e.cidade AS e_cidade, e.uf AS e_uf, e.cep AS e_cep,
            coalesce(v.nome, u.nome) AS vendedor
       FROM pedido p
       JOIN filial f ON f.id_organization = p.id_organization AND f.id_filial = p.id_filial
       LEFT JOIN filial_configuracao fc ON fc.id_organization = p.id_organization AND fc.id_filial = p.id_filial
       LEFT JOIN pessoa c ON c.id_organization = p.id_organization AND c.id_pessoa = p.id_cliente
       LEFT JOIN pessoa_endereco e ON e.id_organization = p.id_organization AND e.id_pessoa = p.id_cliente
             AND e.is_principal AND e.data_exclusao IS NULL
       LEFT JOIN usuario v ON v.id_organization = p.id_organization AND v.id_usuario = p.id_usuario_vendedor
       LEFT JOIN usuario u ON u.id_organization = p.id_organization AND u.id_usuario = p.id_usuario
      WHERE p.id_organization = $1 AND p.id_filial = $2 AND p.id_pedido = $3 AND p.data_exclusao IS NULL`,
    [org, id_filial, id_pedido],
  );
  const o = rows[0];
  if (!o) return null;
  const items = await tx.query<Row>(
    `SELECT coalesce(codigo_barras, sku) AS codigo, descricao, unidade_comercial, quantidade::text, valor_unitario::text,
            valor_sub_total::text, valor_desconto::text, valor_total::text
       FROM pedido_item
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL AND NOT is_cancelado
      ORDER BY id_pedido_item`,
    [org, id_pedido],
  );
  const services = await loadServices(tx, org, id_pedido);
  const payments = await tx.query<Row>(
    `SELECT descricao, valor_total::text, parcelamento FROM pedido_pagamento
      WHERE id_organization = $1 AND id_pedido = $2 AND data_exclusao IS NULL ORDER BY id_pedido_pagamento`,
    [org, id_pedido],
  );
  const itens = items.rows.map((i) => ({
    codigo: text(i['codigo']),
    descricao: String(i['descricao']),
    unidade: text(i['unidade_comercial']),
    quantidade: quantityFromDecimal(String(i['quantidade'])),
    valor_unitario: cents(i['valor_unitario']),
    valor_desconto: cents(i['valor_sub_total']) - cents(i['valor_total']),
    valor_total: cents(i['valor_total']),
    bruto: cents(i['valor_sub_total']),
  }));
  const sumOf = (list: { bruto: number }[]) => list.reduce((s, l) => s + l.bruto, 0);
  const discounts = [...itens, ...services].reduce((s, l) => s + l.valor_desconto, 0);
  return {
    id_pedido: Number(o['id_pedido']),
    nsu: Number(o['nsu']),
    operacao: String(o['operacao']),
    cnpj: String(o['cnpj']),
    data: {
      tipo: kindOf(String(o['operacao'])),
      nsu: Number(o['nsu']),
      situacao: orderStatusLabel(String(o['situacao'])),
      data_cadastro: iso(o['data_cadastro']) ?? '',
      data_validade: iso(o['data_validade']),
      data_entrega: iso(o['data_entrega']),
      fuso_horario: Number(o['fuso_horario']),
      loja: {
        nome: String(o['loja_nome']), razao_social: text(o['razao_social']), cnpj: String(o['cnpj']),
        endereco: address(o, 'f_'), telefone: text(o['loja_telefone']), email: text(o['loja_email']),
      },
      cliente: typeof o['cliente_nome'] !== 'string' ? null : {
        nome: o['cliente_nome'], cpf_cnpj: text(o['cliente_documento']), endereco: address(o, 'e_'),
        telefone: text(o['cliente_telefone']), email: text(o['cliente_email']),
      },
      vendedor: text(o['vendedor']),
      itens: itens.map(({ bruto: _bruto, ...line }) => line),
      servicos: services.map(({ bruto: _bruto, ...line }) => line),
      totais: {
        produtos: sumOf(itens), servicos: sumOf(services), desconto: discounts, frete: cents(o['valor_frete']),
        seguro: cents(o['valor_seguro']), outros: cents(o['valor_outros']), total: cents(o['valor_total_liquido']),
      },
      pagamentos: payments.rows.map((p) => ({
        descricao: String(p['descricao']),
        valor: cents(p['valor_total']),
        parcelas: (Array.isArray(p['parcelamento']) ? (p['parcelamento'] as Row[]) : []).map((i) => ({
          parcela: Number(i['parcela']), data_vencimento: String(i['data_vencimento']), valor: cents(i['valor']),
        })),
      })),
      observacao: text(o['observacao']),
    },
  };
}

/** Service lines (pedido_servico, service orders) with their technician; none where the table is not there yet. */
async function loadServices(tx: Tx, org: number, id_pedido: number) {
  const { rows: exists } = await tx.query<{ present: boolean }>("SELECT to_regclass('pedido_servico') IS NOT NULL AS present");
  if (!exists[0]?.present) return [];
  const { rows } = await tx.query<Row>(
    `SELECT s.descricao, s.quantidade::text, s.valor_unitario::text, s.valor_sub_total::text, s.valor_total::text, t.nome AS tecnico
       FROM pedido_servico s
       LEFT JOIN usuario t ON t.id_organization = s.id_organization AND t.id_usuario = s.id_usuario_tecnico
      WHERE s.id_organization = $1 AND s.id_pedido = $2 AND s.data_exclusao IS NULL
      ORDER BY s.id_pedido_servico`,
    [org, id_pedido],
  );
  return rows.map((s) => ({
    descricao: String(s['descricao']),
    tecnico: text(s['tecnico']),
    quantidade: quantityFromDecimal(String(s['quantidade'])),
    valor_unitario: cents(s['valor_unitario']),
    valor_desconto: cents(s['valor_sub_total']) - cents(s['valor_total']),
    valor_total: cents(s['valor_total']),
    bruto: cents(s['valor_sub_total']),
  }));
}
