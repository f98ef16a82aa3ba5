/**
 * A large catalogue for benchmarks and manual tests (npm run demo:data): N more products of the demo organization,
 * each with 2 or 3 sizes, a grid row per branch, a GTIN-13 per size, stock in every stock address of its branch and
 * the prices of the price tables that change them. Rows are generated here and sent as arrays; one transaction inserts
 * a batch with one statement (data-modifying CTEs over unnest), prices resolved by the catalogue's own rule.
 */
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import type { Database, Tx } from '../db/database.ts';
import { resolvedPricesSelect } from '../modules/catalog/prices.ts';

interface Kind {
  nome: string;
  categoria: string;
  ncm: string;
  unidade: string;
  preco: number;
  tamanhos: string[];
}

const ROUPA = ['PP', 'P', 'M', 'G', 'GG', 'XG'];
const NUMERACAO = ['36', '38', '40', '42', '44', '46', '48'];
const CALCADO = ['34', '35', '36', '37', '38', '39', '40', '41', '42', '43', '44'];

const KINDS: Kind[] = [
  { nome: 'Camiseta', categoria: 'Camisetas', ncm: '61091000', unidade: 'PC', preco: 39.9, tamanhos: ROUPA },
  { nome: 'Camisa', categoria: 'Camisas', ncm: '62052000', unidade: 'PC', preco: 99.9, tamanhos: ROUPA },
  { nome: 'Calça', categoria: 'Calças', ncm: '62034200', unidade: 'PC', preco: 149.9, tamanhos: NUMERACAO },
  { nome: 'Bermuda', categoria: 'Bermudas e Shorts', ncm: '62034200', unidade: 'PC', preco: 89.9, tamanhos: NUMERACAO },
  { nome: 'Vestido', categoria: 'Vestidos e Saias', ncm: '62044400', unidade: 'PC', preco: 139.9, tamanhos: ROUPA },
  { nome: 'Blusa', categoria: 'Blusas', ncm: '61061000', unidade: 'PC', preco: 59.9, tamanhos: ROUPA },
  { nome: 'Jaqueta', categoria: 'Agasalhos', ncm: '62014000', unidade: 'PC', preco: 229.9, tamanhos: ROUPA },
  { nome: 'Tênis', categoria: 'Tênis', ncm: '64041900', unidade: 'PAR', preco: 199.9, tamanhos: CALCADO },
  { nome: 'Sandália', categoria: 'Sandálias e Chinelos', ncm: '64029990', unidade: 'PAR', preco: 79.9, tamanhos: CALCADO },
  { nome: 'Bota', categoria: 'Botas', ncm: '64039190', unidade: 'PAR', preco: 259.9, tamanhos: CALCADO },
];
const LINHAS = ['Linha Verão', 'Linha Inverno', 'Coleção Urbana', 'Coleção Praia', 'Coleção Conforto', 'Edição Limitada',
  'Linha Essencial', 'Coleção Esportiva', 'Linha Casual', 'Coleção Clássica'];
const CORES = ['Preto', 'Branco', 'Azul Marinho', 'Cinza', 'Vermelho', 'Verde', 'Bege', 'Rosa', 'Marrom', 'Amarelo', 'Vinho'];

/** GS1 prefix of the generated codes (the seed's shop uses 7891234): 7899 + 8-digit reference + check digit. */
const BULK_GTIN_PREFIX = '7899';
export const BULK_SKU_PREFIX = 'BLK-';
export const BULK_TABLES = ['produto', 'produto_grade', 'produto_grade_filial', 'produto_codigo_barra', 'estoque', 'preco'];

