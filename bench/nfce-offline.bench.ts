/**
 * NFC-e offline through the connector (issue 29, "Speed": build, sign and print an offline NFC-e of 20 items, p95 at
 * most 300 ms from Finalizar to the DANFE bytes at the printer). In one process: the connector (apps/connector) on a
 * loopback port with a .pfx and a CSC installed and a spool-folder printer.
 *
 * - figure: POST /nfce/contingencia of a 20-item sale until its answer, which comes once the DANFE NFC-e is renamed
 *   into the spool folder (build, QR code, signature, the DANFE as ESC/POS text with the printer's QR command, delivery);
 * - baseline: POST /impressao of the same DANFE ESC/POS bytes to the same folder (printing alone), timed in turns with the
 *   figure so that both see the same moments of the machine's load.
 *
 * Not measured: the browser's part before the POST (the sale's groups are mapped from the local copy right after the
 * local write of the operation).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectorConfig } from '../apps/connector/src/config.ts';
import { escposWithQrCode } from '../apps/connector/src/escpos.ts';
import { createConnector, listen } from '../apps/connector/src/server.ts';
import { danfeNfceText } from '../packages/documents/src/danfe-nfce-text.ts';
import { parseNFe } from '../packages/documents/src/danfe-parse.ts';
import { makeItem, makeNFCeInput, TEST_CSC, TEST_EMITTER_CNPJ } from '../packages/fiscal/src/testing/nfe-factory.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from '../packages/fiscal/src/testing/test-certificate.ts';
import { percentile, type Benchmark, type BenchResult } from './lib.ts';

const RUNS = 200;
const GOAL_MS = 300;

function saleRequest(numero: number) {
  const det = Array.from({ length: 20 }, (_, i) => makeItem({ cProd: `P${i + 1}`, xProd: `CAMISETA BASICA ALGODAO ${i + 1}`, vUnCom: 3990 + i }));
  const { csc: _csc, ide, ...rest } = makeNFCeInput({ det });
  const { serie: _s, nNF: _n, cNF: _c, dhEmi: _d, tpEmis: _t, mod: _m, ...ideBase } = ide;
  return { dispositivo: 1, id_periferico: 1, numero, serie: 5, dhEmi: new Date().toISOString(), nfe: { ...rest, ide: ideBase } };
}

export const nfceOfflineBenchmark: Benchmark = {
  name: 'nfce-offline',
  async run(): Promise<BenchResult[]> {
    const dir = mkdtempSync(join(tmpdir(), 'pdv-bench-nfce-'));
    const pfx = join(dir, 'filial.pfx');
    writeFileSync(pfx, createTestCertificate({ cnpj: TEST_EMITTER_CNPJ, name: 'LOJA DEMO MODA LTDA' }));
    const config = connectorConfig.parse({
      dispositivo: 1, endereco: '127.0.0.1', porta_connect: 0, perifericos: [{ id_periferico: 1, driver: 'spool', pasta: dir }],
      nfce: { certificado: pfx, senha: TEST_CERTIFICATE_PASSWORD, id_csc: TEST_CSC.idCSC, csc: TEST_CSC.csc },
    });
    const server = createConnector(config, () => undefined);
    const port = await listen(server, config);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json()) as { Codigo: number; Mensagem: string; xml?: string; impressao?: { Codigo: number } | null };
      if (answer.Codigo !== 0 || (answer.impressao && answer.impressao.Codigo !== 0)) throw new Error(answer.Mensagem);
      return answer;
    };
    try {
      let numero = 0;
      const issue = () => post('/nfce/contingencia', saleRequest((numero += 1)));
      const first = (await issue()) as { xml?: string };
      const text = danfeNfceText(parseNFe(first.xml!));
      const printBody = { dispositivo: 1, id_periferico: 1, tipo_impressao: 'escpos', data_base64: escposWithQrCode(text.before, text.qrCode, text.after).toString('base64') };
      const printOnly = () => post('/impressao', printBody);
      for (let i = 0; i < 20; i += 1) {
        await issue();
        await printOnly();
      }
      const figure: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        let start = performance.now();
        await issue();
        figure.push(performance.now() - start);
        start = performance.now();
        await printOnly();
        baseline.push(performance.now() - start);
      }
      const value = percentile(figure, 95);
      const base = percentile(baseline, 95);
      return [{
        name: 'POST /nfce/contingencia, 20 items: build + sign + DANFE NFC-e (ESC/POS, the printer QR command) to the last byte in a spool folder, p95', value, unit: 'ms',
        baseline: base, baselineName: 'POST /impressao of the same DANFE ESC/POS bytes, p95', ratio: value / base, goal: `p95 ≤ ${GOAL_MS} ms`,
        met: value <= GOAL_MS,
      }];
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
