import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { STOCK_DOCUMENT_MESSAGES as M, validateItems } from './stock-document.ts';
import { checkDestinationBranch, transferCfop, transferTaxes } from './stock-transfer.ts';

describe('transfers between branches', () => {
  it('uses CFOP 5152 within the state and 6152 across states', () => {
    expect(transferCfop('SP', 'SP')).toBe('5152');
    expect(transferCfop('SP', 'RJ')).toBe('6152');
    expect(() => transferCfop('SP', '')).toThrow(M.branchAddressIncomplete);
  });

  it('charges no ICMS, PIS nor COFINS: CST 41 or CSOSN 400, PIS/COFINS CST 08', () => {
    expect(transferTaxes(false)).toEqual({ icms_cst: '41', icms_csosn: null, pis_cst: '08', cofins_cst: '08' });
    expect(transferTaxes(true)).toEqual({ icms_cst: null, icms_csosn: '400', pis_cst: '08', cofins_cst: '08' });
  });

  it('refuses the origin branch as destination', () => {
    expect(() => checkDestinationBranch(3, 3)).toThrow(new ValidationError(M.sameBranch, 'id_filial_destino'));
    expect(() => checkDestinationBranch(3, 4)).not.toThrow();
  });

  it('takes no destination address on a transfer to another branch, and requires one between addresses', () => {
    const item = { id_produto_grade_filial: 1, id_endereco_estoque: 10, id_endereco_estoque_destino: null, quantidade: 5000, valor_unitario: 0 };
    expect(() => validateItems('Transferencia', [item], true)).not.toThrow();
    expect(() => validateItems('Transferencia', [item])).toThrow(M.destinationMissing);
    expect(() => validateItems('Transferencia', [{ ...item, id_endereco_estoque_destino: 11 }], true)).toThrow(M.destinationNotTransfer);
  });
});