export interface BulkOptions {
  products: number;
  /** Products per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface BulkResult {
  products: number;
  grades: number;
  gridRows: number;
  stockRows: number;
  prices: number;
}

/** The rows of products number `first`..`last` of the bulk catalogue, as column arrays. */
export function bulkRows(first: number, last: number) {
  const p = { n: [] as number[], sku: [] as string[], descricao: [] as string[], kind: [] as number[], venda: [] as number[], atacado: [] as number[], custo: [] as number[] };
  const g = { n: [] as number[], sku: [] as string[], descricao: [] as string[], codigo: [] as string[] };
  for (let n = first; n <= last; n += 1) {
    const k = n % KINDS.length;
    const kind = KINDS[k] as Kind;
    const sku = `${BULK_SKU_PREFIX}${String(n).padStart(7, '0')}`;
    const linha = LINHAS[Math.floor(n / KINDS.length) % LINHAS.length] as string;
    const cor = CORES[Math.floor(n / 7) % CORES.length] as string;
    // Prices in whole centavos: base + 0..9 steps of R$ 5,00; wholesale 12% off, cost 45% of retail.
    const venda = Math.round(kind.preco * 100) + (n % 10) * 500;
    p.n.push(n);
    p.sku.push(sku);
    p.descricao.push(`${kind.nome} ${linha} ${cor} Ref. ${String(n).padStart(6, '0')}`);
    p.kind.push(k);
    p.venda.push(venda / 100);
    p.atacado.push(Math.round(venda * 0.88) / 100);
    p.custo.push(Math.round(venda * 0.45) / 100);
    const count = 2 + (n % 2);
    const start = n % (kind.tamanhos.length - count + 1);
    for (let i = 0; i < count; i += 1) {
      const size = kind.tamanhos[start + i] as string;
      g.n.push(n);
      g.sku.push(`${sku}-${size}`);
      g.descricao.push(size);
      g.codigo.push(withGtinCheckDigit(`${BULK_GTIN_PREFIX}${String(n * 3 + i).padStart(8, '0')}`));
    }
  }
  return { p, g };
}

const INSERT_BATCH = /* sql */ `
WITH kinds AS MATERIALIZED (
  SELECT k.ord - 1 AS kind, u.id_unidade_medida, c.id_categoria, k.ncm
    FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS k(unidade, categoria, ncm, ord)
    JOIN unidade_medida u ON u.id_organization = $1 AND u.sigla = k.unidade AND u.data_exclusao IS NULL
    LEFT JOIN categoria c ON c.id_organization = $1 AND c.descricao = k.categoria AND c.data_exclusao IS NULL
),
brands AS (SELECT array_agg(id_marca ORDER BY id_marca) AS ids FROM marca WHERE id_organization = $1 AND data_exclusao IS NULL),
p AS (
  INSERT INTO produto (id_organization, descricao, descricao_exibicao, sku, slug, id_marca, id_unidade_medida, id_categoria,
    tipo_produto, codigo_ncm, quantidade_atacarejo, preco_compra, preco_compra_medio, preco_custo, preco_custo_medio, preco_venda, preco_atacado)
  SELECT $1, r.descricao, r.descricao, r.sku, lower(r.sku), b.ids[1 + r.n % greatest(cardinality(b.ids), 1)], k.id_unidade_medida,
         k.id_categoria, 'Grade', k.ncm, 6, r.custo, r.custo, r.custo, r.custo, r.venda, r.atacado
    FROM unnest($5::integer[], $6::text[], $7::text[], $8::integer[], $9::numeric[], $10::numeric[], $11::numeric[])
           AS r(n, sku, descricao, kind, venda, atacado, custo)
    JOIN kinds k ON k.kind = r.kind
    CROSS JOIN brands b
  RETURNING id_produto, id_categoria, sku, preco_venda, preco_atacado
),
g AS (
  INSERT INTO produto_grade (id_organization, id_produto, descricao, sku)
  SELECT $1, p.id_produto, r.descricao, r.sku
    FROM unnest($12::integer[], $13::text[], $14::text[]) WITH ORDINALITY AS r(n, sku, descricao, ord)
    JOIN p ON p.sku = $17 || lpad(r.n::text, 7, '0')
   ORDER BY r.ord
  RETURNING id_produto, id_produto_grade, sku
),
b AS (
  INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, codigo)
  SELECT $1, g.id_produto, g.id_produto_grade, r.codigo FROM unnest($13::text[], $15::text[]) AS r(sku, codigo) JOIN g ON g.sku = r.sku
),
gf AS (
  INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado)
  SELECT $1, g.id_produto_grade, f.id_filial, p.preco_venda, p.preco_atacado
    FROM g JOIN p ON p.id_produto = g.id_produto CROSS JOIN unnest($16::integer[]) AS f(id_filial)
   ORDER BY f.id_filial, g.id_produto_grade
  RETURNING id_produto_grade_filial, id_filial, id_produto_grade
),
s AS (
  INSERT INTO estoque (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
  SELECT $1, gf.id_filial, e.id_endereco_estoque, gf.id_produto_grade_filial,
         (gf.id_produto_grade * 7 + e.id_endereco_estoque * 13) % CASE WHEN e.codigo = 'LOJA' THEN 9 ELSE 31 END
    FROM gf JOIN endereco_estoque e ON e.id_organization = $1 AND e.id_filial = gf.id_filial AND e.data_exclusao IS NULL
  RETURNING 1
),
pr AS (
  INSERT INTO preco (id_organization, id_filial, id_tabela_preco, id_produto_grade_filial, preco_venda, preco_atacado)
  SELECT $1, id_filial, id_tabela_preco, id_produto_grade_filial, preco_venda, preco_atacado
    FROM (${resolvedPricesSelect(`(
      SELECT gf.id_filial, gf.id_produto_grade_filial, p.id_categoria, p.preco_venda, p.preco_atacado
        FROM gf JOIN g ON g.id_produto_grade = gf.id_produto_grade JOIN p ON p.id_produto = g.id_produto)`, '$1')}) AS x
   WHERE (preco_venda, preco_atacado) IS DISTINCT FROM (base_venda, base_atacado)
  RETURNING 1
)
SELECT (SELECT count(*) FROM p) AS products, (SELECT count(*) FROM g) AS grades, (SELECT count(*) FROM gf) AS grid_rows,
       (SELECT count(*) FROM s) AS stock_rows, (SELECT count(*) FROM pr) AS prices`;

interface BatchCounts {
  products: number;
  grades: number;
  grid_rows: number;
  stock_rows: number;
  prices: number;
}

async function insertBatch(tx: Tx, id_organization: number, branches: number[], first: number, last: number): Promise<BatchCounts> {
  const { p, g } = bulkRows(first, last);
  const { rows } = await tx.query<BatchCounts>(INSERT_BATCH, [
    id_organization, KINDS.map((k) => k.unidade), KINDS.map((k) => k.categoria), KINDS.map((k) => k.ncm),
    p.n, p.sku, p.descricao, p.kind, p.venda, p.atacado, p.custo,
    g.n, g.sku, g.descricao, g.codigo, branches, BULK_SKU_PREFIX,
  ]);
  const counts = rows[0];
  if (!counts) throw new Error('bulk batch returned nothing');
  return counts;
}

/** Adds `options.products` bulk products to an organization, after any it already has. */
export async function fillBulkCatalog(db: Database, id_organization: number, options: BulkOptions): Promise<BulkResult> {
  const batchSize = options.batchSize ?? 2000;
  const { start, branches, superuser } = await db.system(async (tx) => {
    const last = await tx.query<{ n: number | null }>(
      `SELECT max(substring(sku from $2 + 1)::integer) AS n FROM produto WHERE id_organization = $1 AND sku ~ ('^' || $3 || '[0-9]+$')`,
      [id_organization, BULK_SKU_PREFIX.length, BULK_SKU_PREFIX],
    );
    const f = await tx.query<{ id_filial: number }>(
      `SELECT id_filial FROM filial WHERE id_organization = $1 AND data_exclusao IS NULL ORDER BY id_filial`,
      [id_organization],
    );
    const su = await tx.query<{ su: boolean }>(`SELECT current_setting('is_superuser') = 'on' AS su`);
    return { start: (last.rows[0]?.n ?? 0) + 1, branches: f.rows.map((r) => r.id_filial), superuser: su.rows[0]?.su === true };
  });
  const result: BulkResult = { products: 0, grades: 0, gridRows: 0, stockRows: 0, prices: 0 };
  // Statistics of the small tables the batches join (PGlite has no autovacuum).
  await db.system((tx) => tx.exec('ANALYZE unidade_medida, categoria, marca, endereco_estoque, tabela_preco, tabela_preco_filial, tabela_preco_item'));
  for (let done = 0; done < options.products; done += batchSize) {
    const first = start + done;
    const last = start + Math.min(done + batchSize, options.products) - 1;
    await db.system(async (tx) => {
      // As a superuser, skip the row triggers (sync_touch only repeats the column defaults on insert) and the
      // foreign-key checks: every row is built from the parent rows it references, in this same statement.
      if (superuser) await tx.query(`SET LOCAL session_replication_role = replica`);
      const c = await insertBatch(tx, id_organization, branches, first, last);
      result.products += Number(c.products);
      result.grades += Number(c.grades);
      result.gridRows += Number(c.grid_rows);
      result.stockRows += Number(c.stock_rows);
      result.prices += Number(c.prices);
    });
    options.onProgress?.(Math.min(done + batchSize, options.products), options.products);
  }
  return result;
}
