/**
 * How a job's bytes reach a printer: a raw TCP socket (port 9100, "JetDirect"), CUPS's `lp` (spawned, the bytes on its
 * standard input; raw for printer languages, filtered for a PDF), or a spool folder (written under a temporary name
 * and renamed, so a program watching the folder never takes half a file). Each resolves when the last byte is
 * delivered and rejects with a pt-BR reason (a serial printer: serial.ts); the caller bounds it with the time-out.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { PrintKind } from '@pdv/domain/print-connector';
import type { PeripheralConfig } from './config.ts';
import type { OpenSerial } from './serial.ts';

export interface DriverJob {
  bytes: Buffer;
  kind: PrintKind;
  /** Aborted at the time-out: the driver drops its socket or child. */
  signal: AbortSignal;
  lp: string;
  openSerial: OpenSerial;
}

/** The printer as the log and the messages name it (never the job's content). */
export function targetOf(p: PeripheralConfig): string {
  if (p.driver === 'tcp') return `${p.host}:${p.porta}`;
  if (p.driver === 'cups') return `lp ${p.fila ?? '(padrão)'}`;
  if (p.driver === 'serial') return p.porta;
  return p.pasta;
}

/**
 * Sends the bytes and half-closes. Done when the printer closes its side too (it has read the whole job), or, for a
 * printer that keeps the connection open, 2 s after the last byte left this machine.
 */
export function sendTcp(host: string, port: number, job: DriverJob): Promise<void> {
  return new Promise((done, fail) => {
    const socket = connect({ host, port });
    let linger: NodeJS.Timeout | undefined;
    const settle = () => {
      clearTimeout(linger);
      job.signal.removeEventListener('abort', abort);
    };
    const abort = () => socket.destroy(new Error('tempo esgotado'));
    job.signal.addEventListener('abort', abort, { once: true });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      settle();
      fail(new Error(error.code === 'ECONNREFUSED' ? 'conexão recusada' : error.message));
    });
    socket.on('connect', () => socket.end(job.bytes));
    socket.on('finish', () => {
      linger = setTimeout(() => {
        settle();
        socket.destroy();
        done();
      }, 2000);
    });
    socket.on('close', (hadError) => {
      settle();
      if (!hadError) done();
    });
  });
}

export function sendCups(queue: string | undefined, job: DriverJob): Promise<void> {
  const args = [...(queue ? ['-d', queue] : []), ...(job.kind === 'pdf' ? [] : ['-o', 'raw']), '-t', 'PDV', '-'];
  return new Promise((done, fail) => {
    const child = spawn(job.lp, args, { stdio: ['pipe', 'ignore', 'pipe'], signal: job.signal });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-500);
    });
    child.on('error', (error: NodeJS.ErrnoException) => fail(new Error(error.code === 'ENOENT' ? `${job.lp} não encontrado (instale o CUPS)` : error.message)));
    child.on('close', (code) => {
      if (code === 0) done();
      else fail(new Error(stderr.trim() || `lp terminou com o código ${code ?? '?'}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(job.bytes);
  });
}

const EXTENSION: Record<PrintKind, string> = { comprovante: 'prn', escpos: 'prn', zpl: 'zpl', epl: 'epl', pdf: 'pdf' };
let sequence = 0;

/** Writes the job into the folder; resolves with the file's name. */
export async function writeSpool(folder: string, job: DriverJob): Promise<string> {
  sequence += 1;
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}.${EXTENSION[job.kind]}`;
  const temporary = join(folder, `.${randomUUID()}.tmp`);
  await writeFile(temporary, job.bytes, { signal: job.signal });
  await rename(temporary, join(folder, name));
  return name;
}

/** Writes the job to a serial printer (the port set as the peripheral's settings say) and closes the port. */
export async function sendSerial(p: Extract<PeripheralConfig, { driver: 'serial' }>, job: DriverJob): Promise<void> {
  const port = await job.openSerial(p);
  try {
    await port.write(job.bytes);
  } finally {
    await port.close();
  }
}

export async function deliver(p: PeripheralConfig, job: DriverJob): Promise<void> {
  if (p.driver === 'tcp') await sendTcp(p.host, p.porta, job);
  else if (p.driver === 'cups') await sendCups(p.fila, job);
  else if (p.driver === 'serial') await sendSerial(p, job);
  else await writeSpool(p.pasta, job);
}
