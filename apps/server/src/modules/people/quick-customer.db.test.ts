/**
 * The point of sale's quick save of a customer (POST /people/quick-create): the cashier, who may sell but not write
 * the people register, creates a customer of its organization and branch; the answer is the row the till's local
 * copy holds. A dishonest cashier cannot reach what the register guards: credit rules and other members are refused,
 * a stored person is never updated, another organization is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { cpfCheckDigits, formatCpf } from '@pdv/domain/documents';
import { PERSON_MESSAGES as M } from '@pdv/domain/person';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let cashier: string;
let manager: string;
let other: string;
let ids: DemoIds;

type Json = Record<string, unknown>;

const cpf = (base: number) => {
  const b = String(base).padStart(9, '0');
  return b + cpfCheckDigits(b);
};

beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.login('caixa@demo.com.br');
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
});
afterAll(async () => {
  await t.close();
});

const quick = (body: unknown, token = cashier) => t.call('POST', '/people/quick-create', body, token);
const people = async (org: number) =>
  t.db.system(async (tx) => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoa WHERE id_organization = $1', [org])).rows[0]!.n);
const stored = async (id: unknown) =>
  t.db.system(async (tx) => (await tx.query<Json>('SELECT * FROM pessoa WHERE id_pessoa = $1', [id])).rows[0]!);

describe('quick save of a customer at the point of sale', () => {
  it('lets the cashier, without the people register, create a customer of its organization and branch', async () => {
    expect((await t.call('POST', '/people/create', { nome: 'Pelo cadastro' }, cashier)).status).toBe(403);
    const doc = cpf(701702703);
    const res = await expectOk(t, 'personQuickCreate', {
      nome: 'Cliente do Caixa', cpf: formatCpf(doc), telefone: '(11) 98888-7777', email: 'cliente@exemplo.com.br',
      endereco: { cep: '01310-100', endereco: 'Av. Paulista', numero: '900', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'sp' },
    }, cashier);
    const row = res.json['pessoa'] as Json;
    // The people sync group's row: what the till's local copy holds.
    expect(row).toMatchObject({
      nome: 'Cliente do Caixa', tipo: 'F', cpf: doc, cnpj: null, telefone: '11988887777', email: 'cliente@exemplo.com.br',
      is_cliente: true, situacao: 'Ativo', cep: '01310100', endereco: 'Av. Paulista', numero: '900', uf: 'SP',
      bloquear_venda_saldo_vencido: false, bloquear_venda_sem_saldo: false, valor_devedor_maximo: null, valor_vencido_maximo: null,
    });
    expect(typeof row['data_alteracao']).toBe('string');
    const person = await stored(row['id_pessoa']);
    expect(person['id_organization']).toBe(ids.demo);
    const branches = await t.db.system(async (tx) =>
      (await tx.query<{ id_filial: number }>('SELECT id_filial FROM pessoa_filial WHERE id_pessoa = $1', [row['id_pessoa']])).rows);
    expect(branches).toEqual([{ id_filial: ids.branch1 }]);
    // The manager sees it in the register, main address 'Endereço Padrão'.
    const found = await expectOk(t, 'personFindById', { id_pessoa: row['id_pessoa'] }, manager);
    expect(found.json['enderecos']).toEqual([expect.objectContaining({ descricao: 'Endereço Padrão', is_principal: true })]);
    // The same sync row the pull brings.
    const pulled = await expectOk(t, 'sync_people', { date_change: null, offset: 0, limit: 1000 }, cashier);
    expect((pulled.json['rows'] as Json[]).find((r) => r['id_pessoa'] === row['id_pessoa'])).toEqual(row);
  });

  it('creates a legal person with a CNPJ and no address', async () => {
    const res = await expectOk(t, 'personQuickCreate', { nome: 'Empresa Rápida', tipo: 'J', cnpj: '11.444.777/0001-61' }, cashier);
    expect(res.json['pessoa']).toMatchObject({ tipo: 'J', cnpj: '11444777000161', cpf: null, id_pessoa_endereco: null });
  });

  it('refuses a duplicate CPF with the register message and leaves the stored person as it was', async () => {
    const doc = cpf(801802803);
    const first = await expectOk(t, 'personCreate', { nome: 'Já Cadastrada', cpf: doc, email: 'antes@exemplo.com.br', valor_devedor_maximo: 100 }, manager);
    const before = await stored(first.json['id_pessoa']);
    const count = await people(ids.demo);
    const dup = await quick({ nome: 'Outro Nome', cpf: doc, email: 'depois@exemplo.com.br' });
    expect(dup.status).toBe(400);
    expect(dup.json['message']).toBe(M.duplicateCpf(formatCpf(doc)));
    expect(await people(ids.demo)).toBe(count);
    expect(await stored(first.json['id_pessoa'])).toEqual(before);
    // Another organization's person with the same CPF does not stop it (nor is it touched).
    const theirs = await expectOk(t, 'personQuickCreate', { nome: 'Na outra loja', cpf: cpf(901902903) }, other);
    const mine = await expectOk(t, 'personQuickCreate', { nome: 'Na minha loja', cpf: cpf(901902903) }, cashier);
    expect(mine.json['pessoa']).not.toMatchObject({ id_pessoa: (theirs.json['pessoa'] as Json)['id_pessoa'] });
    expect((await stored((theirs.json['pessoa'] as Json)['id_pessoa']))['nome']).toBe('Na outra loja');
  });

  it('refuses a dishonest cashier sending credit rules or other register members, writing nothing', async () => {
    const count = await people(ids.demo);
    const addresses = await t.db.system(async (tx) => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoa_endereco', [])).rows[0]!.n);
    const base = { nome: 'Desonesto', cpf: cpf(555666777), endereco: { cep: '01310100', uf: 'SP' } };
    for (const extra of [
      { limite_credito: 99999 }, { valor_devedor_maximo: 99999 }, { valor_vencido_maximo: 5000 }, { bloquear_venda_sem_saldo: false },
      { id_pessoa: 1 }, { id_tabela_preco_padrao: 1 }, { id_usuario_vendedor_padrao: 1 }, { is_fornecedor: true }, { filiais: [ids.branch2] },
      { id_organization: ids.other }, { situacao: 'Inativo' }, { endereco: { cep: '01310100', is_principal: false, id_pessoa_endereco: 1 } },
    ]) {
      const res = await quick({ ...base, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(typeof res.json['message']).toBe('string');
    }
    expect(await people(ids.demo)).toBe(count);
    expect(await t.db.system(async (tx) => (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM pessoa_endereco', [])).rows[0]!.n)).toBe(addresses);
  });

  it('answers bad input with the register messages in pt-BR, writing nothing', async () => {
    const count = await people(ids.demo);
    const badCpf = await quick({ nome: 'CPF errado', cpf: '111.222.333-00' });
    expect(badCpf.status).toBe(400);
    expect(JSON.stringify(badCpf.json)).toContain(REGISTER_MESSAGES.invalidCpf);
    const mixed = await quick({ nome: 'Física com CNPJ', tipo: 'F', cnpj: '11444777000161' });
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.json)).toContain(M.cnpjForNaturalPerson);
    const noName = await quick({ nome: ' ' });
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.json)).toContain(REGISTER_MESSAGES.required('nome'));
    expect((await quick({ nome: 'Fone', telefone: '123' })).status).toBe(400);
    expect(await people(ids.demo)).toBe(count);
  });
});
