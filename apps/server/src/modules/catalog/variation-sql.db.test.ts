import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variationDescription, type VariationNaming } from '@pdv/domain/variation';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { variationDescriptionSql } from './variation-sql.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb.drop();
});

const cases: VariationNaming[] = [
  { descricao: 'Geral', is_padrao: true },
  { descricao: 'Azul', is_padrao: true },
  { descricao: 'P / Azul', is_padrao: false },
  { descricao: ' M ', is_padrao: false },
  { descricao: '', is_padrao: false },
  { descricao: null, is_padrao: false },
];

describe('variation description in SQL', () => {
  it.each(cases)('matches the domain rule for %o', async (variation) => {
    const { rows } = await testDb.db.system((tx) =>
      tx.query<{ descricao: string }>(
        `SELECT ${variationDescriptionSql('p', 'g')} AS descricao
           FROM (SELECT 'Camiseta'::text AS descricao) p, (SELECT $1::text AS descricao, $2::boolean AS is_padrao) g`,
        [variation.descricao, variation.is_padrao],
      ),
    );
    expect(rows[0]?.descricao).toBe(variationDescription('Camiseta', variation));
  });
});
