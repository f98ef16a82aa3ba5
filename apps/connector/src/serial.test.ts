/**
 * Serial printers and the checkout scale: the port settings as stty / mode arguments, and the connector against a
 * simulated serial device (the OpenSerial the server is given) that records what it was written and answers ENQ as
 * a Toledo / Filizola checkout scale does.
 */
import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { PRINT_CODES, PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { SCALE_MESSAGES } from '@pdv/domain/scale-reading';
import { connectorConfig } from './config.ts';
import { CUT, INIT } from './escpos.ts';
import { scaleSilent } from './scale.ts';
import { modeArgs, sttyArgs, type OpenSerial, type SerialSettings } from './serial.ts';
import { createConnector, listen } from './server.ts';

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

interface FakeDevice { open: OpenSerial; opened: SerialSettings[]; written: Buffer[]; closed: number }

/** A serial device; `reply` answers each write (a scale answers ENQ), in chunks as a slow line would. */
function fakeDevice(reply: (written: Buffer) => Buffer[] = () => []): FakeDevice {
  const device: FakeDevice = { opened: [], written: [], closed: 0, open: (settings) => {
    device.opened.push(settings);
    const listeners: Array<(c: Buffer) => void> = [];
    return Promise.resolve({
      write: (bytes) => {
        device.written.push(bytes);
        for (const chunk of reply(bytes)) setTimeout(() => listeners.forEach((l) => l(chunk)), 5);
        return Promise.resolve();
      },
      onData: (l) => listeners.push(l),
      close: () => {
        device.closed += 1;
        return Promise.resolve();
      },
    });
  } };
  return device;
}

async function connector(overrides: Record<string, unknown>, device?: FakeDevice): Promise<string> {
  const config = connectorConfig.parse({ endereco: '127.0.0.1', porta_connect: 0, ...overrides });
  const server = createConnector(config, () => undefined, device?.open);
  servers.push(server);
  return `http://127.0.0.1:${await listen(server, config)}`;
}

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { Codigo: number; Mensagem: string; peso?: number } };
}

const scale = { id_periferico: 6, driver: 'serial', porta: '/dev/ttyUSB0', velocidade: 4800, bits_dados: 7, paridade: 'Par' };

describe('serial port settings (002 §3)', () => {
  const settings: SerialSettings = { porta: '/dev/ttyUSB0', velocidade: 9600, bits_dados: 8, bits_parada: '1', paridade: 'Nenhuma' };
  it('become stty arguments on Linux and mode arguments on Windows', () => {
    if (process.platform === 'linux') {
      expect(sttyArgs(settings)).toEqual(['-F', '/dev/ttyUSB0', '9600', 'cs8', '-cstopb', '-parenb', 'raw', '-echo', 'clocal']);
      expect(sttyArgs({ ...settings, bits_dados: 7, bits_parada: '2', paridade: 'Impar' }))
        .toEqual(['-F', '/dev/ttyUSB0', '9600', 'cs7', 'cstopb', 'parenb', 'parodd', 'raw', '-echo', 'clocal']);
      expect(sttyArgs({ ...settings, paridade: 'Espaco' })).toContain('cmspar');
    }
    expect(modeArgs({ ...settings, porta: 'COM3', paridade: 'Par' })).toEqual(['COM3:', 'BAUD=9600', 'PARITY=e', 'DATA=8', 'STOP=1']);
  });
});

describe('a serial receipt printer', () => {
  it('gets the ESC/POS job on its port, set as the peripheral says, and the port is closed after it', async () => {
    const device = fakeDevice();
    const url = await connector({ perifericos: [{ id_periferico: 7, driver: 'serial', porta: '/dev/ttyS0', velocidade: 19200 }] }, device);
    const res = await post(url, '/impressao', { dispositivo: 1, id_periferico: 7, tipo_impressao: 'comprovante', data_base64: Buffer.from('TOTAL R$ 5,00\n').toString('base64') });
    expect(res.body).toEqual({ Codigo: PRINT_CODES.ok, Mensagem: PRINT_MESSAGES.requested });
    expect(device.opened).toEqual([{ id_periferico: 7, driver: 'serial', porta: '/dev/ttyS0', velocidade: 19200, bits_dados: 8, bits_parada: '1', paridade: 'Nenhuma', modo: 'texto', largura_pontos: 576 }]);
    const job = Buffer.concat(device.written);
    expect([...job.subarray(0, 2)]).toEqual(INIT);
    expect(job.includes(Buffer.from('TOTAL R$ 5,00'))).toBe(true);
    expect(job.includes(Buffer.from(CUT))).toBe(true);
    expect(device.closed).toBe(1);
  });

  it("answers 999 with the port's problem when the port cannot be set (a real port that does not exist)", async () => {
    const url = await connector({ perifericos: [{ id_periferico: 7, driver: 'serial', porta: '/dev/pdv-nao-existe' }] });
    const res = await post(url, '/impressao', { dispositivo: 1, id_periferico: 7, tipo_impressao: 'escpos', data_base64: 'AA==' });
    expect(res.status).toBe(502);
    expect(res.body.Codigo).toBe(PRINT_CODES.own);
    expect(res.body.Mensagem).toMatch(/^Falha ao imprimir em \/dev\/pdv-nao-existe: /);
  });
});

describe('the checkout scale (POST /balanca/peso)', () => {
  it('sends ENQ and answers the weight in kilograms, read from an answer that came in pieces', async () => {
    const device = fakeDevice((w) => (w[0] === 0x05 ? [Buffer.from([0x02, 0x30, 0x31]), Buffer.from([0x32, 0x35, 0x30, 0x03])] : []));
    const url = await connector({ perifericos: [scale] }, device);
    const res = await post(url, '/balanca/peso', { dispositivo: 1, id_periferico: 6 });
    expect(res.body).toEqual({ Codigo: PRINT_CODES.ok, Mensagem: SCALE_MESSAGES.read, peso: 1.25 });
    expect(device.written).toEqual([Buffer.from([0x05])]);
    expect(device.opened[0]).toMatchObject({ porta: '/dev/ttyUSB0', velocidade: 4800, bits_dados: 7, paridade: 'Par' });
    expect(device.closed).toBe(1);
  });

  it('tells an unstable weight, a silent scale and a peripheral that is no scale', async () => {
    const unstable = await connector({ perifericos: [scale] }, fakeDevice(() => [Buffer.from('\x02IIIII\x03')]));
    expect((await post(unstable, '/balanca/peso', { dispositivo: 1, id_periferico: 6 })).body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: SCALE_MESSAGES.unstable });
    const silent = await connector({ tempo_limite_balanca_ms: 200, perifericos: [scale] }, fakeDevice());
    const res = await post(silent, '/balanca/peso', { dispositivo: 1, id_periferico: 6 });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: scaleSilent('/dev/ttyUSB0') });
    const printer = await connector({ perifericos: [{ id_periferico: 3, driver: 'spool', pasta: '/tmp' }] }, fakeDevice());
    expect((await post(printer, '/balanca/peso', { dispositivo: 1, id_periferico: 3 })).body).toEqual({ Codigo: PRINT_CODES.printerTypeMissing, Mensagem: PRINT_MESSAGES.printerTypeMissing });
    expect((await post(printer, '/balanca/peso', { id_periferico: 3 })).body.Codigo).toBe(PRINT_CODES.printerNotSet);
  });
});
