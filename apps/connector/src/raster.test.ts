/**
 * ESC/POS raster mode: the receipt's PDF (packages/documents receipt.ts, rendered by pdfmake) printed as an image by a
 * spool-folder printer set to `modo: "raster"`, rendered by the real pdftoppm.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPdf } from '@pdv/documents/pdf';
import { receiptDocument, type ReceiptData } from '@pdv/documents/receipt';
import { PRINT_CODES } from '@pdv/domain/print-connector';
import { connectorConfig } from './config.ts';
import { CUT, DRAWER_KICK, INIT } from './escpos.ts';
import { escposRaster, parsePbm, RASTER_BAND, rasterCommands, trimBottom, type Bitmap } from './raster.ts';
import { createConnector, listen } from './server.ts';

const dir = mkdtempSync(join(tmpdir(), 'pdv-raster-test-'));
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

/** The images of a GS v 0 job, read back: what a printer would print. */
function readRaster(job: Buffer): Bitmap[] {
  const out: Bitmap[] = [];
  for (let at = job.indexOf(Buffer.from([0x1d, 0x76, 0x30, 0])); at >= 0; at = job.indexOf(Buffer.from([0x1d, 0x76, 0x30, 0]), at + 1)) {
    const row = job[at + 4]! + job[at + 5]! * 256;
    const rows = job[at + 6]! + job[at + 7]! * 256;
    out.push({ width: row * 8, height: rows, data: job.subarray(at + 8, at + 8 + row * rows) });
    at += 8 + row * rows - 1;
  }
  return out;
}

const blackDots = (b: Bitmap) => [...b.data].reduce((t, byte) => t + byte.toString(2).replace(/0/g, '').length, 0);

describe('raster commands', () => {
  it('reads PBM pages, trims the blank foot and writes GS v 0 in bands of at most 256 rows', () => {
    // Two pages: 16 × 600 with a black row at 10 and at 299, then 8 × 2 all black.
    const page1 = Buffer.alloc(2 * 600);
    page1.fill(0xff, 10 * 2, 11 * 2);
    page1.fill(0xff, 299 * 2, 300 * 2);
    const pbm = Buffer.concat([Buffer.from('P4\n# pdftoppm\n16 600\n'), page1, Buffer.from('P4\n8 2\n'), Buffer.from([0xff, 0xff])]);
    const [a, b] = parsePbm(pbm);
    expect(a).toMatchObject({ width: 16, height: 600 });
    expect(b).toMatchObject({ width: 8, height: 2 });
    const trimmed = trimBottom(a!, 0);
    expect(trimmed.height).toBe(300);
    const bytes = rasterCommands(trimmed);
    // 300 rows: a band of 256 and one of 44, each with its 8-byte header.
    expect(bytes.length).toBe(8 + 2 * 256 + 8 + 2 * 44);
    expect([...bytes.subarray(0, 8)]).toEqual([0x1d, 0x76, 0x30, 0, 2, 0, 0, 1]);
    expect([...bytes.subarray(8 + 512, 8 + 512 + 8)]).toEqual([0x1d, 0x76, 0x30, 0, 2, 0, 44, 0]);
    expect(RASTER_BAND).toBe(256);
    const job = escposRaster([a!, b!], { cut: true, drawer: true });
    expect(job.subarray(0, 2).equals(Buffer.from(INIT))).toBe(true);
    expect(job.subarray(job.length - DRAWER_KICK.length).equals(Buffer.from(DRAWER_KICK))).toBe(true);
    expect(job.toString('latin1').split(Buffer.from(CUT).toString('latin1')).length - 1).toBe(2);
  });

  it('refuses what is not a PBM', () => {
    expect(() => parsePbm(Buffer.from('P6\n1 1\n255\nabc'))).toThrow('imagem PBM inválida');
    expect(() => parsePbm(Buffer.from('P4\n16 10\n\u0000'))).toThrow('imagem PBM truncada');
  });
});

