/**
 * CNAB 240 banks: FEBRABAN's layout with each bank's fillers, or their own records where they differ (Caixa SIGCB).
 */
import { blank, f, lit, zeros, type Layout } from './cnab-layout.ts';
import { segment240, type Cnab240Bank } from './cnab240.ts';

export const SICOOB_240: Cnab240Bank = { banco: '756', nome: 'SICOOB', totaisSimples: true };
export const SICREDI_240: Cnab240Bank = { banco: '748', nome: 'SICREDI', totaisSimples: false };
export const BANCO_DO_BRASIL_240: Cnab240Bank = {
  banco: '001', nome: 'BANCO DO BRASIL SA', totaisSimples: false, versaoArquivo: '083', versaoLote: '042',
  headerReservado: '0'.repeat(40), trailerLoteZeros: true, trailerContasZeros: false,
};
export const AILOS_240: Cnab240Bank = {
  banco: '085', nome: 'AILOS', totaisSimples: true, versaoArquivo: '087', versaoLote: '045', agenciaCobradoraDv: '0', trailerContasZeros: false,
  usoEmpresaEsquerda: true,
};

const caixaHeader: Layout = [
  lit(1, '104'), lit(4, '00000'), blank(9, 17), f(18, 18, 'n', 'b.tipoDocumento'), f(19, 32, 'nz', 'b.documento'), zeros(33, 52),
  f(53, 57, 'n', 'b.agencia'), f(58, 58, 'x', 'b.agenciaDv'), f(59, 64, 'n', 'b.convenio', 'codigo_beneficiario'), zeros(65, 72),
  f(73, 102, 'x', 'b.nome'), lit(103, 'CAIXA ECONOMICA FEDERAL'.padEnd(30)), blank(133, 142), lit(143, '1'), f(144, 151, 'D', 'r.dataGeracao'),
  f(152, 157, 'n', 'r.horaGeracao'), f(158, 163, 'n', 'r.sequencial'), lit(164, '050'), f(167, 171, 'n', 'b.densidade'), blank(172, 191),
  f(192, 211, 'x', 'b.codigos.usoEmpresa', 'reservado_empresa'), f(212, 215, 'x', 'b.codigos.versaoAplicativo', 'versao_aplicativo'), blank(216, 240),
];

/** Caixa (SIGCB): the beneficiário's 6-digit code instead of the account, the 17-digit nosso número from 41. */
export const CAIXA_240: Cnab240Bank = {
  banco: '104', nome: 'CAIXA ECONOMICA FEDERAL', totaisSimples: false, trailerContasZeros: false,
  custom: (d) => ({
    header: caixaHeader,
    lote: [
      lit(1, '104'), lit(4, '00011R0100030 '), f(18, 18, 'n', 'b.tipoDocumento'), f(19, 33, 'nz', 'b.documento'), f(34, 39, 'n', 'b.convenio'),
      zeros(40, 53), f(54, 58, 'n', 'b.agencia'), f(59, 59, 'x', 'b.agenciaDv'), f(60, 65, 'n', 'b.convenio'), zeros(66, 73), f(74, 103, 'x', 'b.nome'),
      blank(104, 183), f(184, 191, 'n', 'r.sequencial'), f(192, 199, 'D', 'r.dataGeracao'), zeros(200, 207), blank(208, 240),
    ],
    p: [
      ...segment240('104', 'P'), f(18, 22, 'n', 'b.agencia'), f(23, 23, 'x', 'b.agenciaDv'), f(24, 29, 'n', 'b.convenio'), zeros(30, 40),
      f(41, 57, 'n', 't.nossoNumero', 'nosso_numero'), ...d.p.filter((x) => x.start >= 58 && x.start <= 62), f(63, 73, 'x', 't.numeroDocumento'),
      blank(74, 77), ...d.p.filter((x) => x.start >= 78 && x.start <= 105), lit(106, '0'), ...d.p.filter((x) => x.start >= 107 && x.start < 196),
      f(196, 220, 'x', 't.usoEmpresa'), ...d.p.filter((x) => x.start >= 221),
    ],
    r: [...segment240('104', 'R'), zeros(18, 65), f(66, 66, 'n', 't.multaCodigo'), f(67, 74, 'D', 't.multaData'), f(75, 89, 'v', 't.multa'), blank(90, 240)],
    trailerLote: [lit(1, '104'), lit(4, '00015'), blank(9, 17), f(18, 23, 'count', '', 'quantidade_registros_lote'), zeros(24, 92), blank(93, 240)],
  }),
};

/** Santander: the 15-digit transmission code instead of agência/conta in the headers, its own account block in P. */
export const SANTANDER_240: Cnab240Bank = {
  banco: '033', nome: 'BANCO SANTANDER', totaisSimples: false, trailerContasZeros: false,
  custom: (d) => ({
    header: [
      lit(1, '033'), lit(4, '00000'), blank(9, 16), f(17, 17, 'n', 'b.tipoDocumento'), f(18, 32, 'nz', 'b.documento'),
      f(33, 47, 'n', 'b.convenio', 'codigo_transmissao'), blank(48, 72), f(73, 102, 'x', 'b.nome'), lit(103, 'BANCO SANTANDER'.padEnd(30)),
      blank(133, 142), lit(143, '1'), f(144, 151, 'D', 'r.dataGeracao'), blank(152, 157), f(158, 163, 'n', 'r.sequencial'), lit(164, '040'),
      blank(167, 240),
    ],
    lote: [
      lit(1, '033'), lit(4, '00011R01  030 '), f(18, 18, 'n', 'b.tipoDocumento'), f(19, 33, 'nz', 'b.documento'), blank(34, 53),
      f(54, 68, 'n', 'b.convenio'), blank(69, 73), f(74, 103, 'x', 'b.nome'), blank(104, 183), f(184, 191, 'n', 'r.sequencial'),
      f(192, 199, 'D', 'r.dataGeracao'), zeros(200, 207), blank(208, 240),
    ],
    p: [
      ...segment240('033', 'P'), f(18, 21, 'n', 'b.agencia'), f(22, 22, 'x', 'b.agenciaDv'), f(23, 31, 'n', 'b.conta'), f(32, 32, 'x', 'b.contaDv'),
      f(33, 41, 'n', 'b.codigos.contaCobranca'), f(42, 42, 'x', 'b.codigos.contaCobrancaDv'), blank(43, 44),
      f(45, 57, 'n', 't.nossoNumero', 'nosso_numero'), f(58, 58, 'n', 't.carteira'), f(59, 59, 'n', 't.codigos.formaCadastramento'),
      f(60, 60, 'x', 't.codigos.tipoDocumento'), blank(61, 62), f(63, 77, 'x', 't.numeroDocumento'),
      ...d.p.filter((x) => x.start >= 78 && x.start <= 86), zeros(101, 105), blank(106, 106),
      ...d.p.filter((x) => x.start >= 107 && x.start < 196), f(196, 220, 'x', 't.usoEmpresa'),
      ...d.p.filter((x) => x.start >= 221 && x.start <= 225), lit(228, '00'), blank(230, 240),
    ],
    q: [...d.q.filter((x) => x.start < 210), zeros(210, 221), blank(222, 240)],
    r: [...segment240('033', 'R'), zeros(18, 65), f(66, 66, 'n', 't.multaCodigo'), f(67, 74, 'D', 't.multaData'), f(75, 89, 'v', 't.multa'), blank(90, 240)],
    trailerLote: [lit(1, '033'), lit(4, '00015'), blank(9, 17), f(18, 23, 'count', '', 'quantidade_registros_lote'), blank(24, 240)],
  }),
};
