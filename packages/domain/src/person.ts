/**
 * The person register's rules across fields (002 §3 Person), written once: the register's create and update schemas
 * run `personIssues` on the body (the form refuses before sending, the point of sale's quick save too), and the
 * server's hook runs it again on the row as it will be stored (with its stored addresses when the body sends none).
 *
 * - tipo F (natural person) carries a CPF and no CNPJ; tipo J (legal person) a CNPJ and no CPF (the table's CHECK);
 * - indicador_ie (NF-e indIEDest): 1 contributor (an IE valid for the state of the main address, check digits of
 *   inscricao-estadual.ts), 2 exempt (IE empty or ISENTO), 9 non-contributor (any IE kept as typed, not checked);
 * - addresses: at most one main (is_principal) among the live ones; one address alone is the main.
 */
import { isValidIe, normalizeIe } from './inscricao-estadual.ts';

export const PERSON_MESSAGES = {
  cpfForLegalPerson: 'Pessoa jurídica não tem CPF: informe o CNPJ.',
  cnpjForNaturalPerson: 'Pessoa física não tem CNPJ: informe o CPF.',
  duplicateCpf: (cpf: string) => `Já existe uma pessoa cadastrada com o CPF ${cpf}.`,
  duplicateCnpj: (cnpj: string) => `Já existe uma pessoa cadastrada com o CNPJ ${cnpj}.`,
  ieRequired: 'Informe a inscrição estadual do contribuinte de ICMS.',
  ieNeedsState: 'Informe a UF do endereço principal para conferir a inscrição estadual.',
  invalidIe: (uf: string) => `Inscrição estadual inválida para a UF ${uf}.`,
  ieExempt: 'Contribuinte isento: deixe a inscrição estadual vazia ou informe ISENTO.',
  indicadorIe: 'Indicador de IE deve ser 1 (contribuinte), 2 (isento) ou 9 (não contribuinte).',
  oneMainAddress: 'Marque um só endereço como principal.',
  priceTableNotFound: 'Tabela de preço padrão: registro não encontrado.',
  branchNotFound: 'Filial: registro não encontrado.',
  addressNotFound: 'Endereço: registro não encontrado.',
} as const;

/** NF-e indIEDest values (the pessoa.indicador_ie CHECK). */
export const INDICADOR_IE = { contribuinte: 1, isento: 2, naoContribuinte: 9 } as const;
export const INDICADOR_IE_VALUES: readonly number[] = [1, 2, 9];

/** The default label of a person's address (002 §3 Person, Address). */
export const DEFAULT_ADDRESS_LABEL = 'Endereço Padrão';

export interface PersonAddressFacts {
  is_principal?: boolean | null;
  uf?: string | null;
  is_excluido?: boolean | null;
}

export interface PersonIssue {
  field: string;
  message: string;
}

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The live addresses of a body (an address marked is_excluido is being removed). */
function liveAddresses(values: Readonly<Record<string, unknown>>): PersonAddressFacts[] | undefined {
  const list = values['enderecos'];
  if (!Array.isArray(list)) return undefined;
  return (list as PersonAddressFacts[]).filter((a) => a.is_excluido !== true);
}

/** The UF of the main address (the only one when there is one), or null. */
export function mainAddressUf(addresses: readonly PersonAddressFacts[]): string | null {
  const main = addresses.find((a) => a.is_principal === true) ?? (addresses.length === 1 ? addresses[0] : undefined);
  return main && filled(main.uf) ? main.uf.toUpperCase() : null;
}

/**
 * The person's rules across fields, on what `values` says (a partial body checks only what it carries; the server
 * passes the stored row merged with the body, and `enderecos` as they will be).
 */
export function personIssues(values: Readonly<Record<string, unknown>>): PersonIssue[] {
  const issues: PersonIssue[] = [];
  const tipo = values['tipo'];
  if (tipo === 'J' && filled(values['cpf'])) issues.push({ field: 'cpf', message: PERSON_MESSAGES.cpfForLegalPerson });
  if (tipo === 'F' && filled(values['cnpj'])) issues.push({ field: 'cnpj', message: PERSON_MESSAGES.cnpjForNaturalPerson });
  const addresses = liveAddresses(values);
  if (addresses && addresses.filter((a) => a.is_principal === true).length > 1) {
    issues.push({ field: 'enderecos', message: PERSON_MESSAGES.oneMainAddress });
  }
  const indicador = values['indicador_ie'];
  if (indicador !== undefined && indicador !== null && !INDICADOR_IE_VALUES.includes(Number(indicador))) {
    issues.push({ field: 'indicador_ie', message: PERSON_MESSAGES.indicadorIe });
  }
  const ie = values['ie'];
  if (indicador === INDICADOR_IE.contribuinte) {
    if (!filled(ie)) issues.push({ field: 'ie', message: PERSON_MESSAGES.ieRequired });
    else if (addresses) {
      const uf = mainAddressUf(addresses);
      if (uf === null) issues.push({ field: 'ie', message: PERSON_MESSAGES.ieNeedsState });
      else if (!isValidIe(ie, uf) || normalizeIe(ie) === 'ISENTO') issues.push({ field: 'ie', message: PERSON_MESSAGES.invalidIe(uf) });
    }
  } else if (indicador === INDICADOR_IE.isento && filled(ie) && normalizeIe(ie) !== 'ISENTO') {
    issues.push({ field: 'ie', message: PERSON_MESSAGES.ieExempt });
  }
  return issues;
}

/**
 * The addresses as they will be stored: labelled ('Endereço Padrão' when none is given) and with exactly one main
 * among the live ones (the first when none is marked).
 */
export function withOneMain<T extends { is_principal?: boolean | null; is_excluido?: boolean | null; descricao?: unknown }>(addresses: readonly T[]): T[] {
  const live = addresses.filter((a) => a.is_excluido !== true);
  const main = live.find((a) => a.is_principal === true) ?? live[0];
  return addresses.map((a) => ({
    ...a,
    descricao: filled(a.descricao) ? a.descricao : DEFAULT_ADDRESS_LABEL,
    is_principal: a === main,
  }));
}
