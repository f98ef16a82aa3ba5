/**
 * Issuing boletos per bank from an account, a boleto configuration and a nosso número sequence (the server's
 * /demand routes use it; the shop's local boleto connector can call the same): the bank's free-field parts, the remessa
 * writer (CNAB 400 or 240, this package's layouts) with the beneficiário and the bank's título codes, the retorno reader
 * and how the retorno names the account and the nosso número. A bank not here answers 'Banco não homologado para
 * emissão de boletos' (001 §5). Homologated: CNAB 400 for Itaú (341), Banco do Brasil (001, 7-digit convênio),
 * Bradesco (237), Santander (033), Caixa (104, SIGCB), Banrisul (041) and Unicred (136); CNAB 240 for Sicoob (756) and
 * Sicredi (748). BRB (070) and CrediSIS (097) have layouts in the package but are not offered (decisions.md).
 */
import { BANCO_DO_BRASIL_400, BANRISUL_400, BRADESCO_400, CAIXA_400, ITAU_400, SANTANDER_400, UNICRED_400 } from './cnab400-banks.ts';
import { SICOOB_240, SICREDI_240 } from './cnab240-banks.ts';
import { writeCnab400, type Cnab400Bank } from './cnab400.ts';
import { writeCnab240, type Cnab240Bank } from './cnab240.ts';
import type { Beneficiario, Remessa, Titulo } from './cnab-model.ts';
import { banrisulNc, bradescoNossoNumeroDv, santanderNossoNumeroDv, type FreeFieldParts } from './free-field.ts';
import {
  BANCO_DO_BRASIL_RETORNO_400, BANRISUL_RETORNO_400, BRADESCO_RETORNO_400, CAIXA_RETORNO_400, febraban240, ITAU_RETORNO_400, SANTANDER_RETORNO_400,
  UNICRED_RETORNO_400,
  type Retorno240Bank, type Retorno400Bank,
} from './retorno-banks.ts';
import { readRetorno240, readRetorno400, type RetornoReport } from './retorno.ts';

export interface BoletoAccount {
  id_banco: number;
  agencia: string;
  digito_agencia: string | null;
  numero: string;
  digito_conta: string | null;
}

export interface BoletoConfigParts {
  cnab: string;
  carteira: string | null;
  convenio: string | null;
  codigo_cedente: string | null;
  modalidade?: string | null;
  codigo_transmissao?: string | null;
}

/** How a remessa and a retorno of one CNAB format are written and read (packages/banking). */
export interface CnabFormat {
  cnab: '400' | '240';
  write(remessa: Remessa): string;
  read(text: string, options: { conta: string; conhecido: (nn: string) => boolean }): RetornoReport;
}

export interface BankAdapter {
  banco: string;
  format: CnabFormat;
  /** The free-field parts of the boleto numbered `seq`, issued in the year `ano` (2 digits; Sicredi's nosso número). */
  parts(a: BoletoAccount, c: BoletoConfigParts, seq: number, ano: string): FreeFieldParts;
  /** The nosso número as the remessa carries it (its field's text), from the sequence and the printed nosso número. */
  fileNossoNumero(c: BoletoConfigParts, seq: number, impresso: string): string;
  /** The nosso número as the retorno carries it (digits), when it differs from the remessa's (Banrisul: without its NC). */
  retornoNossoNumero?(c: BoletoConfigParts, seq: number, impresso: string): string;
  beneficiario(a: BoletoAccount, c: BoletoConfigParts, emitente: { nome: string; cnpj: string }): Beneficiario;
  /** Bank codes of a título (carteira, codes of the layout), before our data. */
  titulo(c: BoletoConfigParts, seq: number, impresso: string): Partial<Titulo>;
  /** The bank's own codes and scales over the título built from our data (fine code, fine as a rate or an amount). */
  finish?(t: Titulo): Titulo;
  /** The account identifier the retorno's header carries. */
  retornoConta(a: BoletoAccount, c: BoletoConfigParts): string;
  /** The configuration lacks a code this bank needs (its boletos cannot be issued). */
  configProblem?(c: BoletoConfigParts): boolean;
}

const d = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
const pad = (s: string, n: number) => s.padStart(n, '0');
/** A code of 1 to `max` digits. */
const code = (s: string | null | undefined, max: number) => d(s).length >= 1 && d(s).length <= max;

