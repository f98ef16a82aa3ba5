/**
 * Printing through the local connector (issue 27, "Speed": Finalizar to the receipt's last byte at a spool-folder or
 * TCP 9100 printer, p95 at most 1 s on loopback, against writing the same bytes straight to the spool). In one
 * process: the connector (apps/connector) on a loopback port, a spool folder and a raw TCP 9100 listener.
 *
 * - spool: POST /impressao of a 20-line receipt (text → ESC/POS) until its answer, which comes once the file is
 *   renamed into the folder (the last byte is there); baseline: the same ESC/POS bytes written and renamed into the
 *   folder directly.
 * - tcp: POST /impressao of a label job (ZPL) until the listener has read the job's last byte and the sender closed;
 *   baseline: the same bytes sent over a socket straight to the listener.
 *
 * - raster: POST /impressao of the same receipt's PDF (packages/documents receipt.ts) to a spool printer set to
 *   `modo: "raster"` (pdftoppm renders it to a 576-dot bitmap, GS v 0), until the answer; baseline: the ESC/POS bytes
 *   the connector wrote (read back from the folder) written straight to the spool.
 *
 * The browser's part before the POST (Finalizar to the receipt's text: the local write, the send to the server, the
 * receipt built from the operation) is in finalizar-print.bench.ts, which starts at the cashier's Enter on Finalizar.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectorConfig } from '../apps/connector/src/config.ts';
import { escposReceipt } from '../apps/connector/src/escpos.ts';
import { createConnector, listen } from '../apps/connector/src/server.ts';
import { receiptText } from '../packages/documents/src/receipt-text.ts';
import { receiptDocument } from '../packages/documents/src/receipt.ts';
import { renderPdf } from '../packages/documents/src/pdf.ts';
import { readdirSync, readFileSync } from 'node:fs';
import type { ReceiptData } from '../packages/documents/src/receipt.ts';
import { performance } from 'node:perf_hooks';
import { percentile, type Benchmark, type BenchResult } from './lib.ts';

const RUNS = 300;
const GOAL_MS = 1000;

function receipt(): ReceiptData {
  return {
    loja: { nome: 'Demo Moda - Loja Centro', cnpj: '12345678000195', endereco: 'Rua Augusta, 100, Consolação, São Paulo, SP' },
    titulo: 'PRÉ-VENDA', mostrar_troco: true, numero: '1234', data: new Date().toISOString(), fuso_horario: -3, operador: 'Carlos Lima', cliente: null,
    itens: Array.from({ length: 20 }, (_, i) => ({
      descricao: `Camiseta básica algodão ${i + 1}`, codigo: `789123400${String(i).padStart(4, '0')}`, quantidade: 1000, unidade: 'UN',
      valor_unitario: 3990 + i, valor_desconto: 0, valor_total: 3990 + i, promocao: null,
    })),
    bruto: 80000, desconto: 0, acrescimo: 0, total: 80000,
    pagamentos: [{ descricao: 'Dinheiro', meio_pagamento: '01', utilizar_captura: false, valor: 80000, parcelas: 1, cartao: null }],
    troca: null, observacao: null,
  };
}

/**
 * Times `a` and `b` in turns (a, b, a, b...) after a warm-up of each, so that both see the same moments of a shared
 * machine's load; answers each one's samples in milliseconds.
 */
async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>, n: number): Promise<[number[], number[]]> {
  for (let i = 0; i < Math.ceil(n / 10); i += 1) {
    await a();
    await b();
  }
  const out: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i += 1) {
    for (const [k, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn();
      out[k as 0 | 1].push(performance.now() - start);
    }
  }
  return out;
}

const ZPL = Array.from({ length: 20 }, (_, i) => `^XA^FO20,20^A0N,30,30^FDCamiseta ${i}^FS^FO20,60^BCN,60^FD78912340${String(i).padStart(5, '0')}^FS^PQ1^XZ`).join('\n');

