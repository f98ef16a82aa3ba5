import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf } from '@pdv/domain/documents';
import { isValidGtin } from '@pdv/domain/gtin';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { seedDemo } from './demo.ts';

let testDb: TestDatabase;
let db: Database;
let demo = 0;
let other = 0;

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.system((tx) => tx.query<T>(sql, params))).rows;
}
async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: number }>(sql, params);
  return Number(row?.n);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await migrate(db);
  await seedDemo(db);
  const orgs = await rows<{ id: number; nome: string }>('SELECT id_organization AS id, nome FROM organization');
  demo = orgs.find((o) => o.nome === 'Demo Moda')?.id ?? 0;
  other = orgs.find((o) => o.nome === 'Outra Loja')?.id ?? 0;
});
afterAll(async () => {
  await testDb.drop();
});

describe('demo catalogue', () => {
  it('has about forty clothing and footwear products, most with a grid of sizes or colours', async () => {
    expect(await count('SELECT count(*) AS n FROM produto WHERE id_organization = $1', [demo])).toBeGreaterThanOrEqual(40);
    expect(await count(`SELECT count(*) AS n FROM produto WHERE id_organization = $1 AND tipo_produto = 'Grade'`, [demo])).toBeGreaterThan(30);
    const tenis = await rows<{ descricao: string }>(
      `SELECT g.descricao FROM produto_grade g JOIN produto p USING (id_organization, id_produto)
        WHERE p.id_organization = $1 AND p.sku = 'TEN-0001' ORDER BY g.id_produto_grade`,
      [demo],
    );
    expect(tenis.map((g) => g.descricao)).toContain('40 / Preto');
    const simple = await rows<{ descricao: string; is_padrao: boolean }>(
      `SELECT g.descricao, g.is_padrao FROM produto_grade g JOIN produto p USING (id_organization, id_produto)
        WHERE p.id_organization = $1 AND p.sku = 'CAR-0001'`,
      [demo],
    );
    expect(simple).toEqual([{ descricao: 'Geral', is_padrao: true }]);
  });

  it('uses clothing and footwear NCM codes', async () => {
    // The voucher product (voucher-product.ts) is not merchandise: no NCM, barcode or stock.
    const ncm = await rows<{ codigo_ncm: string }>("SELECT DISTINCT codigo_ncm FROM produto WHERE id_organization = $1 AND sku <> 'VALE-CREDITO'", [demo]);
    const codes = ncm.map((r) => r.codigo_ncm);
    expect(codes).toEqual(expect.arrayContaining(['61091000', '62034200', '64039990']));
    for (const code of codes) expect(code).toMatch(/^(61|62|64|65|42)\d{6}$/);
  });

  it('gives every variation a valid GTIN-13, and the boxes of socks a valid GTIN-14 with their multiplier', async () => {
    const codes = await rows<{ codigo: string; multiplicador: number | null }>(
      `SELECT b.codigo, u.multiplicador FROM produto_codigo_barra b
         LEFT JOIN produto_unidade_logistica u USING (id_organization, id_produto_unidade_logistica) WHERE b.id_organization = $1`,
      [demo],
    );
    for (const c of codes) expect(isValidGtin(c.codigo), c.codigo).toBe(true);
    expect(codes.filter((c) => c.multiplicador === null).every((c) => c.codigo.length === 13)).toBe(true);
    expect(codes.filter((c) => c.multiplicador === 12).map((c) => c.codigo.length)).toContain(14);
    const withoutCode = await count(
      `SELECT count(*) AS n FROM produto_grade g WHERE g.id_organization = $1
          AND g.sku <> 'VALE-CREDITO'
          AND NOT EXISTS (SELECT 1 FROM produto_codigo_barra b WHERE b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade)`,
      [demo],
    );
    expect(withoutCode).toBe(0);
  });

  it('stocks every per-branch grid row in the Loja and Depósito addresses of its branch', async () => {
    const addresses = await rows<{ id_filial: number; descricao: string }>(
      'SELECT id_filial, descricao FROM endereco_estoque WHERE id_organization = $1 ORDER BY id_filial, codigo DESC',
      [demo],
    );
    expect(addresses.map((a) => a.descricao)).toEqual(['Loja', 'Depósito', 'Loja', 'Depósito']);
    const merchandise = `JOIN produto_grade g USING (id_organization, id_produto_grade) WHERE g.id_organization = $1 AND g.sku <> 'VALE-CREDITO'`;
    const gridRows = await count(`SELECT count(*) AS n FROM produto_grade_filial ${merchandise}`, [demo]);
    expect(gridRows).toBe(2 * (await count(`SELECT count(*) AS n FROM produto_grade g WHERE g.id_organization = $1 AND g.sku <> 'VALE-CREDITO'`, [demo])));
    expect(await count('SELECT count(*) AS n FROM estoque WHERE id_organization = $1', [demo])).toBe(2 * gridRows);
    expect(await count('SELECT count(*) AS n FROM estoque WHERE id_organization = $1 AND quantidade > 0', [demo])).toBeGreaterThan(gridRows);
  });

  it('prices resellers 10% below retail (5% on footwear) and keeps no row for the default table', async () => {
    const prices = await rows<{ sku: string; tabela: string; preco_venda: number; preco_atacado: number }>(
      `SELECT g.sku, t.descricao AS tabela, pr.preco_venda, pr.preco_atacado FROM preco pr
         JOIN tabela_preco t USING (id_organization, id_tabela_preco)
         JOIN produto_grade_filial pgf USING (id_organization, id_produto_grade_filial, id_filial)
         JOIN produto_grade g USING (id_organization, id_produto_grade)
        WHERE pr.id_organization = $1 AND g.sku IN ('CAM-0001-P-BRA', 'TEN-0001-40-PRE') ORDER BY g.sku, pr.id_filial`,
      [demo],
    );
    expect(prices).toEqual([
      { sku: 'CAM-0001-P-BRA', tabela: 'Revenda', preco_venda: 35.91, preco_atacado: 33.16 },
      { sku: 'CAM-0001-P-BRA', tabela: 'Revenda', preco_venda: 35.91, preco_atacado: 33.16 },
      { sku: 'TEN-0001-40-PRE', tabela: 'Revenda', preco_venda: 284.91, preco_atacado: 247.25 },
      { sku: 'TEN-0001-40-PRE', tabela: 'Revenda', preco_venda: 284.91, preco_atacado: 247.25 },
    ]);
    const defaults = await rows<{ descricao: string }>(
      'SELECT DISTINCT t.descricao FROM filial f JOIN tabela_preco t ON t.id_organization = f.id_organization AND t.id_tabela_preco = f.id_tabela_preco_padrao WHERE f.id_organization = $1',
      [demo],
    );
    expect(defaults).toEqual([{ descricao: 'Tabela Padrão' }]);
  });
});

