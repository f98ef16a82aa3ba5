/**
 * Emission of a 20-item NFC-e: build + sign (XML-DSig, RSA-SHA1) + schema validation (nfe_v4.00.xsd), p95 at most
 * 200 ms, as a ratio against building the same XML unsigned and unvalidated in the same run. A second row compares our
 * long-lived validator with xmllint-wasm's own validateXML(), which compiles the schema again on every call.
 */
import { validateXML } from 'xmllint-wasm';
import { loadCertificate } from '../packages/fiscal/src/certificate.ts';
import { buildNFeXml } from '../packages/fiscal/src/nfe-xml.ts';
import { signXml } from '../packages/fiscal/src/sign.ts';
import { makeItem, makeNFCeInput, TEST_EMITTER_CNPJ } from '../packages/fiscal/src/testing/nfe-factory.ts';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from '../packages/fiscal/src/testing/test-certificate.ts';
import { closeValidators, schemaClosure, SCHEMA_FILES, validateXml, warmUpValidator } from '../packages/fiscal/src/validate.ts';
import { percentile, sample, type Benchmark } from './lib.ts';

const RUNS = 200;
const STOCK_RUNS = 15;

export const fiscalBenchmark: Benchmark = {
  name: 'fiscal',
  async run() {
    const certificate = loadCertificate(createTestCertificate({ cnpj: TEST_EMITTER_CNPJ, name: 'LOJA BENCH LTDA' }), TEST_CERTIFICATE_PASSWORD);
    const det = Array.from({ length: 20 }, (_, i) => makeItem({ cProd: `P${i + 1}`, xProd: `PRODUTO DE TESTE ${i + 1}`, vUnCom: 1000 + i * 37 }));
    const input = makeNFCeInput({ det });
    await warmUpValidator(['nfe']);
    try {
      const build = () => Promise.resolve(buildNFeXml(input).xml);
      const emit = async () => {
        const signed = signXml(buildNFeXml(input).xml, { tag: 'infNFe', certificate });
        const result = await validateXml(signed, 'nfe');
        if (!result.valid) throw new Error(result.errors.map((e) => e.message).join('; '));
      };
      const base = await sample(build, RUNS, 20);
      const mine = await sample(emit, RUNS, 20);

      // Validation alone: ours (schema compiled once) against xmllint-wasm's validateXML (compiles it every call).
      const signed = signXml(buildNFeXml(input).xml, { tag: 'infNFe', certificate });
      const [main, ...rest] = schemaClosure(SCHEMA_FILES.nfe);
      const stock = async () => {
        const r = await validateXML({ xml: [{ fileName: 'nfce.xml', contents: signed }], schema: [main!], preload: rest });
        if (!r.valid) throw new Error(r.rawOutput);
      };
      const ours = await sample(() => validateXml(signed, 'nfe'), RUNS, 10);
      const theirs = await sample(stock, STOCK_RUNS, 2);

      const p95 = percentile(mine, 95);
      const p95Base = percentile(base, 95);
      const p95Ours = percentile(ours, 95);
      const p95Stock = percentile(theirs, 95);
      return [
        { name: '20-item NFC-e build+sign+validate p95', value: p95, unit: 'ms', baseline: p95Base, baselineName: 'build only p95',
          ratio: p95 / p95Base, goal: 'p95 ≤ 200 ms', met: p95 <= 200 },
        { name: 'schema validation p95 (long-lived xmllint)', value: p95Ours, unit: 'ms', baseline: p95Stock,
          baselineName: 'xmllint-wasm validateXML p95', ratio: p95Ours / p95Stock, goal: '—', met: null },
      ];
    } finally {
      await closeValidators();
    }
  },
};
