/**
 * EFD ICMS/IPI (SPED Fiscal) of one branch and one month (issue 32, 002 §2 "fiscal management SPED"). Pure: the
 * server gathers the month into a SpedInput, this writes the file's lines. Money in cents, quantities in thousandths.
 *
 * Registers written (what the PVA asks of a retailer, Guia Prático da EFD ICMS/IPI): block 0 (0000, 0001, 0005, 0100,
 * 0150, 0190, 0200, 0990), B/D/G/K opened and closed without movement (the PVA wants every block present), C (C001,
 * C100, C170 for entries only, C190, C990; an NFC-e, model 65, is a C100 without participant and without C170 as the
 * Guia allows), E (E001, E100, E110, E116, E990), H (H001, H005, H010 when an inventory is given, H990), 1 (1001,
 * 1010, 1990) and 9 (9001, 9900 for every register, 9990, 9999). Lines are `|REG|field|...|` joined by CRLF.
 */
import type { Cents, Milli } from '@pdv/domain/money';

export type SpedPerfil = 'A' | 'B' | 'C';

export interface SpedEntity {
  nome: string;
  cnpj: string;
  uf: string;
  ie: string;
  /** IBGE code of the municipality, 7 digits. */
  cod_mun: string;
  im?: string | null;
  fantasia?: string | null;
  cep: string;
  endereco: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  fone?: string | null;
  email?: string | null;
  perfil: SpedPerfil;
  /** 0 industrial or equivalent, 1 other activities (tipo_atividade_sped). */
  atividade: 0 | 1;
}

export interface SpedAccountant {
  nome: string;
  cpf: string;
  crc: string;
  cnpj?: string | null;
  cep?: string | null;
  endereco?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  fone?: string | null;
  email?: string | null;
  cod_mun?: string | null;
}

export interface SpedParticipant {
  codigo: string;
  nome: string;
  cnpj?: string | null;
  cpf?: string | null;
  ie?: string | null;
  cod_mun?: string | null;
  endereco?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
}

export interface SpedUnit {
  codigo: string;
  descricao: string;
}

export interface SpedItem {
  codigo: string;
  descricao: string;
  /** The product's GTIN; anything that is not 8, 12, 13 or 14 digits ("SEM GTIN") is left out of COD_BARRA. */
  gtin?: string | null;
  unidade: string;
  /** Tabela 4.1.1: 00 merchandise for resale. */
  tipo: string;
  ncm?: string | null;
  cest?: string | null;
}

export interface SpedDocumentLine {
  codigo_item: string;
  descricao?: string | null;
  quantidade: Milli;
  unidade: string;
  valor_item: Cents;
  valor_desconto: Cents;
  /** Freight, insurance and other charges of the line (into C190's VL_OPR). */
  valor_despesas?: Cents;
  /** Origin digit and CST, 3 digits (Tabela 4.3.1). */
  cst_icms: string;
  cfop: string;
  base_icms: Cents;
  /** Percent with 2 decimals, in hundredths (18% = 1800). */
  aliquota_icms: number;
  valor_icms: Cents;
}

export interface SpedDocument {
  operacao: 'entrada' | 'saida';
  emissao: 'propria' | 'terceiros';
  /** Code of a 0150 participant; none for an NFC-e. */
  participante?: string | null;
  modelo: '55' | '65';
  /** Tabela 4.1.2: 00 regular, 02 cancelled. */
  situacao: '00' | '02';
  serie: string;
  numero: string;
  chave: string;
  data_documento: string;
  data_entrada_saida?: string | null;
  valor_documento: Cents;
  valor_desconto: Cents;
  valor_mercadorias: Cents;
  valor_frete: Cents;
  valor_seguro: Cents;
  valor_outros: Cents;
  /** 0 sender, 1 recipient, 2 third party, 9 none (IND_FRT). */
  tipo_frete: number;
  /** 0 cash, 1 term, 2 other (IND_PGTO). */
  pagamento: 0 | 1 | 2;
  itens: SpedDocumentLine[];
}

export interface SpedInventoryLine {
  codigo_item: string;
  unidade: string;
  quantidade: Milli;
  /** Unit value with 6 decimals, in millionths. */
  valor_unitario: number;
  valor_item: Cents;
}

export interface SpedInventory {
  /** yyyy-mm-dd */
  data: string;
  /** Tabela MOT_INV: 01 end of period. */
  motivo: string;
  itens: SpedInventoryLine[];
}

