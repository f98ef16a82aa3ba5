/**
 * Bank accounts (002 §3 Financial configuration): the banks a shop keeps accounts in, by their COMPE code (the
 * three-digit code of the Brazilian payment system, as the Central Bank lists it), and the check digits of an agency
 * and an account number where the bank publishes its rule:
 * - Banco do Brasil (001): agency and account, modulus 11 (weights 2..9 from the right), 10 → 'X', 11 → '0';
 * - Itaú (341): agency without digit; the account's digit is modulus 10 over agency (4) + account (5), weights 2,1,...
 *   from the left, the digits of each product summed;
 * - Bradesco (237): agency and account, modulus 11 (weights 2..7 from the right), 10 → 'P', 11 → '0'.
 * Other banks: only the format (digits; a check digit is one digit or letter).
 */

export interface Bank {
  /** The COMPE code as a number: the id of the bank (id_banco). */
  id_banco: number;
  /** The COMPE code with its zeros ('001'). */
  codigo: string;
  nome: string;
}

/** The main Brazilian banks and payment institutions by COMPE code (the list migration 024 writes to `banco`). */
export const BANKS: readonly Bank[] = [
  { id_banco: 1, codigo: '001', nome: 'Banco do Brasil' },
  { id_banco: 3, codigo: '003', nome: 'Banco da Amazônia' },
  { id_banco: 4, codigo: '004', nome: 'Banco do Nordeste' },
  { id_banco: 21, codigo: '021', nome: 'Banestes' },
  { id_banco: 33, codigo: '033', nome: 'Santander' },
  { id_banco: 37, codigo: '037', nome: 'Banpará' },
  { id_banco: 41, codigo: '041', nome: 'Banrisul' },
  { id_banco: 47, codigo: '047', nome: 'Banese' },
  { id_banco: 70, codigo: '070', nome: 'BRB - Banco de Brasília' },
  { id_banco: 77, codigo: '077', nome: 'Banco Inter' },
  { id_banco: 85, codigo: '085', nome: 'Ailos' },
  { id_banco: 104, codigo: '104', nome: 'Caixa Econômica Federal' },
  { id_banco: 136, codigo: '136', nome: 'Unicred' },
  { id_banco: 208, codigo: '208', nome: 'BTG Pactual' },
  { id_banco: 212, codigo: '212', nome: 'Banco Original' },
  { id_banco: 237, codigo: '237', nome: 'Bradesco' },
  { id_banco: 260, codigo: '260', nome: 'Nu Pagamentos (Nubank)' },
  { id_banco: 290, codigo: '290', nome: 'PagSeguro (PagBank)' },
  { id_banco: 318, codigo: '318', nome: 'Banco BMG' },
  { id_banco: 323, codigo: '323', nome: 'Mercado Pago' },
  { id_banco: 336, codigo: '336', nome: 'Banco C6' },
  { id_banco: 341, codigo: '341', nome: 'Itaú Unibanco' },
  { id_banco: 380, codigo: '380', nome: 'PicPay' },
  { id_banco: 389, codigo: '389', nome: 'Banco Mercantil do Brasil' },
  { id_banco: 422, codigo: '422', nome: 'Banco Safra' },
  { id_banco: 623, codigo: '623', nome: 'Banco Pan' },
  { id_banco: 655, codigo: '655', nome: 'Banco Votorantim (BV)' },
  { id_banco: 746, codigo: '746', nome: 'Banco Modal' },
  { id_banco: 748, codigo: '748', nome: 'Sicredi' },
  { id_banco: 756, codigo: '756', nome: 'Sicoob' },
];

export const BANK_ACCOUNT_MESSAGES = {
  bankNotFound: 'Banco não encontrado.',
  agencyFormat: 'Agência deve ter apenas números (até 5).',
  accountFormat: 'Número da conta deve ter apenas números (até 12).',
  digitFormat: 'O dígito deve ser um número ou uma letra.',
  agencyRequired: 'Informe a agência da conta do banco.',
  accountRequired: 'Informe o número da conta do banco.',
  agencyDigitRequired: 'Informe o dígito da agência.',
  accountDigitRequired: 'Informe o dígito da conta.',
  agencyDigitWrong: (bank: string, expected: string) => `Dígito da agência inválido para o ${bank}: o correto é ${expected}.`,
  accountDigitWrong: (bank: string, expected: string) => `Dígito da conta inválido para o ${bank}: o correto é ${expected}.`,
  itauFormat: 'No Itaú a agência tem 4 números e a conta 5, com o dígito à parte.',
} as const;

