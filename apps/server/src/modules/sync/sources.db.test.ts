/** What the synced rows carry, and changes of the rows they show that bring them again. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listByChangesResult } from '@pdv/contract/sync';
import { createTestApp, type TestApp } from '../../testing/app.ts';

let t: TestApp;
let manager: string;
let demo = 0;

type Row = Record<string, unknown>;

async function pull(group: string, token: string, position = { date_change: '', offset: 0 }): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const res = await t.call('POST', `/${group}/list-by-changes`, { ...position, limit: 1000 }, token);
    if (res.status !== 200) throw new Error(`${group}: ${res.status} ${JSON.stringify(res.json)}`);
    const page = listByChangesResult.parse(res.json);
    rows.push(...page.rows);
    position.date_change = page.date_change;
    position.offset = page.offset;
    if (!page.has_more) return rows;
  }
}

/** Pulls from a position until a row passes `match` (on PostgreSQL a commit shows once older transactions end). */
async function pullUntil(group: string, position: { date_change: string; offset: number }, match: (r: Row) => boolean): Promise<Row> {
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    const found = (await pull(group, manager, position)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${group}: the changed row did not come`);
}

const sys = (sql: string, params: unknown[] = []) => t.db.system((tx) => tx.query(sql, params));

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  const { rows } = await t.db.system((tx) => tx.query<{ id: number }>(`SELECT id_organization AS id FROM organization WHERE nome = 'Demo Moda'`));
  demo = rows[0]?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

describe('people', () => {
  it('carries documents, contacts, the main address and the credit rules, and no other personal data', async () => {
    const people = await pull('people', manager);
    const juliana = people.find((p) => p['nome'] === 'Juliana Alves Pereira');
    expect(juliana).toMatchObject({
      tipo: 'F', cpf: '28461937546', email: 'juliana.pereira@exemplo.com.br', celular: '11987452210', endereco: 'Rua Augusta',
      numero: '1508', bairro: 'Consolação', cidade: 'São Paulo', uf: 'SP', cep: '01304001', valor_devedor_maximo: 800,
      bloquear_venda_saldo_vencido: true, is_consumidor_final: false,
    });
    for (const hidden of ['rg', 'data_nascimento', 'genero', 'observacao', 'facebook', 'instagram', 'twitter', 'avatar']) {
      expect(Object.keys(juliana ?? {}), hidden).not.toContain(hidden);
    }
  });

  it("brings the person again when its main address changes", async () => {
    const position = { date_change: '', offset: 0 };
    await pull('people', manager, position);
    await sys(`UPDATE pessoa_endereco SET numero = '1510' WHERE id_organization = $1
                 AND id_pessoa = (SELECT id_pessoa FROM pessoa WHERE id_organization = $1 AND nome = 'Juliana Alves Pereira')`, [demo]);
    const again = await pullUntil('people', position, (r) => r['nome'] === 'Juliana Alves Pereira');
    expect(again['numero']).toBe('1510');
  });
});

describe('catalogue', () => {
  it('brings the per-branch grid rows again when their variation is renamed or deleted', async () => {
    const position = { date_change: '', offset: 0 };
    const before = await pull('product-grid', manager, position);
    const row = before.find((r) => r['sku'] === 'CAM-0001-P-BRA');
    expect(row).toMatchObject({ descricao: 'P / Branco', situacao: 'Ativo', preco_venda: 39.9, preco_atacado: 34.9, is_padrao: false });
    await sys(`UPDATE produto_grade SET descricao = 'P / Branco Neve' WHERE id_organization = $1 AND sku = 'CAM-0001-P-BRA'`, [demo]);
    const renamed = await pullUntil('product-grid', position, (r) => r['sku'] === 'CAM-0001-P-BRA');
    expect(renamed['descricao']).toBe('P / Branco Neve');
    await sys(`UPDATE produto_grade SET data_exclusao = now() WHERE id_organization = $1 AND sku = 'CAM-0001-P-BRA'`, [demo]);
    const deleted = await pullUntil('product-grid', position, (r) => r['sku'] === 'CAM-0001-P-BRA');
    expect(deleted['data_exclusao']).toEqual(expect.any(String));
  });

  it('sends the multiplier of a logistics unit with its barcode', async () => {
    const codes = await pull('product-barcode', manager);
    const box = codes.find((c) => String(c['codigo']).length === 14);
    expect(box?.['multiplicador']).toBe(12);
    expect(codes.find((c) => String(c['codigo']).length === 13)?.['multiplicador']).toBe(1);
  });
});

describe('payment and fiscal settings', () => {
  it('sends installment plans with their installments in order and their branches', async () => {
    const plans = await pull('installment', manager);
    const card = plans.find((p) => p['descricao'] === 'Cartão de crédito 1x a 6x');
    const parcelas = card?.['parcelas'] as Array<{ parcela: number; dias_parcela: number; percentual_acrescimo: number }>;
    expect(parcelas.map((p) => [p.parcela, p.dias_parcela])).toEqual([[1, 30], [2, 60], [3, 90], [4, 120], [5, 150], [6, 180]]);
    expect(parcelas[5]?.percentual_acrescimo).toBe(4.99);
    expect((card?.['filiais'] as unknown[]).length).toBe(2);
  });

  it('brings a payment method again when a branch stops offering it', async () => {
    const position = { date_change: '', offset: 0 };
    await pull('method_payment', manager, position);
    await sys(`DELETE FROM meio_pagamento_filial WHERE id_organization = $1 AND id_meio_pagamento =
                 (SELECT id_meio_pagamento FROM meio_pagamento WHERE id_organization = $1 AND descricao = 'Boleto')
                 AND id_filial = (SELECT max(id_filial) FROM filial WHERE id_organization = $1)`, [demo]);
    const boleto = await pullUntil('method_payment', position, (r) => r['descricao'] === 'Boleto');
    expect((boleto['filiais'] as unknown[]).length).toBe(1);
  });

  it('marks the default fiscal scenario for the local index "default"', async () => {
    const scenarios = await pull('fiscal-scenario', manager);
    expect(scenarios.find((s) => s['tipo'] === 'Venda')).toMatchObject({ default: true, is_padrao: true, cfop_interno: '5102' });
  });

  it('sends the branch configuration without the point-of-sale token', async () => {
    const [config] = await pull('branch-config', manager);
    expect(config).toMatchObject({ is_pdv_offline: true, controla_estoque_negativo: true, fuso_horario: -3 });
    expect(Object.keys(config ?? {})).not.toContain('pdv_token');
  });
});

describe('notifications', () => {
  it("sends the organization's, the active branch's and the caller's own, not another user's or branch's", async () => {
    const mine = await pull('notification', manager);
    expect(mine.map((n) => n['titulo']).sort()).toEqual(['Bem-vindo ao Demo Moda', 'Inventário em andamento', 'Metas do mês']);
    const cashier = await pull('notification', await t.login('caixa@demo.com.br'));
    expect(cashier.map((n) => n['titulo']).sort()).toEqual(['Bem-vindo ao Demo Moda', 'Inventário em andamento']);
    const seller = await pull('notification', await t.login('filial2@demo.com.br'));
    expect(seller.map((n) => n['mensagem'])).toContain('A contagem de calçados da Loja Shopping foi iniciada hoje.');
    expect(seller.map((n) => n['mensagem'])).not.toContain('A contagem da vitrine da Loja Centro foi iniciada hoje.');
  });
});
