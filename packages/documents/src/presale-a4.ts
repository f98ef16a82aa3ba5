/**
 * The A4 pre-sale sheet (000 §2: "an 80mm-style receipt, an A4 pre-sale sheet and a simplified receipt layout") of an
 * order, quote or service order: the branch (name, CNPJ, address), the document's number (nsu) and dates (validity
 * for a quote), customer and seller, the items, the services when there are any, totals, payments with their
 * installments, the notes, and "Documento sem valor fiscal" at the foot of every page. `presaleSheetDocument` is pure
 * (a pdfmake definition); `presaleSheetPdf` renders it to bytes in Node or in the browser.
 */
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { formatMoney, formatQuantity, type Cents, type Milli } from '@pdv/domain/money';
import { formatCep, formatPhone, formatTaxId } from './danfe-format.ts';
import { pdfBytes } from './danfe-pdf.ts';
import { formatInZone } from '@pdv/domain/time-zone';

export type PresaleKind = 'Pedido' | 'Orcamento' | 'OrdemServico';

export const PRESALE_TITLE: Readonly<Record<PresaleKind, string>> = {
  Pedido: 'PEDIDO',
  Orcamento: 'ORÇAMENTO',
  OrdemServico: 'ORDEM DE SERVIÇO',
};

export const PRESALE_NO_FISCAL_VALUE = 'Documento sem valor fiscal';
export const PRESALE_MARGIN = 28;

export interface PresaleAddress {
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
}

export interface PresaleLine {
  codigo: string | null;
  descricao: string;
  unidade: string | null;
  quantidade: Milli;
  valor_unitario: Cents;
  valor_desconto: Cents;
  valor_total: Cents;
}

export interface PresaleService {
  descricao: string;
  tecnico: string | null;
  quantidade: Milli;
  valor_unitario: Cents;
  valor_desconto: Cents;
  valor_total: Cents;
}

export interface PresalePayment {
  descricao: string;
  valor: Cents;
  parcelas: { parcela: number; data_vencimento: string; valor: Cents }[];
}

export interface PresaleSheetData {
  tipo: PresaleKind;
  nsu: number;
  situacao: string;
  /** ISO date-times. */
  data_cadastro: string;
  data_validade: string | null;
  data_entrega: string | null;
  /** Hours from UTC of the branch (000 §9: -3 by default), for the dates printed. */
  fuso_horario: number;
  loja: { nome: string; razao_social: string | null; cnpj: string | null; endereco: PresaleAddress | null; telefone: string | null; email: string | null };
  cliente: { nome: string; cpf_cnpj: string | null; endereco: PresaleAddress | null; telefone: string | null; email: string | null } | null;
  vendedor: string | null;
  itens: PresaleLine[];
  servicos: PresaleService[];
  totais: { produtos: Cents; servicos: Cents; desconto: Cents; frete: Cents; seguro: Cents; outros: Cents; total: Cents };
  pagamentos: PresalePayment[];
  observacao: string | null;
}

/** dd/mm/aaaa (with hh:mm when asked) of an ISO instant in the branch's offset; a bare date stays as it is. */
export function formatPresaleDate(value: string | null, offsetHours: number, withTime = false): string {
  if (!value) return '';
  return formatInZone(value, offsetHours, withTime);
}

/** One line of an address: "Rua X, 10 - sala 2 - Centro - São Paulo/SP - CEP 01000-000". */
export function formatAddress(a: PresaleAddress | null): string {
  if (!a) return '';
  const street = [a.logradouro, a.numero].filter(Boolean).join(', ');
  const city = [a.cidade, a.uf].filter(Boolean).join('/');
  return [street, a.complemento, a.bairro, city, a.cep ? `CEP ${formatCep(a.cep)}` : null].filter(Boolean).join(' - ');
}

const LABEL = { fontSize: 7, color: '#555555' } as const;
const cellLabel = (label: string, value: string): Content => ({
  stack: [{ text: label, ...LABEL }, { text: value || '-', fontSize: 9 }],
});

const box = (body: Content, fill?: string): Content => ({
  table: { widths: ['*'], body: [[{ ...(body as object), ...(fill ? { fillColor: fill } : {}) } as TableCell]] },
  layout: { hLineColor: () => '#999999', vLineColor: () => '#999999', paddingTop: () => 4, paddingBottom: () => 4 },
  margin: [0, 0, 0, 6],
});

