// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { connectorUrl, sendToConnector, toBase64 } from './connector.ts';
import { peripheralFor, setPeripheral, type PeripheralChoice } from './peripheralStore.ts';

const choice = (porta_connect: number, endereco = '127.0.0.1'): PeripheralChoice => ({
  id_periferico: 3, descricao: 'Elgin i9', tipo: 'ImpressoraComprovante',
  dispositivo: { id_dispositivo: 1, descricao: 'Caixa 1', endereco, porta_connect },
});

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
});
beforeEach(() => localStorage.clear());

/** A connector that answers `answer` and keeps the body it got. */
async function fakeConnector(answer: unknown): Promise<{ port: number; bodies: unknown[] }> {
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, bodies };
}

describe('the peripheral chosen on this machine', () => {
  it('is kept per branch and per kind, and an unreadable entry counts as none', () => {
    setPeripheral(1, 'impressora_comprovante', choice(9201));
    expect(peripheralFor(1, 'impressora_comprovante')?.id_periferico).toBe(3);
    expect(peripheralFor(2, 'impressora_comprovante')).toBeNull();
    expect(peripheralFor(1, 'impressora_etiqueta')).toBeNull();
    setPeripheral(1, 'impressora_comprovante', null);
    expect(peripheralFor(1, 'impressora_comprovante')).toBeNull();
    localStorage.setItem('pdv_perifericos', JSON.stringify({ 1: { impressora_a4: { id_periferico: 4, dispositivo: { endereco: '' } } } }));
    expect(peripheralFor(1, 'impressora_a4')).toBeNull();
    localStorage.setItem('pdv_perifericos', '{not json');
    expect(peripheralFor(1, 'impressora_a4')).toBeNull();
  });
});

describe('the connector client', () => {
  it("builds the device's URL from its address and port (a whole origin kept as written)", () => {
    expect(connectorUrl(choice(9201, '192.168.0.10'))).toBe('http://192.168.0.10:9201/impressao');
    expect(connectorUrl(choice(9201, 'https://caixa1.loja/'))).toBe('https://caixa1.loja:9201/impressao');
    expect(connectorUrl(choice(9201, 'http://caixa1.loja:9300'))).toBe('http://caixa1.loja:9300/impressao');
  });

  it('sends the contract body, the data as base64 of its UTF-8 bytes', async () => {
    const fake = await fakeConnector({ Codigo: 0, Mensagem: PRINT_MESSAGES.requested });
    expect(await sendToConnector(choice(fake.port), 'comprovante', 'Ação R$ 1,00', 'gaveta')).toEqual({ ok: true });
    expect(fake.bodies).toEqual([{ dispositivo: 1, id_periferico: 3, tipo_impressao: 'comprovante', data_base64: toBase64('Ação R$ 1,00'), commmand: 'gaveta' }]);
    expect(atob(toBase64('Ação'))).toBe('A\u00c3\u00a7\u00c3\u00a3o');
  });

  it("shows the connector's own message (999), and the spec's message when nothing answers", async () => {
    const fake = await fakeConnector({ Codigo: 999, Mensagem: 'A impressora 10.0.0.5:9100 não respondeu em 30 s.' });
    expect(await sendToConnector(choice(fake.port), 'zpl', '^XA^XZ')).toEqual({ ok: false, message: 'A impressora 10.0.0.5:9100 não respondeu em 30 s.' });
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    expect(await sendToConnector(choice(port), 'zpl', '^XA^XZ')).toEqual({ ok: false, message: 'Não foi possível comunicar com o ModerConnect.' });
  });
});
