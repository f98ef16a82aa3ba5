/**
 * Boletos (issue 25, "Speed": "Issuing boletos for 1,000 receivables and their remessa: at most 30 s on this machine
 * (bench against building the same lines without the database)"). On PGlite, the demo organization:
 * - BENCH_BOLETOS receivables (default 1,000; Entrada, Aberto, a payer with CPF and address) inserted before timing;
 * - timed: POST /demand/create with all of them (one request, as the modal sends it: the per-document checks, the
 *   account's nosso número drawn under its lock, codes by packages/banking, one row each) and POST /demand/update-remessa
 *   for the account (the remessa of the 1,000 pending boletos, stored, boletos RemessaGerada);
 * - baseline, same process, just after: the same codes and the same remessa built by packages/banking alone from the
 *   account, the configuration and the documents read before the clock starts (emitirBoleto per document, the bank
 *   adapter's títulos, writeRemessa) — what the work costs without the database.
 * The remessa the route wrote and the baseline's are compared line by line (header date/time and file number aside):
 * the bench fails if they differ, so the baseline is really "the same lines".
 * Run with `npm run bench -- boleto` (or `npm run bench:boleto`); not part of npm test.
 */
import { performance } from 'node:perf_hooks';
import { emitirBoleto } from '../packages/banking/src/emitir.ts';
import { bankAdapter, writeRemessa } from '../packages/banking/src/bank-adapters.ts';
import type { Titulo } from '../packages/banking/src/cnab-model.ts';
import { createTestApp } from '../apps/server/src/testing/app.ts';
import type { Benchmark } from './lib.ts';

const N = Number(process.env['BENCH_BOLETOS'] || 1000);
const LIMIT_S = 30;

interface Ctx {
  account: { id_conta: number; id_banco: number; agencia: string; digito_agencia: string | null; numero: string; digito_conta: string | null };
  emitente: { nome: string; cnpj: string };
  payer: { nome: string; cpf: string; endereco: string; numero: string; bairro: string; cep: string; cidade: string; uf: string };
  docs: Array<{ id: number; numero: string; saldo: number; vencimento: string }>;
  today: string;
}

/** The same títulos and remessa the server builds, from data read beforehand: packages/banking only. */
function baseline(c: Ctx, config: { cnab: string; carteira: string; convenio: null; codigo_cedente: null }, firstSeq: number, multaPct: number, juroPctMes: number): string {
  const adapter = bankAdapter(c.account.id_banco, config.cnab)!;
  const titulos: Titulo[] = c.docs.map((doc, i) => {
    const seq = firstSeq + i;
    const codes = emitirBoleto({ parts: adapter.parts(c.account, config, seq, c.today.slice(2, 4)), valor: doc.saldo, vencimento: doc.vencimento });
    const impresso = codes.nossoNumero;
    const jurosDia = Math.round(Math.round((doc.saldo * juroPctMes) / 100) / 30);
    const t: Titulo = {
      ...adapter.titulo(config, seq, impresso), ocorrencia: '01', nossoNumero: adapter.fileNossoNumero(config, seq, impresso),
      numeroDocumento: doc.numero.slice(0, 10), usoEmpresa: '', vencimento: doc.vencimento, emissao: c.today, valor: doc.saldo, especie: '01', aceite: 'N',
      instrucao1: '00', instrucao2: '00', jurosDia, jurosData: addDay(doc.vencimento),
      multaCodigo: '2', multa: Math.round(multaPct * 100), multaData: addDay(doc.vencimento),
      pagadorTipo: '01', pagadorDocumento: c.payer.cpf, pagadorNome: c.payer.nome, pagadorEndereco: `${c.payer.endereco} ${c.payer.numero}`,
      pagadorBairro: c.payer.bairro, pagadorCep: c.payer.cep, pagadorCidade: c.payer.cidade, pagadorUf: c.payer.uf, diasProtesto: '00',
    };
    return adapter.finish ? adapter.finish(t) : t;
  });
  return writeRemessa(adapter, adapter.beneficiario(c.account, config, c.emitente), c.today, 1, titulos, '000000');
}

