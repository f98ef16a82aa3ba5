/**
 * Reads a bank's return file (retorno, CNAB 400 or 240) into a report: one item per título line with its occurrence
 * (registered, paid, rejected with reasons, written off, fee), the amounts paid, interest, fees, discounts; and the
 * problems line by line: a file of another bank or account, a truncated file, a line whose nosso número we never
 * issued. The package applies nothing: `aplicavel` is false as soon as there is one problem, and the caller (the
 * server) settles documents only from a report that is aplicável.
 */
import type { Ocorrencia, OcorrenciaTipo, Retorno240Bank, Retorno400Bank } from './retorno-banks.ts';
import { BANKING_MESSAGES as M } from './messages.ts';
import { fileLines } from './cnab400.ts';

export interface RetornoItem {
  linha: number;
  nossoNumero: string;
  numeroDocumento: string;
  ocorrencia: string;
  tipo: OcorrenciaTipo;
  descricao: string;
  /** Rejection reasons (bank codes), when rejected. */
  motivos: string[];
  dataOcorrencia?: string;
  dataCredito?: string;
  vencimento?: string;
  /** Centavos. */
  valorTitulo: number;
  valorPago: number;
  juros: number;
  tarifa: number;
  desconto: number;
  abatimento: number;
  iof: number;
}

export interface RetornoErro { linha: number; mensagem: string }

export interface RetornoReport {
  banco: string;
  formato: 400 | 240;
  /** The account identifier read from the header (digits, no leading zeros). */
  conta: string;
  itens: RetornoItem[];
  erros: RetornoErro[];
  /** True only when nothing is wrong with the file: then and only then may its items be applied. */
  aplicavel: boolean;
}

export interface RetornoOptions {
  /** The account the file must belong to (same identifier as the header's; leading zeros ignored). */
  conta: string;
  /** Whether we issued this nosso número (leading zeros ignored by the caller as it likes). */
  conhecido: (nossoNumero: string) => boolean;
}

const digitsId = (s: string): string => s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
const slice = (line: string, [a, b]: readonly [number, number]): string => line.slice(a - 1, b);
const money = (s: string): number => (/^\d+$/.test(s) ? Number(s) : 0);

/** 'yyyy-mm-dd' when it is a real date, else undefined (zeros, blanks, a field this bank fills otherwise). */
function isoIfValid(y: string, m: string, d: string): string | undefined {
  const t = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return t.getUTCMonth() === Number(m) - 1 && t.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : undefined;
}
function date6(raw: string): string | undefined {
  return /^\d{6}$/.test(raw) ? isoIfValid(`20${raw.slice(4)}`, raw.slice(2, 4), raw.slice(0, 2)) : undefined;
}
function date8(raw: string): string | undefined {
  return /^\d{8}$/.test(raw) ? isoIfValid(raw.slice(4), raw.slice(2, 4), raw.slice(0, 2)) : undefined;
}

const unknown = (code: string): Ocorrencia => ({ tipo: 'outro', descricao: `Ocorrência ${code}` });

function motivos(raw: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + size <= raw.length; i += size) {
    const m = raw.slice(i, i + size);
    if (m.trim() !== '' && !/^0+$/.test(m)) out.push(m.trim());
  }
  return out;
}

function finish(report: Omit<RetornoReport, 'aplicavel'>, options: RetornoOptions): RetornoReport {
  const expected = digitsId(options.conta);
  if (report.conta !== expected) report.erros.unshift({ linha: 1, mensagem: M.arquivoOutraConta(expected, report.conta) });
  for (const item of report.itens) {
    if (!options.conhecido(item.nossoNumero)) report.erros.push({ linha: item.linha, mensagem: M.nossoNumeroDesconhecido(item.linha, item.nossoNumero) });
  }
  report.erros.sort((a, b) => a.linha - b.linha);
  return { ...report, aplicavel: report.erros.length === 0 };
}

/**
 * Lines longer than the record are refused; shorter ones are padded with blanks, since some banks' systems strip the
 * trailing blanks of their return files (the Sicoob sample does). A missing record shows as a missing trailer.
 */