function header(data: PresaleSheetData): Content {
  const { loja } = data;
  const contact = [loja.telefone ? `Fone ${formatPhone(loja.telefone)}` : null, loja.email].filter(Boolean).join(' - ');
  const dates: Content[] = [cellLabel('Emissão', formatPresaleDate(data.data_cadastro, data.fuso_horario, true))];
  if (data.tipo === 'Orcamento') dates.push(cellLabel('Validade', formatPresaleDate(data.data_validade, data.fuso_horario)));
  if (data.data_entrega) dates.push(cellLabel('Entrega', formatPresaleDate(data.data_entrega, data.fuso_horario)));
  return box({
    columns: [
      {
        width: '*',
        stack: [
          { text: loja.nome, fontSize: 13, bold: true },
          ...(loja.razao_social && loja.razao_social !== loja.nome ? [{ text: loja.razao_social, fontSize: 8 }] : []),
          ...(loja.cnpj ? [{ text: `CNPJ ${formatTaxId(loja.cnpj)}`, fontSize: 8 }] : []),
          ...(loja.endereco ? [{ text: formatAddress(loja.endereco), fontSize: 8 }] : []),
          ...(contact ? [{ text: contact, fontSize: 8 }] : []),
        ],
      },
      {
        width: 170,
        stack: [
          { text: PRESALE_TITLE[data.tipo], fontSize: 13, bold: true, alignment: 'right' },
          { text: `Nº ${data.nsu}`, fontSize: 12, bold: true, alignment: 'right' },
          { text: `Situação: ${data.situacao}`, fontSize: 8, alignment: 'right' },
          { columns: dates, columnGap: 6, margin: [0, 4, 0, 0] },
        ],
      },
    ],
  });
}

function people(data: PresaleSheetData): Content {
  const c = data.cliente;
  const contact = c ? [c.telefone ? formatPhone(c.telefone) : null, c.email].filter(Boolean).join(' - ') : '';
  return box({
    columns: [
      {
        width: '*',
        stack: [
          { text: 'CLIENTE', ...LABEL, bold: true },
          { text: c ? c.nome : 'Consumidor não identificado', fontSize: 10, bold: true },
          ...(c?.cpf_cnpj ? [{ text: `CPF/CNPJ ${formatTaxId(c.cpf_cnpj)}`, fontSize: 8 }] : []),
          ...(c?.endereco ? [{ text: formatAddress(c.endereco), fontSize: 8 }] : []),
          ...(contact ? [{ text: contact, fontSize: 8 }] : []),
        ],
      },
      { width: 170, stack: [{ text: 'VENDEDOR', ...LABEL, bold: true }, { text: data.vendedor ?? '-', fontSize: 10 }] },
    ],
  });
}

const th = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, bold: true, fontSize: 7, alignment, fillColor: '#eeeeee' });
const td = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, fontSize: 8, alignment });

