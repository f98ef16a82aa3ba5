import { describe, expect, it } from 'vitest';
import { ProductTextIndex, fold, tokenize, type GridWords, type ProductWords } from './textIndex.ts';

const product = (id: number, descricao: string, fields: Partial<ProductWords> = {}): ProductWords => ({
  id_produto: id,
  descricao,
  sku: null,
  live: true,
  ...fields,
});
const grid = (id: number, id_produto: number, descricao: string | null, fields: Partial<GridWords> = {}): GridWords => ({
  id_produto_grade: id,
  id_produto,
  descricao,
  sku: null,
  is_padrao: false,
  live: true,
  ...fields,
});

function shop(): ProductTextIndex {
  const index = new ProductTextIndex();
  index.putProduct(product(1, 'Camiseta Básica Algodão', { sku: 'CAM-0001' }));
  index.putProduct(product(2, 'Calça Jeans Slim'));
  index.putProduct(product(3, 'Tênis Esportivo Corrida'));
  index.putGrid(grid(11, 1, 'Azul P', { sku: 'CAM-0001-AZ-P' }));
  index.putGrid(grid(12, 1, 'Preto M'));
  index.putGrid(grid(21, 2, '40'));
  index.putGrid(grid(31, 3, 'Único', { is_padrao: true }));
  return index;
}

describe('folding and words', () => {
  it('removes accents and case, so pt-BR words match however they are typed', () => {
    expect(fold('Calça AÇÃO Pão Tênis')).toBe('calca acao pao tenis');
    expect(tokenize('Camiseta  Ref. 000123/Azul-Marinho')).toEqual(['camiseta', 'ref', '000123', 'azul', 'marinho']);
  });
});

describe('the product word index', () => {
  it('finds a variation by words of its product and of its own description, in any order and case, without accents', () => {
    const index = shop();
    expect(index.search('CALCA', 0, 25).ids).toEqual([21]);
    expect(index.search('tenis', 0, 25).ids).toEqual([31]);
    expect(index.search('preto camiseta', 0, 25).ids).toEqual([12]);
    expect(index.search('camiseta', 0, 25).ids).toEqual([11, 12]);
  });

  it('needs every word (AND) and matches words by their beginning', () => {
    const index = shop();
    expect(index.search('cam alg az', 0, 25).ids).toEqual([11]);
    expect(index.search('camiseta jeans', 0, 25).ids).toEqual([]);
    // The middle of a word is not the beginning of one.
    expect(index.search('iseta', 0, 25).ids).toEqual([]);
    expect(index.search('xyz', 0, 25).ids).toEqual([]);
    expect(index.search('  ', 0, 25).ids).toEqual([]);
  });

  it('does not use the own description of a default variation', () => {
    expect(shop().search('unico', 0, 25).ids).toEqual([]);
  });

  it('finds by SKU words', () => {
    expect(shop().search('cam-0001-az', 0, 25).ids).toEqual([11]);
  });

  it('pages the results and says whether more follow', () => {
    const index = new ProductTextIndex();
    for (let p = 1; p <= 30; p += 1) {
      index.putProduct(product(p, `Meia Esportiva ${p}`));
      index.putGrid(grid(p * 10, p, 'P'));
      index.putGrid(grid(p * 10 + 1, p, 'G'));
    }
    const first = index.search('meia', 0, 25);
    expect(first.ids).toHaveLength(25);
    expect(first.more).toBe(true);
    const last = index.search('meia', 50, 25);
    expect(last.ids).toEqual([260, 261, 270, 271, 280, 281, 290, 291, 300, 301]);
    expect(last.more).toBe(false);
    // Pages never overlap and cover everything once.
    const all = [0, 25, 50].flatMap((offset) => index.search('meia', offset, 25).ids);
    expect(new Set(all).size).toBe(60);
  });

  it('uses the words of the latest version of a row: a renamed product is found by its new name only', () => {
    const index = shop();
    index.putProduct(product(2, 'Bermuda Sarja'));
    expect(index.search('calca', 0, 25).ids).toEqual([]);
    expect(index.search('bermuda', 0, 25).ids).toEqual([21]);
    index.putGrid(grid(12, 1, 'Vermelho M'));
    expect(index.search('camiseta preto', 0, 25).ids).toEqual([]);
    expect(index.search('camiseta vermelho', 0, 25).ids).toEqual([12]);
  });

  it('forgets inactive and deleted rows, and finds them again when they come back', () => {
    const index = shop();
    index.putProduct(product(1, 'Camiseta Básica Algodão', { live: false }));
    expect(index.search('camiseta', 0, 25).ids).toEqual([]);
    index.putProduct(product(1, 'Camiseta Básica Algodão'));
    expect(index.search('camiseta', 0, 25).ids).toEqual([11, 12]);
    index.removeGrid(11);
    expect(index.search('camiseta', 0, 25).ids).toEqual([12]);
    expect(index.size).toBe(3);
    index.removeProduct(3);
    expect(index.search('tenis', 0, 25).ids).toEqual([]);
  });

  it('indexes a variation that arrives before its product once the product arrives', () => {
    const index = new ProductTextIndex();
    index.putGrid(grid(5, 9, 'Azul'));
    expect(index.search('azul', 0, 25).ids).toEqual([]);
    index.putProduct(product(9, 'Boné Aba Reta'));
    expect(index.search('bone azul', 0, 25).ids).toEqual([5]);
  });

  it('answers the same as a linear scan of the rows, for random catalogues and queries', () => {
    const vocabulary = ['camiseta', 'calça', 'tênis', 'azul', 'preto', 'linha', 'verão', 'ref', 'básica', 'algodão', 'slim'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const index = new ProductTextIndex();
    const rows: Array<{ id: number; text: string }> = [];
    for (let p = 1; p <= 400; p += 1) {
      const words = Array.from({ length: 1 + random(4) }, () => vocabulary[random(vocabulary.length)] ?? '');
      const descricao = words.join(' ');
      index.putProduct(product(p, descricao));
      const own = vocabulary[random(vocabulary.length)] ?? '';
      index.putGrid(grid(p, p, own));
      rows.push({ id: p, text: tokenize(`${descricao} ${own}`).join(' ') });
    }
    const check = () => {
      for (let q = 0; q < 100; q += 1) {
        const query = Array.from({ length: 1 + random(3) }, () => (vocabulary[random(vocabulary.length)] ?? '').slice(0, 1 + random(6))).join(' ');
        const needles = tokenize(query);
        const expected = rows.filter((r) => needles.every((n) => ` ${r.text}`.includes(` ${n}`))).map((r) => r.id);
        const found = Array.from({ length: 17 }, (_, page) => index.search(query, page * 25, 25).ids).flat();
        expect(found, query).toEqual(expected);
      }
    };
    check();
    // Renames out of order leave stale and unordered postings behind: the answers stay those of a scan.
    for (let n = 0; n < 150; n += 1) {
      const p = 1 + random(400);
      const descricao = Array.from({ length: 1 + random(4) }, () => vocabulary[random(vocabulary.length)] ?? '').join(' ');
      const own = vocabulary[random(vocabulary.length)] ?? '';
      index.putProduct(product(p, descricao));
      index.putGrid(grid(p, p, own));
      rows[p - 1] = { id: p, text: tokenize(`${descricao} ${own}`).join(' ') };
    }
    check();
  });
});
