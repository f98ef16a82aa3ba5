import { describe, expect, it } from 'vitest';
import { spliceRows } from './json-rows.ts';

describe('spliceRows', () => {
  it('puts the array text in place of the empty rows, keeping every other field', () => {
    const text = spliceRows({ rows: [], date_change: '42', offset: 7, has_more: true }, '[{"id":1,"nome":"Café \\"forte\\""}]');
    expect(text.startsWith('{"rows":[')).toBe(true);
    expect(JSON.parse(text)).toEqual({ rows: [{ id: 1, nome: 'Café "forte"' }], date_change: '42', offset: 7, has_more: true });
  });

  it('answers a valid object when rows is the only field', () => {
    expect(JSON.parse(spliceRows({ rows: [] }, '[]'))).toEqual({ rows: [] });
  });
});
