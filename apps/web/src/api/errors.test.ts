import { describe, expect, it } from 'vitest';
import { ApiError, UNKNOWN_ERROR_MESSAGE, errorDisplayOf } from './errors.ts';

function httpError(body: ApiError['body'], text = 'Erro 500 ao comunicar com o servidor.') {
  return new ApiError('http', 500, body, text, 'branchFind');
}

describe('errorDisplayOf (the 400/500 display rule of 002 §8)', () => {
  it('shows the complement when it is not empty', () => {
    const error = httpError({ message: 'Dados inválidos na requisição.', complement: 'CNPJ já cadastrado.' });
    expect(errorDisplayOf(error).text).toBe('CNPJ já cadastrado.');
  });

  it('falls back to the message (description) when the complement is empty or blank', () => {
    expect(errorDisplayOf(httpError({ message: 'Registro não encontrado.', complement: '' })).text).toBe(
      'Registro não encontrado.',
    );
    expect(errorDisplayOf(httpError({ message: 'Registro não encontrado.', complement: '   ' })).text).toBe(
      'Registro não encontrado.',
    );
    expect(errorDisplayOf(httpError({ message: 'Registro não encontrado.' })).text).toBe('Registro não encontrado.');
  });

  it('falls back to the error text when the body has neither complement nor message', () => {
    expect(
      errorDisplayOf(httpError({ message: '' }, 'Erro 500 (Internal Server Error) ao comunicar com o servidor.')).text,
    ).toBe('Erro 500 (Internal Server Error) ao comunicar com o servidor.');
    expect(errorDisplayOf(httpError(null, 'Erro 502 ao comunicar com o servidor.')).text).toBe(
      'Erro 502 ao comunicar com o servidor.',
    );
  });

  it('uses the text of any other error, and a generic sentence for values with no text', () => {
    expect(errorDisplayOf(new Error('Falhou ao ler o arquivo')).text).toBe('Falhou ao ler o arquivo');
    expect(errorDisplayOf('Texto solto').text).toBe('Texto solto');
    expect(errorDisplayOf(undefined).text).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(errorDisplayOf(new Error('')).text).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it("carries the answer's list of errors as details, without blank lines", () => {
    const error = httpError({
      message: 'Dados inválidos na requisição.',
      erros: ['email: Informe um e-mail válido.', ' '],
    });
    expect(errorDisplayOf(error)).toEqual({
      text: 'Dados inválidos na requisição.',
      details: ['email: Informe um e-mail válido.'],
    });
  });
});