const receipt: ReceiptData = {
  loja: { nome: 'Mercado Raster', cnpj: '08723218000186', endereco: 'Rua A, 1, Centro, São Paulo, SP' }, titulo: 'Comprovante de venda', mostrar_troco: true,
  numero: '4321', data: '2026-11-28T12:00:00.000Z', fuso_horario: -3, operador: 'Caixa 1', cliente: null,
  itens: [{ descricao: 'Queijo minas', codigo: '7891000315507', quantidade: 1250, unidade: 'KG', valor_unitario: 3990, valor_desconto: 0, valor_total: 4988, promocao: null }],
  bruto: 4988, desconto: 0, acrescimo: 0, total: 4988,
  pagamentos: [{ descricao: 'Dinheiro', meio_pagamento: '01', utilizar_captura: false, valor: 5000, parcelas: 1, cartao: { operadora: null, bandeira: null, codigo_autorizacao: null, data_hora: null } }],
  troca: null, observacao: null,
};

async function post(url: string, body: unknown): Promise<{ status: number; body: { Codigo: number; Mensagem: string } }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { Codigo: number; Mensagem: string } };
}

describe('a receipt printer in raster mode', () => {
  it("prints the receipt's PDF as a 576-dot image with cut and drawer kick; text jobs stay text", async () => {
    const spool = mkdtempSync(join(dir, 'spool-'));
    const config = connectorConfig.parse({ porta_connect: 0, perifericos: [{ id_periferico: 1, driver: 'spool', pasta: spool, modo: 'raster' }] });
    const server = createConnector(config, () => undefined);
    servers.push(server);
    const url = `http://127.0.0.1:${await listen(server, config)}/impressao`;
    const pdf = Buffer.from(await (await renderPdf(receiptDocument(receipt))).arrayBuffer());
    const res = await post(url, { dispositivo: 1, id_periferico: 1, tipo_impressao: 'comprovante', data_base64: pdf.toString('base64'), commmand: 'gaveta' });
    expect(res.body).toEqual({ Codigo: PRINT_CODES.ok, Mensagem: 'Requisição de impressão criada com sucesso!' });
    const [file] = readdirSync(spool);
    const job = readFileSync(join(spool, file!));
    expect(job.subarray(0, 2).equals(Buffer.from(INIT))).toBe(true);
    expect(job.includes(Buffer.from(CUT))).toBe(true);
    expect(job.subarray(job.length - DRAWER_KICK.length).equals(Buffer.from(DRAWER_KICK))).toBe(true);
    const bands = readRaster(job);
    expect(bands.length).toBeGreaterThan(0);
    expect(bands.every((b) => b.width === 576 && b.height <= 256)).toBe(true);
    // The receipt has ink (text), and the blank foot of the page was trimmed: far fewer rows than the page's.
    expect(bands.reduce((t, b) => t + blackDots(b), 0)).toBeGreaterThan(2000);
    // No text of the PDF reached the printer as text.
    expect(job.includes(Buffer.from('%PDF'))).toBe(false);

    const text = await post(url, { dispositivo: 1, id_periferico: 1, tipo_impressao: 'comprovante', data_base64: Buffer.from('TOTAL R$ 49,88\n').toString('base64') });
    expect(text.body.Codigo).toBe(PRINT_CODES.ok);
    const second = readdirSync(spool).sort().find((f) => f !== file)!;
    expect(readFileSync(join(spool, second)).includes(Buffer.from('TOTAL R$ 49,88'))).toBe(true);

    // A broken PDF: the connector's own message (999), nothing printed.
    const broken = await post(url, { dispositivo: 1, id_periferico: 1, tipo_impressao: 'pdf', data_base64: Buffer.from('%PDF-1.7\nlixo').toString('base64') });
    expect(broken.body.Codigo).toBe(PRINT_CODES.own);
    expect(broken.body.Mensagem).toMatch(/PDF não renderizado|PDF sem páginas/);
    expect(readdirSync(spool)).toHaveLength(2);
  }, 60_000);
});
