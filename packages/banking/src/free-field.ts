/**
 * The 25-digit free field of the barcode, bank by bank, built from its parts (agência, conta, carteira, nosso número,
 * convênio...) and read back into them, and the nosso número with its check digit as each bank prints it.
 * Layouts from each bank's collection manual (BB "Especificações do código de barras", Bradesco "Boleto de cobrança",
 * Itaú "Cobrança - Boleto Bancário", Santander "Layout de cobrança", Caixa SIGCB, Sicoob, Sicredi, Banrisul).
 */
import { ValidationError } from '@pdv/domain/errors';
import { isDigits, mod10, mod11, mod11Sum, weightedSumLeft } from './check-digits.ts';
import { BANKING_MESSAGES as M } from './messages.ts';

export interface BancoDoBrasilParts { banco: '001'; convenio: string; nossoNumero: string; carteira: string; agencia?: string; conta?: string }
export interface BradescoParts { banco: '237'; agencia: string; carteira: string; nossoNumero: string; conta: string }
export interface ItauParts { banco: '341'; carteira: string; nossoNumero: string; agencia: string; conta: string; seuNumero?: string; codigoCliente?: string }
export interface SantanderParts { banco: '033'; convenio: string; nossoNumero: string; carteira: string; iof?: string }
export interface CaixaParts { banco: '104'; beneficiario: string; nossoNumero: string }
export interface SicoobParts { banco: '756'; carteira: string; agencia: string; modalidade: string; codigoCliente: string; nossoNumero: string; parcela: string }
export interface SicrediParts {
  banco: '748'; tipoCobranca: string; carteira: string; nossoNumero: string; agencia: string; posto: string; beneficiario: string;
  /** '1' when the boleto has a value, '0' when the payer fills it in. */
  comValor: string;
}
export interface BanrisulParts { banco: '041'; produto: string; agencia: string; beneficiario: string; nossoNumero: string }
/**
 * BRB's chave ASBACE: zeros and the agência (6: the manual's 000 + 3 digits; one brcobranca vector has 4 there), conta
 * (7), categoria (1), sequencial (6), the bank 070, and two check digits over the 23 before them.
 */
export interface BrbParts { banco: '070'; agencia: string; conta: string; categoria: string; nossoNumero: string }
/** Unicred: agência (4), conta (10), nosso número (10) and its modulo 11 check digit. */
export interface UnicredParts { banco: '136'; agencia: string; conta: string; nossoNumero: string }

export type FreeFieldParts =
  | BancoDoBrasilParts | BradescoParts | ItauParts | SantanderParts | CaixaParts | SicoobParts | SicrediParts | BanrisulParts | BrbParts | UnicredParts;
export type SupportedBank = FreeFieldParts['banco'];
export const SUPPORTED_BANKS: readonly SupportedBank[] = ['001', '237', '341', '033', '104', '756', '748', '041', '070', '136'];

/** A digits-only field padded with zeros to `size`, refused when longer or not digits. */
export function num(value: string | undefined, size: number, campo: string): string {
  const v = value ?? '';
  if (v === '') throw new ValidationError(M.campoObrigatorio(campo), campo);
  if (!isDigits(v)) throw new ValidationError(M.campoSomenteDigitos(campo), campo);
  const trimmed = v.replace(/^0+(?=\d)/, '');
  if (trimmed.length > size) throw new ValidationError(M.campoTamanhoMaximo(campo, size), campo);
  return v.length > size ? trimmed.padStart(size, '0') : v.padStart(size, '0');
}

// --- check digits of the nosso número and of the free field ----------------------------------------------------

/**
 * Banco do Brasil: modulo 11 with weights 9, 8, ..., 2 from the rightmost digit (cycling), the digit is the remainder
 * itself, 10 printed 'X'; none for 7- and 8-digit convênios (the nosso número then has no check digit).
 */