const digitsOnly = (s: string) => /^\d+$/.test(s);

/** Σ digit × weight, weights 2, 3, ... up to `maxWeight` from the rightmost digit, then again from 2. */
function weightedSum(digits: string, maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    sum += Number(digits[i]) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  return sum;
}

/** Modulus 11: 11 − (sum mod 11); 10 becomes `ten` ('X' at Banco do Brasil, 'P' at Bradesco) and 11 becomes '0'. */
function mod11(digits: string, maxWeight: number, ten: string): string {
  const d = 11 - (weightedSum(digits, maxWeight) % 11);
  return d === 10 ? ten : d === 11 ? '0' : String(d);
}

/** Itaú: modulus 10 over agency + account (9 digits), weights 2,1,2,... from the left, the digits of each product summed. */
export function itauAccountDigit(agencia: string, numero: string): string {
  const all = agencia.padStart(4, '0') + numero.padStart(5, '0');
  let sum = 0;
  for (let i = 0; i < all.length; i += 1) {
    const p = Number(all[i]) * (i % 2 === 0 ? 2 : 1);
    sum += Math.floor(p / 10) + (p % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

/** The digit the bank's rule expects for an agency, or null when the bank has no public rule (or no agency digit). */
export function expectedAgencyDigit(idBanco: number, agencia: string): string | null {
  if (idBanco === 1) return mod11(agencia, 9, 'X');
  if (idBanco === 237) return mod11(agencia, 7, 'P');
  return null;
}

/** The digit the bank's rule expects for an account, or null when the bank has no public rule. */
export function expectedAccountDigit(idBanco: number, agencia: string, numero: string): string | null {
  if (idBanco === 1) return mod11(numero, 9, 'X');
  if (idBanco === 237) return mod11(numero, 7, 'P');
  if (idBanco === 341) return itauAccountDigit(agencia, numero);
  return null;
}

export interface BankAccountNumbers {
  id_banco: number | null;
  agencia: string | null;
  digito_agencia: string | null;
  numero: string | null;
  digito_conta: string | null;
}

/** The refusals of a bank account's numbers, by field (empty: valid). An account without a bank (a till) has none. */
export function bankAccountErrors(a: BankAccountNumbers): Partial<Record<keyof BankAccountNumbers, string>> {
  const errors: Partial<Record<keyof BankAccountNumbers, string>> = {};
  const M = BANK_ACCOUNT_MESSAGES;
  const agencia = a.agencia ?? '';
  const numero = a.numero ?? '';
  const dAg = (a.digito_agencia ?? '').toUpperCase();
  const dCc = (a.digito_conta ?? '').toUpperCase();
  if (agencia !== '' && !(digitsOnly(agencia) && agencia.length <= 5)) errors.agencia = M.agencyFormat;
  if (numero !== '' && !(digitsOnly(numero) && numero.length <= 12)) errors.numero = M.accountFormat;
  if (dAg !== '' && !/^[0-9A-Z]$/.test(dAg)) errors.digito_agencia = M.digitFormat;
  if (dCc !== '' && !/^[0-9A-Z]$/.test(dCc)) errors.digito_conta = M.digitFormat;
  if (a.id_banco === null) return errors;
  if (agencia === '') errors.agencia ??= M.agencyRequired;
  if (numero === '') errors.numero ??= M.accountRequired;
  if (Object.keys(errors).length > 0) return errors;
  const bank = BANKS.find((b) => b.id_banco === a.id_banco)?.nome ?? '';
  if (a.id_banco === 341 && (agencia.length !== 4 || numero.length > 5)) {
    errors.numero = M.itauFormat;
    return errors;
  }
  const ag = expectedAgencyDigit(a.id_banco, agencia);
  if (ag !== null) {
    if (dAg === '') errors.digito_agencia = M.agencyDigitRequired;
    else if (dAg !== ag) errors.digito_agencia = M.agencyDigitWrong(bank, ag);
  }
  const cc = expectedAccountDigit(a.id_banco, agencia, numero);
  if (cc !== null) {
    if (dCc === '') errors.digito_conta = M.accountDigitRequired;
    else if (dCc !== cc) errors.digito_conta = M.accountDigitWrong(bank, cc);
  }
  return errors;
}