function checkLines(lines: string[], size: number, erros: RetornoErro[]): string[] {
  return lines.map((line, i) => {
    if (line.length > size) erros.push({ linha: i + 1, mensagem: M.linhaTamanhoInvalido(i + 1, size, line.length) });
    return line.length < size ? line.padEnd(size) : line;
  });
}

/** Positions shared by the CNAB 400 return files (FEBRABAN's common detail; checked against the YAML layouts). */
export const RETORNO_400_POSITIONS = {
  ocorrencia: [109, 110], dataOcorrencia: [111, 116], numeroDocumento: [117, 126], vencimento: [147, 152], valorTitulo: [153, 165],
  tarifa: [176, 188], iof: [215, 227], abatimento: [228, 240], desconto: [241, 253], valorPago: [254, 266], juros: [267, 279],
  dataCredito: [296, 301],
} as const;
const P = RETORNO_400_POSITIONS;

/** A date field of 6 (ddmmyy) or 8 (ddmmyyyy) digits. */
const dateOf = (raw: string): string | undefined => (raw.length === 8 ? date8(raw) : date6(raw));

export function readRetorno400(bank: Retorno400Bank, text: string, options: RetornoOptions): RetornoReport {
  const erros: RetornoErro[] = [];
  const lines = checkLines(fileLines(text), 400, erros);
  const header = lines[0] ?? '';
  const detailConta = (line: string) => digitsId((bank.detailConta ?? []).map((r) => slice(line, r)).join(''));
  let conta = digitsId(bank.headerConta.map((r) => slice(header, r)).join(''));
  // Banrisul leaves the header's code in zeros: the account is the one its detail records name.
  const detailType = bank.detailType ?? '1';
  const pos: Record<keyof typeof P, readonly [number, number] | null> = { ...P, ...bank.positions };
  /** A field this bank does not carry (null) reads as nothing. */
  const at = (line: string, key: keyof typeof P) => { const r = pos[key]; return r ? slice(line, r) : ''; };
  const firstDetail = lines.find((l, i) => i > 0 && l.startsWith(detailType));
  if (conta === '0' && bank.detailConta && firstDetail) conta = detailConta(firstDetail);
  const base = { banco: bank.banco, formato: 400 as const, conta, itens: [], erros };
  if (lines.length === 0) return { ...base, erros: [{ linha: 1, mensagem: M.arquivoVazio }], aplicavel: false };
  if (!header.startsWith('02RETORNO')) return { ...base, erros: [{ linha: 1, mensagem: M.arquivoNaoERetorno }], aplicavel: false };
  const headerBank = slice(header, [77, 79]);
  if (!(bank.headerBancos ?? [bank.banco]).includes(headerBank)) {
    return { ...base, erros: [{ linha: 1, mensagem: M.arquivoOutroBanco(bank.banco, headerBank) }], aplicavel: false };
  }
  if (!lines[lines.length - 1]!.startsWith('9') || lines.length < 2) erros.push({ linha: lines.length, mensagem: M.arquivoTruncado });
  const itens: RetornoItem[] = [];
  lines.forEach((line, i) => {
    if (i === 0 || line[0] !== detailType) return;
    const linha = i + 1;
    if (bank.detailConta && detailConta(line) !== base.conta) erros.push({ linha, mensagem: M.linhaOutraConta(linha, base.conta, detailConta(line)) });
    const code = at(line, 'ocorrencia');
    const oc = bank.ocorrencias[code] ?? unknown(code);
    itens.push({
      linha, nossoNumero: digitsId(slice(line, bank.nossoNumero)), numeroDocumento: at(line, 'numeroDocumento').trim(), ocorrencia: code,
      tipo: oc.tipo, descricao: oc.descricao, motivos: oc.tipo === 'rejeitado' && bank.motivos ? motivos(slice(line, bank.motivos), bank.motivoSize) : [],
      ...optionalDates({ dataOcorrencia: dateOf(at(line, 'dataOcorrencia')), dataCredito: dateOf(at(line, 'dataCredito')), vencimento: dateOf(at(line, 'vencimento')) }),
      valorTitulo: money(at(line, 'valorTitulo')), tarifa: money(at(line, 'tarifa')), iof: money(at(line, 'iof')),
      abatimento: money(at(line, 'abatimento')), desconto: money(at(line, 'desconto')), valorPago: money(at(line, 'valorPago')),
      juros: money(at(line, 'juros')),
    });
  });
  return finish({ ...base, itens }, options);
}