function addDay(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Header and trailer aside (date, time, file number), the lines must be the same; uso da empresa (the boleto id) blanked. */
function sameDetails(server: string, ours: string): string | null {
  const a = server.split('\r\n').filter(Boolean).slice(1, -1);
  const b = ours.split('\r\n').filter(Boolean).slice(1, -1);
  if (a.length !== b.length) return `${a.length} detail lines against ${b.length}`;
  // Itaú CNAB 400: uso da empresa 38-62 holds the boleto's id in the server's file.
  const blank = (l: string) => `${l.slice(0, 37)}${' '.repeat(25)}${l.slice(62)}`;
  for (let i = 0; i < a.length; i++) if (blank(a[i]!) !== blank(b[i]!)) return `line ${i + 2} differs:\n${a[i]}\n${b[i]}`;
  return null;
}

export const boletoBenchmark: Benchmark = {
  name: 'boleto',
  async run() {
    const t = await createTestApp();
    try {
      const token = await t.login('gerente@demo.com.br');
      const ctx = await t.db.system(async (tx): Promise<Ctx> => {
        const account = (await tx.query<Ctx['account']>(`SELECT c.id_conta, c.id_banco, c.agencia, c.digito_agencia, c.numero, c.digito_conta
          FROM conta_bancaria c JOIN organization o USING (id_organization) WHERE o.nome = 'Demo Moda' AND c.id_banco = 341 ORDER BY c.id_conta LIMIT 1`)).rows[0]!;
        const emitente = (await tx.query<Ctx['emitente']>(`SELECT f.razao_social AS nome, f.cnpj FROM filial f JOIN organization o USING (id_organization)
          WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1'`)).rows[0]!;
        const payer = (await tx.query<Ctx['payer'] & { id: number }>(`SELECT p.id_pessoa AS id, p.nome, p.cpf, e.endereco, e.numero, e.bairro, e.cep,
            coalesce(ci.nome, e.cidade) AS cidade, coalesce(ci.uf, e.uf) AS uf
          FROM pessoa p JOIN organization o USING (id_organization)
          JOIN LATERAL (SELECT * FROM pessoa_endereco x WHERE x.id_pessoa = p.id_pessoa AND x.data_exclusao IS NULL ORDER BY x.is_principal DESC, x.id_pessoa_endereco LIMIT 1) e ON true
          LEFT JOIN cidade ci ON ci.id_cidade = e.id_cidade
          WHERE o.nome = 'Demo Moda' AND p.cpf IS NOT NULL AND e.cep IS NOT NULL ORDER BY 1 LIMIT 1`)).rows[0]!;
        const docs = (await tx.query<{ id: number; numero: string; saldo: string; vencimento: string }>(
          `INSERT INTO documento_financeiro (id_organization, id_filial, numero, operacao, valor_documento, valor_atualizado, saldo, data_vencimento, id_pessoa)
           SELECT f.id_organization, f.id_filial, 'BENCH-' || g, 'Entrada', 100 + g, 100 + g, 100 + g, CURRENT_DATE + 20, $1
             FROM filial f JOIN organization o USING (id_organization), generate_series(1, $2::int) g
            WHERE o.nome = 'Demo Moda' AND f.codigo_filial = '1'
           RETURNING id_documento_financeiro AS id, numero, saldo::text AS saldo, data_vencimento::text AS vencimento`, [payer.id, N])).rows;
        const today = (await tx.query<{ d: string }>(`SELECT CURRENT_DATE::text AS d`)).rows[0]!.d;
        return {
          account, emitente, today,
          payer: { ...payer, cpf: payer.cpf.replace(/\D/g, ''), cep: payer.cep.replace(/\D/g, '') },
          docs: docs.map((d) => ({ id: d.id, numero: d.numero, saldo: Math.round(Number(d.saldo) * 100), vencimento: d.vencimento })),
        };
      });
      const cfg = await t.call('POST', '/demand_config/create', { descricao: 'Bench', id_conta: ctx.account.id_conta, carteira: '109', valor_multa: 2, valor_juro: 1 }, token);
      if (cfg.status !== 200) throw new Error(`demand_config/create answered ${cfg.status} ${JSON.stringify(cfg.json)}`);
      const firstSeq = await t.db.system(async (tx) => Number((await tx.query<{ n: number }>(
        'SELECT sequencia_nosso_numero AS n FROM conta_bancaria WHERE id_conta = $1', [ctx.account.id_conta])).rows[0]!.n));

      const start = performance.now();
      const issued = await t.call('POST', '/demand/create', { id_configuracao_boleto: cfg.json['id_configuracao_boleto'], documentos: ctx.docs.map((d) => d.id) }, token);
      const issuedAt = performance.now();
      const rem = await t.call('POST', '/demand/update-remessa', { id_conta: ctx.account.id_conta }, token);
      const serverMs = performance.now() - start;
      if (issued.status !== 200) throw new Error(`demand/create answered ${issued.status} ${JSON.stringify(issued.json).slice(0, 300)}`);
      const ok = (issued.json['resultados'] as Array<{ success: boolean; error_message: string | null }>).filter((r) => r.success).length;
      if (ok !== N) throw new Error(`${ok} of ${N} boletos issued: ${JSON.stringify((issued.json['resultados'] as unknown[]).find((r) => !(r as { success: boolean }).success))}`);
      if (rem.status !== 200 || rem.json['quantidade'] !== N) throw new Error(`demand/update-remessa answered ${rem.status} ${JSON.stringify(rem.json).slice(0, 300)}`);

      const config = { cnab: '400', carteira: '109', convenio: null, codigo_cedente: null };
      const baseStart = performance.now();
      const ours = baseline(ctx, config, firstSeq, 2, 1);
      const baseMs = performance.now() - baseStart;
      const diff = sameDetails(String(rem.json['conteudo']), ours);
      if (diff) throw new Error(`the baseline's remessa is not the server's: ${diff}`);

      const issueS = (issuedAt - start) / 1000;
      process.stdout.write(`boleto: ${N} issued in ${issueS.toFixed(2)} s, remessa ${((serverMs / 1000) - issueS).toFixed(2)} s; `
        + `total ${(serverMs / 1000).toFixed(2)} s against ${(baseMs / 1000).toFixed(3)} s for packages/banking alone (ratio ${(serverMs / baseMs).toFixed(1)}), `
        + `limit ${LIMIT_S} s ${serverMs <= LIMIT_S * 1000 ? 'held' : 'NOT held'} (${t.db.kind})\n`);
      return [{
        name: `${N} boletos issued (/demand/create) and their remessa (/demand/update-remessa), ${t.db.kind}; issue ${issueS.toFixed(2)} s`,
        value: serverMs / 1000, unit: 's', baseline: baseMs / 1000, baselineName: 'the same codes and remessa lines by packages/banking alone, no database',
        ratio: serverMs / baseMs, goal: `≤ ${LIMIT_S} s`, met: serverMs <= LIMIT_S * 1000,
      }];
    } finally {
      await t.close();
    }
  },
};
