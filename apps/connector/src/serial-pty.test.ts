/**
 * The real serial driver (stty, then the port opened as a terminal) against a simulated checkout scale on a
 * pseudo-terminal: a small Python program opens a pty pair, prints the port's path and answers ENQ with the Toledo
 * Prix frame (STX, grams, ETX), as a scale on /dev/ttyUSB0 does. No native module on either side.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRINT_CODES } from '@pdv/domain/print-connector';
import { SCALE_MESSAGES } from '@pdv/domain/scale-reading';
import { connectorConfig } from './config.ts';
import { createConnector, listen } from './server.ts';

const dir = mkdtempSync(join(tmpdir(), 'pdv-pty-'));
const script = join(dir, 'scale.py');
writeFileSync(script, `import os, pty, select, sys
m, s = pty.openpty()
print(os.ttyname(s), flush=True)
frame = sys.argv[1].encode()
while True:
    r, _, _ = select.select([m], [], [], 60)
    if not r:
        break
    try:
        data = os.read(m, 64)
    except OSError:
        break
    if b'\\x05' in data:
        os.write(m, b'\\x02' + frame + b'\\x03')
`);
const children: ChildProcess[] = [];
const servers: Server[] = [];
afterAll(async () => {
  children.forEach((c) => c.kill());
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

async function scaleOnPty(frame: string): Promise<string> {
  const child = spawn('python3', [script, frame], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((done) => child.stdout.once('data', (d: Buffer) => done(d.toString().trim())));
}

async function read(port: string): Promise<Record<string, unknown>> {
  const config = connectorConfig.parse({ porta_connect: 0, perifericos: [{ id_periferico: 6, driver: 'serial', porta: port, velocidade: 9600, paridade: 'Nenhuma' }] });
  const server = createConnector(config, () => undefined);
  servers.push(server);
  const res = await fetch(`http://127.0.0.1:${await listen(server, config)}/balanca/peso`, { method: 'POST', body: JSON.stringify({ dispositivo: 1, id_periferico: 6 }) });
  return (await res.json()) as Record<string, unknown>;
}

describe('the checkout scale on a pseudo-terminal, through the real serial driver', () => {
  it('reads the weight the scale answers to ENQ', async () => {
    expect(await read(await scaleOnPty('01250'))).toEqual({ Codigo: PRINT_CODES.ok, Mensagem: SCALE_MESSAGES.read, peso: 1.25 });
  }, 20_000);

  it("passes the scale's unstable reading on as code 999", async () => {
    expect(await read(await scaleOnPty('IIIII'))).toEqual({ Codigo: PRINT_CODES.own, Mensagem: SCALE_MESSAGES.unstable });
  }, 20_000);
});
