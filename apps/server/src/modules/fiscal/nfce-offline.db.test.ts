/**
 * NFC-e with the network off, signed by the till's connector (issue 29), against the SEFAZ simulator: blocks of numbers
 * reserved per device never overlap (two tills, in turns and at once) and the server's own contingency never takes a
 * reserved number; an operation carrying the connector's signed XML becomes the sale's invoice with that exact XML,
 * checked (its block, its number unused, its items and totals the sale's, its signature and QR code the branch's),
 * an idempotent resend writes nothing new, and the contingency sender has it authorized once with the same number and
 * key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocksOverlap, NFCE_OFFLINE_MESSAGES as M } from '@pdv/domain/nfce-offline';
import { loadCertificate } from '@pdv/fiscal/certificate';
import { emitOfflineNfce, type OfflineNfceRequest, type OfflineSigner } from '@pdv/fiscal/offline-nfce';
import type { OperacaoBody } from '@pdv/contract/operation';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { countRows, loadSaleFixture, saleBody, type SaleFixture } from '../../testing/sale.ts';
import { loadEmission } from './document.ts';
import { sendDueContingency } from './service.ts';
import { expectOk } from '../../testing/routes.ts';
import { localDocumentBase, type LocalFiscalCopy, type LocalRow, type LocalSale } from '@pdv/fiscal/local-document';
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';

let t: TestApp;
let manager: string;
let sale: SaleFixture;
let org: number;
let tillA: number;
let tillB: number;
let serieA: number;
let signer: OfflineSigner;
/** The sale's NFC-e groups as the point of sale sends them to the connector (no CSC, no fixed ide fields). */
let groups: OfflineNfceRequest['nfe'];

type Block = { id_nfce_reserva: number; serie: number; numero_inicial: number; numero_final: number; id_dispositivo: number };

const sys = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.db.system(async (tx) => (await tx.query<T>(sql, params)).rows);

async function reserve(id_dispositivo: number, quantidade?: number): Promise<Block> {
  const res = await expectOk(t, 'nfceOfflineReserve', { id_dispositivo, ...(quantidade ? { quantidade } : {}) }, manager);
  return res.json as unknown as Block;
}

function signed(numero: number, serie: number, nfe = groups): string {
  return emitOfflineNfce({ numero, serie, dhEmi: new Date().toISOString(), nfe }, signer).xml;
}

function offlineSale(xml: string, id_dispositivo = tillA, fields: Partial<OperacaoBody> = {}): OperacaoBody {
  return saleBody(sale, { modelo: '65', nfce_contingencia: { id_dispositivo, xml }, ...fields });
}

