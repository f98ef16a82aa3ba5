/**
 * Purchase invoice import (issue 32, 002 §2 "invoice import from XML"): the rules of an entry NF-e read from the
 * supplier's XML, written once and used by the import screen (preview) and the server (confirm).
 *
 * Net acquisition cost of an item line (what the goods cost the branch, the value stock enters at):
 *
 *   net = vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST + vFCPST − recoverable
 *
 * - recoverable is the tax the branch takes back as credit:
 *   - ICMS (vICMS, and the FCP on it) when the branch is in the normal regime (CRT 3) and resells the goods
 *     (revenda): the credit offsets its own ICMS debits;
 *   - PIS and COFINS (vPIS + vCOFINS) when the branch is in the non-cumulative regime (Lucro Real): their credit
 *     offsets its own PIS/COFINS;
 *   - nothing for the Simples Nacional (CRT 1, 2, and MEI 4): it takes no credit of ICMS, PIS nor COFINS.
 * - IPI and ICMS-ST are never recovered by a reseller: they are part of the cost.
 * - The net of a line never goes below zero (a credit larger than the line is an input error; it is clamped and the
 *   screen shows the line's parts).
 *
 * Units: the supplier sells in its commercial unit (uCom); the logistics unit of the product with that sigla gives the
 * multiplier of stock units in one commercial unit (a box of 12). Stock quantity = qCom × multiplier; the unit cost
 * is the line's net divided by that quantity, rounded half up to the centavo (the average-cost rule takes centavos).
 * Integer centavos and thousandths throughout; no floats.
 */
import type { Cents, Milli } from './money.ts';
import { mulDivRound } from './money.ts';

/** Messages of the purchase import (ours, pt-BR). */
export const PURCHASE_IMPORT_MESSAGES = {
  xmlMissing: 'Informe o XML da nota fiscal.',
  xmlInvalid: (detail: string) => `XML da nota fiscal inválido: ${detail}`,
  notNFe: 'O arquivo não é uma NF-e (modelo 55) de layout 4.00.',
  keyInvalid: 'A chave de acesso da nota fiscal é inválida.',
  alreadyImported: (key: string) => `A nota fiscal de chave ${key} já foi importada.`,
  notRecipient: 'A nota fiscal não é destinada ao CNPJ desta filial.',
  notEntry: 'A nota fiscal não é de saída do fornecedor (tpNF deve ser 1).',
  itemNotMatched: (n: number) => `Item ${n}: produto não vinculado.`,
  itemMatchUnknown: (n: number) => `Item ${n}: item não existe na nota fiscal.`,
  productNotFound: (n: number) => `Item ${n}: produto não encontrado nesta filial.`,
  quantityNotPositive: (n: number) => `Item ${n}: a quantidade deve ser maior que zero.`,
  quantityTooLarge: (n: number) => `Item ${n}: quantidade em estoque acima do permitido (999.999,999).`,
  stockAddressMissing: 'Configure o endereço de estoque da venda da filial antes de importar notas.',
  entryTypeMissing: 'Nenhum tipo de movimentação de estoque de entrada ativo encontrado.',
  imported: 'Nota fiscal importada com sucesso.',
  notFound: 'Nota fiscal importada não encontrada.',
  supplierCreatedNote: 'Fornecedor cadastrado a partir do emitente da nota fiscal.',
  payableNote: (n: string, serie: string) => `NF-e ${n} série ${serie} (importada)`,
} as const;

/** Tax regime of the branch, for the credits it takes. */
export interface EntryRegime {
  /** CRT of the branch: 1 Simples, 2 Simples over the limit, 3 normal, 4 MEI. */
  crt: number;
  /** The branch resells the goods (a shop): ICMS credit applies in the normal regime. */
  revenda: boolean;
  /** PIS/COFINS in the non-cumulative regime (Lucro Real). */
  pisCofinsNaoCumulativo: boolean;
}

/** The amounts of one item line of the NF-e, centavos (0 when absent). */
export interface EntryLineAmounts {
  vProd: Cents;
  vDesc: Cents;
  vFrete: Cents;
  vSeg: Cents;
  vOutro: Cents;
  vIPI: Cents;
  vICMS: Cents;
  vFCP: Cents;
  vICMSST: Cents;
  vFCPST: Cents;
  vPIS: Cents;
  vCOFINS: Cents;
}

export const ZERO_LINE: EntryLineAmounts = {
  vProd: 0, vDesc: 0, vFrete: 0, vSeg: 0, vOutro: 0, vIPI: 0, vICMS: 0, vFCP: 0, vICMSST: 0, vFCPST: 0, vPIS: 0, vCOFINS: 0,
};

export interface NetCost {
  /** What the line cost, before credits. */
  gross: Cents;
  icmsCredit: Cents;
  pisCofinsCredit: Cents;
  /** gross − credits, never below zero. */
  net: Cents;
}

const isSimples = (crt: number) => crt !== 3;

/** The credits the branch takes on a line and its net acquisition cost (see the file header). */
export function netAcquisitionCost(line: EntryLineAmounts, regime: EntryRegime): NetCost {
  const gross = line.vProd - line.vDesc + line.vFrete + line.vSeg + line.vOutro + line.vIPI + line.vICMSST + line.vFCPST;
  const icmsCredit = !isSimples(regime.crt) && regime.revenda ? line.vICMS + line.vFCP : 0;
  const pisCofinsCredit = !isSimples(regime.crt) && regime.pisCofinsNaoCumulativo ? line.vPIS + line.vCOFINS : 0;
  return { gross, icmsCredit, pisCofinsCredit, net: Math.max(0, gross - icmsCredit - pisCofinsCredit) };
}

/** The largest stock quantity of one line (the contracts' quantity cap), thousandths. */
export const MAX_STOCK_QUANTITY: Milli = 999_999_999;

/** Stock units entered for qCom commercial units of a logistics unit holding `multiplier` stock units (thousandths). */
export function stockQuantity(qCom: Milli, multiplier: Milli): Milli {
  return mulDivRound(qCom, multiplier, 1000);
}

/** The unit cost of the stock units entered: the line's net over their quantity, rounded half up to the centavo. */
export function unitCost(net: Cents, quantity: Milli): Cents {
  if (quantity <= 0) return 0;
  return mulDivRound(net, 1000, quantity);
}
