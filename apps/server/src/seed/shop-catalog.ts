/**
 * Loads a shop's catalogue into an organization of the demo: measure units, categories, brands, products with
 * their variations, per-branch grid rows, GTIN barcodes, stock addresses and stock, price tables and their resolved
 * prices, inventories. A few statements per table (rows travel as one JSON parameter), so it stays fast.
 */
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import type { Tx } from '../db/database.ts';
import { resolvePrices } from '../modules/catalog/prices.ts';
import type { DemoOrganization } from './demo.ts';

export interface ProductSeed {
  sku: string;
  descricao: string;
  categoria: string;
  marca: string;
  /** Measure unit sigla. */
  unidade: string;
  /** NCM, 8 digits. */
  ncm: string;
  venda: number;
  atacado: number;
  custo: number;
  /** Wholesale minimum quantity. */
  atacarejo?: number;
  /** Grid: sizes and/or colours (their product is a variation each); neither: one hidden 'Geral' variation. */
  tamanhos?: string[];
  cores?: string[];
  /** A box of this many units sold as a logistics unit (CX), with its own GTIN-14 per variation. */
  caixa?: number;
  /** Warranty in days. */
  garantia?: number;
}

export interface PriceTableSeed {
  descricao: string;
  tipo_aplicado: 'Desconto' | 'Acrescimo';
  valor_varejo: number;
  valor_atacado: number;
  /** Category rules: [categoria, valor_varejo, valor_atacado] in percent. */
  categorias?: Array<[string, number, number]>;
}

export interface CatalogSeed {
  /** GS1 company prefix (7 digits, 789 = Brazil): barcodes are prefix + 5-digit item reference + check digit. */
  gtinPrefix: string;
  /** [sigla, descricao, casas decimais] */
  units: Array<[string, string, number]>;
  /** [descricao, categoria pai] */
  categories: Array<[string, string | null]>;
  brands: string[];
  products: ProductSeed[];
  /** Stock addresses of every branch, [codigo, descricao]; the first is where the point of sale takes stock from. */
  addresses: Array<[string, string]>;
  /** The first is every branch's default table. */
  priceTables: PriceTableSeed[];
  /** Per branch key: an inventory counting the first `itens` stock rows of the first address. */
  inventories: Array<{ filial: string; descricao: string; itens: number; usuario: string }>;
}

interface GradeRow {
  produto: string;
  sku: string;
  descricao: string;
  is_padrao: boolean;
  ord: number;
}

const COLOUR_CODE = (colour: string) =>
  colour
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .map((w) => w.slice(0, 3).toUpperCase())
    .join('');

/** The variations of a product: sizes × colours, in the order a shop lists them. */
export function gradesOf(p: ProductSeed): Array<{ sku: string; descricao: string; is_padrao: boolean }> {
  const sizes = p.tamanhos ?? [];
  const colours = p.cores ?? [];
  if (sizes.length === 0 && colours.length === 0) return [{ sku: p.sku, descricao: 'Geral', is_padrao: true }];
  const out: Array<{ sku: string; descricao: string; is_padrao: boolean }> = [];
  for (const colour of colours.length > 0 ? colours : [null]) {
    for (const size of sizes.length > 0 ? sizes : [null]) {
      const parts = [size, colour].filter((x): x is string => x !== null);
      const code = [size?.replace(/\W/g, ''), colour ? COLOUR_CODE(colour) : null].filter(Boolean).join('-');
      out.push({ sku: `${p.sku}-${code}`, descricao: parts.join(' / '), is_padrao: false });
    }
  }
  return out;
}

/** Rows as one JSON parameter; each object row also carries its position `n` (to keep the given order). */
const json = (value: unknown) =>
  JSON.stringify(Array.isArray(value) ? value.map((v: unknown, n) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, n } : v)) : value);