beforeAll(async () => {
  t = await createTestApp({ sefaz: true });
  manager = await t.login('gerente@demo.com.br');
  sale = await loadSaleFixture(t.db);
  org = (await sys<{ id: number }>('SELECT id_organization AS id FROM filial WHERE id_filial = $1', [sale.id_filial]))[0]!.id;
  // Two tills of the branch, each with its own NFC-e series (the settings issue's binding of a series to a device).
  const device = async (descricao: string) => (await sys<{ id: number }>(
    'INSERT INTO dispositivo (id_organization, id_filial, descricao) VALUES ($1, $2, $3) RETURNING id_dispositivo AS id',
    [org, sale.id_filial, descricao]))[0]!.id;
  tillA = await device('Caixa NFC-e offline A');
  tillB = await device('Caixa NFC-e offline B');
  const series = async (codigo: number, id_dispositivo: number) => (await sys<{ id: number }>(
    `INSERT INTO serie_fiscal (id_organization, id_filial, codigo_modelo, codigo_serie, ultima_numeracao, id_dispositivo)
     VALUES ($1, $2, '65', $3, 0, $4) RETURNING id_serie_fiscal AS id`, [org, sale.id_filial, codigo, id_dispositivo]))[0]!.id;
  serieA = await series(871, tillA);
  await series(872, tillB);
  // The connector's certificate and CSC: the branch's own, installed on the till by the manager.
  const cert = (await sys<{ pfx: Uint8Array; senha: string }>('SELECT pfx, senha FROM certificado_digital WHERE id_filial = $1', [sale.id_filial]))[0]!;
  const csc = (await sys<{ id_csc: string; csc: string }>('SELECT id_csc, csc FROM filial_configuracao WHERE id_filial = $1', [sale.id_filial]))[0]!;
  signer = { certificate: loadCertificate(Buffer.from(cert.pfx), cert.senha), csc: { idCSC: csc.id_csc, csc: csc.csc } };
  // What the point of sale sends the connector for the fixture's sale: the groups the server itself would build.
  const probe = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
  expect(probe.status).toBe(200);
  const nf = (await sys('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [probe.json['id_nota_fiscal']]))[0]!;
  const emission = await t.db.tenant({ id_organization: org }, (tx) => loadEmission(tx, org, sale.id_filial, nf));
  const { csc: _csc, ...base } = emission.base;
  groups = base;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('reserving blocks of numbers per till', () => {
  it('refuses while the branch does not enable it, and for a device without an NFC-e series', async () => {
    const off = await t.call('POST', '/nfce/offline/reservar', { id_dispositivo: tillA }, manager);
    expect(off.status).toBe(400);
    expect(off.json['message']).toBe(M.notEnabled);
    await sys('UPDATE filial_configuracao SET nfce_offline_conector = true WHERE id_filial = $1', [sale.id_filial]);
    const lone = (await sys<{ id: number }>(
      'INSERT INTO dispositivo (id_organization, id_filial, descricao) VALUES ($1, $2, $3) RETURNING id_dispositivo AS id',
      [org, sale.id_filial, 'Caixa sem série']))[0]!.id;
    const none = await t.call('POST', '/nfce/offline/reservar', { id_dispositivo: lone }, manager);
    expect(none.json['message']).toBe(M.deviceSeriesMissing);
    const big = await t.call('POST', '/nfce/offline/reservar', { id_dispositivo: tillA, quantidade: 501 }, manager);
    expect(big.json['message']).toBe(M.blockSize);
    const other = await t.call('POST', '/nfce/offline/reservar', { id_dispositivo: 999_999 }, manager);
    expect(other.status).toBe(404);
  });

  it("never lets two tills' blocks overlap, in turns or at once, and the server's own contingency never takes a reserved number", async () => {
    const blocks: Block[] = [];
    for (let i = 0; i < 3; i += 1) blocks.push(await reserve(tillA, 5), await reserve(tillB, 5));
    blocks.push(...(await Promise.all([reserve(tillA, 7), reserve(tillB, 7), reserve(tillA, 3), reserve(tillB, 3)])));
    for (const [i, a] of blocks.entries()) {
      for (const b of blocks.slice(i + 1)) {
        if (a.serie === b.serie) expect(blocksOverlap(a, b), `${JSON.stringify(a)} × ${JSON.stringify(b)}`).toBe(false);
      }
    }
    // The server numbers the branch's NFC-e from till A's series (made the default here): in contingency too, its number
    // comes after every block reserved on that series.
    await sys(`UPDATE serie_fiscal SET serie_padrao = (id_serie_fiscal = $2) WHERE id_filial = $1 AND codigo_modelo = '65'`, [sale.id_filial, serieA]);
    t.fiscal!.simulator!.setMode('unavailable');
    try {
      const res = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
      const sent = await t.call('POST', '/nfe/transmitir', { id_nota_fiscal: res.json['id_nota_fiscal'] }, manager);
      const nf = sent.json['nota_fiscal'] as Record<string, unknown>;
      expect(nf['situacao']).toBe('Contingencia');
      expect(Number(nf['serie'])).toBe(871);
      const numero = Number(nf['numero_nota_fiscal']);
      const mine = blocks.filter((b) => b.serie === 871);
      expect(mine.length).toBeGreaterThan(0);
      for (const b of mine) expect(numero < b.numero_inicial || numero > b.numero_final).toBe(true);
      const next = await reserve(tillA, 2);
      expect(next.numero_inicial).toBeGreaterThan(numero);
    } finally {
      t.fiscal!.simulator!.setMode('normal');
      await sys(`UPDATE serie_fiscal SET serie_padrao = false WHERE id_serie_fiscal = $1`, [serieA]);
    }
  });
});

describe('the operation carrying the signed XML', () => {
  it('stores that exact XML as the invoice, once, and SEFAZ authorizes it with the same number and key', async () => {
    const block = await reserve(tillA, 4);
    const xml = signed(block.numero_inicial, block.serie);
    const body = offlineSale(xml);
    const before = await countRows(t.db, 'nota_fiscal');
    const res = await t.call('POST', '/operacao', body, manager);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const id = res.json['id_nota_fiscal'] as number;
    const nf = (await sys('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))[0]!;
    expect(nf['xml_assinado']).toBe(xml);
    expect(nf['situacao']).toBe('Contingencia');
    expect(Number(nf['tipo_emissao'])).toBe(9);
    expect(Number(nf['numero_nota_fiscal'])).toBe(block.numero_inicial);
    expect(Number(nf['serie'])).toBe(block.serie);
    expect(Number(nf['id_nfce_reserva'])).toBe(block.id_nfce_reserva);
    const chave = nf['chave_acesso'] as string;
    expect(xml).toContain(`Id="NFe${chave}"`);

    // The outbox sends it again (a lost answer): the first answer, nothing new written.
    const again = await t.call('POST', '/operacao', body, manager);
    expect(again.status).toBe(200);
    expect(again.json['duplicado']).toBe(true);
    expect(again.json['id_nota_fiscal']).toBe(id);
    expect(await countRows(t.db, 'nota_fiscal')).toBe(before + 1);

    // The same number for another sale (the same XML under a new UUID) is refused, and nothing is written.
    const twice = await t.call('POST', '/operacao', offlineSale(xml), manager);
    expect(twice.status).toBe(400);
    expect(twice.json['message']).toBe(M.numberUsed(block.serie, block.numero_inicial));
    expect(await countRows(t.db, 'nota_fiscal')).toBe(before + 1);

    // SEFAZ reachable: the contingency sender transmits that XML; authorized once, same number and key.
    const round = await sendDueContingency(t.db, { ...t.fiscal!.deps, now: () => new Date(Date.now() + 60_000) });
    expect(round.authorized).toBeGreaterThanOrEqual(1);
    const done = (await sys('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))[0]!;
    expect(done['situacao']).toBe('Autorizada');
    expect(done['chave_acesso']).toBe(chave);
    expect(Number(done['numero_nota_fiscal'])).toBe(block.numero_inicial);
    expect(done['xml_autorizado']).toContain(chave);
    const later = await sendDueContingency(t.db, { ...t.fiscal!.deps, now: () => new Date(Date.now() + 3600_000) });
    const stillMine = await countRows(t.db, `nota_fiscal WHERE chave_acesso = '${chave}'`);
    expect(stillMine).toBe(1);
    expect(later.sent).toBe(0);
  });

  it("refuses a number outside the till's blocks, another till's block and a number never reserved", async () => {
    const a = await reserve(tillA, 2);
    const b = await reserve(tillB, 2);
    // Till B signs with a number of its own series but sends it as till A's: not in A's blocks.
    const asOther = await t.call('POST', '/operacao', offlineSale(signed(b.numero_inicial, b.serie), tillA), manager);
    expect(asOther.json['message']).toBe(M.outOfBlock(b.serie, b.numero_inicial));
    const past = a.numero_final + 500;
    const unreserved = await t.call('POST', '/operacao', offlineSale(signed(past, a.serie)), manager);
    expect(unreserved.status).toBe(400);
    expect(unreserved.json['message']).toBe(M.outOfBlock(a.serie, past));
  });

  it('refuses a document that is not the sale, a tampered one and one signed without the branch CSC', async () => {
    const block = await reserve(tillA, 3);
    // The connector was given 2 units; the operation says 1.
    const more = { ...groups, det: groups.det.map((d) => ({ ...d, prod: { ...d.prod, qCom: d.prod.qCom * 2 } })) };
    const other = await t.call('POST', '/operacao', offlineSale(signed(block.numero_inicial, block.serie, more)), manager);
    expect(other.status).toBe(400);
    expect(other.json['message']).toBe(M.mismatch('quantidade do item 1'));
    // A cashier edits the signed document's total: the signature no longer holds.
    const xml = signed(block.numero_inicial + 1, block.serie);
    const edited = xml.replace(/<vNF>([\d.]+)<\/vNF>/, '<vNF>0.01</vNF>');
    expect(edited).not.toBe(xml);
    const tampered = await t.call('POST', '/operacao', offlineSale(edited), manager);
    expect(tampered.status).toBe(400);
    expect([M.xmlInvalid, M.mismatch('QR code')]).toContain(tampered.json['message']);
    // Another CSC: the QR code is not the branch's.
    const wrongCsc = emitOfflineNfce({ numero: block.numero_inicial + 2, serie: block.serie, dhEmi: new Date().toISOString(), nfe: groups },
      { ...signer, csc: { idCSC: signer.csc.idCSC, csc: 'OUTROCSC0000000000000000000000000000' } }).xml;
    const qr = await t.call('POST', '/operacao', offlineSale(wrongCsc), manager);
    expect(qr.json['message']).toBe(M.mismatch('QR code'));
    // Garbage is a 400, never a 500.
    const junk = await t.call('POST', '/operacao', offlineSale(`<NFe>${'x'.repeat(300)}</NFe>`), manager);
    expect(junk.status).toBe(400);
    expect(junk.json['message']).toBe(M.xmlInvalid);
    // A pre-sale (no model) cannot carry one.
    const presale = await t.call('POST', '/operacao', offlineSale(signed(block.numero_inicial, block.serie), tillA, { modelo: null }), manager);
    expect(presale.status).toBe(400);
    expect(presale.json['message']).toBe(M.notNfce);
    expect(await countRows(t.db, `nota_fiscal WHERE serie = ${block.serie} AND numero_nota_fiscal BETWEEN ${block.numero_inicial} AND ${block.numero_final}`)).toBe(0);
  });

  it('lists the blocks of a till with the numbers the server received', async () => {
    const res = await t.call('POST', '/nfce/offline/blocos', { id_dispositivo: tillA }, manager);
    expect(res.status).toBe(200);
    expect(res.json['habilitado']).toBe(true);
    const blocos = res.json['blocos'] as Array<{ usados: number[] }>;
    expect(blocos.some((b) => b.usados.length > 0)).toBe(true);
  });
});

describe("the point of sale's groups from its local copy (issue 29, POS side)", () => {
  /** Every row of a synced group, as the point of sale's local copy receives them (list-by-changes pages). */
  async function synced(group: string): Promise<LocalRow[]> {
    const rows: LocalRow[] = [];
    let position: { date_change: string; offset: number } = { date_change: '', offset: 0 };
    for (;;) {
      const res = await t.call('POST', `/${group}/list-by-changes`, { ...position, limit: 5000 }, manager);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      rows.push(...(res.json['rows'] as LocalRow[]));
      position = { date_change: res.json['date_change'] as string, offset: res.json['offset'] as number };
      if (!res.json['has_more']) break;
    }
    // Later pages bring newer versions of a row: keep the last.
    return rows;
  }

  /** The local copy a till holds after syncing, for a sale of these lines. */
  async function localCopy(lines: LocalSale['itens'], id_cliente: number | null): Promise<LocalFiscalCopy> {
    const live = (rows: LocalRow[]) => rows.filter((r) => !r['data_exclusao']);
    const grid = live(await synced('product-grid'));
    const products = live(await synced('product'));
    const map = new Map<number, LocalRow>();
    for (const line of lines) {
      const g = grid.find((r) => r['id_produto_grade_filial'] === line.id_produto_grade_filial);
      const p = g ? products.find((r) => r['id_produto'] === g['id_produto']) : undefined;
      if (p && line.id_produto_grade_filial !== null) map.set(line.id_produto_grade_filial, p);
    }
    const people = live(await synced('people'));
    return {
      branch: (await synced('branch')).find((r) => r['id_filial'] === sale.id_filial) ?? null,
      config: (await synced('branch-config')).find((r) => r['id_filial'] === sale.id_filial) ?? null,
      scenarios: await synced('fiscal-scenario'),
      products: map,
      customer: id_cliente === null ? null : (people.find((r) => r['id_pessoa'] === id_cliente) ?? null),
    };
  }

  /** The sale as the till holds it: the lines and payments the server wrote for it, in the till's units. */
  async function tillSale(id_nota_fiscal: number): Promise<{ sale: LocalSale; id_cliente: number | null }> {
    const nf = (await sys('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id_nota_fiscal]))[0]!;
    const items = await sys(`SELECT * FROM nota_fiscal_item WHERE id_nota_fiscal = $1 AND data_exclusao IS NULL AND NOT is_cancelado
      ORDER BY id_nota_fiscal_item`, [id_nota_fiscal]);
    const payments = await sys('SELECT * FROM nota_fiscal_pagamento WHERE id_nota_fiscal = $1 AND data_exclusao IS NULL ORDER BY id_nota_fiscal_pagamento',
      [id_nota_fiscal]);
    const money = (v: unknown) => fromDecimal(String(v));
    return {
      id_cliente: nf['id_cliente'] === null ? null : Number(nf['id_cliente']),
      sale: {
        operation: { tipo_frete: Number(nf['tipo_frete']), cliente_cpf_cnpj: (nf['cliente_cpf_cnpj'] as string | null) ?? null,
          observacao: (nf['informacoes_adicionais'] as string | null) ?? null },
        liquido: money(nf['valor_nota_fiscal']),
        itens: items.map((i, n) => ({
          ordem: n, is_cancelado: false, id_produto_grade_filial: i['id_produto_grade_filial'] as number,
          // The line's own scenario as the till sent it (null: the default sale scenario, picked on both sides).
          id_cenario_fiscal: (i['id_cenario_fiscal'] as number | null) ?? null,
          sku: (i['sku'] as string | null) ?? null, descricao: String(i['descricao']), codigo_barras: (i['codigo_barras'] as string | null) ?? null,
          unidade_comercial: (i['unidade_comercial'] as string | null) ?? null, quantidade: quantityFromDecimal(String(i['quantidade'])),
          valor_unitario: money(i['valor_unitario']), valor_desconto: money(i['valor_desconto']), frete: money(i['frete']),
          seguro: money(i['seguro']), outros: money(i['outros']),
        })),
        pagamentos: payments.map((p, n) => ({
          ordem: n, meio_pagamento: { meio_pagamento: String(p['meio_pagamento']) }, valor_total: money(p['valor_total']),
          quantidade_parcelas: Number(p['quantidade_parcelas']), cartao_codigo_autorizacao: (p['cartao_codigo_autorizacao'] as string | null) ?? null,
          cartao_bandeira: (p['cartao_bandeira'] as string | null) ?? null, cartao_cnpj_instituicao: (p['cartao_cnpj_instituicao'] as string | null) ?? null,
          cartao_tipo_integracao: (p['cartao_tipo_integracao'] as string | null) ?? null,
        })),
      },
    };
  }

  async function bothSides(): Promise<{ server: unknown; till: unknown }> {
    const probe = await t.call('POST', '/operacao', saleBody(sale, { modelo: '65' }), manager);
    expect(probe.status, JSON.stringify(probe.json)).toBe(200);
    const id = probe.json['id_nota_fiscal'] as number;
    const nf = (await sys('SELECT * FROM nota_fiscal WHERE id_nota_fiscal = $1', [id]))[0]!;
    const emission = await t.db.tenant({ id_organization: org }, (tx) => loadEmission(tx, org, sale.id_filial, nf));
    const { csc: _csc, ...server } = emission.base;
    const { sale: till, id_cliente } = await tillSale(id);
    return { server, till: localDocumentBase(till, await localCopy(till.itens, id_cliente)) };
  }

  it("builds from the synced rows the same document groups the server builds from its tables", async () => {
    const { server, till } = await bothSides();
    expect((server as { det: unknown[] }).det.length).toBeGreaterThan(0);
    expect(till).toEqual(server);
  });

  it("follows the scenario's exceptions and the IBS/CBS of a normal-regime branch, synced with the scenario", async () => {
    const scenario = (await sys<{ id: number }>(`SELECT id_cenario_fiscal AS id FROM cenario_fiscal WHERE id_organization = $1 AND operacao = 1
        AND tipo = 'Venda' AND situacao = 'Ativo' AND data_exclusao IS NULL ORDER BY is_padrao DESC, id_cenario_fiscal LIMIT 1`, [org]))[0]!.id;
    const uf = (await sys<{ uf: string }>('SELECT uf FROM filial WHERE id_filial = $1', [sale.id_filial]))[0]!.uf;
    const before = await sys('SELECT * FROM cenario_fiscal WHERE id_cenario_fiscal = $1', [scenario]);
    const config = await sys('SELECT codigo_regime_tributario FROM filial_configuracao WHERE id_filial = $1', [sale.id_filial]);
    const exception = (await sys<{ id: number }>(`INSERT INTO cenario_fiscal_excecao (id_organization, id_cenario_fiscal, uf, icms_cst, icms_csosn, icms_aliquota)
       VALUES ($1, $2, $3, '00', '102', 7) RETURNING id_cenario_fiscal_excecao AS id`, [org, scenario, uf]))[0]!.id;
    try {
      await sys(`UPDATE filial_configuracao SET codigo_regime_tributario = 3 WHERE id_filial = $1`, [sale.id_filial]);
      await sys(`UPDATE cenario_fiscal SET icms_cst = coalesce(icms_cst, '00'), ibscbs_cst = '000', ibscbs_classificacao = '000001', cbs_aliquota = 0.9,
          ibsuf_aliquota = 0.1, ibsmun_aliquota = 0, cbs_percentual_reducao = 10 WHERE id_cenario_fiscal = $1`, [scenario]);
      const { server, till } = await bothSides();
      const det = (server as { det: Array<{ imposto: { ICMS: { pICMS?: number }; IBSCBS?: unknown } }> }).det;
      expect(det[0]!.imposto.ICMS.pICMS).toBe(700);
      expect(det[0]!.imposto.IBSCBS).toBeTruthy();
      expect(till).toEqual(server);
    } finally {
      await sys('UPDATE cenario_fiscal_excecao SET data_exclusao = now() WHERE id_cenario_fiscal_excecao = $1', [exception]);
      const b = before[0]!;
      await sys(`UPDATE cenario_fiscal SET icms_cst = $2, ibscbs_cst = $3, ibscbs_classificacao = $4, cbs_aliquota = $5, ibsuf_aliquota = $6,
          ibsmun_aliquota = $7, cbs_percentual_reducao = $8 WHERE id_cenario_fiscal = $1`,
        [scenario, b['icms_cst'], b['ibscbs_cst'], b['ibscbs_classificacao'], b['cbs_aliquota'], b['ibsuf_aliquota'], b['ibsmun_aliquota'], b['cbs_percentual_reducao']]);
      await sys('UPDATE filial_configuracao SET codigo_regime_tributario = $2 WHERE id_filial = $1', [sale.id_filial, config[0]!['codigo_regime_tributario']]);
    }
  });
});
