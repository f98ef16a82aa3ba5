/**
 * The boleto endpoints of the connector (001 §7 Local boleto connector) on a real HTTP server on 127.0.0.1: emitir
 * two Itaú títulos (barcode and linha digitável checked back with packages/banking), a remessa byte-identical to
 * writeRemessa for the same data, a retorno built by packages/banking's test helpers read back, and bad bodies.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAdapter, writeRemessa } from '@pdv/banking/bank-adapters';
import { barcodeFromLinha, parseBarcode } from '@pdv/banking/boleto';
import { emitirBoleto } from '@pdv/banking/emitir';
import { itauRetorno400 } from '@pdv/banking/testing/retorno-builder';
import type { BoletoEmitirAnswer, BoletoRemessaAnswer, BoletoRetornoAnswer } from '@pdv/contract/connector';
import { BOLETO_MESSAGES } from '@pdv/domain/boleto';
import { BOLETO_CONNECTOR_MESSAGES } from '@pdv/domain/boleto-connector';
import { PRINT_CODES } from '@pdv/domain/print-connector';
import { connectorConfig } from './config.ts';
import { boletoPdfData, remessaTitulo } from './boleto.ts';
import { boletoHybridPix, parsePix } from '@pdv/banking/pix';
import { boletoEmitirRequest } from '@pdv/contract/connector';
import { boletoDocument } from '@pdv/documents/boleto-pdf';
import { createConnector, listen } from './server.ts';

let server: Server;
let url = '';
const logs: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const config = connectorConfig.parse({ endereco: '127.0.0.1', porta_connect: 0 });
  server = createConnector(config, (line) => logs.push(line));
  url = `http://127.0.0.1:${await listen(server, config)}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T };
}

const banco = { tipo_cobranca: 6, id_banco: 341, cnab: '400' as const };
const cedente = { nome: 'Loja Exemplo Ltda', cnpj: '11222333000181', carteira: '109', convenio: null, codigo_cedente: null };
const conta = { agencia: '0057', digito_agencia: null, numero: '12345', digito_conta: '7' };
const sacado = { nome: 'Maria Souza', cnpj_cpf: '52998224725', logradouro: 'Rua A', numero: '10', bairro: 'Centro', cidade: 'Curitiba', uf: 'PR', cep: '80010000' };
const titulo = (nosso_numero: number, valor: number, vencimento: string) => ({
  nosso_numero, numero_documento: `D${nosso_numero}`, data_documento: '2026-11-27', data_vencimento: vencimento, valor, especie: 'DM',
  aceite: 'N', codigo_mora: '1', valor_mora_juros: 0.05, data_mora_juros: vencimento, percentual_multa: 2, valor_multa: 0,
  data_multa: vencimento, dias_protesto: 0, sacado,
});
const lista = [titulo(101, 150.25, '2026-12-15'), titulo(102, 1234.5, '2027-01-10')];

describe('POST /boleto/emitir', () => {
  it('issues two Itaú boletos whose barcode and linha digitável read back', async () => {
    const res = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco, cedente, conta, lista_titulos: lista });
    expect(res.status).toBe(200);
    expect(res.body.Codigo).toBe(0);
    expect(res.body.Mensagem).toBe(BOLETO_CONNECTOR_MESSAGES.emitted(2));
    const boletos = res.body.boletos ?? [];
    expect(boletos).toHaveLength(2);
    const adapter = bankAdapter(341, '400')!;
    const account = { id_banco: 341, ...conta };
    const config = { cnab: '400', carteira: '109', convenio: null, codigo_cedente: null };
    for (const [i, b] of boletos.entries()) {
      const t = lista[i]!;
      const expected = emitirBoleto({ parts: adapter.parts(account, config, t.nosso_numero, '26'), valor: Math.round(t.valor * 100), vencimento: t.data_vencimento });
      expect(b.codigo_barras).toBe(expected.codigoBarras);
      expect(b.codigo_barras).toHaveLength(44);
      expect(barcodeFromLinha(b.linha_digitavel)).toBe(b.codigo_barras);
      const fields = parseBarcode(b.codigo_barras);
      expect(fields.bank).toBe('341');
      expect(fields.value).toBe(Math.round(t.valor * 100));
      expect(b.nosso_numero_impresso).toBe(expected.nossoNumero);
      expect(Buffer.from(b.pdf_base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(logs.some((l) => l['evento'] === 'boleto_emitir' && l['titulos'] === 2)).toBe(true);
  });

  it('prints the hybrid boleto PIX QR code: the BR Code the server stores, drawn by the same packages/documents PDF', async () => {
    const pix = { chave: 'financeiro@lojaexemplo.com.br', nome: 'Loja Exemplo Ltda', cidade: 'Curitiba' };
    const hybrid = { ...cedente, pix };
    const res = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco, cedente: hybrid, conta, lista_titulos: lista });
    expect(res.body.Codigo).toBe(0);
    const boletos = res.body.boletos ?? [];
    expect(boletos).toHaveLength(2);
    for (const [i, b] of boletos.entries()) {
      const t = lista[i]!;
      // The server's rule (finance/boletos.ts hybridPix) for the same receiver, bank, printed nosso número and value.
      const expected = boletoHybridPix(pix, '341', b.nosso_numero_impresso, Math.round(t.valor * 100));
      expect(b.pix_brcode).toBe(expected);
      expect(parsePix(expected)).toMatchObject({ chave: pix.chave, valor: Math.round(t.valor * 100), cidade: 'Curitiba', txid: `BOL341${b.nosso_numero_impresso.replace(/\W/g, '')}` });
      // The PDF's document carries that BR Code as its QR, next to the instructions.
      const req = boletoEmitirRequest.parse({ banco, cedente: hybrid, conta, lista_titulos: [t] });
      const adapter = bankAdapter(341, '400')!;
      const account = { id_banco: 341, ...conta };
      const config = { cnab: '400', carteira: '109', convenio: null, codigo_cedente: null, modalidade: null, codigo_transmissao: null };
      const codes = emitirBoleto({ parts: adapter.parts(account, config, t.nosso_numero, '26'), valor: Math.round(t.valor * 100), vencimento: t.data_vencimento });
      const data = boletoPdfData(req, { adapter, account, config, emitente: { nome: cedente.nome, cnpj: cedente.cnpj } }, req.lista_titulos[0]!, codes);
      expect(data.pix).toBe(expected);
      expect(JSON.stringify(boletoDocument(data).content)).toContain(`"qr":"${expected}"`);
      // A hybrid PDF is not the plain one: the QR is drawn into it.
      expect(Buffer.from(b.pdf_base64, 'base64').length).toBeGreaterThan(Buffer.from((await post<BoletoEmitirAnswer>('/boleto/emitir', { banco, cedente, conta, lista_titulos: [t] })).body.boletos![0]!.pdf_base64, 'base64').length);
    }
    // A plain cedente: no BR Code, no QR.
    const plain = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco, cedente, conta, lista_titulos: lista });
    expect(plain.body.boletos!.every((b) => b.pix_brcode === undefined)).toBe(true);
  });

  it('refuses a bad body with code 999 and the problem in pt-BR', async () => {
    const res = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco, cedente, conta, lista_titulos: [{ ...lista[0], data_vencimento: '15/12/2026' }] });
    expect(res.status).toBe(400);
    expect(res.body.Codigo).toBe(PRINT_CODES.own);
    expect(res.body.Mensagem).toBe(BOLETO_CONNECTOR_MESSAGES.invalid('lista_titulos.0.data_vencimento: data fora do formato aaaa-mm-dd'));
    const empty = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco, cedente, conta, lista_titulos: [] });
    expect(empty.body.Codigo).toBe(PRINT_CODES.own);
    expect(empty.body.Mensagem).toMatch(/^Requisição de boleto inválida: lista_titulos: .*(pequeno|menor|ao menos|mínimo)/i);
    const notJson = await fetch(`${url}/boleto/emitir`, { method: 'POST', body: '{' });
    expect(((await notJson.json()) as { Codigo: number }).Codigo).toBe(PRINT_CODES.own);
  });

  it('refuses a collection type of another bank and a bank not homologated', async () => {
    const other = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco: { ...banco, tipo_cobranca: 5 }, cedente, conta, lista_titulos: lista });
    expect(other.body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: BOLETO_CONNECTOR_MESSAGES.tipoCobranca(341, 5) });
    const c6 = await post<BoletoEmitirAnswer>('/boleto/emitir', { banco: { tipo_cobranca: 40, id_banco: 336, cnab: '400' }, cedente, conta, lista_titulos: lista });
    expect(c6.body).toEqual({ Codigo: PRINT_CODES.own, Mensagem: BOLETO_MESSAGES.bankNotCertified });
  });
});

describe('POST /boleto/gerar_remessa', () => {
  it('answers the remessa writeRemessa writes for the same data, byte for byte', async () => {
    const body = { banco, cedente, conta, lista_titulos: lista, numero_remessa: 7, data_geracao: '2026-11-27' };
    const res = await post<BoletoRemessaAnswer>('/boleto/gerar_remessa', body);
    expect(res.status).toBe(200);
    expect(res.body.Codigo).toBe(0);
    const adapter = bankAdapter(341, '400')!;
    const account = { id_banco: 341, ...conta };
    const config = { cnab: '400', carteira: '109', convenio: null, codigo_cedente: null, modalidade: null, codigo_transmissao: null };
    const r = { adapter, account, config, emitente: { nome: cedente.nome, cnpj: cedente.cnpj } };
    const titulos = lista.map((t) => {
      const impresso = emitirBoleto({ parts: adapter.parts(account, config, t.nosso_numero, '26'), valor: Math.round(t.valor * 100), vencimento: t.data_vencimento }).nossoNumero;
      return remessaTitulo(r, { ...t, especie: 'DM', aceite: 'N', codigo_mora: '1', dias_protesto: 0, ocorrencia: 'R', instrucoes: [] }, impresso);
    });
    const expected = writeRemessa(adapter, adapter.beneficiario(account, config, r.emitente), '2026-11-27', 7, titulos);
    expect(res.body.remessa).toBe(expected);
    const lines = expected.split(/\r?\n/).filter(Boolean);
    expect(lines[0]!.startsWith('01REMESSA')).toBe(true);
    expect(lines.at(-1)!.startsWith('9')).toBe(true);
    expect(lines.every((l) => l.length === 400)).toBe(true);
    expect(lines.filter((l) => l.startsWith('1'))).toHaveLength(2);
    expect(expected).toContain('0000000015025');
  });
});

describe('POST /boleto/ler_retorno', () => {
  it('reads a retorno of the account: one paid, one rejected; an unknown nosso número is an error', async () => {
    const retorno = itauRetorno400('0057', '12345', [
      { nossoNumero: '00000101', ocorrencia: '06', valorTitulo: 15025, valorPago: 15125, juros: 100, tarifa: 250, data: '2026-12-16' },
      { nossoNumero: '102', ocorrencia: '03', valorTitulo: 123450, data: '2026-11-28', motivos: '03' },
    ]);
    const res = await post<BoletoRetornoAnswer>('/boleto/ler_retorno', { banco, cedente, conta, retorno, conhecidos: ['101', '102'] });
    expect(res.status).toBe(200);
    expect(res.body.Codigo).toBe(0);
    expect(res.body.erros).toEqual([]);
    const itens = res.body.itens ?? [];
    expect(itens).toHaveLength(2);
    expect(itens[0]).toMatchObject({ nossoNumero: '101', valorPago: 15125, juros: 100, tarifa: 250 });
    expect(itens[1]).toMatchObject({ nossoNumero: '102', ocorrencia: '03' });
    const unknown = await post<BoletoRetornoAnswer>('/boleto/ler_retorno', { banco, cedente, conta, retorno, conhecidos: ['101'] });
    expect(unknown.body.erros?.length).toBe(1);
    const otherAccount = await post<BoletoRetornoAnswer>('/boleto/ler_retorno', { banco, cedente, conta: { ...conta, numero: '99999' }, retorno });
    expect(otherAccount.body.erros?.length).toBeGreaterThan(0);
  });
});