export async function loadCatalog(tx: Tx, org: DemoOrganization, seed: CatalogSeed): Promise<void> {
  const o = org.id_organization;
  const branches = Object.values(org.branches);

  await tx.query(
    `INSERT INTO unidade_medida (id_organization, sigla, descricao, casa_decimal, is_padrao)
     SELECT $1, r.sigla, r.descricao, r.casas, r.ord = 0 FROM jsonb_to_recordset($2::jsonb) AS r(sigla text, descricao text, casas int, ord int)
     ORDER BY r.ord`,
    [o, json(seed.units.map(([sigla, descricao, casas], ord) => ({ sigla, descricao, casas, ord })))],
  );
  // Parents first (a category names its parent by description).
  for (const [descricao, pai] of seed.categories) {
    await tx.query(
      `INSERT INTO categoria (id_organization, descricao, id_categoria_pai, tipo)
       VALUES ($1, $2, (SELECT id_categoria FROM categoria WHERE id_organization = $1 AND descricao = $3), 'Produto')`,
      [o, descricao, pai],
    );
  }
  await tx.query(
    `INSERT INTO marca (id_organization, descricao) SELECT $1, d FROM unnest($2::text[]) WITH ORDINALITY AS b(d, n) ORDER BY n`,
    [o, seed.brands],
  );

  await tx.query(
    `INSERT INTO produto (id_organization, descricao, descricao_exibicao, sku, slug, id_marca, id_unidade_medida, id_categoria,
       tipo_produto, codigo_ncm, quantidade_atacarejo, preco_compra, preco_compra_medio, preco_custo, preco_custo_medio,
       preco_venda, preco_atacado, descricao_garantia, tempo_garantia)
     SELECT $1, r.descricao, r.descricao, r.sku, r.slug, m.id_marca, u.id_unidade_medida, c.id_categoria,
       CASE WHEN r.grade THEN 'Grade' ELSE 'Simples' END, r.ncm, r.atacarejo, r.custo, r.custo, r.custo, r.custo, r.venda, r.atacado,
       CASE WHEN r.garantia IS NOT NULL THEN 'Garantia contra defeitos de fabricação' END, r.garantia
       FROM jsonb_to_recordset($2::jsonb) AS r(ord int, descricao text, sku text, slug text, marca text, unidade text, categoria text,
         grade boolean, ncm text, atacarejo numeric, custo numeric, venda numeric, atacado numeric, garantia int)
       JOIN unidade_medida u ON u.id_organization = $1 AND u.sigla = r.unidade
       LEFT JOIN marca m ON m.id_organization = $1 AND m.descricao = r.marca
       LEFT JOIN categoria c ON c.id_organization = $1 AND c.descricao = r.categoria
      ORDER BY r.ord`,
    [o, json(seed.products.map((p, ord) => ({
      ord, descricao: p.descricao, sku: p.sku, slug: slug(p.descricao), marca: p.marca, unidade: p.unidade, categoria: p.categoria,
      grade: Boolean(p.tamanhos?.length || p.cores?.length), ncm: p.ncm, atacarejo: p.atacarejo ?? null, custo: p.custo,
      venda: p.venda, atacado: p.atacado, garantia: p.garantia ?? null,
    })))],
  );

  const grades: GradeRow[] = seed.products.flatMap((p) => gradesOf(p).map((g) => ({ produto: p.sku, ...g, ord: 0 })));
  grades.forEach((g, i) => (g.ord = i));
  await tx.query(
    `INSERT INTO produto_grade (id_organization, id_produto, descricao, sku, is_padrao)
     SELECT $1, p.id_produto, r.descricao, r.sku, r.is_padrao
       FROM jsonb_to_recordset($2::jsonb) AS r(produto text, sku text, descricao text, is_padrao boolean, ord int)
       JOIN produto p ON p.id_organization = $1 AND p.sku = r.produto
      ORDER BY r.ord`,
    [o, json(grades)],
  );
  await tx.query(
    `INSERT INTO produto_grade_filial (id_organization, id_produto_grade, id_filial, preco_venda, preco_atacado)
     SELECT g.id_organization, g.id_produto_grade, f.id_filial, p.preco_venda, p.preco_atacado
       FROM produto_grade g
       JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
      CROSS JOIN unnest($2::integer[]) AS f(id_filial)
      WHERE g.id_organization = $1
      ORDER BY f.id_filial, g.id_produto_grade`,
    [o, branches],
  );

  // Logistics units (boxes) and barcodes: one GTIN-13 per variation, one GTIN-14 per variation and box.
  const boxed = seed.products.filter((p) => p.caixa);
  await tx.query(
    `INSERT INTO produto_unidade_logistica (id_organization, id_produto, id_unidade_medida, multiplicador)
     SELECT $1, p.id_produto, u.id_unidade_medida, r.caixa FROM jsonb_to_recordset($2::jsonb) AS r(sku text, caixa numeric)
       JOIN produto p ON p.id_organization = $1 AND p.sku = r.sku
       JOIN unidade_medida u ON u.id_organization = $1 AND u.sigla = 'CX'`,
    [o, json(boxed.map((p) => ({ sku: p.sku, caixa: p.caixa })))],
  );
  const boxOf = new Set(boxed.map((p) => p.sku));
  const codes = grades.flatMap((g, i) => {
    const body = `${seed.gtinPrefix}${String(i + 1).padStart(5, '0')}`;
    const unit = { grade: g.sku, codigo: withGtinCheckDigit(body), caixa: false };
    return boxOf.has(g.produto) ? [unit, { grade: g.sku, codigo: withGtinCheckDigit(`1${body}`), caixa: true }] : [unit];
  });
  await tx.query(
    `INSERT INTO produto_codigo_barra (id_organization, id_produto, id_produto_grade, id_produto_unidade_logistica, codigo)
     SELECT $1, g.id_produto, g.id_produto_grade, CASE WHEN r.caixa THEN ul.id_produto_unidade_logistica END, r.codigo
       FROM jsonb_to_recordset($2::jsonb) AS r(grade text, codigo text, caixa boolean, n int)
       JOIN produto_grade g ON g.id_organization = $1 AND g.sku = r.grade
       LEFT JOIN produto_unidade_logistica ul ON ul.id_organization = $1 AND ul.id_produto = g.id_produto AND r.caixa
      ORDER BY r.n`,
    [o, json(codes)],
  );

  // Two stock addresses per branch; stock of every grid row in each, in believable (deterministic) quantities.
  await tx.query(
    `INSERT INTO endereco_estoque (id_organization, id_filial, codigo, descricao)
     SELECT $1, f.id_filial, a.codigo, a.descricao FROM unnest($2::integer[]) AS f(id_filial)
      CROSS JOIN jsonb_to_recordset($3::jsonb) AS a(codigo text, descricao text, ord int)
      ORDER BY f.id_filial, a.ord`,
    [o, branches, json(seed.addresses.map(([codigo, descricao], ord) => ({ codigo, descricao, ord })))],
  );
  await tx.query(
    `INSERT INTO estoque (id_organization, id_filial, id_endereco_estoque, id_produto_grade_filial, quantidade)
     SELECT pgf.id_organization, pgf.id_filial, e.id_endereco_estoque, pgf.id_produto_grade_filial,
            abs(hashtext(g.sku || '/' || e.codigo || '/' || pgf.id_filial)) % CASE WHEN e.codigo = $2 THEN 13 ELSE 41 END
       FROM produto_grade_filial pgf
       JOIN produto_grade g ON g.id_organization = pgf.id_organization AND g.id_produto_grade = pgf.id_produto_grade
       JOIN endereco_estoque e ON e.id_organization = pgf.id_organization AND e.id_filial = pgf.id_filial
      WHERE pgf.id_organization = $1
      ORDER BY pgf.id_produto_grade_filial, e.id_endereco_estoque`,
    [o, seed.addresses[0]?.[0] ?? ''],
  );

  // The basic movement types of stock documents (migration 037 gives them to organizations that existed before it).
  await tx.query(
    `INSERT INTO tipo_movimentacao_estoque (id_organization, codigo, descricao, operacao, tipo_operacao, observacao)
     VALUES ($1, 'ENTRADA', 'Entrada de estoque', 'Entrada', 'Ajuste', 'Entrada avulsa por documento de estoque.'),
            ($1, 'SAIDA', 'Saída de estoque', 'Saida', 'Ajuste', 'Saída avulsa por documento de estoque.'),
            ($1, 'TRANSFERENCIA', 'Transferência entre endereços', 'Saida', 'Transferencia', 'Transferência entre endereços de estoque da filial.')
     ON CONFLICT DO NOTHING`,
    [o],
  );

  await seedPriceTables(tx, o, branches, seed.priceTables);
  await seedInventories(tx, org, seed);
}

