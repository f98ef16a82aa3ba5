/**
 * CNAB 240 remessa (FEBRABAN layout 08.x, "cobrança" service 01): file header (record 0), one lot (header 1,
 * segments P, Q and R per título, trailer 5), file trailer (9); 240 characters a line, CRLF. Segment P carries the
 * título, Q the payer, R the fine and further discounts. Records inside the lot are numbered from 1 (positions 9-13).
 */
import { ValidationError } from '@pdv/domain/errors';
import type { Remessa, Titulo } from './cnab-model.ts';
import { blank, emptyRemessa, f, lit, readRecord, writeRecord, zeros, type Context, type Layout } from './cnab-layout.ts';
import { fileLines } from './cnab400.ts';
import { BANKING_MESSAGES as M } from './messages.ts';

export interface Cnab240Bank {
  banco: string;
  /** Bank name in the file header (30 characters). */
  nome: string;
  /** Whether the lot trailer carries the count and total of "cobrança simples" (Sicoob does; Sicredi leaves zeros). */
  totaisSimples: boolean;
  /** Layout versions of the file header (positions 164-166) and of the lot header (14-16). */
  versaoArquivo?: string;
  versaoLote?: string;
  /** Segment P position 106 (DV of the collecting agency): blank, or '0' (Ailos). */
  agenciaCobradoraDv?: string;
  /** File header 172-240 (reserved for the bank and the company): blanks unless the bank fills them (BB: 40 zeros). */
  headerReservado?: string;
  /** Lot trailer 116-240: blanks, or zeros (BB). */
  trailerLoteZeros?: boolean;
  /** Segment P 196-220 (uso da empresa): right-aligned by default, left-aligned for Ailos. */
  usoEmpresaEsquerda?: boolean;
  /** File trailer 30-35 (accounts for conciliation): zeros (Sicoob, Sicredi) or blanks (BB, Ailos). */
  trailerContasZeros?: boolean;
  /** Records whose layout differs from FEBRABAN's (Caixa SIGCB, Santander), given the default ones. */
  custom?: (defaults: Cnab240Layouts) => Partial<Cnab240Layouts>;
}

export interface Cnab240Layouts { header: Layout; lote: Layout; p: Layout; q: Layout; r: Layout; trailerLote: Layout; trailer: Layout }

/** The first fields of a segment record of lot 1: bank, lot, type 3, record number, segment code, movement code. */
export const segment240 = (banco: string, code: string): Layout => [
  lit(1, banco), lit(4, '00013'), f(9, 13, 'seq', '', 'numero_registro'), lit(14, `${code} `), f(16, 17, 'n', 't.ocorrencia', 'codigo_movimento'),
];

const SIZE = 240;

export function cnab240Layouts(bank: Cnab240Bank): Cnab240Layouts {
  const defaults = febrabanLayouts(bank);
  return { ...defaults, ...(bank.custom?.(defaults) ?? {}) };
}

function febrabanLayouts(bank: Cnab240Bank): Cnab240Layouts {
  const b = bank.banco;
  const account = (start: number): Layout => [
    f(start, start + 4, 'n', 'b.agencia', 'agencia'), f(start + 5, start + 5, 'x', 'b.agenciaDv', 'agencia_dv'),
    f(start + 6, start + 17, 'n', 'b.conta', 'conta'), f(start + 18, start + 18, 'x', 'b.contaDv', 'conta_dv'), blank(start + 19, start + 19),
  ];
  const segment = (code: string): Layout => segment240(b, code);
  return {
    header: [
      lit(1, b), lit(4, '00000'), blank(9, 17), f(18, 18, 'n', 'b.tipoDocumento'), f(19, 32, 'nz', 'b.documento'), f(33, 52, 'x', 'b.convenio'),
      ...account(53), f(73, 102, 'x', 'b.nome'), lit(103, bank.nome.padEnd(30)), blank(133, 142), lit(143, '1'),
      f(144, 151, 'D', 'r.dataGeracao'), f(152, 157, 'n', 'r.horaGeracao'), f(158, 163, 'n', 'r.sequencial'), lit(164, bank.versaoArquivo ?? '081'),
      f(167, 171, 'n', 'b.densidade'), lit(172, (bank.headerReservado ?? '').padEnd(69)),
    ],
    lote: [
      lit(1, b), lit(4, `00011R01  ${bank.versaoLote ?? '040'} `), f(18, 18, 'n', 'b.tipoDocumento'), f(19, 33, 'nz', 'b.documento'), f(34, 53, 'x', 'b.convenio'),
      ...account(54), f(74, 103, 'x', 'b.nome'), blank(104, 183), f(184, 191, 'n', 'r.sequencial'), f(192, 199, 'D', 'r.dataGeracao'),
      zeros(200, 207), blank(208, 240),
    ],
    p: [
      ...segment('P'), ...account(18), f(38, 57, 'x', 't.nossoNumero', 'nosso_numero'), f(58, 58, 'n', 't.carteira'),
      f(59, 59, 'n', 't.codigos.formaCadastramento'), f(60, 60, 'x', 't.codigos.tipoDocumento'), f(61, 61, 'n', 't.codigos.emissao'),
      f(62, 62, 'n', 't.codigos.distribuicao'), f(63, 77, 'x', 't.numeroDocumento'), f(78, 85, 'D', 't.vencimento'), f(86, 100, 'v', 't.valor'),
      zeros(101, 105), lit(106, bank.agenciaCobradoraDv ?? ' '), f(107, 108, 'n', 't.especie'), f(109, 109, 'x', 't.aceite'), f(110, 117, 'D', 't.emissao'),
      f(118, 118, 'n', 't.jurosCodigo'), f(119, 126, 'D', 't.jurosData'), f(127, 141, 'v', 't.jurosDia'),
      f(142, 142, 'n', 't.codigos.descontoCodigo'), f(143, 150, 'D', 't.descontoAte'), f(151, 165, 'v', 't.desconto'),
      f(166, 180, 'v', 't.iof'), f(181, 195, 'v', 't.abatimento'), f(196, 220, bank.usoEmpresaEsquerda ? 'x' : 'xr', 't.usoEmpresa'),
      f(221, 221, 'n', 't.codigos.protestoCodigo'), f(222, 223, 'n', 't.diasProtesto'), f(224, 224, 'n', 't.codigos.baixaCodigo'),
      f(225, 227, 'x', 't.codigos.baixaDias'), lit(228, '09'), zeros(230, 239), blank(240, 240),
    ],
    q: [
      ...segment('Q'), f(18, 18, 'n', 't.pagadorTipo'), f(19, 33, 'n', 't.pagadorDocumento'), f(34, 73, 'x', 't.pagadorNome'),
      f(74, 113, 'x', 't.pagadorEndereco'), f(114, 128, 'x', 't.pagadorBairro'), f(129, 136, 'n', 't.pagadorCep'),
      f(137, 151, 'x', 't.pagadorCidade'), f(152, 153, 'x', 't.pagadorUf'), zeros(154, 169), f(170, 209, 'x', 't.avalista'),
      zeros(210, 212), blank(213, 240),
    ],
    r: [
      ...segment('R'), zeros(18, 65), f(66, 66, 'n', 't.multaCodigo'), f(67, 74, 'D', 't.multaData'), f(75, 89, 'v', 't.multa'),
      blank(90, 199), zeros(200, 215), blank(216, 216), zeros(217, 228), blank(229, 230), zeros(231, 231), blank(232, 240),
    ],
    trailerLote: [
      lit(1, b), lit(4, '00015'), blank(9, 17), f(18, 23, 'count', '', 'quantidade_registros_lote'),
      ...(bank.totaisSimples ? [f(24, 29, 'titles', '', 'quantidade_titulos_simples'), f(30, 46, 'total', '', 'valor_titulos_simples')] : [zeros(24, 46)]),
      zeros(47, 115), bank.trailerLoteZeros ? zeros(116, 240) : blank(116, 240),
    ],
    trailer: [lit(1, b), lit(4, '99999'), blank(9, 17), lit(18, '000001'), f(24, 29, 'count', '', 'quantidade_registros'),
      bank.trailerContasZeros === false ? blank(30, 35) : zeros(30, 35), blank(36, 240)],
  };
}

