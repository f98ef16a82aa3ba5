import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FISCAL_MESSAGES as M } from './fiscal-messages.ts';
import { reprocessError, splitItem, splitItemErrors, transmissionTypeError } from './invoice-actions.ts';

describe('reprocessError', () => {
  it('allows drafts, pending and contingency invoices', () => {
    for (const situacao of ['EmEdicao', 'Rejeitada', 'EmProcessamento', 'Contingencia']) {
      expect(reprocessError({ situacao, numero_nota_fiscal: 1 })).toBeNull();
    }
  });
  it('refuses an authorized invoice with its number, and a cancelled one', () => {
    expect(reprocessError({ situacao: 'Autorizada', numero_nota_fiscal: 12 })).toBe(M.alreadyAuthorized(12));
    expect(reprocessError({ situacao: 'Cancelada', numero_nota_fiscal: 12 })).toBe(M.notReprocessable);
  });
});

describe('transmissionTypeError', () => {
  const draft = { situacao: 'EmEdicao', protocolo: null };
  it('accepts offline contingency for an NFC-e draft with a justification', () => {
    expect(transmissionTypeError(draft, { modelo: '65', tipo_emissao: 9, justificativa: 'Internet da loja fora do ar' })).toBeNull();
    expect(transmissionTypeError(draft, { modelo: '55', tipo_emissao: 1, justificativa: null })).toBeNull();
  });
  it('refuses contingency for an NF-e, a short justification and an authorized invoice', () => {
    expect(transmissionTypeError(draft, { modelo: '55', tipo_emissao: 9, justificativa: 'Internet da loja fora do ar' })).toBe(M.transmissionTypeModel);
    expect(transmissionTypeError(draft, { modelo: '65', tipo_emissao: 9, justificativa: 'curta' })).toBe(M.justificationLength);
    expect(transmissionTypeError({ situacao: 'Autorizada', protocolo: '1' }, { modelo: '65', tipo_emissao: 1, justificativa: null }))
      .toBe(M.notEditable);
  });
});

describe('splitItem', () => {
  const item = { quantidade: 3000, valor_unitario: 1000, valor_desconto: 100, is_cancelado: false };
  it('shares the discount by quantity', () => {
    expect(splitItem(item, [1000, 2000])).toEqual([{ quantidade: 1000, valor_desconto: 33 }, { quantidade: 2000, valor_desconto: 67 }]);
  });
  it('refuses parts that do not sum to the item, non-positive parts, none, or a cancelled item', () => {
    expect(splitItemErrors(item, [1000, 1000])).toEqual([M.splitQuantitySum]);
    expect(splitItemErrors(item, [3000, 0])).toEqual([M.splitQuantityPositive]);
    expect(splitItemErrors(item, [])).toEqual([M.splitPartsMissing]);
    expect(splitItemErrors({ ...item, is_cancelado: true }, [3000])).toEqual([M.splitItemCancelled]);
  });
  it('parts always sum to the item quantity and discount exactly', () => {
    fc.assert(fc.property(
      fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 1_000_000 }),
      (quantities, desconto) => {
        const total = quantities.reduce((a, b) => a + b, 0);
        const parts = splitItem({ quantidade: total, valor_unitario: 500, valor_desconto: desconto, is_cancelado: false }, quantities);
        expect(parts.reduce((a, p) => a + p.quantidade, 0)).toBe(total);
        expect(parts.reduce((a, p) => a + p.valor_desconto, 0)).toBe(desconto);
      }));
  });
});