describe('demo people and settings', () => {
  it('has fifteen or more customers with valid CPF or CNPJ and a São Paulo main address, and one Consumidor Final', async () => {
    const people = await rows<{ nome: string; cpf: string | null; cnpj: string | null; cidade: string | null; is_consumidor_final: boolean }>(
      `SELECT p.nome, p.cpf, p.cnpj, e.cidade, p.is_consumidor_final FROM pessoa p
         LEFT JOIN pessoa_endereco e ON e.id_organization = p.id_organization AND e.id_pessoa = p.id_pessoa AND e.is_principal
        WHERE p.id_organization = $1 AND p.is_cliente`,
      [demo],
    );
    const customers = people.filter((p) => !p.is_consumidor_final);
    expect(customers.length).toBeGreaterThanOrEqual(15);
    for (const c of customers) {
      expect(c.cpf ? isValidCpf(c.cpf) : isValidCnpj(c.cnpj ?? ''), c.nome).toBe(true);
      expect(c.cidade).toBe('São Paulo');
    }
    expect(people.filter((p) => p.is_consumidor_final).map((p) => p.nome)).toEqual(['Consumidor Final']);
  });

  it('has a carrier with a valid CNPJ for the point of sale\'s shipment panel, not listed as a customer', async () => {
    const carriers = await rows<{ nome: string; cnpj: string | null; is_cliente: boolean }>(
      'SELECT nome, cnpj, is_cliente FROM pessoa WHERE id_organization = $1 AND is_transportadora AND data_exclusao IS NULL', [demo]);
    expect(carriers.length).toBeGreaterThanOrEqual(1);
    for (const c of carriers) {
      expect(isValidCnpj(c.cnpj ?? ''), c.nome).toBe(true);
      expect(c.is_cliente, c.nome).toBe(false);
    }
  });

  it('offers the payment methods with their NF-e tPag codes in both branches', async () => {
    const methods = await rows<{ descricao: string; meio_pagamento: string; filiais: number }>(
      `SELECT m.descricao, m.meio_pagamento, (SELECT count(*) FROM meio_pagamento_filial f
          WHERE f.id_organization = m.id_organization AND f.id_meio_pagamento = m.id_meio_pagamento)::int AS filiais
         FROM meio_pagamento m WHERE m.id_organization = $1 ORDER BY m.id_meio_pagamento`,
      [demo],
    );
    expect(methods.map((m) => [m.descricao, m.meio_pagamento])).toEqual([
      ['Dinheiro', '01'], ['Cartão de Crédito', '03'], ['Cartão de Débito', '04'], ['PIX', '17'], ['Boleto', '15'],
      ['Crediário', '05'], ['Vale Crédito', '12'], ['Crédito em Loja', '21'], ['Cashback', '19'],
    ]);
    expect(methods.every((m) => m.filiais === 2)).toBe(true);
    const parcelas = await rows<{ parcela: number }>(
      `SELECT x.parcela FROM parcelamento_parcela x JOIN parcelamento p USING (id_organization, id_parcelamento)
        WHERE p.id_organization = $1 AND p.descricao = 'Cartão de crédito 1x a 6x' ORDER BY x.parcela`,
      [demo],
    );
    expect(parcelas.map((p) => p.parcela)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('has Simples Nacional scenarios for sale (5102/6102, CSOSN 102) and return (1202) and NFC-e and NF-e series per branch', async () => {
    const scenarios = await rows<{ tipo: string; cfop_interno: string; cfop_externo: string; icms_csosn: string }>(
      'SELECT tipo, cfop_interno, cfop_externo, icms_csosn FROM cenario_fiscal WHERE id_organization = $1 ORDER BY id_cenario_fiscal',
      [demo],
    );
    expect(scenarios[0]).toEqual({ tipo: 'Venda', cfop_interno: '5102', cfop_externo: '6102', icms_csosn: '102' });
    expect(scenarios.find((s) => s.tipo === 'Devolucao')?.cfop_interno).toBe('1202');
    const series = await rows<{ codigo_filial: string; codigo_modelo: string; codigo_serie: number; ultima_numeracao: number }>(
      `SELECT f.codigo_filial, s.codigo_modelo, s.codigo_serie, s.ultima_numeracao FROM serie_fiscal s JOIN filial f USING (id_organization, id_filial)
        WHERE s.id_organization = $1 ORDER BY f.codigo_filial, s.codigo_modelo`,
      [demo],
    );
    expect(series).toEqual([
      { codigo_filial: '1', codigo_modelo: '55', codigo_serie: 1, ultima_numeracao: 0 },
      { codigo_filial: '1', codigo_modelo: '65', codigo_serie: 1, ultima_numeracao: 0 },
      { codigo_filial: '2', codigo_modelo: '55', codigo_serie: 1, ultima_numeracao: 0 },
      { codigo_filial: '2', codigo_modelo: '65', codigo_serie: 1, ultima_numeracao: 0 },
    ]);
  });

  it('configures both branches for offline sale, with negative-stock control on branch 1, over the spec defaults', async () => {
    const config = await rows<Record<string, unknown>>(
      `SELECT f.codigo_filial, c.is_pdv_offline, c.controla_estoque_negativo, c.fuso_horario, c.tamanho_codigo_produto_pesavel,
              c.identificador_produto_pesavel, c.codigo_regime_tributario, c.ambiente_emissao, c.tipo_preco_padrao,
              c.proporcao_imagem, c.imprimir_segunda_via_contingencia, e.descricao AS endereco_venda
         FROM filial_configuracao c JOIN filial f USING (id_organization, id_filial)
         JOIN endereco_estoque e ON e.id_organization = c.id_organization AND e.id_endereco_estoque = c.id_endereco_estoque_venda
        WHERE c.id_organization = $1 ORDER BY f.codigo_filial`,
      [demo],
    );
    const defaults = { fuso_horario: -3, tamanho_codigo_produto_pesavel: 4, identificador_produto_pesavel: '2', codigo_regime_tributario: 1,
      ambiente_emissao: 2, tipo_preco_padrao: 'Varejo', proporcao_imagem: '1/1', imprimir_segunda_via_contingencia: true, endereco_venda: 'Loja' };
    expect(config).toEqual([
      { codigo_filial: '1', is_pdv_offline: true, controla_estoque_negativo: true, ...defaults },
      { codigo_filial: '2', is_pdv_offline: true, controla_estoque_negativo: false, ...defaults },
    ]);
  });
});

describe('the other organization', () => {
  it('has its own small housewares catalogue, and nothing of the demo shop', async () => {
    const products = await rows<{ descricao: string }>('SELECT descricao FROM produto WHERE id_organization = $1', [other]);
    expect(products.length).toBeGreaterThanOrEqual(3);
    expect(products.length).toBeLessThanOrEqual(5);
    expect(products.map((p) => p.descricao)).toContain('Panela de Pressão Alumínio 4,5 L');
    const shared = await count(
      `SELECT count(*) AS n FROM produto_codigo_barra a JOIN produto_codigo_barra b ON a.codigo = b.codigo
        WHERE a.id_organization = $1 AND b.id_organization = $2`,
      [demo, other],
    );
    expect(shared).toBe(0);
  });
});