export interface SpedInput {
  /** yyyy-mm-dd, first and last day of the month. */
  inicio: string;
  fim: string;
  /** Layout code of 0000 (COD_VER). */
  versao: string;
  entidade: SpedEntity;
  contador: SpedAccountant;
  participantes: SpedParticipant[];
  unidades: SpedUnit[];
  itens: SpedItem[];
  documentos: SpedDocument[];
  inventario: SpedInventory | null;
  /** Credit balance carried from the previous month (E110 VL_SLD_CREDOR_ANT). */
  saldo_credor_anterior: Cents;
  /** E116: the state's revenue code and the due date (yyyy-mm-dd) of the ICMS to pay. */
  recolhimento: { codigo_receita: string; vencimento: string };
}

export const SPED_LINE_END = '\r\n';

/** One register as fields (the first is the register's code). */
export type SpedRecord = readonly string[];

const digits = (s: string | null | undefined): string => (s ?? '').replace(/\D/g, '');
/** Text fields: no pipe, no line break, trimmed (the PVA refuses both characters inside a field). */
const text = (s: string | null | undefined, max = 255): string => (s ?? '').replace(/[|\r\n]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
/** dd mm yyyy from yyyy-mm-dd. */
export function spedDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new Error(`not a date: ${iso}`);
  return `${m[3]}${m[2]}${m[1]}`;
}
/** A fixed-point number with a comma: spedNumber(12345, 2) = '123,45'. */
export function spedNumber(scaled: number, decimals: number): string {
  const n = Math.round(scaled);
  const neg = n < 0;
  const abs = String(Math.abs(n)).padStart(decimals + 1, '0');
  const int = decimals ? abs.slice(0, abs.length - decimals) : abs;
  const dec = decimals ? `,${abs.slice(abs.length - decimals)}` : '';
  return `${neg ? '-' : ''}${int}${dec}`;
}
const money = (c: Cents): string => spedNumber(c, 2);
const qty = (m: Milli): string => spedNumber(m, 3);

/** A GTIN the 0200 may carry: 8, 12, 13 or 14 digits; "SEM GTIN" and anything else stays out. */
export function spedGtin(gtin: string | null | undefined): string {
  const g = (gtin ?? '').trim();
  return /^(\d{8}|\d{12,14})$/.test(g) ? g : '';
}

export function formatSpedLine(record: SpedRecord): string {
  return `|${record.join('|')}|`;
}

interface C190Key { cst: string; cfop: string; aliq: number }

function c190(lines: SpedDocumentLine[]): SpedRecord[] {
  const groups = new Map<string, C190Key & { opr: Cents; bc: Cents; icms: Cents }>();
  for (const l of lines) {
    const key = `${l.cst_icms}|${l.cfop}|${l.aliquota_icms}`;
    const g = groups.get(key) ?? { cst: l.cst_icms, cfop: l.cfop, aliq: l.aliquota_icms, opr: 0, bc: 0, icms: 0 };
    g.opr += l.valor_item - l.valor_desconto + (l.valor_despesas ?? 0);
    g.bc += l.base_icms;
    g.icms += l.valor_icms;
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => a.cst.localeCompare(b.cst) || a.cfop.localeCompare(b.cfop) || a.aliq - b.aliq)
    .map((g) => ['C190', g.cst, g.cfop, spedNumber(g.aliq, 2), money(g.opr), money(g.bc), money(g.icms), '0,00', '0,00', '0,00', '0,00', '']);
}

function c100(d: SpedDocument): SpedRecord[] {
  const indOper = d.operacao === 'entrada' ? '0' : '1';
  const indEmit = d.emissao === 'propria' ? '0' : '1';
  if (d.situacao === '02') {
    // Guia: a cancelled document carries only REG, IND_OPER, IND_EMIT, COD_MOD, COD_SIT, SER, NUM_DOC and CHV_NFE.
    return [['C100', indOper, indEmit, '', d.modelo, d.situacao, text(d.serie), digits(d.numero), d.chave, ...Array<string>(20).fill('')]];
  }
  const nfce = d.modelo === '65';
  const bc = d.itens.reduce((s, l) => s + l.base_icms, 0);
  const icms = d.itens.reduce((s, l) => s + l.valor_icms, 0);
  const head: SpedRecord = [
    'C100', indOper, indEmit, nfce ? '' : (d.participante ?? ''), d.modelo, d.situacao, text(d.serie), digits(d.numero), d.chave,
    spedDate(d.data_documento), spedDate(d.data_entrada_saida ?? d.data_documento), money(d.valor_documento), String(d.pagamento),
    money(d.valor_desconto), '0,00', money(d.valor_mercadorias), String(d.tipo_frete), money(d.valor_frete), money(d.valor_seguro),
    money(d.valor_outros), money(bc), money(icms),
    // Guia, NFC-e: VL_BC_ICMS_ST, VL_ICMS_ST, VL_IPI, VL_PIS, VL_COFINS, VL_PIS_ST and VL_COFINS_ST are not informed.
    ...(nfce ? ['', '', '', '', '', '', ''] : ['0,00', '0,00', '0,00', '0,00', '0,00', '0,00', '0,00']),
  ];
  const out: SpedRecord[] = [head];
  if (d.operacao === 'entrada' && d.emissao === 'terceiros') {
    d.itens.forEach((l, i) => {
      out.push([
        'C170', String(i + 1), l.codigo_item, text(l.descricao), qty(l.quantidade), l.unidade, money(l.valor_item), money(l.valor_desconto),
        '0', l.cst_icms, l.cfop, '', money(l.base_icms), spedNumber(l.aliquota_icms, 2), money(l.valor_icms), '0,00', '0,00', '0,00',
        '', '', '', '0,00', '0,00', '0,00', '', '', '', '', '', '', '', '', '', '', '', '', '', '',
      ].slice(0, 38));
    });
  }
  out.push(...c190(d.itens));
  return out;
}

