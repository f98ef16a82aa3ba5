import { describe, expect, it } from 'vitest';
import { splitPageText } from './pageText.ts';

/** A page as the server writes it: the rows' text spliced in first (apps/server/src/http/json-rows.ts). */
const answer = (rows: string, tail = '"date_change":"2026-11-29 10:00:00.000001","offset":42,"has_more":true') =>
  tail === '' ? `{"rows":${rows}}` : `{"rows":${rows},${tail}}`;

describe('splitPageText', () => {
  it('leaves the rows as their text and reads the position after them', () => {
    const rows = [
      // Text that looks like the page's structure, inside strings and nested values.
      { id_produto: 1, descricao: 'Camiseta "Básica" [P] {azul}, 100% ],"date_change":', tags: ['a', 'b]'], extra: { nested: [1, { x: '}' }] } },
      { id_produto: 2, descricao: 'Barra \\ invertida e aspas \\"', data_exclusao: null, lista: [1], date_change: 'campo da linha' },
      { id_produto: 3, descricao: 'Calça', data_exclusao: '2026-11-29' },
    ];
    const page = splitPageText(answer(JSON.stringify(rows)));
    expect(page).toEqual({
      rows: [],
      rowsJson: JSON.stringify(rows),
      date_change: '2026-11-29 10:00:00.000001',
      offset: 42,
      has_more: true,
    });
    expect(JSON.parse(page?.rowsJson ?? '')).toEqual(rows);
  });

  it('reads an empty page as no rows, and the held_back flag', () => {
    expect(splitPageText(answer('[]', '"date_change":"","offset":0,"has_more":false,"held_back":true'))).toEqual({
      rows: [],
      date_change: '',
      offset: 0,
      has_more: false,
      held_back: true,
    });
  });

  it('answers null for any other layout, so that the caller parses the whole answer', () => {
    // The position first, or spaces in the head: not the server's layout.
    expect(splitPageText('{"date_change":"","offset":0,"has_more":false,"rows":[]}')).toBeNull();
    expect(splitPageText('{ "rows":[],"date_change":"","offset":0,"has_more":false}')).toBeNull();
    expect(splitPageText('{"rows": [],"date_change":"","offset":0,"has_more":false}')).toBeNull();
    // Cut short before the position.
    expect(splitPageText('{"rows":[{"id":1}]')).toBeNull();
    expect(splitPageText('{"rows":[{"descricao":"sem fim')).toBeNull();
    // The position outside the contract, or not JSON.
    expect(splitPageText(answer('[]', '"date_change":1,"offset":0,"has_more":false'))).toBeNull();
    expect(splitPageText(answer('[]', '"date_change":"","has_more":false'))).toBeNull();
    expect(splitPageText(answer('[]', '"date_change":"","offset":0,"has_more":false,}'))).toBeNull();
    expect(splitPageText(answer('[]', ''))).toBeNull();
  });
});
