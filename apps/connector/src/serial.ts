/**
 * Serial ports without a native module (002 §3 peripheral serial settings: port, data bits, stop bits, speed, parity):
 * the port is set with the system's own tool (`stty` on Linux and macOS, `mode` on Windows) and then opened as a file;
 * on Linux and macOS the open port is a terminal, read and written through node:tty streams (non-blocking).
 * `OpenSerial` is what the drivers and the scale reader call, so tests give them a simulated device instead.
 */
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { ReadStream, WriteStream } from 'node:tty';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PARITY = { Nenhuma: 'n', Par: 'e', Impar: 'o', Marca: 'm', Espaco: 's' } as const;

export interface SerialSettings {
  porta: string;
  velocidade: number;
  bits_dados: 5 | 6 | 7 | 8;
  bits_parada: '1' | '1.5' | '2';
  paridade: keyof typeof PARITY;
}

export interface SerialPort {
  write(bytes: Buffer): Promise<void>;
  onData(listener: (chunk: Buffer) => void): void;
  close(): Promise<void>;
}

export type OpenSerial = (settings: SerialSettings) => Promise<SerialPort>;

/** `stty` arguments for the settings (raw mode, no echo; mark and space parity need cmspar). */
export function sttyArgs(s: SerialSettings): string[] {
  const parity = PARITY[s.paridade];
  const flags = parity === 'n' ? ['-parenb'] : ['parenb', parity === 'o' || parity === 'm' ? 'parodd' : '-parodd', ...(parity === 'm' || parity === 's' ? ['cmspar'] : [])];
  return [process.platform === 'darwin' ? '-f' : '-F', s.porta, String(s.velocidade), `cs${s.bits_dados}`, s.bits_parada === '1' ? '-cstopb' : 'cstopb',
    ...flags, 'raw', '-echo', 'clocal'];
}

/** Windows `mode` arguments for the settings. */
export function modeArgs(s: SerialSettings): string[] {
  return [`${s.porta}:`, `BAUD=${s.velocidade}`, `PARITY=${PARITY[s.paridade]}`, `DATA=${s.bits_dados}`, `STOP=${s.bits_parada}`];
}

export const openSerialPort: OpenSerial = async (s) => {
  if (process.platform === 'win32') {
    await run('mode', modeArgs(s));
    const handle = await open(`\\\\.\\${s.porta}`, 'r+');
    const listeners: Array<(chunk: Buffer) => void> = [];
    let closed = false;
    void (async () => {
      const buffer = Buffer.alloc(256);
      while (!closed) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null).catch(() => ({ bytesRead: 0 }));
        if (bytesRead > 0) listeners.forEach((l) => l(Buffer.from(buffer.subarray(0, bytesRead))));
        else await new Promise((r) => setTimeout(r, 20));
      }
    })();
    return {
      write: async (bytes) => {
        await handle.write(bytes);
      },
      onData: (l) => listeners.push(l),
      close: async () => {
        closed = true;
        await handle.close();
      },
    };
  }
  await run('stty', sttyArgs(s));
  const handle = await open(s.porta, 'r+');
  const input = new ReadStream(handle.fd);
  const output = new WriteStream(handle.fd);
  return {
    write: (bytes) => new Promise((done, fail) => output.write(bytes, (error) => (error ? fail(error) : done()))),
    onData: (l) => input.on('data', (chunk: Buffer | string) => l(Buffer.from(chunk))),
    close: async () => {
      input.destroy();
      await handle.close().catch(() => undefined);
    },
  };
};
