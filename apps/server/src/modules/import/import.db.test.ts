import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfCheckDigits } from '@pdv/domain/documents';
import { withGtinCheckDigit } from '@pdv/domain/gtin';
import { IMPORT_MESSAGES } from '@pdv/domain/import-rules';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { makeXlsx } from '../../testing/xlsx.ts';

let t: TestApp;
let manager: string;
let cashier: string;
let org: number;
let address: { id: number; codigo: string };

const RUN = String(Date.now() % 100000).padStart(5, '0');
const gtin = (n: number) => withGtinCheckDigit(`29${RUN}${String(n).padStart(5, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  cashier = await t.login('caixa@demo.com.br');
  const session = await expectOk(t, 'session', undefined, manager);
  const user = session.json as { id_organization?: number; usuario?: { id_organization: number }; id_filial_ativa?: number };
  org = user.id_organization ?? user.usuario?.id_organization ?? 0;
  const { rows } = await t.db.system((tx) => tx.query<{ id: number; codigo: string; org: number }>(
    `SELECT e.id_endereco_estoque AS id, e.codigo, e.id_organization AS org FROM endereco_estoque e
       JOIN usuario u ON u.id_organization = e.id_organization AND u.id_filial_ativa = e.id_filial
      WHERE u.email = 'gerente@demo.com.br' AND e.data_exclusao IS NULL ORDER BY e.codigo LIMIT 1`));
  address = { id: rows[0]!.id, codigo: rows[0]!.codigo };
  org = rows[0]!.org;
});
afterAll(async () => {
  await t.close();
});

/** 20 product rows (lines 2..21), Windows-1252 and ';': line 7 has a wrong GTIN, line 15 repeats line 3's barcode. */
function productCsv(): Buffer {
  const lines = [`Descrição;SKU;Variação;Código de barras;Preço de venda;Preço de atacado;NCM;Estoque ${address.codigo}`];
  for (let i = 1; i <= 20; i++) {
    const linha = i + 1;
    let code = gtin(i);
    if (linha === 7) code = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
    if (linha === 15) code = gtin(2);
    lines.push(`Camisa importação ${RUN}-${i};IMP${RUN}-${i};${i % 2 ? 'Azul' : ''};${code};${i},90;${i},50;01012100;${i % 3}`);
  }
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

async function waitDone(id: string, token = manager): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const res = await expectOk(t, 'importStatus', { id_importacao: id }, token);
    if (res.json['situacao'] !== 'Processando') return res.json;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not end');
}

describe('data import of products', () => {
  it('previews the header and first rows and matches the columns by name', async () => {
    const res = await expectOk(t, 'importPreview', { tipo: 'produto', nome_arquivo: 'produtos.csv', conteudo_base64: productCsv().toString('base64') }, manager);
    expect(res.json['formato']).toBe('csv');
    expect((res.json['cabecalho'] as string[])[0]).toBe('Descrição');
    expect(res.json['total_linhas']).toBe(20);
    expect((res.json['linhas'] as string[][])[0]?.[6]).toBe('01012100');
    expect(res.json['mapeamento']).toMatchObject({ descricao: 0, sku: 1, variacao: 2, codigo_barras: 3, preco_venda: 4, preco_atacado: 5, codigo_ncm: 6, [`estoque:${address.id}`]: 7 });
  });

  it('writes the 18 good rows of a 20-row file and reports the two bad lines', async () => {
    const preview = await expectOk(t, 'importPreview', { tipo: 'produto', nome_arquivo: 'produtos.csv', conteudo_base64: productCsv().toString('base64') }, manager);
    const started = await expectOk(t, 'importStart', {
      tipo: 'produto', nome_arquivo: 'produtos.csv', conteudo_base64: productCsv().toString('base64'), mapeamento: preview.json['mapeamento'],
    }, manager);
    const done = await waitDone(started.json['id_importacao'] as string);
    expect(done).toMatchObject({ situacao: 'Concluida', total: 20, processadas: 20, gravadas: 18 });
    expect(done['erros']).toEqual([
      { linha: 7, coluna: 'Código de barras', mensagem: IMPORT_MESSAGES.invalidGtin },
      { linha: 15, coluna: 'Código de barras', mensagem: IMPORT_MESSAGES.duplicateInFile('Código de barras', 3) },
    ]);
    const { rows } = await t.db.system((tx) => tx.query<{ sku: string; ncm: string; tipo: string; grade: string; codigo: string; venda: string; descricao: string }>(
      `SELECT p.sku, p.codigo_ncm AS ncm, p.tipo_produto AS tipo, g.descricao AS grade, b.codigo, gf.preco_venda::text AS venda, p.descricao
         FROM produto p JOIN produto_grade g USING (id_organization, id_produto)
         JOIN produto_codigo_barra b ON b.id_organization = g.id_organization AND b.id_produto_grade = g.id_produto_grade
         JOIN produto_grade_filial gf ON gf.id_organization = g.id_organization AND gf.id_produto_grade = g.id_produto_grade
        WHERE p.id_organization = $1 AND p.sku LIKE $2 ORDER BY p.id_produto`, [org, `IMP${RUN}-%`]));
    expect(rows).toHaveLength(18);
    expect(rows.map((r) => r.sku)).not.toContain(`IMP${RUN}-6`);
    expect(rows.map((r) => r.sku)).not.toContain(`IMP${RUN}-14`);
    expect(rows[0]).toMatchObject({ sku: `IMP${RUN}-1`, ncm: '01012100', tipo: 'Grade', grade: 'Azul', codigo: gtin(1), venda: '1.90', descricao: `Camisa importação ${RUN}-1` });
    expect(rows[1]).toMatchObject({ tipo: 'Simples', grade: 'Geral' });
    const stock = await t.db.system((tx) => tx.query<{ n: string; total: string; tipo: string }>(
      `SELECT count(*)::text AS n, sum(m.quantidade)::text AS total, min(t.codigo) AS tipo FROM movimentacao_estoque m
         JOIN tipo_movimentacao_estoque t USING (id_organization, id_tipo_movimentacao_estoque)
         JOIN estoque e USING (id_organization, id_estoque)
         JOIN produto_grade_filial gf ON gf.id_organization = e.id_organization AND gf.id_produto_grade_filial = e.id_produto_grade_filial
         JOIN produto_grade g ON g.id_organization = gf.id_organization AND g.id_produto_grade = gf.id_produto_grade
         JOIN produto p ON p.id_organization = g.id_organization AND p.id_produto = g.id_produto
        WHERE p.id_organization = $1 AND p.sku LIKE $2 AND m.origem = 'Implantacao' AND e.quantidade = m.quantidade`, [org, `IMP${RUN}-%`]));
    // Quantities i % 3 for the 18 written rows (lines 7 and 15 are i = 6 and 14: 0 and 2).
    const expected = Array.from({ length: 20 }, (_, k) => k + 1).filter((i) => i !== 6 && i !== 14).map((i) => i % 3);
    expect(stock.rows[0]).toEqual({ n: String(expected.filter((q) => q > 0).length), total: `${expected.reduce((a, b) => a + b, 0)}.000`, tipo: 'IMPLANTACAO' });
  });

  it('refuses every row of the same file again: its SKUs and barcodes are registered', async () => {
    const preview = await expectOk(t, 'importPreview', { tipo: 'produto', nome_arquivo: 'produtos.csv', conteudo_base64: productCsv().toString('base64') }, manager);
    const started = await expectOk(t, 'importStart', {
      tipo: 'produto', nome_arquivo: 'produtos.csv', conteudo_base64: productCsv().toString('base64'), mapeamento: preview.json['mapeamento'],
    }, manager);
    const done = await waitDone(started.json['id_importacao'] as string);
    expect(done).toMatchObject({ situacao: 'Concluida', gravadas: 0 });
    // Another branch's user and another organization's user do not see the job.
    for (const email of ['filial2@demo.com.br', 'outra@demo.com.br']) {
      const other = await t.call('POST', '/data-import/status', { id_importacao: started.json['id_importacao'] }, await t.login(email));
      expect([403, 404], email).toContain(other.status);
      expect(JSON.stringify(other.json)).not.toContain('produtos.csv');
    }
    const erros = done['erros'] as { linha: number; mensagem: string }[];
    expect(erros.find((e) => e.linha === 2)?.mensagem).toBe(IMPORT_MESSAGES.duplicateInDatabase('Código de barras'));
    expect(new Set(erros.map((e) => e.linha)).size).toBe(20);
  });

  it('answers 400 with a pt-BR message to a mapping without the description, to an empty file and to a file over the limit', async () => {
    const body = { tipo: 'produto', nome_arquivo: 'p.csv', conteudo_base64: productCsv().toString('base64'), mapeamento: { sku: 1 } };
    const res = await t.call('POST', '/data-import/start', body, manager);
    expect(res.status).toBe(400);
    expect(res.json['message']).toBe(IMPORT_MESSAGES.requiredUnmapped('Descrição'));
    const empty = await t.call('POST', '/data-import/preview', { tipo: 'produto', nome_arquivo: 'p.csv', conteudo_base64: Buffer.from('a;b\n').toString('base64') }, manager);
    expect(empty.status).toBe(400);
    expect(empty.json['message']).toBe(IMPORT_MESSAGES.fileEmpty);
    const big = await t.call('POST', '/data-import/preview', { tipo: 'produto', nome_arquivo: 'p.csv', conteudo_base64: 'A'.repeat(21_000_000) }, manager);
    expect(big.status).toBe(400);
    expect(big.json['erros']).toEqual([`conteudo_base64: ${IMPORT_MESSAGES.fileTooLarge}`]);
  });

  it('is refused to a user without the import permission, and a job is not found by another user of another branch', async () => {
    const res = await t.call('POST', '/data-import/preview', { tipo: 'produto', nome_arquivo: 'p.csv', conteudo_base64: productCsv().toString('base64') }, cashier);
    expect(res.status).toBe(403);
    const status = await t.call('POST', '/data-import/status', { id_importacao: '00000000-0000-4000-8000-000000000000' }, manager);
    expect(status.status).toBe(404);
  });
});

describe('data import of people from XLSX', () => {
  it('reads the first sheet, keeps leading zeros of text cells, restores those of number cells, and reports a bad CPF', async () => {
    const cpf = (base: string) => `${base}${cpfCheckDigits(base)}`;
    const a = cpf(`0${RUN}123`.slice(0, 9));
    const b = cpf(`1${RUN}456`.slice(0, 9));
    const file = makeXlsx([
      ['Nome', 'CPF', 'CEP', 'UF', 'Cidade'],
      [`Ana ${RUN}`, a, '01001000', 'SP', 'São Paulo'],
      [`Bruno ${RUN}`, Number(b), 1310100, 'SP', 'São Paulo'],
      [`Caio ${RUN}`, '111.111.111-12', '', '', ''],
    ]);
    const base64 = Buffer.from(file).toString('base64');
    const preview = await expectOk(t, 'importPreview', { tipo: 'pessoa', nome_arquivo: 'pessoas.xlsx', conteudo_base64: base64 }, manager);
    expect(preview.json['formato']).toBe('xlsx');
    const started = await expectOk(t, 'importStart', { tipo: 'pessoa', nome_arquivo: 'pessoas.xlsx', conteudo_base64: base64, mapeamento: preview.json['mapeamento'] }, manager);
    const done = await waitDone(started.json['id_importacao'] as string);
    expect(done).toMatchObject({ situacao: 'Concluida', gravadas: 2, erros: [{ linha: 4, coluna: 'CPF', mensagem: IMPORT_MESSAGES.invalidCpf }] });
    const { rows } = await t.db.system((tx) => tx.query<{ nome: string; cpf: string; cep: string; cidade: string }>(
      `SELECT p.nome, p.cpf, e.cep, e.cidade FROM pessoa p JOIN pessoa_endereco e USING (id_organization, id_pessoa)
        WHERE p.id_organization = $1 AND p.nome LIKE $2 AND e.is_principal ORDER BY p.nome`, [org, `% ${RUN}`]));
    expect(rows).toEqual([
      { nome: `Ana ${RUN}`, cpf: a, cep: '01001000', cidade: 'São Paulo' },
      { nome: `Bruno ${RUN}`, cpf: b, cep: '01310100', cidade: 'São Paulo' },
    ]);
  });
});
