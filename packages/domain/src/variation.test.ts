import { describe, expect, it } from 'vitest';
import { variationDescription, variationName } from './variation.ts';

describe('variation description', () => {
  it('hides the default variation whatever it is called', () => {
    expect(variationDescription('Caneta', { descricao: 'Geral', is_padrao: true })).toBe('Caneta');
    expect(variationDescription('Caneta', { descricao: 'Azul', is_padrao: true })).toBe('Caneta');
    expect(variationName({ descricao: 'Geral', is_padrao: true })).toBeNull();
  });

  it("adds a non-default variation's name after the product's", () => {
    expect(variationDescription('Camiseta', { descricao: 'P / Azul', is_padrao: false })).toBe('Camiseta P / Azul');
    expect(variationName({ descricao: ' M ', is_padrao: false })).toBe('M');
  });

  it('adds nothing for a variation without a name', () => {
    expect(variationDescription('Camiseta', { descricao: '', is_padrao: false })).toBe('Camiseta');
    expect(variationDescription('Camiseta', { descricao: null, is_padrao: null })).toBe('Camiseta');
  });
});
