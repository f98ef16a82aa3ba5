import { describe, expect, it } from 'vitest';
import { BANK_MESSAGES as M, pixPaymentError, pixWithoutChargeError } from './bank-integration.ts';

const pix = { meio_pagamento: '17', txid_pix: null, cartao_nsu: null, cartao_tipo_integracao: null };

describe('pixWithoutChargeError', () => {
  it('refuses a PIX with neither a charge nor a terminal only where the branch has an integrated PIX account', () => {
    expect(pixWithoutChargeError([pix], true)).toBe(M.pixWithoutCharge);
    expect(pixWithoutChargeError([pix], false)).toBeNull();
  });

  it("takes a charge's txid, a terminal's NSU or integration type, and other methods", () => {
    expect(pixWithoutChargeError([{ ...pix, txid_pix: 'A'.repeat(32) }], true)).toBeNull();
    expect(pixWithoutChargeError([{ ...pix, cartao_nsu: '123' }], true)).toBeNull();
    expect(pixWithoutChargeError([{ ...pix, cartao_tipo_integracao: '1' }], true)).toBeNull();
    expect(pixWithoutChargeError([{ ...pix, meio_pagamento: '01' }, { ...pix, meio_pagamento: '03' }], true)).toBeNull();
    expect(pixWithoutChargeError([{ ...pix, meio_pagamento: '01' }, pix], true)).toBe(M.pixWithoutCharge);
  });
});

describe('pixPaymentError', () => {
  const sale = { valor: 1000, id_filial: 1, id_operacao: 'op-1' };
  const paid = { situacao: 'Paga' as const, valor: 1000, id_filial: 1, id_operacao: null };
  it('takes a confirmed charge of the branch and amount, once', () => {
    expect(pixPaymentError(paid, sale)).toBeNull();
    expect(pixPaymentError({ ...paid, situacao: 'ConfirmadaManual' }, sale)).toBeNull();
    expect(pixPaymentError({ ...paid, id_operacao: 'op-1' }, sale)).toBeNull();
  });
  it('refuses the others', () => {
    expect(pixPaymentError(undefined, sale)).toBe(M.pixNotFound);
    expect(pixPaymentError({ ...paid, id_filial: 2 }, sale)).toBe(M.pixNotFound);
    expect(pixPaymentError({ ...paid, situacao: 'Ativa' }, sale)).toBe(M.pixNotPaid);
    expect(pixPaymentError({ ...paid, id_operacao: 'op-2' }, sale)).toBe(M.pixAlreadyUsed);
    expect(pixPaymentError({ ...paid, valor: 999 }, sale)).toBe(M.pixValueMismatch);
  });
});
