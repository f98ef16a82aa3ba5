import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBank, type FakeBank } from '../fake-bank/server.ts';
import { parsePix } from '../pix.ts';
import { CobrancaApiClient, InternetBankingClient } from './cobranca-client.ts';
import { BankApiError } from './http.ts';
import { PixApiClient } from './pix-client.ts';

const secret = 'segredo-do-webhook';
let bank: FakeBank;
let hookServer: Server;
let hookUrl = '';
const received: Array<{ path: string; body: string; signature: string }> = [];

beforeAll(async () => {
  bank = await startFakeBank({ clientId: 'cli', clientSecret: 'sec', webhookSecret: secret, loginCode: '654321',
    operators: { '11222333000181:12345678909': 'senha1' }, convenio: '3128557' });
  hookServer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => { received.push({ path: req.url ?? '', body, signature: String(req.headers['x-fake-bank-signature']) }); res.writeHead(200).end(); });
  });
  await new Promise<void>((r) => hookServer.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await bank.close();
  await new Promise<void>((r) => hookServer.close(() => r()));
});

const pix = () => new PixApiClient({ baseUrl: bank.url, clientId: 'cli', clientSecret: 'sec' });
const txid = (n: string) => `VENDA${n}`.padEnd(30, '0');

describe('API Pix client against the fake bank', () => {
  it('refuses wrong client credentials', async () => {
    const bad = new PixApiClient({ baseUrl: bank.url, clientId: 'cli', clientSecret: 'errado' });
    await expect(bad.getCob(txid('X'))).rejects.toThrow('O banco recusou as credenciais da integração PIX.');
  });

  it('creates an immediate charge whose BR Code is dynamic, for the amount, pointing at its location', async () => {
    const cob = await pix().createCob(txid('A1'), { valor: 1234, chave: 'loja@exemplo.com' });
    expect(cob).toMatchObject({ txid: txid('A1'), status: 'ATIVA', valor: 1234 });
    const parsed = parsePix(cob.pixCopiaECola ?? '');
    expect(parsed.valor).toBe(1234);
    expect(parsed.url).toBe(cob.location);
    const loc = await pix().getLoc(bank.state.cobs.get(txid('A1'))!.loc.id);
    expect(loc.txid).toBe(txid('A1'));
  });

  it('refuses a second charge with the same txid and a bad amount, with the bank problem detail', async () => {
    await expect(pix().createCob(txid('A1'), { valor: 1, chave: 'k' })).rejects.toMatchObject({ status: 400, detail: 'Já existe uma cobrança com o txid informado.' });
    await expect(pix().createCob('curto', { valor: 1, chave: 'k' })).rejects.toBeInstanceOf(BankApiError);
  });

  it('posts a signed webhook to the registered URL + /pix when the charge is paid, and GET shows it CONCLUIDA', async () => {
    const client = pix();
    await client.setWebhook('loja@exemplo.com', hookUrl);
    expect(await client.getWebhook('loja@exemplo.com')).toBe(hookUrl);
    await client.createCob(txid('B2'), { valor: 990, chave: 'loja@exemplo.com' });
    expect((await client.getCob(txid('B2'))).status).toBe('ATIVA');
    await bank.pay(txid('B2'));
    const hook = received.find((r) => r.body.includes(txid('B2')));
    expect(hook?.path).toBe('/hook/pix');
    expect(hook?.signature).toBe(createHmac('sha256', secret).update(hook?.body ?? '').digest('hex'));
    const paid = await client.getCob(txid('B2'));
    expect(paid.status).toBe('CONCLUIDA');
    expect(paid.pix[0]?.valor).toBe(990);
    const list = await client.listPix(new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 60_000).toISOString());
    expect(list.map((p) => p.txid)).toContain(txid('B2'));
  });

  it('creates a charge with a due date and withdraws an immediate one', async () => {
    const cobv = await pix().createCobv(txid('C3'), { valor: 5000, chave: 'k', vencimento: '2030-01-10', devedor: { cpf: '12345678909', nome: 'Fulano' } });
    expect((await pix().getCobv(cobv.txid)).valor).toBe(5000);
    await pix().createCob(txid('C4'), { valor: 100, chave: 'k' });
    expect((await pix().removeCob(txid('C4'))).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});

describe('Cobranças v2, Extratos and internet banking clients against the fake bank', () => {
  const cob = () => new CobrancaApiClient({ baseUrl: bank.url, clientId: 'cli', clientSecret: 'sec', appKey: 'app' });
  const pagador = { tipoInscricao: 1 as const, numeroInscricao: '12345678909', nome: 'Fulano', endereco: 'Rua A, 1', cep: '01001-000', cidade: 'São Paulo', bairro: 'Sé', uf: 'SP' };

  it('registers a boleto, lists it open, writes it off, and lists it closed', async () => {
    const r = await cob().registrar({ convenio: '3128557', sequencial: 42, valor: 15075, vencimento: '2030-02-01', emissao: '2030-01-01', seuNumero: 'DOC-1', pagador });
    expect(r.numero).toBe('00031285570000000042');
    expect(r.codigoBarras).toMatch(/^0019\d{40}$/);
    expect((await cob().consultar(r.numero, '3128557')).valor).toBe(15075);
    expect((await cob().listar('3128557', 'A')).map((b) => b.numero)).toContain(r.numero);
    await cob().baixar(r.numero, '3128557');
    expect((await cob().consultar(r.numero, '3128557')).estado).toBe('BAIXA');
    expect((await cob().listar('3128557', 'B')).map((b) => b.numero)).toContain(r.numero);
    await expect(cob().baixar(r.numero, '3128557')).rejects.toThrow('Boleto já baixado ou liquidado.');
  });

  it('refuses a boleto of another convênio with the bank message', async () => {
    await expect(cob().registrar({ convenio: '1111111', sequencial: 1, valor: 100, vencimento: '2030-02-01', emissao: '2030-01-01', seuNumero: 'X', pagador }))
      .rejects.toThrow('Convênio inválido.');
  });

  it('lists the statement with the Pix received as credits', async () => {
    const lines = await cob().extrato('1234', '56789');
    expect(lines.some((l) => l.sinal === 'C' && l.valor === 990 && l.historico === 'PIX RECEBIDO')).toBe(true);
  });

  it('logs an operator in with the two-step code, refusing a wrong password and a wrong code', async () => {
    const ib = new InternetBankingClient({ baseUrl: bank.url });
    await expect(ib.login('11222333000181', '12345678909', 'errada')).rejects.toThrow('Usuário ou senha inválidos.');
    const { desafio } = await ib.login('11.222.333/0001-81', '123.456.789-09', 'senha1');
    await expect(ib.validarCodigo(desafio, '000000')).rejects.toThrow('Código inválido.');
    const t = await ib.validarCodigo(desafio, '654321');
    expect(t.token).toMatch(/^[0-9a-f]{48}$/);
    expect(t.expiresIn).toBe(3600);
  });
});