const cnab400 = (bank: Cnab400Bank, retorno: Retorno400Bank): CnabFormat => ({
  cnab: '400',
  write: (r) => writeCnab400(bank, r),
  read: (text, o) => readRetorno400(retorno, text, o),
});
const cnab240 = (bank: Cnab240Bank, retorno: Retorno240Bank): CnabFormat => ({
  cnab: '240',
  write: (r) => writeCnab240(bank, r),
  read: (text, o) => readRetorno240(retorno, text, o),
});

/** A fine of a bank whose field is a rate only: a fixed fine becomes its rate of the value (2 decimals). */
const fineAsRate = (t: Titulo): Titulo => (t.multaCodigo === '1' && t.multa !== undefined && t.valor > 0
  ? { ...t, multaCodigo: '2', multa: Math.round((t.multa * 10000) / t.valor) } : t);
/** A fine of a bank whose field is an amount only: a rate becomes its amount on the value. */
const fineAsAmount = (t: Titulo): Titulo => (t.multaCodigo === '2' && t.multa !== undefined
  ? { ...t, multaCodigo: '1', multa: Math.round((t.multa * t.valor) / 10000) } : t);

const ITAU: BankAdapter = {
  banco: '341',
  format: cnab400(ITAU_400, ITAU_RETORNO_400),
  parts: (a, c, seq) => ({ banco: '341', carteira: pad(d(c.carteira) || '109', 3), nossoNumero: pad(String(seq), 8), agencia: pad(d(a.agencia), 4), conta: pad(d(a.numero), 5) }),
  fileNossoNumero: (_c, seq) => pad(String(seq), 8),
  beneficiario: (a, _c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 4), conta: pad(d(a.numero), 5), contaDv: d(a.digito_conta) || '0',
  }),
  titulo: (c) => ({ carteira: pad(d(c.carteira) || '109', 3), codigos: { carteiraCodigo: 'I', instrucaoAlegacao: '0000', agenciaCobradora: '00000' } }),
  retornoConta: (a) => `${pad(d(a.agencia), 4)}${pad(d(a.numero), 5)}`,
};

const BANCO_DO_BRASIL: BankAdapter = {
  banco: '001',
  format: cnab400(BANCO_DO_BRASIL_400, BANCO_DO_BRASIL_RETORNO_400),
  parts: (_a, c, seq) => ({ banco: '001', convenio: pad(d(c.convenio), 7), nossoNumero: pad(String(seq), 10), carteira: pad(d(c.carteira) || '17', 2) }),
  fileNossoNumero: (c, seq) => `${pad(d(c.convenio), 7)}${pad(String(seq), 10)}`,
  beneficiario: (a, c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 4), agenciaDv: a.digito_agencia ?? '0',
    conta: pad(d(a.numero), 8), contaDv: a.digito_conta ?? '0', convenio: pad(d(c.convenio), 7), convenioLider: pad(d(c.convenio), 7), variacao: '019',
  }),
  titulo: (c) => ({ carteira: pad(d(c.carteira) || '17', 2), codigos: { tipoCobranca: '' } }),
  retornoConta: (a) => `${pad(d(a.agencia), 4)}${d(a.digito_agencia ?? '')}${pad(d(a.numero), 8)}${d(a.digito_conta ?? '')}`,
  configProblem: (c) => d(c.convenio).length !== 7,
};

/** Bradesco: carteira of 2 (09 by default), nosso número of 11 + DV, the company code (código da empresa, 20) in the header. */
const BRADESCO: BankAdapter = {
  banco: '237',
  format: cnab400(BRADESCO_400, BRADESCO_RETORNO_400),
  parts: (a, c, seq) => ({ banco: '237', agencia: pad(d(a.agencia), 4), carteira: pad(d(c.carteira) || '09', 2), nossoNumero: pad(String(seq), 11), conta: pad(d(a.numero), 7) }),
  fileNossoNumero: (_c, seq) => pad(String(seq), 11),
  beneficiario: (a, c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 5), conta: pad(d(a.numero), 7), contaDv: d(a.digito_conta) || '0',
    convenio: pad(d(c.codigo_cedente), 20),
  }),
  titulo: (c, seq) => {
    const carteira = pad(d(c.carteira) || '09', 2);
    return {
      carteira: pad(carteira, 3), nossoNumeroDv: bradescoNossoNumeroDv(carteira, pad(String(seq), 11)),
      codigos: { condicaoEmissao: '2', debitoAutomatico: 'N', avisoDebito: '2' },
    };
  },
  finish: (t) => ({ ...fineAsRate(t), especie: '01' }),
  retornoConta: (_a, c) => d(c.codigo_cedente),
  configProblem: (c) => !code(c.codigo_cedente, 20),
};

