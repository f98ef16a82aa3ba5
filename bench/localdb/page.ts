/**
 * The localdb bench's page: loads N products' catalogue rows (product, grid, barcode, stock, price in the proportions
 * of the 100k-product demo catalogue) into the local copy's worker (apps/web/src/localdb, opfs-sahpool) and the same
 * rows into the raw baseline worker, then times searches and barcode lookups from the page.
 */
import { LocalDbClient } from '../../apps/web/src/localdb/client.ts';
import type { PageFigures } from './figures.ts';
import { rawCall } from './raw-client.ts';

type Row = Record<string, unknown>;
const stamps = { data_cadastro: '2026-11-22T06:29:42.828Z', data_alteracao: '2026-11-22T06:29:42.828Z', data_exclusao: null };
const KINDS = ['Bota', 'Tênis', 'Sandália', 'Camiseta', 'Calça', 'Jaqueta', 'Meia', 'Boné', 'Chinelo', 'Vestido', 'Saia', 'Bermuda'];
const COLOURS = ['Preta', 'Branca', 'Azul', 'Vermelha', 'Verde', 'Café', 'Vinho', 'Cinza', 'Bege', 'Marrom', 'Rosa'];
const TRAITS = ['Couro', 'Algodão', 'Edição Limitada', 'Básica', 'Esportiva', 'Infantil', 'Feminina', 'Masculina', 'Promoção'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

export const TABLES: Record<string, { key: string; perProduct: number }> = {
  product: { key: 'id_produto', perProduct: 1 },
  grid: { key: 'id_produto_grade', perProduct: 2.5 },
  barcode: { key: 'id_produto_codigo_barra', perProduct: 2.5 },
  stock: { key: 'id_estoque', perProduct: 5 },
  price: { key: 'id_preco', perProduct: 2.5 },
};

function makeRow(table: string, i: number): Row {
  const name = `${pick(KINDS, i)} ${pick(TRAITS, Math.floor(i / 7))} ${pick(COLOURS, Math.floor(i / 3))} Ref. ${String(i).padStart(6, '0')}`;
  switch (table) {
    case 'product':
      return { id_produto: i, descricao: name, descricao_exibicao: name, sku: `BLK-${i}`, slug: `blk-${i}`, id_marca: i % 9,
        id_unidade_medida: 3, id_categoria: i % 20, url_imagem_principal: null, tipo_produto: 'Grade', situacao: 'Ativo',
        codigo_ncm: '64039190', cest: null, origem_produto: 0, tipo_item: '00', codigo_beneficio_fiscal: null,
        icms_percentual_reducao_base_calculo: null, icms_percentual_diferimento: null, descricao_garantia: null,
        tempo_garantia: null, tipo_tempo_garantia: 'Dias', peso: null, enviar_balanca: false, imprimir_data_embalagem_balanca: false,
        quantidade_atacarejo: 6, percentual_desconto_maximo: null, perc_max_aumento_preco_produto: null,
        perc_max_reducao_preco_produto: null, preco_custo: 137.21, preco_custo_medio: 137.21, preco_venda: 304.9,
        preco_atacado: 268.31, ...stamps };
    case 'grid':
      return { id_produto_grade: i, id_produto_grade_filial: i, id_produto: Math.ceil(i / 2.5), id_filial: 1, descricao: '38',
        sku: `BLK-${i}-38`, is_padrao: false, situacao: 'Ativo', preco_venda: 304.9, preco_atacado: 268.31, is_ecommerce: false, ...stamps };
    case 'barcode':
      return { id_produto_codigo_barra: i, id_produto: Math.ceil(i / 2.5), id_produto_grade: i, id_produto_unidade_logistica: null,
        id_unidade_medida: null, multiplicador: 1, codigo: String(7890000000000 + i), situacao: 'Ativo', ...stamps };
    case 'stock':
      return { id_estoque: i, id_filial: 1, id_endereco_estoque: 1 + (i % 2), id_produto_grade_filial: Math.ceil(i / 2),
        quantidade: 12, quantidade_reserva: 0, ...stamps };
    default:
      return { id_preco: i, id_filial: 1, id_tabela_preco: 1 + (i % 2), id_produto_grade_filial: i, preco_venda: 299.9,
        preco_atacado: 259.9, ...stamps };
  }
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? NaN;
}


async function run(products: number, pageRows: number): Promise<PageFigures> {
  const engineWorker = new Worker('/worker.js', { type: 'module' });
  const db = new LocalDbClient(engineWorker, () => engineWorker.terminate());
  await db.open({ directory: '.bench-engine', file: '/bench.sqlite3', clearOnInit: true });
  const raw = new Worker('/raw.js', { type: 'module' });
  await rawCall(raw, { op: 'open' });

  let engineMs = 0;
  let rawMs = 0;
  let rows = 0;
  let start = performance.now();
  await db.beginLoad(Object.keys(TABLES));
  engineMs += performance.now() - start;
  for (const [table, { key, perProduct }] of Object.entries(TABLES)) {
    const count = Math.round(products * perProduct);
    const all = Array.from({ length: count }, (_, i) => makeRow(table, i + 1));
    rows += count;
    start = performance.now();
    for (let i = 0; i < count; i += pageRows) await rawCall(raw, { op: 'load', table, key, rows: all.slice(i, i + pageRows) });
    rawMs += performance.now() - start;
    start = performance.now();
    for (let i = 0; i < count; i += pageRows) await db.applyChanges([{ table, rows: all.slice(i, i + pageRows) }]);
    engineMs += performance.now() - start;
  }
  start = performance.now();
  await db.endLoad();
  const indexMs = performance.now() - start;
  engineMs += indexMs;

  const queries = ['bota', 'tenis azul', 'sandalia couro pre', 'calca basica', 'camis edic lim vinho', 'cal', 'jaq masc',
    `BLK-${Math.ceil(products / 2)}`, 'bone promocao 00', 'vestido rosa feminina'];
  const time = async (n: number, fn: (i: number) => Promise<unknown>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const t = performance.now();
      await fn(i);
      out.push(performance.now() - t);
    }
    return out;
  };
  const variationHits: Record<string, number> = {};
  for (const q of queries) variationHits[q] = (await db.searchVariations(q, 0, 25)).rows.length;
  await time(20, (i) => db.searchVariations(pick(queries, i), 0, 25));
  const variation = await time(300, (i) => db.searchVariations(pick(queries, i), 0, 25));
  const barcodes = Math.round(products * 2.5);
  const barcode = await time(300, (i) => db.byBarcode(String(7890000000000 + 1 + ((i * 7919) % barcodes))));
  const lookup = await time(300, (i) => rawCall(raw, { op: 'get', table: 'product', value: 1 + ((i * 7919) % products) }));
  await db.close();
  raw.terminate();
  return { rows, engineMs, rawMs, indexMs, variationP95: p95(variation), variationHits, barcodeP95: p95(barcode), keyLookupP95: p95(lookup) };
}

(globalThis as unknown as { runLocalDbBench: typeof run }).runLocalDbBench = run;