async function seedPriceTables(tx: Tx, o: number, branches: number[], tables: PriceTableSeed[]): Promise<void> {
  for (const [i, t] of tables.entries()) {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO tabela_preco (id_organization, descricao, tipo_aplicado, tipo_valor, valor_varejo, valor_atacado)
       VALUES ($1, $2, $3, 'Percentual', $4, $5) RETURNING id_tabela_preco AS id`,
      [o, t.descricao, t.tipo_aplicado, t.valor_varejo, t.valor_atacado],
    );
    const id = rows[0]?.id;
    await tx.query(
      `INSERT INTO tabela_preco_filial (id_organization, id_tabela_preco, id_filial) SELECT $1, $2, f FROM unnest($3::integer[]) AS f`,
      [o, id, branches],
    );
    await tx.query(
      `INSERT INTO tabela_preco_item (id_organization, id_tabela_preco, id_categoria, tipo_aplicado, valor_varejo, valor_atacado)
       SELECT $1, $2, c.id_categoria, $3, r.varejo, r.atacado FROM jsonb_to_recordset($4::jsonb) AS r(categoria text, varejo numeric, atacado numeric)
         JOIN categoria c ON c.id_organization = $1 AND c.descricao = r.categoria`,
      [o, id, t.tipo_aplicado, json((t.categorias ?? []).map(([categoria, varejo, atacado]) => ({ categoria, varejo, atacado })))],
    );
    if (i === 0) await tx.query('UPDATE filial SET id_tabela_preco_padrao = $2 WHERE id_organization = $1', [o, id]);
  }
  await resolvePrices(tx, o);
}

async function seedInventories(tx: Tx, org: DemoOrganization, seed: CatalogSeed): Promise<void> {
  for (const inv of seed.inventories) {
    const id_filial = org.branches[inv.filial];
    const id_usuario = org.users[inv.usuario];
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO inventario (id_organization, id_filial, descricao, id_usuario, data_inicio)
       VALUES ($1, $2, $3, $4, now() - interval '2 hours') RETURNING id_inventario AS id`,
      [org.id_organization, id_filial, inv.descricao, id_usuario],
    );
    // Counted quantities close to the stock, some off by one (what an inventory is for); the stock seen is the snapshot.
    await tx.query(
      `INSERT INTO inventario_item (id_organization, id_inventario, id_filial, id_produto_grade_filial, id_endereco_estoque, quantidade, id_usuario,
         quantidade_estoque)
       SELECT s.id_organization, $3, s.id_filial, s.id_produto_grade_filial, s.id_endereco_estoque,
              greatest(0, s.quantidade + (s.id_estoque % 3) - 1), $4, s.quantidade
         FROM estoque s JOIN endereco_estoque e ON e.id_organization = s.id_organization AND e.id_endereco_estoque = s.id_endereco_estoque
        WHERE s.id_organization = $1 AND s.id_filial = $2 AND e.codigo = $5
        ORDER BY s.id_estoque LIMIT $6`,
      [org.id_organization, id_filial, rows[0]?.id, id_usuario, seed.addresses[0]?.[0] ?? '', inv.itens],
    );
  }
}

export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