export function writeCnab240(bank: Cnab240Bank, remessa: Remessa): string {
  if (remessa.titulos.length === 0) throw new ValidationError(M.remessaSemTitulos, 'titulos');
  const l = cnab240Layouts(bank);
  const inLot = 3 * remessa.titulos.length;
  const ctx = (sequence: number, count: number, titulo?: Titulo): Context => ({ remessa, titulo, sequence, count });
  const lines = [writeRecord(l.header, ctx(0, 0), SIZE), writeRecord(l.lote, ctx(0, 0), SIZE)];
  remessa.titulos.forEach((t, i) => {
    lines.push(writeRecord(l.p, ctx(3 * i + 1, 0, t), SIZE), writeRecord(l.q, ctx(3 * i + 2, 0, t), SIZE), writeRecord(l.r, ctx(3 * i + 3, 0, t), SIZE));
  });
  lines.push(writeRecord(l.trailerLote, ctx(0, inLot + 2), SIZE), writeRecord(l.trailer, ctx(0, inLot + 4), SIZE));
  return `${lines.join('\r\n')}\r\n`;
}

export function readCnab240(bank: Cnab240Bank, text: string): Remessa {
  const lines = fileLines(text);
  if (lines.length === 0) throw new ValidationError(M.arquivoVazio, 'arquivo');
  lines.forEach((line, i) => {
    if (line.length !== SIZE) throw new ValidationError(M.linhaTamanhoInvalido(i + 1, SIZE, line.length), 'arquivo');
  });
  if (lines[0]!.slice(7, 8) !== '0' || lines[0]![142] !== '1') throw new ValidationError(M.arquivoNaoERemessa, 'arquivo');
  if (lines[0]!.slice(0, 3) !== bank.banco) throw new ValidationError(M.arquivoOutroBanco(bank.banco, lines[0]!.slice(0, 3)), 'arquivo');
  if (lines[lines.length - 1]![7] !== '9') throw new ValidationError(M.arquivoTruncado, 'arquivo');
  const l = cnab240Layouts(bank);
  const remessa = emptyRemessa(bank.banco);
  readRecord(l.header, lines[0]!, 1, remessa);
  let current: Titulo | undefined;
  for (let i = 1; i < lines.length - 1; i++) {
    const line = lines[i]!;
    const type = line[7];
    if (type === '1') readRecord(l.lote, line, i + 1, remessa);
    else if (type === '5') readRecord(l.trailerLote, line, i + 1, remessa);
    else if (type === '3' && line[13] === 'P') {
      current = { ocorrencia: '', nossoNumero: '', valor: 0 };
      readRecord(l.p, line, i + 1, remessa, current);
      remessa.titulos.push(current);
    } else if (type === '3' && current && (line[13] === 'Q' || line[13] === 'R')) readRecord(line[13] === 'Q' ? l.q : l.r, line, i + 1, remessa, current);
    else throw new ValidationError(M.registroDesconhecido(i + 1, `${type}${line[13] ?? ''}`), 'arquivo');
  }
  readRecord(l.trailer, lines[lines.length - 1]!, lines.length, remessa);
  return remessa;
}

