/**
 * The groups' service rates in the commission report (issue 30; 002 §3 "Commission group: ... services"): an order's
 * service lines count at the order's seller, at the service's rate (the domain's lineRate: a service rate beats the
 * seller's own), once the order is past its edition; a quote, an order still in edition and a cancelled one do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { loadSaleFixture, type SaleFixture } from '../../testing/sale.ts';

let t: TestApp;
let manager: string;
let f: SaleFixture;
let gerente: number;
let org: number;
let comRegra: number;
let semRegra: number;

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.db.system((tx) => tx.query<T>(text, params))).rows;
const today = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  f = await loadSaleFixture(t.db);
  const [u] = await sql<{ id_usuario: number; id_organization: number }>("SELECT id_usuario, id_organization FROM usuario WHERE email = 'gerente@demo.com.br'");
  gerente = u!.id_usuario;
  org = u!.id_organization;
  const svc = async (descricao: string) => {
    const [row] = await sql<{ id_servico: number }>('INSERT INTO servico (id_organization, descricao) VALUES ($1, $2) RETURNING id_servico', [org, descricao]);
    await sql('INSERT INTO servico_preco (id_organization, id_servico, id_tabela_preco, is_padrao, valor) VALUES ($1, $2, NULL, true, 100)', [org, row!.id_servico]);
    return row!.id_servico;
  };
  comRegra = await svc('Instalação');
  semRegra = await svc('Visita técnica');
});
afterAll(async () => {
  await t.close();
});

/** An order of `operacao` by the manager with one line of each service (100,00 each), left in `situacao`. */
async function order(operacao: string, situacao: string | null): Promise<number> {
  const created = await expectOk(t, 'orderCreate', { operacao, id_cliente: f.id_cliente, id_usuario_vendedor: gerente }, manager);
  const id = Number(created.json['id_pedido']);
  await expectOk(t, 'orderServiceSave', { id_pedido: id, id_servico: comRegra }, manager);
  await expectOk(t, 'orderServiceSave', { id_pedido: id, id_servico: semRegra }, manager);
  if (situacao) await expectOk(t, 'orderUpdate', { id_pedido: id, situacao }, manager);
  return id;
}

describe('service rates in the commission report', () => {
  it("counts a released service order's services: the service's 12% beats the seller's 2%", async () => {
    await expectOk(t, 'commissionGroupCreate', {
      descricao: 'Serviços', vendedores: [{ id_usuario: gerente, percentual: 2 }], servicos: [{ id_servico: comRegra, percentual: 12 }],
    }, manager);
    await order('OrdemServico', 'Liberado');
    await order('OrdemServico', null); // still in edition: not a sale yet
    await order('Orcamento', null); // a quote never counts
    const report = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today() }, manager);
    const rows = report.json['rows'] as Array<Record<string, unknown>>;
    // 100,00 at 12% + 100,00 at the seller's 2% = 14,00 on 200,00.
    expect(rows).toEqual([expect.objectContaining({ id_usuario: gerente, quantidade_vendas: 1, total_vendas: 200, valor_comissao: 14 })]);
  });

  it('a cancelled order leaves the report', async () => {
    const id = await order('OrdemServico', 'Liberado');
    let report = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today() }, manager);
    expect((report.json['rows'] as Array<Record<string, unknown>>)[0]).toMatchObject({ quantidade_vendas: 2, total_vendas: 400, valor_comissao: 28 });
    await expectOk(t, 'orderUpdate', { id_pedido: id, situacao: 'Cancelado' }, manager);
    report = await expectOk(t, 'commissionReport', { data_inicio: today(), data_fim: today() }, manager);
    expect((report.json['rows'] as Array<Record<string, unknown>>)[0]).toMatchObject({ quantidade_vendas: 1, total_vendas: 200, valor_comissao: 14 });
  });
});
