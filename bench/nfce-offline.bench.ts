/**
 * NFC-e offline through the connector (issue 29, "Speed": build, sign and print an offline NFC-e of 20 items, p95 at
 * most 300 ms from Finalizar to the DANFE bytes at the printer). In one process: the connector (apps/connector) on a
 * loopback port with a .pfx and a CSC installed and a spool-folder printer.
 *
 * - figure: POST /nfce/contingencia of a 20-item sale until its answer, which comes once the DANFE NFC-e is renamed
 *   into the spool folder (build, QR code, signature, the DANFE as ESC/POS text with the printer's QR command, delivery);
 * - figure 2, from Finalizar: what the web app runs once the cashier confirms an NFC-e with the network off
 *   (useCheckout.finish): operationToFinish, then issueOfflineNfce (apps/web nfceOffline/issue.ts, the module itself):
 *   the local copy's rows read from IndexedDB (Dexie over fake-indexeddb: grids, products, the fiscal scenarios and the
 *   customer), the sale mapped to the document's groups (packages/fiscal local-document.ts, the one rule the server
 *   shares), the next reserved number taken in localStorage (a Map-backed stand-in), and the POST to the connector
 *   above until the DANFE bytes are in the spool folder. What a browser adds (the React render of the modal closing,
 *   the toast) is not measured: Node has no DOM; the local write of the operation comes after the DANFE in finish.
 * - baseline: POST /impressao of the same DANFE ESC/POS bytes to the same folder (printing alone), timed in turns with the
 *   figures so that all see the same moments of the machine's load.
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
import { makeItem as makeSaleItem, makeOperation, makePayment } from '../packages/domain/src/factories.ts';
import { withItemTotals } from '../packages/domain/src/item.ts';

const RUNS = 200;
const GOAL_MS = 300;

function saleRequest(numero: number) {
  const det = Array.from({ length: 20 }, (_, i) => makeItem({ cProd: `P${i + 1}`, xProd: `CAMISETA BASICA ALGODAO ${i + 1}`, vUnCom: 3990 + i }));
  const { csc: _csc, ide, ...rest } = makeNFCeInput({ det });
  const { serie: _s, nNF: _n, cNF: _c, dhEmi: _d, tpEmis: _t, mod: _m, ...ideBase } = ide;
  return { dispositivo: 1, id_periferico: 1, numero, serie: 5, dhEmi: new Date().toISOString(), nfe: { ...rest, ide: ideBase } };
}

/** What the bench uses of the web app's Dexie database (apps/web/src/db/database.ts PdvDatabase). */
interface WebDb {
  rows(name: string): { bulkPut(rows: readonly object[]): Promise<unknown> };
  close(): void;
}

const ID_FILIAL = 1;
const DEVICE = 1;

/** localStorage for the web app's modules in Node: the same Storage calls, kept in a Map. */
function installLocalStorage(): void {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() { return data.size; },
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
}

/** The local copy of a branch as the sync writes it: the branch, its config, a default sale scenario, 20 products. */
function localCopyRows() {
  const branch = { id_filial: ID_FILIAL, cnpj: TEST_EMITTER_CNPJ, razao_social: 'LOJA DEMO MODA LTDA', nome_fantasia: 'Demo Moda', ie: '110042490114',
    endereco: 'Rua das Flores', numero: '100', complemento: null, bairro: 'Centro', id_cidade: 3550308, cidade: 'São Paulo', uf: 'SP',
    cep: '01001000', telefone: '1133334444' };
  const config = { id_filial_configuracao: 1, id_filial: ID_FILIAL, codigo_regime_tributario: 1, ambiente_emissao: 2, nfce_offline_conector: true };
  const scenario = { id_cenario_fiscal: 1, situacao: 'Ativo', operacao: 1, tipo: 'Venda', is_padrao: true, regime_tributario: 1,
    cfop_interno: '5102', cfop_externo: '6102', icms_cst: '00', icms_csosn: '102', icms_aliquota: 18, icms_percentual_reducao_base_calculo: 0,
    icmsst_aliquota: 0, icmsst_mva: 0, fcp_percentual: 0, pis_cst: '49', pis_aliquota: 0, cofins_cst: '49', cofins_aliquota: 0,
    ibscbs_cst: null, ibscbs_classificacao: null, cbs_aliquota: 0, ibsuf_aliquota: 0, ibsmun_aliquota: 0, ibs_percentual_reducao: 0,
    cbs_percentual_reducao: 0, excecoes: [] };
  const products = Array.from({ length: 20 }, (_, i) => ({ id_produto: 100 + i, sku: `CAM-${i + 1}`, descricao: `CAMISETA BASICA ALGODAO ${i + 1}`,
    codigo_ncm: '61091000', cest: null, origem_produto: 0, situacao: 'Ativo', id_categoria: 1, id_marca: 1, id_unidade_medida: 1 }));
  const grids = products.map((p, i) => ({ id_produto_grade: 200 + i, id_produto: p.id_produto, id_produto_grade_filial: 300 + i, sku: p.sku }));
  return { branch, config, scenarios: [scenario], products, grids };
}