const GRID = {
  hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
  vLineWidth: () => 0,
  hLineColor: () => '#999999',
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

function itemsTable(data: PresaleSheetData): Content[] {
  if (data.itens.length === 0) return [];
  const body: TableCell[][] = [
    [th('#'), th('CÓDIGO'), th('DESCRIÇÃO'), th('UN'), th('QTD', 'right'), th('VL. UNIT.', 'right'), th('DESC.', 'right'), th('TOTAL', 'right')],
    ...data.itens.map((line, i) => [
      td(String(i + 1)),
      td(line.codigo ?? ''),
      td(line.descricao),
      td(line.unidade ?? 'UN'),
      td(formatQuantity(line.quantidade), 'right'),
      td(formatMoney(line.valor_unitario), 'right'),
      td(line.valor_desconto > 0 ? formatMoney(line.valor_desconto) : '', 'right'),
      td(formatMoney(line.valor_total), 'right'),
    ]),
  ];
  return [
    { text: 'PRODUTOS', bold: true, fontSize: 9, margin: [0, 2, 0, 2] },
    { table: { headerRows: 1, widths: [16, 62, '*', 22, 40, 56, 46, 60], body }, layout: GRID, margin: [0, 0, 0, 8] },
  ];
}

function servicesTable(data: PresaleSheetData): Content[] {
  if (data.servicos.length === 0) return [];
  const body: TableCell[][] = [
    [th('#'), th('SERVIÇO'), th('TÉCNICO'), th('QTD', 'right'), th('VL. UNIT.', 'right'), th('DESC.', 'right'), th('TOTAL', 'right')],
    ...data.servicos.map((s, i) => [
      td(String(i + 1)),
      td(s.descricao),
      td(s.tecnico ?? ''),
      td(formatQuantity(s.quantidade), 'right'),
      td(formatMoney(s.valor_unitario), 'right'),
      td(s.valor_desconto > 0 ? formatMoney(s.valor_desconto) : '', 'right'),
      td(formatMoney(s.valor_total), 'right'),
    ]),
  ];
  return [
    { text: 'SERVIÇOS', bold: true, fontSize: 9, margin: [0, 2, 0, 2] },
    { table: { headerRows: 1, widths: [16, '*', 90, 40, 56, 46, 60], body }, layout: GRID, margin: [0, 0, 0, 8] },
  ];
}

function totals(data: PresaleSheetData): Content {
  const t = data.totais;
  const rows: [string, Cents][] = [];
  if (data.itens.length > 0 || t.produtos > 0) rows.push(['Total dos produtos', t.produtos]);
  if (data.servicos.length > 0 || t.servicos > 0) rows.push(['Total dos serviços', t.servicos]);
  if (t.desconto > 0) rows.push(['Desconto', -t.desconto]);
  if (t.frete > 0) rows.push(['Frete', t.frete]);
  if (t.seguro > 0) rows.push(['Seguro', t.seguro]);
  if (t.outros > 0) rows.push(['Outras despesas', t.outros]);
  const body: TableCell[][] = rows.map(([label, value]) => [td(label), td(value < 0 ? `-${formatMoney(-value)}` : formatMoney(value), 'right')]);
  body.push([
    { text: 'TOTAL', bold: true, fontSize: 10 },
    { text: formatMoney(t.total), bold: true, fontSize: 10, alignment: 'right' },
  ]);
  return { table: { widths: ['*', 80], body }, layout: 'noBorders' };
}

function payments(data: PresaleSheetData): Content {
  const lines: Content[] = [{ text: data.tipo === 'Orcamento' ? 'CONDIÇÕES DE PAGAMENTO' : 'PAGAMENTOS', bold: true, fontSize: 9 }];
  if (data.pagamentos.length === 0) lines.push({ text: 'A combinar', fontSize: 8 });
  for (const p of data.pagamentos) {
    const count = p.parcelas.length;
    lines.push({
      columns: [
        { text: count > 1 ? `${p.descricao} (${count}x)` : p.descricao, fontSize: 8, width: '*' },
        { text: formatMoney(p.valor), fontSize: 8, alignment: 'right', width: 70 },
      ],
    });
    if (count > 1) {
      for (const i of p.parcelas) {
        lines.push({
          text: `Parcela ${i.parcela}/${count} - venc. ${formatPresaleDate(i.data_vencimento, data.fuso_horario)} - ${formatMoney(i.valor)}`,
          fontSize: 7,
          margin: [8, 0, 0, 0],
        });
      }
    }
  }
  return { stack: lines };
}

export function presaleSheetDocument(data: PresaleSheetData): TDocumentDefinitions {
  const title = `${PRESALE_TITLE[data.tipo]} Nº ${data.nsu}`;
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [PRESALE_MARGIN, PRESALE_MARGIN, PRESALE_MARGIN, PRESALE_MARGIN + 14],
    defaultStyle: { fontSize: 8 },
    info: { title: `${title} - ${data.loja.nome}` },
    content: [
      header(data),
      people(data),
      ...itemsTable(data),
      ...servicesTable(data),
      {
        columns: [
          { width: '*', stack: [payments(data)] },
          { width: 200, stack: [totals(data)] },
        ],
        columnGap: 16,
        margin: [0, 4, 0, 8],
      },
      ...(data.observacao ? [box({ stack: [{ text: 'OBSERVAÇÕES', ...LABEL, bold: true }, { text: data.observacao, fontSize: 8 }] })] : []),
    ],
    footer: (currentPage: number, pageCount: number): Content => ({
      columns: [
        { text: PRESALE_NO_FISCAL_VALUE, bold: true, fontSize: 8 },
        { text: `${title} - Página ${currentPage} de ${pageCount}`, fontSize: 7, alignment: 'right' },
      ],
      margin: [PRESALE_MARGIN, 8, PRESALE_MARGIN, 0],
    }),
  };
}

export function presaleSheetPdf(data: PresaleSheetData): Promise<Uint8Array> {
  return pdfBytes(presaleSheetDocument(data));
}
