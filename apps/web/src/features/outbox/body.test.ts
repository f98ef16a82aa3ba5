import { describe, expect, it } from 'vitest';
import { InvalidOperationError, toOperacaoBody } from './body.ts';
import { makeBundle } from './testing.ts';

const withModel = (modelo: string | null) => {
  const bundle = makeBundle();
  return { ...bundle, operation: { ...bundle.operation, modelo } };
};

describe('the body of POST /operacao', () => {
  it('sends a CF-e SAT sale (model 59) as the NFC-e and NF-e ones: the server makes its invoice for the SAT', () => {
    for (const modelo of ['59', '65', '55', null]) expect(toOperacaoBody(withModel(modelo)).modelo).toBe(modelo);
  });

  it('keeps refusing a model the contract does not know', () => {
    expect(() => toOperacaoBody(withModel('57'))).toThrow(InvalidOperationError);
  });
});
