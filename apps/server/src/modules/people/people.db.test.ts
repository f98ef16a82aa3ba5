/**
 * The person register's own rules through its routes (issue 20, 002 §3 Person): addresses written with the row in one
 * transaction (one main, 'Endereço Padrão' by default), CPF/CNPJ checks and duplicates within the organization, the
 * IE checked for the main address's state, branches, another organization's ids. The generic life of the register
 * (401/403/400, isolation, fuzz) is the generated suites'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '@pdv/contract/registers/descriptor';
import { cpfCheckDigits } from '@pdv/domain/documents';
import { PERSON_MESSAGES as M } from '@pdv/domain/person';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { expectOk } from '../../testing/routes.ts';
import { demoIds, type DemoIds } from '../../testing/sync.ts';

let t: TestApp;
let manager: string;
let other: string;
let ids: DemoIds;
let foreignBranch: number;
let ownBranch: number;

type Json = Record<string, unknown>;

/** A valid CPF from a 9-digit base. */
const cpf = (base: number) => {
  const b = String(base).padStart(9, '0');
  return b + cpfCheckDigits(b);
};

const address = (over: Json = {}): Json => ({ cep: '01310100', endereco: 'Av. Paulista', numero: '1000', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', ...over });

beforeAll(async () => {
  t = await createTestApp();
  manager = await t.login('gerente@demo.com.br');
  other = await t.login('outra@demo.com.br');
  ids = await demoIds(t.db);
  [foreignBranch, ownBranch] = await t.db.system(async (tx) => [
    (await tx.query<{ id: number }>('SELECT id_filial AS id FROM filial WHERE id_organization = $1 LIMIT 1', [ids.other])).rows[0]!.id,
    (await tx.query<{ id: number }>('SELECT id_filial AS id FROM filial WHERE id_organization = $1 LIMIT 1', [ids.demo])).rows[0]!.id,
  ]);
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: unknown, token = manager) => t.call('POST', path, body, token);
const countOf = async (sql: string, params: unknown[]) =>
  t.db.system(async (tx) => (await tx.query<{ n: number }>(sql, params)).rows[0]!.n);

describe('person register', () => {
  it('creates a customer with two addresses, one main, and finds it with them', async () => {
    const created = await expectOk(t, 'personCreate', {
      nome: 'Maria das Dores', tipo: 'F', cpf: cpf(111222333), is_cliente: true, valor_devedor_maximo: 500,
      bloquear_venda_saldo_vencido: true, filiais: [ownBranch],
      enderecos: [address(), address({ descricao: 'Trabalho', endereco: 'Rua Augusta', is_principal: true })],
    }, manager);
    const id = created.json['id_pessoa'] as number;
    const enderecos = created.json['enderecos'] as Json[];
    expect(enderecos).toHaveLength(2);
    expect(enderecos.filter((e) => e['is_principal'])).toEqual([expect.objectContaining({ descricao: 'Trabalho', endereco: 'Rua Augusta' })]);
    expect(enderecos.map((e) => e['descricao'])).toContain('Endereço Padrão');
    const found = await expectOk(t, 'personFindById', { id_pessoa: id }, manager);
    expect(found.json['filiais']).toEqual([ownBranch]);
    expect(found.json['valor_devedor_maximo']).toBe(500);
    const list = await expectOk(t, 'personFind', { search: 'Maria das Dores' }, manager);
    expect((list.json['rows'] as Json[]).map((r) => r['id_pessoa'])).toContain(id);

    // Update: the first address goes, the other stays main; one address alone is the main.
    const keep = enderecos.find((e) => e['descricao'] === 'Trabalho')!;
    const updated = await expectOk(t, 'personUpdate', { id_pessoa: id, nome: 'Maria das Dores Souza', enderecos: [{ ...keep, is_principal: false }] }, manager);
    expect(updated.json['enderecos']).toEqual([expect.objectContaining({ id_pessoa_endereco: keep['id_pessoa_endereco'], is_principal: true })]);
    const inactive = await expectOk(t, 'personSituacao', { id_pessoa: id, situacao: 'Inativo' }, manager);
    expect(inactive.json['situacao']).toBe('Inativo');
  });

  it('refuses a bad CPF and a duplicate CPF or CNPJ in the organization, writing nothing', async () => {
    const bad = await post('/people/create', { nome: 'CPF errado', cpf: '11122233300' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain(REGISTER_MESSAGES.invalidCpf);
    const doc = cpf(444555666);
    await expectOk(t, 'personCreate', { nome: 'Primeiro', cpf: doc }, manager);
    const before = await countOf('SELECT count(*)::int AS n FROM pessoa_endereco', []);
    const dup = await post('/people/create', { nome: 'Segundo', cpf: doc, enderecos: [address()] });
    expect(dup.status).toBe(400);
    expect(dup.json['message']).toBe(M.duplicateCpf(`${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`));
    expect(await countOf('SELECT count(*)::int AS n FROM pessoa_endereco', [])).toBe(before);
    // Another organization may have the same CPF.
    await expectOk(t, 'personCreate', { nome: 'Outro', cpf: doc }, other);
    const cnpj = '11222333000181';
    await expectOk(t, 'personCreate', { nome: 'Empresa', tipo: 'J', cnpj }, manager);
    const dupCnpj = await post('/people/create', { nome: 'Empresa 2', tipo: 'J', cnpj: '11.222.333/0001-81' });
    expect(dupCnpj.json['message']).toBe(M.duplicateCnpj('11.222.333/0001-81'));
    const mixed = await post('/people/create', { nome: 'Física com CNPJ', tipo: 'F', cnpj: '11444777000161' });
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.json)).toContain(M.cnpjForNaturalPerson);
  });

  it('checks the IE for the main address state under the IE indicator', async () => {
    const noUf = await post('/people/create', { nome: 'Contribuinte', tipo: 'J', cnpj: '11444777000161', indicador_ie: 1, ie: '110042490114' });
    expect(JSON.stringify(noUf.json)).toContain(M.ieNeedsState);
    const wrong = await post('/people/create', { nome: 'Contribuinte', tipo: 'J', cnpj: '11444777000161', indicador_ie: 1, ie: '110042490115', enderecos: [address()] });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.json)).toContain(M.invalidIe('SP'));
    const contribuinte = await expectOk(t, 'personCreate', { nome: 'Contribuinte', tipo: 'J', cnpj: '11444777000161', indicador_ie: 1, ie: '110.042.490.114', enderecos: [address()] }, manager);
    expect(contribuinte.json['ie']).toBe('110042490114');
    // An update of the address to another state re-checks the stored IE.
    const moved = await t.call('PUT', '/people/update', { id_pessoa: contribuinte.json['id_pessoa'], enderecos: [address({ uf: 'RJ' })] }, manager);
    expect(JSON.stringify(moved.json)).toContain(M.invalidIe('RJ'));
  });

  it('refuses another organization: its person is not found, its branch is refused', async () => {
    const theirs = await expectOk(t, 'personCreate', { nome: 'Pessoa da outra' }, other);
    const id = theirs.json['id_pessoa'];
    expect((await post('/people/find_by_id', { id_pessoa: id })).status).toBe(404);
    expect((await t.call('PUT', '/people/update', { id_pessoa: id, nome: 'Tomada' }, manager)).status).toBe(404);
    expect((await post('/people/enable-disable', { id_pessoa: id, situacao: 'Inativo' })).status).toBe(404);
    const branch = await post('/people/create', { nome: 'Com filial alheia', filiais: [foreignBranch] });
    expect(branch.status).toBe(400);
    expect(branch.json['message']).toBe(M.branchNotFound);
    const mine = await expectOk(t, 'personCreate', { nome: 'Com endereço' , enderecos: [address()] }, manager);
    const theirAddress = await expectOk(t, 'personCreate', { nome: 'Endereço da outra', enderecos: [address()] }, other);
    const stolen = (theirAddress.json['enderecos'] as Json[])[0]!['id_pessoa_endereco'];
    const take = await t.call('PUT', '/people/update', { id_pessoa: mine.json['id_pessoa'], enderecos: [address({ id_pessoa_endereco: stolen })] }, manager);
    expect(take.status).toBe(400);
    expect(take.json['message']).toBe(M.addressNotFound);
  });
});
