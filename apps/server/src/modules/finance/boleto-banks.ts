/**
 * What the server issues boletos with, per bank (001 §5 'Banco não homologado para emissão de boletos' for the rest):
 * the bank's free-field parts from the account, the configuration and the account's nosso número sequence; the
 * remessa writer (CNAB 400) with the beneficiário and títulos of our rows; the retorno reader and how the retorno names
 * the account and the nosso número. Pure: packages/banking does the bytes. Homologated here: Itaú (341) and Banco do
 * Brasil (001, 7-digit convênio), both CNAB 400, the banks of the demo's accounts; the other banks packages/banking
 * knows need their own line here (their parts and the retorno's account identifier).
 */
import { BANCO_DO_BRASIL_400, ITAU_400 } from '@pdv/banking/cnab400-banks';
import { writeCnab400, type Cnab400Bank } from '@pdv/banking/cnab400';
import type { Beneficiario, Titulo } from '@pdv/banking/cnab-model';
import type { FreeFieldParts } from '@pdv/banking/free-field';
import { BANCO_DO_BRASIL_RETORNO_400, ITAU_RETORNO_400, type Retorno400Bank } from '@pdv/banking/retorno-banks';
import { readRetorno400, type RetornoReport } from '@pdv/banking/retorno';

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
}

export interface BankAdapter {
  banco: string;
  cnab400: Cnab400Bank;
  retorno: Retorno400Bank;
  parts(a: BoletoAccount, c: BoletoConfigParts, seq: number): FreeFieldParts;
  /** The nosso número as the remessa and the retorno carry it (digits). */
  fileNossoNumero(c: BoletoConfigParts, seq: number): string;
  beneficiario(a: BoletoAccount, c: BoletoConfigParts, emitente: { nome: string; cnpj: string }): Beneficiario;
  /** Bank codes of a título (carteira, codes of the layout). */
  titulo(c: BoletoConfigParts): Partial<Titulo>;
  /** The account identifier the retorno's header carries. */
  retornoConta(a: BoletoAccount): string;
}

const d = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');
const pad = (s: string, n: number) => s.padStart(n, '0');

const ITAU: BankAdapter = {
  banco: '341',
  cnab400: ITAU_400,
  retorno: ITAU_RETORNO_400,
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
  cnab400: BANCO_DO_BRASIL_400,
  retorno: BANCO_DO_BRASIL_RETORNO_400,
  parts: (_a, c, seq) => ({ banco: '001', convenio: pad(d(c.convenio), 7), nossoNumero: pad(String(seq), 10), carteira: pad(d(c.carteira) || '17', 2) }),
  fileNossoNumero: (c, seq) => `${pad(d(c.convenio), 7)}${pad(String(seq), 10)}`,
  beneficiario: (a, c, e) => ({
    nome: e.nome, documento: d(e.cnpj), tipoDocumento: '02', agencia: pad(d(a.agencia), 4), agenciaDv: a.digito_agencia ?? '0',
    conta: pad(d(a.numero), 8), contaDv: a.digito_conta ?? '0', convenio: pad(d(c.convenio), 7), convenioLider: pad(d(c.convenio), 7), variacao: '019',
  }),
  titulo: (c) => ({ carteira: pad(d(c.carteira) || '17', 2), codigos: { tipoCobranca: '' } }),
  retornoConta: (a) => `${pad(d(a.agencia), 4)}${d(a.digito_agencia ?? '')}${pad(d(a.numero), 8)}${d(a.digito_conta ?? '')}`,
};

const ADAPTERS: Readonly<Record<number, BankAdapter>> = { 341: ITAU, 1: BANCO_DO_BRASIL };

/** The bank's adapter when boletos of this account can be issued here (CNAB 400), else undefined. */
export function bankAdapter(id_banco: number | null, cnab: string): BankAdapter | undefined {
  if (id_banco === null || cnab !== '400') return undefined;
  return ADAPTERS[id_banco];
}

/** BB needs a 7-digit convênio: without one its boletos cannot be issued. */
export function configProblem(adapter: BankAdapter, c: BoletoConfigParts): boolean {
  return adapter.banco === '001' && d(c.convenio).length !== 7;
}

export function writeRemessa(adapter: BankAdapter, beneficiario: Beneficiario, dataGeracao: string, sequencial: number, titulos: Titulo[]): string {
  return writeCnab400(adapter.cnab400, { banco: adapter.banco, beneficiario, dataGeracao, sequencial, titulos });
}

export function readRetorno(adapter: BankAdapter, a: BoletoAccount, text: string, conhecido: (nn: string) => boolean): RetornoReport {
  return readRetorno400(adapter.retorno, text, { conta: adapter.retornoConta(a), conhecido });
}

/** Leading zeros aside, as the retorno reports nosso números. */
export const nnKey = (s: string) => s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