/**
 * Santander: the código do beneficiário (convênio, 7) in the free field, the código de transmissão (20) in the file,
 * nosso número of 12 in the barcode and of 7 + DV in the CNAB 400 file; carteira 101 (rápida com registro, file code 5).
 */
const SANTANDER: BankAdapter = {
  banco: '033',
  format: cnab400(SANTANDER_400, SANTANDER_RETORNO_400),
  parts: (_a, c, seq) => ({ banco: '033', convenio: pad(d(c.convenio), 7), nossoNumero: pad(String(seq), 12), carteira: pad(d(c.carteira) || '101', 3) }),
  fileNossoNumero: (_c, seq) => `${pad(String(seq), 7)}${santanderNossoNumeroDv(pad(String(seq), 12))}`,
  beneficiario: (a, c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 4), convenio: pad(d(c.codigo_transmissao), 20),
    contaDv: `${d(a.numero).slice(-1) || '0'}${d(a.digito_conta) || '0'}`,
  }),
  titulo: (c) => ({ carteira: { '101': '5', '102': '4', '201': '3' }[pad(d(c.carteira) || '101', 3)] ?? '5' }),
  finish: (t) => {
    const r = fineAsRate(t);
    return { ...r, especie: '01', ...(r.multaCodigo === '2' ? { multaCodigo: '4' } : {}) };
  },
  retornoConta: (a) => `${pad(d(a.agencia), 4)}${pad(d(a.numero), 8)}`,
  configProblem: (c) => !code(c.convenio, 7) || !code(c.codigo_transmissao, 20),
};

/** Caixa SIGCB: código do beneficiário of 6, nosso número of 17 = modalidade 14 (registered, issued by the beneficiário) + 15. */
const CAIXA: BankAdapter = {
  banco: '104',
  format: cnab400(CAIXA_400, CAIXA_RETORNO_400),
  parts: (_a, c, seq) => ({ banco: '104', beneficiario: pad(d(c.codigo_cedente), 6), nossoNumero: `14${pad(String(seq), 15)}` }),
  fileNossoNumero: (_c, seq) => pad(String(seq), 15),
  beneficiario: (a, c, e) => ({ nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 4), convenio: pad(d(c.codigo_cedente), 6) }),
  titulo: () => ({
    carteira: '01',
    codigos: { tipoEmissao: '2', tipoDistribuicao: '0', taxaPermanencia: '00', modalidade: '14', mensagem: '', instrucao3: '00', moeda: '1' },
  }),
  finish: (t) => ({ ...fineAsAmount(t), especie: '01' }),
  retornoConta: (a, c) => `${pad(d(a.agencia), 4)}${pad(d(c.codigo_cedente), 6)}`,
  configProblem: (c) => !code(c.codigo_cedente, 6),
};

/**
 * Banrisul: código do beneficiário of 7; the file's code of 13 is agência + código + its two NC digits; nosso número of
 * 8 + NC in the remessa, of 8 in the retorno, whose details carry the first 12 digits of the code (the header zeros).
 */