/** A 9100 printer: `next()` resolves when the next job's last byte has been read and the sender closed. */
async function listener() {
  const waiting: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.resume();
    socket.on('end', () => {
      waiting.shift()?.();
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    next: () => new Promise<void>((r) => waiting.push(r)),
    close: () => new Promise<void>((r) => {
      sockets.forEach((s) => s.destroy());
      server.close(() => r());
    }),
  };
}

export const connectorPrintBenchmark: Benchmark = {
  name: 'connector-print',
  async run(): Promise<BenchResult[]> {
    const spool = mkdtempSync(join(tmpdir(), 'pdv-bench-spool-'));
    const printer = await listener();
    const rasterSpool = mkdtempSync(join(tmpdir(), 'pdv-bench-raster-'));
    const config = connectorConfig.parse({
      endereco: '127.0.0.1', porta_connect: 0,
      perifericos: [{ id_periferico: 1, driver: 'spool', pasta: spool }, { id_periferico: 2, driver: 'tcp', host: '127.0.0.1', porta: printer.port },
        { id_periferico: 3, driver: 'spool', pasta: rasterSpool, modo: 'raster' }],
    });
    const server = createConnector(config, () => undefined);
    const port = await listen(server, config);
    const url = `http://127.0.0.1:${port}/impressao`;
    const text = receiptText(receipt());
    const escpos = escposReceipt(text, { cut: true, drawer: true });
    const post = async (body: unknown) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { Codigo: number; Mensagem: string };
      if (answer.Codigo !== 0) throw new Error(answer.Mensagem);
    };
    try {
      const receiptBody = { dispositivo: 1, id_periferico: 1, tipo_impressao: 'comprovante', data_base64: Buffer.from(text).toString('base64'), commmand: 'gaveta' };
      let n = 0;
      const [direct, viaSpool] = await interleaved(async () => {
        n += 1;
        const temporary = join(spool, `.direct-${n}.tmp`);
        await writeFile(temporary, escpos);
        await rename(temporary, join(spool, `direct-${n}.prn`));
      }, () => post(receiptBody), RUNS);

      const zplBytes = Buffer.from(ZPL);
      const labelBody = { dispositivo: 1, id_periferico: 2, tipo_impressao: 'zpl', data_base64: zplBytes.toString('base64') };
      const [directTcp, viaTcp] = await interleaved(async () => {
        const got = printer.next();
        const socket = connect({ host: '127.0.0.1', port: printer.port });
        await new Promise<void>((r) => socket.on('connect', () => socket.end(zplBytes, () => r())));
        await got;
        socket.destroy();
      }, async () => {
        const got = printer.next();
        await Promise.all([post(labelBody), got]);
      }, RUNS);

      const pdf = Buffer.from(await (await renderPdf(receiptDocument(receipt()))).arrayBuffer());
      const rasterBody = { dispositivo: 1, id_periferico: 3, tipo_impressao: 'comprovante', data_base64: pdf.toString('base64'), commmand: 'gaveta' };
      await post(rasterBody);
      const rasterBytes = readFileSync(join(rasterSpool, readdirSync(rasterSpool).find((f) => f.endsWith('.prn'))!));
      let m = 0;
      const rasterRuns = Math.round(RUNS / 3);
      const [directRaster, viaRaster] = await interleaved(async () => {
        m += 1;
        const temporary = join(rasterSpool, `.direct-${m}.tmp`);
        await writeFile(temporary, rasterBytes);
        await rename(temporary, join(rasterSpool, `direct-${m}.prn`));
      }, () => post(rasterBody), rasterRuns);

      const row = (name: string, value: number, baseline: number, baselineName: string): BenchResult => ({
        name, value, unit: 'ms', baseline, baselineName, ratio: value / baseline, goal: `p95 ≤ ${GOAL_MS} ms`, met: value <= GOAL_MS,
      });
      return [
        row(`POST /impressao receipt (${escpos.length} B ESC/POS) to last byte in a spool folder, p95`, percentile(viaSpool, 95), percentile(direct, 95), 'same bytes written to the spool, p95'),
        row(`POST /impressao receipt PDF (${pdf.length} B) in raster mode (pdftoppm, ${rasterBytes.length} B GS v 0) to last byte in a spool folder, p95 (${rasterRuns} jobs)`, percentile(viaRaster, 95), percentile(directRaster, 95), 'same raster bytes written to the spool, p95'),
        row(`POST /impressao ZPL (${zplBytes.length} B) to last byte at a TCP 9100 listener, p95`, percentile(viaTcp, 95), percentile(directTcp, 95), 'same bytes over a socket, p95'),
      ];
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await printer.close();
      rmSync(spool, { recursive: true, force: true });
      rmSync(rasterSpool, { recursive: true, force: true });
    }
  },
};