/** A 20-item sale in edit at the point of sale (cash, change given), as the draft holds it. */
function saleInEdit() {
  const itens = Array.from({ length: 20 }, (_, i) => ({
    ...withItemTotals(makeSaleItem({ id_item: `i${i}`, id_operacao: 'bench', id_produto_grade_filial: 300 + i, quantidade: 1000 + (i % 3) * 1000,
      valor_unitario: 3990 + i, descricao: `CAMISETA BASICA ALGODAO ${i + 1}`, sku: `CAM-${i + 1}`, codigo_barras: null, unidade_comercial: 'UN' })),
    ordem: i + 1, precos: null, id_cenario_fiscal: null,
  }));
  const liquido = itens.reduce((sum, it) => sum + (it as unknown as { valor_total: number }).valor_total, 0);
  const operation = { ...makeOperation({ id_operacao: 'bench', id_filial: ID_FILIAL, modo_operacao: 'Venda' } as never), valor_desconto_subtotal: 0,
    cliente_cpf_cnpj: null, cliente_nome: null, tipo_frete: 9, observacao: null, id_cliente: null };
  const pagamentos = [{ ...makePayment({ id_pagamento: 'p1', id_operacao: 'bench', meio_pagamento: { meio_pagamento: '01' } as never,
    valor_total: liquido + 1000 }), ordem: 1 }];
  return { operation, itens, pagamentos };
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
    // The web app's side: its modules as they are, IndexedDB from fake-indexeddb, localStorage in a Map.
    installLocalStorage();
    // Loaded by URL: the web app's modules (JSX, DOM types) are the web project's to typecheck, not the bench's.
    const load = (path: string) => import(new URL(path, import.meta.url).href) as Promise<unknown>;
    await load('../node_modules/fake-indexeddb/auto/index.mjs');
    const { PdvDatabase } = (await load('../apps/web/src/db/database.ts')) as { PdvDatabase: new (name: string) => WebDb };
    const { issueOfflineNfce } = (await load('../apps/web/src/features/checkout/nfceOffline/issue.ts')) as {
      issueOfflineNfce: (db: WebDb, bundle: unknown, context: unknown) => Promise<{ ok: true; xml: string; numero: number } | { ok: false; message: string }>;
    };
    const { operationToFinish } = (await load('../apps/web/src/features/checkout/finish/finishSteps.ts')) as {
      operationToFinish: (bundle: unknown, modelo: string | null) => unknown;
    };
    const db = new PdvDatabase(`bench-nfce-offline-${process.pid}`);
    const rows = localCopyRows();
    await db.rows('product').bulkPut(rows.products);
    await db.rows('grid').bulkPut(rows.grids);
    await db.rows('fiscal_scenario').bulkPut(rows.scenarios);
    localStorage.setItem('pdv_perifericos', JSON.stringify({ [ID_FILIAL]: { impressora_comprovante: {
      id_periferico: 1, descricao: 'Térmica 80 mm', tipo: 'ImpressoraComprovante',
      dispositivo: { id_dispositivo: DEVICE, descricao: 'Caixa 1', endereco: '127.0.0.1', porta_connect: port } } } }));
    localStorage.setItem('pdv_nfce_offline', JSON.stringify({ [`${ID_FILIAL}:${DEVICE}`]: { usados: [], blocos: [
      { id_nfce_reserva: 1, id_dispositivo: DEVICE, id_serie_fiscal: 1, serie: 6, numero_inicial: 1, numero_final: 500 }] } }));
    const context = { branch: rows.branch, config: rows.config };
    const draft = saleInEdit();
    /** Finalizar with NFC-e, offline: what useCheckout.finish runs before the DANFE is out (no React, no DOM). */
    const finalizar = async () => {
      const written = operationToFinish(draft, '65');
      const issued = await issueOfflineNfce(db, written, context);
      if (!issued.ok) throw new Error(issued.message);
      return issued;
    };
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
      // The web app's document is the sale's: 20 items, the reserved numbers in order, tpEmis 9.
      const probe = await finalizar();
      if ((probe.xml.match(/<det nItem=/g) ?? []).length !== 20 || probe.numero !== 1 || !/<tpEmis>9<\/tpEmis>/.test(probe.xml)) {
        throw new Error('the web app did not issue the 20-item contingency NFC-e');
      }
      for (let i = 0; i < 20; i += 1) {
        await issue();
        await finalizar();
        await printOnly();
      }
      const figure: number[] = [];
      const fromFinalizar: number[] = [];
      const baseline: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        let start = performance.now();
        await issue();
        figure.push(performance.now() - start);
        start = performance.now();
        await finalizar();
        fromFinalizar.push(performance.now() - start);
        start = performance.now();
        await printOnly();
        baseline.push(performance.now() - start);
      }
      const value = percentile(figure, 95);
      const whole = percentile(fromFinalizar, 95);
      const base = percentile(baseline, 95);
      const baselineName = 'POST /impressao of the same DANFE ESC/POS bytes, p95';
      return [{
        name: 'POST /nfce/contingencia, 20 items: build + sign + DANFE NFC-e (ESC/POS, the printer QR command) to the last byte in a spool folder, p95', value, unit: 'ms',
        baseline: base, baselineName, ratio: value / base, goal: `p95 ≤ ${GOAL_MS} ms`, met: value <= GOAL_MS,
      }, {
        name: 'Finalizar (NFC-e, offline) to the DANFE bytes: the web app\'s issueOfflineNfce (local copy from IndexedDB, mapping, reserved number) + the connector, 20 items, p95',
        value: whole, unit: 'ms', baseline: base, baselineName, ratio: whole / base, goal: `p95 ≤ ${GOAL_MS} ms`, met: whole <= GOAL_MS,
      }];
    } finally {
      db.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