/** E110 from the period's C190: debits of the outputs, credits of the inputs (cancelled documents count nothing). */
export function spedApuracao(documentos: SpedDocument[], saldoCredorAnterior: Cents) {
  let debitos = 0;
  let creditos = 0;
  for (const d of documentos) {
    if (d.situacao !== '00') continue;
    const icms = d.itens.reduce((s, l) => s + l.valor_icms, 0);
    if (d.operacao === 'saida') debitos += icms;
    else creditos += icms;
  }
  const saldo = debitos - (creditos + saldoCredorAnterior);
  return {
    debitos, creditos,
    saldo_apurado: Math.max(0, saldo),
    recolher: Math.max(0, saldo),
    credor_transportar: Math.max(0, -saldo),
  };
}

/** The file's registers, in order, block 9 included. */
export function buildSpedRecords(input: SpedInput): SpedRecord[] {
  const e = input.entidade;
  const c = input.contador;
  const usedItems = new Set<string>();
  const usedParts = new Set<string>();
  const usedUnits = new Set<string>();
  for (const d of input.documentos) {
    if (d.situacao === '00' && d.modelo !== '65' && d.participante) usedParts.add(d.participante);
    if (d.situacao === '00' && d.operacao === 'entrada' && d.emissao === 'terceiros') {
      for (const l of d.itens) { usedItems.add(l.codigo_item); usedUnits.add(l.unidade); }
    }
  }
  for (const l of input.inventario?.itens ?? []) { usedItems.add(l.codigo_item); usedUnits.add(l.unidade); }
  const items = input.itens.filter((i) => usedItems.has(i.codigo)).sort((a, b) => a.codigo.localeCompare(b.codigo));
  for (const i of items) usedUnits.add(i.unidade);

  const block0: SpedRecord[] = [
    ['0000', input.versao, '0', spedDate(input.inicio), spedDate(input.fim), text(e.nome, 100), digits(e.cnpj), '', e.uf, digits(e.ie),
      digits(e.cod_mun), text(e.im), '', e.perfil, String(e.atividade)],
    ['0001', '0'],
    ['0005', text(e.fantasia ?? e.nome, 60), digits(e.cep), text(e.endereco, 60), text(e.numero, 10), text(e.complemento, 60), text(e.bairro, 60),
      digits(e.fone), '', text(e.email)],
    ['0100', text(c.nome, 100), digits(c.cpf), text(c.crc, 15), digits(c.cnpj), digits(c.cep), text(c.endereco, 60), text(c.numero, 10),
      text(c.complemento, 60), text(c.bairro, 60), digits(c.fone), '', text(c.email), digits(c.cod_mun)],
    ...input.participantes.filter((p) => usedParts.has(p.codigo)).sort((a, b) => a.codigo.localeCompare(b.codigo)).map((p): SpedRecord => [
      '0150', p.codigo, text(p.nome, 100), '01058', digits(p.cnpj), p.cnpj ? '' : digits(p.cpf), digits(p.ie), digits(p.cod_mun), '',
      text(p.endereco, 60), text(p.numero, 10), text(p.complemento, 60), text(p.bairro, 60)]),
    ...input.unidades.filter((u) => usedUnits.has(u.codigo)).sort((a, b) => a.codigo.localeCompare(b.codigo))
      .map((u): SpedRecord => ['0190', u.codigo, text(u.descricao || u.codigo)]),
    ...items.map((i): SpedRecord => [
      '0200', i.codigo, text(i.descricao), spedGtin(i.gtin), '', i.unidade, i.tipo, digits(i.ncm), '', '', '', '', digits(i.cest)]),
  ];
  block0.push(['0990', String(block0.length + 1)]);

  const empty = (b: string): SpedRecord[] => [[`${b}001`, '1'], [`${b}990`, '2']];

  const docs = [...input.documentos].sort((a, b) => a.data_documento.localeCompare(b.data_documento)
    || a.modelo.localeCompare(b.modelo) || Number(digits(a.numero)) - Number(digits(b.numero)));
  const blockC: SpedRecord[] = [['C001', docs.length ? '0' : '1'], ...docs.flatMap(c100)];
  blockC.push(['C990', String(blockC.length + 1)]);

  const ap = spedApuracao(input.documentos, input.saldo_credor_anterior);
  const blockE: SpedRecord[] = [
    ['E001', '0'],
    ['E100', spedDate(input.inicio), spedDate(input.fim)],
    ['E110', money(ap.debitos), '0,00', '0,00', '0,00', money(ap.creditos), '0,00', '0,00', '0,00', money(input.saldo_credor_anterior),
      money(ap.saldo_apurado), '0,00', money(ap.recolher), money(ap.credor_transportar), '0,00'],
  ];
  if (ap.recolher > 0) {
    const [y, m] = input.inicio.split('-');
    blockE.push(['E116', '000', money(ap.recolher), spedDate(input.recolhimento.vencimento), text(input.recolhimento.codigo_receita), '', '', '',
      '', `${m}${y}`]);
  }
  blockE.push(['E990', String(blockE.length + 1)]);

  const inv = input.inventario;
  const blockH: SpedRecord[] = [['H001', inv ? '0' : '1']];
  if (inv) {
    blockH.push(['H005', spedDate(inv.data), money(inv.itens.reduce((s, l) => s + l.valor_item, 0)), inv.motivo]);
    for (const l of [...inv.itens].sort((a, b) => a.codigo_item.localeCompare(b.codigo_item))) {
      blockH.push(['H010', l.codigo_item, l.unidade, qty(l.quantidade), spedNumber(l.valor_unitario, 6), money(l.valor_item), '0', '', '', '', '']);
    }
  }
  blockH.push(['H990', String(blockH.length + 1)]);

  const block1: SpedRecord[] = [['1001', '0'], ['1010', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N'], ['1990', '3']];

  const body = [...block0, ...empty('B'), ...blockC, ...empty('D'), ...blockE, ...empty('G'), ...blockH, ...empty('K'), ...block1];
  return withBlock9(body);
}

/** Block 9 of a file's other registers: 9900 for every register (its own four included), 9990 and 9999. */
export function withBlock9(body: SpedRecord[]): SpedRecord[] {
  const counts = new Map<string, number>();
  for (const r of body) counts.set(r[0]!, (counts.get(r[0]!) ?? 0) + 1);
  const regs = [...counts.keys(), '9001', '9900', '9990', '9999'];
  const n9900 = regs.length;
  counts.set('9001', 1);
  counts.set('9900', n9900);
  counts.set('9990', 1);
  counts.set('9999', 1);
  const block9: SpedRecord[] = [['9001', '0'], ...regs.map((r): SpedRecord => ['9900', r, String(counts.get(r))])];
  block9.push(['9990', String(block9.length + 2)]);
  const all = [...body, ...block9];
  all.push(['9999', String(all.length + 1)]);
  return all;
}

/** The file's text: every register on its own line, each line ended by CRLF (the PVA's line end). */
export function writeSped(records: readonly SpedRecord[]): string {
  return records.map((r) => formatSpedLine(r) + SPED_LINE_END).join('');
}

export function buildSped(input: SpedInput): string {
  return writeSped(buildSpedRecords(input));
}

/**
 * Reads a SPED text into registers. Each line is `|REG|...|`; lines end with CRLF (a final line without it is
 * kept as it is so that writeSped gives back the same text only when the source ended with CRLF).
 */
export function parseSped(content: string): SpedRecord[] {
  const lines = content.split(SPED_LINE_END);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line, i) => {
    if (!line.startsWith('|') || !line.endsWith('|') || line.length < 2) throw new Error(`line ${i + 1}: not a SPED register`);
    return line.slice(1, -1).split('|');
  });
}

/** The file's bytes: the Guia asks for ISO 8859-1; a character outside it becomes '?'. */
export function spedBytes(content: string): Uint8Array {
  const out = new Uint8Array(content.length);
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    out[i] = code < 256 ? code : 63;
  }
  return out;
}
