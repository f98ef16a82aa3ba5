import { describe, expect, it } from 'vitest';
import {
  blockOf, blockSizeError, blocksOverlap, contingencyResendChange, type ContingencyResendFacts, NFCE_BLOCK_MAX, NFCE_OFFLINE_MESSAGES as M, nextFreeNumber, nfceSummaryMismatch, type NfceSummary,
} from './nfce-offline.ts';

const sale: NfceSummary = {
  itens: [{ codigo: 'A1', quantidade: 2000, valor_total: 5980, valor_desconto: 0 }, { codigo: 'B2', quantidade: 1000, valor_total: 1000, valor_desconto: 100 }],
  valor_produtos: 6980, valor_desconto: 100, valor_total: 6880,
};

describe('NFC-e offline blocks', () => {
  it('sizes a block between 1 and the maximum', () => {
    expect(blockSizeError(1)).toBeNull();
    expect(blockSizeError(NFCE_BLOCK_MAX)).toBeNull();
    for (const bad of [0, -1, NFCE_BLOCK_MAX + 1, 2.5]) expect(blockSizeError(bad)).toBe(M.blockSize);
  });

  it('finds the block of a number, tells overlapping blocks and the next free number of a till', () => {
    const blocks = [{ numero_inicial: 11, numero_final: 15 }, { numero_inicial: 31, numero_final: 32 }];
    expect(blockOf(blocks, 11)).toBe(blocks[0]);
    expect(blockOf(blocks, 15)).toBe(blocks[0]);
    expect(blockOf(blocks, 16)).toBeNull();
    expect(blockOf(blocks, 32)).toBe(blocks[1]);
    expect(blocksOverlap(blocks[0]!, { numero_inicial: 15, numero_final: 20 })).toBe(true);
    expect(blocksOverlap(blocks[0]!, { numero_inicial: 16, numero_final: 20 })).toBe(false);
    expect(nextFreeNumber(blocks, [11, 12])).toBe(13);
    expect(nextFreeNumber(blocks, [11, 12, 13, 14, 15])).toBe(31);
    expect(nextFreeNumber(blocks, [11, 12, 13, 14, 15, 31, 32])).toBeNull();
  });
});

describe('the signed document against the sale', () => {
  it('agrees with the same items and totals', () => {
    expect(nfceSummaryMismatch(sale, structuredClone(sale))).toBeNull();
  });

  it('names the first difference', () => {
    const change = (fn: (s: NfceSummary) => void) => {
      const s = structuredClone(sale);
      fn(s);
      return nfceSummaryMismatch(sale, s);
    };
    expect(change((s) => s.itens.pop())).toBe(M.mismatch('1 itens no XML, 2 na venda'));
    expect(change((s) => (s.itens[0]!.codigo = 'Z9'))).toBe(M.mismatch('item 1 com código Z9 no XML e A1 na venda'));
    expect(change((s) => (s.itens[1]!.quantidade = 2000))).toBe(M.mismatch('quantidade do item 2'));
    expect(change((s) => (s.itens[0]!.valor_total = 1))).toBe(M.mismatch('valor do item 1'));
    expect(change((s) => (s.itens[1]!.valor_desconto = 0))).toBe(M.mismatch('desconto do item 2'));
    expect(change((s) => (s.valor_produtos = 1))).toBe(M.mismatch('valor dos produtos'));
    expect(change((s) => (s.valor_desconto = 0))).toBe(M.mismatch('valor do desconto'));
    expect(change((s) => (s.valor_total = 1))).toBe(M.mismatch('valor total da nota'));
  });
});

describe('contingencyResendChange (a rejected contingency NFC-e corrected with the same number)', () => {
  const printed: ContingencyResendFacts = {
    chave: '35261112345678000195650010000000019000000011', serie: 1, numero: 1, emitidaEm: Date.parse('2026-11-28T10:00:00-03:00'),
    destinatario: null,
    summary: { itens: [{ codigo: 'A', quantidade: 1000, valor_total: 1000, valor_desconto: 0 }], valor_produtos: 1000, valor_desconto: 0, valor_total: 1000 },
    totals: { vBC: 1000, vICMS: 180, vPIS: 0, vCOFINS: 0 },
  };

  it('lets through a correction that keeps number, date, key, recipient and the tax-determining values', () => {
    expect(contingencyResendChange(printed, structuredClone(printed))).toBeNull();
    // The same instant written in another offset is the same emission date.
    expect(contingencyResendChange(printed, { ...printed, emitidaEm: Date.parse('2026-11-28T13:00:00Z') })).toBeNull();
  });

  it('names what changed', () => {
    expect(contingencyResendChange(printed, { ...printed, numero: 2 })).toBe('a série nem o número');
    expect(contingencyResendChange(printed, { ...printed, emitidaEm: printed.emitidaEm + 1000 })).toBe('a data de emissão');
    expect(contingencyResendChange(printed, { ...printed, chave: printed.chave.replace(/1$/, '2') })).toBe('a chave de acesso');
    expect(contingencyResendChange(printed, { ...printed, destinatario: '12345678909' })).toBe('o destinatário');
    const more = { ...printed.summary, itens: [{ ...printed.summary.itens[0]!, quantidade: 2000 }] };
    expect(contingencyResendChange(printed, { ...printed, summary: more })).toBe('os itens nem os valores (quantidade do item 1)');
    expect(contingencyResendChange(printed, { ...printed, totals: { ...printed.totals, vBC: 900 } })).toBe('a base de cálculo do ICMS');
    expect(contingencyResendChange(printed, { ...printed, totals: { ...printed.totals, vICMS: 120 } })).toBe('o valor do ICMS');
    expect(contingencyResendChange(printed, { ...printed, totals: { ...printed.totals, vCOFINS: 1 } })).toBe('o valor da COFINS');
  });
});