function optionalDates(d: Record<'dataOcorrencia' | 'dataCredito' | 'vencimento', string | undefined>): Partial<RetornoItem> {
  const out: Partial<RetornoItem> = {};
  if (d.dataOcorrencia) out.dataOcorrencia = d.dataOcorrencia;
  if (d.dataCredito) out.dataCredito = d.dataCredito;
  if (d.vencimento) out.vencimento = d.vencimento;
  return out;
}

/** CNAB 240 retorno: segment T (título, occurrence, fee, reasons) followed by its segment U (amounts and dates). */
export function readRetorno240(bank: Retorno240Bank, text: string, options: RetornoOptions): RetornoReport {
  const { banco, t } = bank;
  const erros: RetornoErro[] = [];
  const lines = checkLines(fileLines(text), 240, erros);
  const header = lines[0] ?? '';
  const conta = digitsId(bank.headerConta.map((r) => slice(header, r)).join(''));
  const base = { banco, formato: 240 as const, conta, itens: [], erros };
  if (lines.length === 0) return { ...base, erros: [{ linha: 1, mensagem: M.arquivoVazio }], aplicavel: false };
  // The file header's 143 says '2' (retorno) in FEBRABAN's layout; the Sicoob sample moves it, so only the record type is checked.
  if (header[7] !== '0' || lines.length < 2 || lines[1]![8] !== 'T') return { ...base, erros: [{ linha: 1, mensagem: M.arquivoNaoERetorno }], aplicavel: false };
  if (slice(header, [1, 3]) !== banco) return { ...base, erros: [{ linha: 1, mensagem: M.arquivoOutroBanco(banco, slice(header, [1, 3])) }], aplicavel: false };
  if (lines[lines.length - 1]![7] !== '9' || lines.length < 2) erros.push({ linha: lines.length, mensagem: M.arquivoTruncado });
  const itens: RetornoItem[] = [];
  lines.forEach((line, i) => {
    if (line[7] !== '3') return;
    const linha = i + 1;
    if (line[13] === 'T') {
      const lineConta = digitsId(bank.tConta.map((r) => slice(line, r)).join(''));
      if (lineConta !== conta) erros.push({ linha, mensagem: M.linhaOutraConta(linha, conta, lineConta) });
      const code = slice(line, [16, 17]);
      const oc = bank.ocorrencias[code] ?? unknown(code);
      itens.push({
        linha, nossoNumero: digitsId(slice(line, t.nossoNumero).trim()), numeroDocumento: slice(line, t.numeroDocumento).trim(), ocorrencia: code, tipo: oc.tipo,
        descricao: oc.descricao, motivos: oc.tipo === 'rejeitado' ? motivos(slice(line, t.motivos), 2) : [],
        ...optionalDates({ dataOcorrencia: undefined, dataCredito: undefined, vencimento: date8(slice(line, t.vencimento)) }),
        valorTitulo: money(slice(line, t.valorTitulo)), tarifa: money(slice(line, t.tarifa)),
        valorPago: 0, juros: 0, desconto: 0, abatimento: 0, iof: 0,
      });
    } else if (line[13] === 'U') {
      const item = itens[itens.length - 1];
      if (!item) {
        erros.push({ linha, mensagem: M.registroDesconhecido(linha, 'U') });
        return;
      }
      item.juros = money(slice(line, [18, 32]));
      item.desconto = money(slice(line, [33, 47]));
      item.abatimento = money(slice(line, [48, 62]));
      item.iof = money(slice(line, [63, 77]));
      item.valorPago = money(slice(line, [78, 92]));
      Object.assign(item, optionalDates({ dataOcorrencia: date8(slice(line, [138, 145])), dataCredito: date8(slice(line, [146, 153])), vencimento: item.vencimento }));
    }
  });
  return finish({ ...base, itens }, options);
}