const banrisulCodigo = (a: BoletoAccount, c: BoletoConfigParts) => {
  const codigo = pad(d(c.codigo_cedente), 7);
  return `${pad(d(a.agencia), 4)}${codigo}${banrisulNc(codigo)}`;
};
const BANRISUL: BankAdapter = {
  banco: '041',
  format: cnab400(BANRISUL_400, BANRISUL_RETORNO_400),
  parts: (a, c, seq) => ({ banco: '041', produto: '2', agencia: pad(d(a.agencia), 4), beneficiario: pad(d(c.codigo_cedente), 7), nossoNumero: pad(String(seq), 8) }),
  fileNossoNumero: (_c, seq) => `${pad(String(seq), 8)}${banrisulNc(pad(String(seq), 8))}`,
  retornoNossoNumero: (_c, seq) => pad(String(seq), 8),
  beneficiario: (a, c, e) => ({ nome: e.nome, agencia: pad(d(a.agencia), 4), convenio: banrisulCodigo(a, c) }),
  titulo: () => ({ carteira: '1', codigos: { diasMulta: '00', emissao: ' ' } }),
  finish: (t) => {
    const r = fineAsRate(t);
    // Banrisul's fine is a rate with 1 decimal (322-324); interest a day as an amount (code 0).
    return { ...r, especie: '08', jurosCodigo: (r.jurosDia ?? 0) > 0 ? '0' : ' ', ...(r.multa !== undefined ? { multa: Math.round(r.multa / 10) } : {}) };
  },
  retornoConta: (a, c) => banrisulCodigo(a, c).slice(0, 12),
  configProblem: (c) => !code(c.codigo_cedente, 7),
};

/** CNAB 240 título codes shared by Sicoob and Sicredi (FEBRABAN): interest a day as an amount (1) or none (3), DM (02). */
const febrabanTitulo = (t: Titulo): Titulo => ({ ...t, especie: '02', jurosCodigo: (t.jurosDia ?? 0) > 0 ? '1' : '3', multaCodigo: t.multaCodigo ?? '0' });

/** Sicoob: código do cliente (7), modalidade (01), nosso número of 7 + DV; CNAB 240 carries NN(10) + parcela + modalidade + form 4. */
const SICOOB: BankAdapter = {
  banco: '756',
  format: cnab240(SICOOB_240, febraban240('756')),
  parts: (a, c, seq) => ({
    banco: '756', carteira: '1', agencia: pad(d(a.agencia), 4), modalidade: pad(d(c.modalidade) || '01', 2), codigoCliente: pad(d(c.codigo_cedente), 7),
    nossoNumero: pad(String(seq), 7), parcela: '001',
  }),
  fileNossoNumero: (c, _seq, impresso) => `${pad(d(impresso), 10)}01${pad(d(c.modalidade) || '01', 2)}4`,
  beneficiario: (a, _c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '2', agencia: pad(d(a.agencia), 5), agenciaDv: d(a.digito_agencia) || '0',
    conta: pad(d(a.numero), 12), contaDv: d(a.digito_conta) || '0',
  }),
  titulo: () => ({ carteira: '1', codigos: { formaCadastramento: '0', tipoDocumento: ' ', emissao: '2', distribuicao: '2', protestoCodigo: '3', baixaCodigo: '0', baixaDias: '   ' } }),
  finish: febrabanTitulo,
  retornoConta: (a) => `${pad(d(a.agencia), 5)}${pad(d(a.numero), 12)}`,
  configProblem: (c) => !code(c.codigo_cedente, 7),
};

/**
 * Sicredi: agência, posto and código do beneficiário (the configuration's código do cedente holds posto + código,
 * 'PPCCCCC', as Sicredi prints 'AAAA.PP.CCCCC'), nosso número yy + byte 2 + 5 digits + DV; CNAB 240 only.
 */
const SICREDI: BankAdapter = {
  banco: '748',
  format: cnab240(SICREDI_240, febraban240('748')),
  parts: (a, c, seq, ano) => {
    const cod = pad(d(c.codigo_cedente), 7);
    return {
      banco: '748', tipoCobranca: '1', carteira: '1', nossoNumero: `${pad(ano, 2)}2${pad(String(seq % 100000), 5)}`, agencia: pad(d(a.agencia), 4),
      posto: cod.slice(0, 2), beneficiario: cod.slice(2), comValor: '1',
    };
  },
  fileNossoNumero: (_c, _seq, impresso) => d(impresso),
  beneficiario: (a, _c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '2', agencia: pad(d(a.agencia), 5), agenciaDv: d(a.digito_agencia) || ' ',
    conta: pad(d(a.numero), 12), contaDv: d(a.digito_conta) || '0',
  }),
  titulo: () => ({ carteira: '1', codigos: { formaCadastramento: '1', tipoDocumento: '1', emissao: '2', distribuicao: '2', protestoCodigo: '3', baixaCodigo: '1', baixaDias: '060' } }),
  finish: febrabanTitulo,
  retornoConta: (a) => `${pad(d(a.agencia), 5)}${pad(d(a.numero), 12)}`,
  configProblem: (c) => d(c.codigo_cedente).length !== 7,
};

