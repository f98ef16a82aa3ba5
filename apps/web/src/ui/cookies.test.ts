import { describe, expect, it } from 'vitest';
import { parseCookies } from './cookies.ts';

describe('parseCookies', () => {
  it('reads names and decoded values, keeping the first of repeated names', () => {
    const cookies = parseCookies('pdv_cor_primaria=%231c7ed6; pdv_versao=0.1.0.40; pdv_versao=old; vazio=');
    expect(cookies.get('pdv_cor_primaria')).toBe('#1c7ed6');
    expect(cookies.get('pdv_versao')).toBe('0.1.0.40');
    expect(cookies.get('vazio')).toBe('');
  });

  it('keeps a value that is not valid percent-encoding as it is', () => {
    expect(parseCookies('x=%E0%A4%A').get('x')).toBe('%E0%A4%A');
  });
});
