import { describe, expect, it } from 'vitest';
import { TransitionError, ValidationError } from './errors.ts';

describe('ValidationError', () => {
  it('is an Error carrying the user-facing message and, optionally, the field', () => {
    const error = new ValidationError('Endereço de estoque não selecionado.', 'id_endereco_estoque');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe('Endereço de estoque não selecionado.');
    expect(error.field).toBe('id_endereco_estoque');
    expect(new ValidationError('x').field).toBeUndefined();
  });
});

describe('TransitionError', () => {
  it('names both states of the refused transition', () => {
    const error = new TransitionError('Processado', 'EmEdicao');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Transição de situação inválida: Processado -> EmEdicao.');
    expect([error.from, error.to]).toEqual(['Processado', 'EmEdicao']);
  });
});