export function bbNossoNumeroDv(nossoNumero: string): string {
  let sum = 0;
  for (let i = nossoNumero.length - 1, k = 0; i >= 0; i--, k++) sum += Number(nossoNumero[i]) * (9 - (k % 8));
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** Bradesco: modulo 11 base 7 over carteira + nosso número; remainder 1 is 'P', 0 is '0'. */
export function bradescoNossoNumeroDv(carteira: string, nossoNumero: string): string {
  const r = mod11Sum(`${carteira}${nossoNumero}`, 7) % 11;
  return r === 0 ? '0' : r === 1 ? 'P' : String(11 - r);
}

const ITAU_SHORT_DAC = new Set(['126', '131', '146', '150', '168']);
const ITAU_SPECIAL = new Set(['106', '107', '122', '142', '143', '195', '196', '198']);

/** Itaú: modulo 10 over agência + conta + carteira + nosso número (only carteira + nosso número for 126, 131, 146, 150, 168). */
export function itauNossoNumeroDv(p: { carteira: string; nossoNumero: string; agencia: string; conta: string }): string {
  const base = ITAU_SHORT_DAC.has(p.carteira) ? `${p.carteira}${p.nossoNumero}` : `${p.agencia}${p.conta}${p.carteira}${p.nossoNumero}`;
  return String(mod10(base));
}

/** Santander: modulo 11 weights 2..9, remainders 0 and 1 give 0, 10 gives 1. */
export function santanderNossoNumeroDv(nossoNumero: string): string {
  const r = mod11Sum(nossoNumero, 9) % 11;
  return r === 0 || r === 1 ? '0' : r === 10 ? '1' : String(11 - r);
}

/** Caixa (SIGCB): modulo 11 weights 2..9, results above 9 give 0 (nosso número, beneficiário and free field alike). */
export const caixaDv = (digits: string): string => String(mod11(digits, 9, { 10: 0, 11: 0 }));

/** Sicoob: constant 3197 over agência(4) + cliente(10) + nosso número(7); remainders 0 and 1 give 0. */
export function sicoobNossoNumeroDv(agencia: string, codigoCliente: string, nossoNumero: string): string {
  const r = weightedSumLeft(`${agencia}${codigoCliente.padStart(10, '0')}${nossoNumero}`, [3, 1, 9, 7]) % 11;
  return r <= 1 ? '0' : String(11 - r);
}

/** Sicredi: modulo 11 weights 2..9 over agência + posto + beneficiário + nosso número(8); above 9 gives 0. */
export function sicrediNossoNumeroDv(p: { agencia: string; posto: string; beneficiario: string; nossoNumero: string }): string {
  return String(mod11(`${p.agencia}${p.posto}${p.beneficiario}${p.nossoNumero}`, 9, { 10: 0, 11: 0 }));
}

/** Banrisul's two-digit "número de controle": modulo 10, then modulo 11 (weights 2..7), retrying when the remainder is 1. */
export function banrisulNc(digits: string): string {
  let d1 = mod10(digits);
  for (;;) {
    const r = mod11Sum(`${digits}${d1}`, 7) % 11;
    if (r === 0) return `${d1}0`;
    if (r !== 1) return `${d1}${11 - r}`;
    d1 = d1 === 9 ? 0 : d1 + 1;
  }
}

/** BRB's two check digits of the chave ASBACE: the same modulo 10 then modulo 11 (weights 2..7) rule as Banrisul's NC. */
export const brbDigitos = (chave23: string): string => banrisulNc(chave23);

/** Unicred's nosso número check digit: modulo 11, weights 2..9, 10 and 11 become 0. */
export const unicredNossoNumeroDv = (nossoNumero: string): string => String(mod11(nossoNumero, 9, { 10: 0, 11: 0 }));

// --- free field ------------------------------------------------------------------------------------------------

/** The 25-digit free field of a bank's boleto. */
export function buildFreeField(p: FreeFieldParts): string {
  switch (p.banco) {
    case '001': {
      const convenio = num(p.convenio, p.convenio.length, 'convenio');
      const carteira = num(p.carteira, 2, 'carteira');
      if (convenio.length === 8) return `000000${convenio}${num(p.nossoNumero, 9, 'nosso_numero')}${carteira}`;
      if (convenio.length === 7) return `000000${convenio}${num(p.nossoNumero, 10, 'nosso_numero')}${carteira}`;
      if (convenio.length === 6 && p.nossoNumero.length === 17) return `${convenio}${p.nossoNumero}21`;
      const agencia = num(p.agencia, 4, 'agencia');
      const conta = num(p.conta, 8, 'conta');
      if (convenio.length === 6) return `${convenio}${num(p.nossoNumero, 5, 'nosso_numero')}${agencia}${conta}${carteira}`;
      if (convenio.length === 4) return `${convenio}${num(p.nossoNumero, 7, 'nosso_numero')}${agencia}${conta}${carteira}`;
      throw new ValidationError(M.convenioInvalido, 'convenio');
    }
    case '237':
      return `${num(p.agencia, 4, 'agencia')}${num(p.carteira, 2, 'carteira')}${num(p.nossoNumero, 11, 'nosso_numero')}${num(p.conta, 7, 'conta')}0`;
    case '341': {
      const carteira = num(p.carteira, 3, 'carteira');
      const nossoNumero = num(p.nossoNumero, 8, 'nosso_numero');
      if (ITAU_SPECIAL.has(carteira)) {
        const rest = `${carteira}${nossoNumero}${num(p.seuNumero, 7, 'seu_numero')}${num(p.codigoCliente, 5, 'codigo_cliente')}`;
        return `${rest}${mod10(rest)}0`;
      }
      const agencia = num(p.agencia, 4, 'agencia');
      const conta = num(p.conta, 5, 'conta');
      return `${carteira}${nossoNumero}${itauNossoNumeroDv({ carteira, nossoNumero, agencia, conta })}${agencia}${conta}${mod10(`${agencia}${conta}`)}000`;
    }
    case '033': {
      const nossoNumero = num(p.nossoNumero, 12, 'nosso_numero');
      return `9${num(p.convenio, 7, 'convenio')}${nossoNumero}${santanderNossoNumeroDv(nossoNumero)}${num(p.iof ?? '0', 1, 'iof')}${num(p.carteira, 3, 'carteira')}`;
    }
    case '104': {
      const beneficiario = num(p.beneficiario, 6, 'beneficiario');
      const nn = num(p.nossoNumero, 17, 'nosso_numero');
      const rest = `${beneficiario}${caixaDv(beneficiario)}${nn.slice(2, 5)}${nn[0]}${nn.slice(5, 8)}${nn[1]}${nn.slice(8, 17)}`;
      return `${rest}${caixaDv(rest)}`;
    }
    case '756': {
      const agencia = num(p.agencia, 4, 'agencia');
      const cliente = num(p.codigoCliente, 7, 'codigo_cliente');
      const nossoNumero = num(p.nossoNumero, 7, 'nosso_numero');
      return `${num(p.carteira, 1, 'carteira')}${agencia}${num(p.modalidade, 2, 'modalidade')}${cliente}${nossoNumero}`
        + `${sicoobNossoNumeroDv(agencia, cliente, nossoNumero)}${num(p.parcela, 3, 'parcela')}`;
    }
    case '748': {
      const parts = { agencia: num(p.agencia, 4, 'agencia'), posto: num(p.posto, 2, 'posto'), beneficiario: num(p.beneficiario, 5, 'beneficiario'),
        nossoNumero: num(p.nossoNumero, 8, 'nosso_numero') };
      const rest = `${num(p.tipoCobranca, 1, 'tipo_cobranca')}${num(p.carteira, 1, 'carteira')}${parts.nossoNumero}${sicrediNossoNumeroDv(parts)}`
        + `${parts.agencia}${parts.posto}${parts.beneficiario}${p.comValor === '0' ? '0' : '1'}0`;
      return `${rest}${mod11(rest, 9, { 10: 0, 11: 0 })}`;
    }
    case '041': {
      const rest = `${num(p.produto, 1, 'produto')}1${num(p.agencia, 4, 'agencia')}${num(p.beneficiario, 7, 'beneficiario')}${num(p.nossoNumero, 8, 'nosso_numero')}40`;
      return `${rest}${banrisulNc(rest)}`;
    }
    case '070': {
      const chave = `${num(p.agencia, 6, 'agencia')}${num(p.conta, 7, 'conta')}${num(p.categoria, 1, 'categoria')}${num(p.nossoNumero, 6, 'nosso_numero')}070`;
      return `${chave}${brbDigitos(chave)}`;
    }
    case '136': {
      const nn = num(p.nossoNumero, 10, 'nosso_numero');
      return `${num(p.agencia, 4, 'agencia')}${num(p.conta, 10, 'conta')}${nn}${unicredNossoNumeroDv(nn)}`;
    }
  }
}

export interface ParseOptions {
  /** Banco do Brasil: the convênio's length (4, 6, 7 or 8) decides the layout; 6 with a 17-digit nosso número is 'livre'. */
  bbConvenioLength?: 4 | 6 | 7 | 8;
  bbNossoNumeroLivre?: boolean;
}

function expectDv(ok: boolean, banco: string): void {
  if (!ok) throw new ValidationError(M.campoLivreDigitoInvalido(banco), 'campo_livre');
}

/** Reads a free field back into its parts, checking the check digits it carries. */
export function parseFreeField(banco: string, free: string, options: ParseOptions = {}): FreeFieldParts {
  if (free.length !== 25 || !isDigits(free)) throw new ValidationError(M.campoLivreInvalido, 'campo_livre');
  switch (banco) {
    case '001': {
      const len = options.bbConvenioLength ?? 7;
      if (len === 8) return { banco, convenio: free.slice(6, 14), nossoNumero: free.slice(14, 23), carteira: free.slice(23) };
      if (len === 7) return { banco, convenio: free.slice(6, 13), nossoNumero: free.slice(13, 23), carteira: free.slice(23) };
      if (len === 6 && options.bbNossoNumeroLivre) return { banco, convenio: free.slice(0, 6), nossoNumero: free.slice(6, 23), carteira: '21' };
      const n = len === 6 ? 5 : 7;
      return { banco, convenio: free.slice(0, len), nossoNumero: free.slice(len, len + n), agencia: free.slice(11, 15), conta: free.slice(15, 23), carteira: free.slice(23) };
    }
    case '237':
      return { banco, agencia: free.slice(0, 4), carteira: free.slice(4, 6), nossoNumero: free.slice(6, 17), conta: free.slice(17, 24) };
    case '341': {
      const carteira = free.slice(0, 3);
      const nossoNumero = free.slice(3, 11);
      if (ITAU_SPECIAL.has(carteira)) {
        expectDv(mod10(free.slice(0, 23)) === Number(free[23]), 'Itaú');
        return { banco, carteira, nossoNumero, seuNumero: free.slice(11, 18), codigoCliente: free.slice(18, 23), agencia: '', conta: '' };
      }
      const agencia = free.slice(12, 16);
      const conta = free.slice(16, 21);
      expectDv(itauNossoNumeroDv({ carteira, nossoNumero, agencia, conta }) === free[11] && String(mod10(`${agencia}${conta}`)) === free[21], 'Itaú');
      return { banco, carteira, nossoNumero, agencia, conta };
    }
    case '033': {
      const nossoNumero = free.slice(8, 20);
      expectDv(free[0] === '9' && santanderNossoNumeroDv(nossoNumero) === free[20], 'Santander');
      return { banco, convenio: free.slice(1, 8), nossoNumero, iof: free.slice(21, 22), carteira: free.slice(22) };
    }
    case '104': {
      expectDv(caixaDv(free.slice(0, 6)) === free[6] && caixaDv(free.slice(0, 24)) === free[24], 'Caixa');
      return { banco, beneficiario: free.slice(0, 6), nossoNumero: `${free[10]}${free[14]}${free.slice(7, 10)}${free.slice(11, 14)}${free.slice(15, 24)}` };
    }
    case '756': {
      const p = { banco, carteira: free.slice(0, 1), agencia: free.slice(1, 5), modalidade: free.slice(5, 7), codigoCliente: free.slice(7, 14),
        nossoNumero: free.slice(14, 21), parcela: free.slice(22) } as const;
      expectDv(sicoobNossoNumeroDv(p.agencia, p.codigoCliente, p.nossoNumero) === free[21], 'Sicoob');
      return p;
    }
    case '748': {
      const p = { banco, tipoCobranca: free.slice(0, 1), carteira: free.slice(1, 2), nossoNumero: free.slice(2, 10), agencia: free.slice(11, 15),
        posto: free.slice(15, 17), beneficiario: free.slice(17, 22), comValor: free.slice(22, 23) } as const;
      expectDv(sicrediNossoNumeroDv(p) === free[10] && String(mod11(free.slice(0, 24), 9, { 10: 0, 11: 0 })) === free[24], 'Sicredi');
      return p;
    }
    case '041':
      expectDv(banrisulNc(free.slice(0, 23)) === free.slice(23), 'Banrisul');
      return { banco, produto: free.slice(0, 1), agencia: free.slice(2, 6), beneficiario: free.slice(6, 13), nossoNumero: free.slice(13, 21) };
    case '070':
      expectDv(free.slice(20, 23) === '070' && brbDigitos(free.slice(0, 23)) === free.slice(23), 'BRB');
      return { banco, agencia: free.slice(0, 6), conta: free.slice(6, 13), categoria: free.slice(13, 14), nossoNumero: free.slice(14, 20) };
    case '136':
      expectDv(unicredNossoNumeroDv(free.slice(14, 24)) === free[24], 'Unicred');
      return { banco, agencia: free.slice(0, 4), conta: free.slice(4, 14), nossoNumero: free.slice(14, 24) };
    default:
      throw new ValidationError(M.bancoNaoSuportado(banco), 'banco');
  }
}

/** The nosso número as printed on the boleto, with its check digit in each bank's format. */
export function nossoNumeroImpresso(p: FreeFieldParts): string {
  switch (p.banco) {
    case '001': {
      const convenio = p.convenio;
      if (convenio.length >= 7) return `${convenio}${p.nossoNumero.padStart(17 - convenio.length, '0')}`;
      if (p.nossoNumero.length === 17) return p.nossoNumero;
      const nn = `${convenio}${p.nossoNumero.padStart(convenio.length === 6 ? 5 : 7, '0')}`;
      return `${nn}-${bbNossoNumeroDv(nn)}`;
    }
    case '237': {
      const nn = p.nossoNumero.padStart(11, '0');
      return `${p.carteira.padStart(2, '0')}/${nn}-${bradescoNossoNumeroDv(p.carteira.padStart(2, '0'), nn)}`;
    }
    case '341': {
      const nn = p.nossoNumero.padStart(8, '0');
      return `${p.carteira}/${nn}-${itauNossoNumeroDv({ ...p, nossoNumero: nn })}`;
    }
    case '033': {
      const nn = p.nossoNumero.padStart(12, '0');
      return `${nn}-${santanderNossoNumeroDv(nn)}`;
    }
    case '104': {
      const nn = p.nossoNumero.padStart(17, '0');
      return `${nn}-${caixaDv(nn)}`;
    }
    case '756': {
      const nn = p.nossoNumero.padStart(7, '0');
      return `${nn}-${sicoobNossoNumeroDv(p.agencia, p.codigoCliente, nn)}`;
    }
    case '748': {
      const nn = p.nossoNumero.padStart(8, '0');
      return `${nn.slice(0, 2)}/${nn.slice(2)}-${sicrediNossoNumeroDv({ ...p, nossoNumero: nn })}`;
    }
    case '041': {
      const nn = p.nossoNumero.padStart(8, '0');
      return `${nn}-${banrisulNc(nn)}`;
    }
    // BRB prints the last 12 digits of the chave: categoria, sequencial, 070 and the two check digits.
    case '070':
      return buildFreeField(p).slice(13);
    case '136': {
      const nn = p.nossoNumero.padStart(10, '0');
      return `${nn}-${unicredNossoNumeroDv(nn)}`;
    }
  }
}
