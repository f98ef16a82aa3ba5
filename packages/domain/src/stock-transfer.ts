/**
 * Transfers between branches of one organization (issue 22): a stock document of kind Transferencia whose destination
 * is another branch (tipo_destino 'Filial') goes out with a transfer NF-e. Its CFOP is 5152 ("Transferência de
 * mercadoria adquirida ou recebida de terceiros") when both branches are in the same state and 6152 across states.
 * The taxes: since the STF's ADC 49 (2021) and LC 204/2023, moving goods between establishments of the same owner is
 * not an ICMS taxable event: ICMS CST 41 (não tributada) or CSOSN 400 under the Simples Nacional, and PIS/COFINS
 * CST 08 (operação sem incidência: a transfer is no revenue).
 */
import { ValidationError } from './errors.ts';
import { STOCK_DOCUMENT_MESSAGES as M } from './stock-document.ts';

export const TRANSFER_NATURE = 'Transferência de mercadoria entre filiais';

/** 5152 within the state, 6152 across states. */
export function transferCfop(ufOrigem: string, ufDestino: string): '5152' | '6152' {
  if (!/^[A-Z]{2}$/.test(ufOrigem) || !/^[A-Z]{2}$/.test(ufDestino)) throw new ValidationError(M.branchAddressIncomplete);
  return ufOrigem === ufDestino ? '5152' : '6152';
}

/** The tax codes of a transfer's items (no ICMS, PIS nor COFINS on goods moving between one owner's branches). */
export function transferTaxes(simples: boolean): { icms_cst: string | null; icms_csosn: string | null; pis_cst: string; cofins_cst: string } {
  return simples
    ? { icms_cst: null, icms_csosn: '400', pis_cst: '08', cofins_cst: '08' }
    : { icms_cst: '41', icms_csosn: null, pis_cst: '08', cofins_cst: '08' };
}

/** A transfer goes to another branch than the one it leaves. */
export function checkDestinationBranch(id_filial: number, id_filial_destino: number): void {
  if (id_filial === id_filial_destino) throw new ValidationError(M.sameBranch, 'id_filial_destino');
}