/**
 * Unicred (136), CNAB 400 (its layout placed from the fixtures, UNICRED_400 / UNICRED_RETORNO_400): agência 4 and
 * conta with its digit (10) in the free field, nosso número of 10 + modulo 11 digit, the código do beneficiário (20) in
 * the header; fine code 1 amount / 2 rate / 3 none (the fixture's '3' with no fine), interest code 1 a day / 3 none.
 */
const UNICRED: BankAdapter = {
  banco: '136',
  format: cnab400(UNICRED_400, UNICRED_RETORNO_400),
  parts: (a, _c, seq) => ({ banco: '136', agencia: pad(d(a.agencia), 4), conta: pad(`${d(a.numero)}${d(a.digito_conta)}`, 10), nossoNumero: pad(String(seq), 10) }),
  fileNossoNumero: (_c, seq) => pad(String(seq), 10),
  /** The retorno carries the nosso número with its digit (the sample's 46-62). */
  retornoNossoNumero: (_c, _seq, impresso) => d(impresso),
  beneficiario: (a, c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 5), agenciaDv: d(a.digito_agencia) || '0',
    conta: pad(d(a.numero), 12), contaDv: d(a.digito_conta) || '0', convenio: pad(d(c.codigo_cedente), 20),
  }),
  titulo: (c, _seq, impresso) => ({
    carteira: pad(d(c.carteira) || '21', 3), nossoNumeroDv: impresso.slice(-1), codigos: { descontavel: 'N', tipoDesconto: '0', protesto: '3' },
  }),
  finish: (t) => ({
    ...t, multaCodigo: t.multa ? (t.multaCodigo === '2' ? '2' : '1') : '3', jurosCodigo: (t.jurosDia ?? 0) > 0 ? '1' : '3', diasProtesto: '00',
  }),
  retornoConta: (a) => `${pad(d(a.agencia), 4)}${pad(d(a.numero), 7)}${d(a.digito_conta)}`,
  configProblem: (c) => !code(c.codigo_cedente, 20),
};

const ADAPTERS: Readonly<Record<number, BankAdapter>> = { 341: ITAU, 1: BANCO_DO_BRASIL, 237: BRADESCO, 33: SANTANDER, 104: CAIXA, 41: BANRISUL, 756: SICOOB, 748: SICREDI, 136: UNICRED };

/** The bank's adapter when boletos of this account can be issued here in this CNAB format, else undefined. */
export function bankAdapter(id_banco: number | null, cnab: string): BankAdapter | undefined {
  if (id_banco === null) return undefined;
  const adapter = ADAPTERS[id_banco];
  return adapter?.format.cnab === cnab ? adapter : undefined;
}

/** The adapter of the bank whatever the format (each bank is homologated here in one). */
export function bankAdapterOf(id_banco: number | null): BankAdapter | undefined {
  return id_banco === null ? undefined : ADAPTERS[id_banco];
}

/** The configuration lacks a code the bank needs: its boletos cannot be issued. */
export function configProblem(adapter: BankAdapter, c: BoletoConfigParts): boolean {
  return adapter.configProblem?.(c) ?? false;
}

export function writeRemessa(adapter: BankAdapter, beneficiario: Beneficiario, dataGeracao: string, sequencial: number, titulos: Titulo[], horaGeracao = '000000'): string {
  return adapter.format.write({ banco: adapter.banco, beneficiario, dataGeracao, horaGeracao, sequencial, titulos });
}

export function readRetorno(adapter: BankAdapter, a: BoletoAccount, c: BoletoConfigParts, text: string, conhecido: (nn: string) => boolean): RetornoReport {
  return adapter.format.read(text, { conta: adapter.retornoConta(a, c), conhecido });
}

/** The nosso número as this bank's retorno carries it. */
export function retornoNossoNumero(adapter: BankAdapter, c: BoletoConfigParts, seq: number, impresso: string): string {
  return (adapter.retornoNossoNumero ?? adapter.fileNossoNumero)(c, seq, impresso);
}

/** Leading zeros aside, as the retorno reports nosso números. */
export const nnKey = (s: string) => s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
