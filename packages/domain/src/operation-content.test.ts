import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  OPERATION_CONTENT_FIELDS,
  operationContentHash,
  operationContentJson,
  type ContentBody,
} from './operation-content.ts';

/** A body as the wire carries it, with the content's fields and the fields the content leaves out. */
interface WireItem {
  [key: string]: unknown;
  id_produto_grade_filial: number;
  id_endereco_estoque: number;
  quantidade: number;
  valor_unitario: number;
  valor_desconto_item: number;
  id_item_origem: number | null;
}
interface WirePayment {
  [key: string]: unknown;
  id_meio_pagamento: number;
  valor_total: number;
  quantidade_parcelas: number;
  id_vale_credito: number | null;
}
interface WireBody extends ContentBody {
  [key: string]: unknown;
  itens: WireItem[];
  pagamentos: WirePayment[];
  documentos_financeiros: number[];
}

const MODES = ['Venda', 'Pedido', 'Orcamento', 'Consignacao', 'ValeCredito', 'Devolucao', 'Recebimento'];
const MODELS = [null, '55', '65'];

const id = fc.integer({ min: 1, max: 1_000_000 });
const cents = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);
const milli = fc.integer({ min: 1, max: 999_999 }).map((m) => m / 1000);
const text = fc.string({ maxLength: 20 });

const item = fc.record({
  id_item: fc.uuid(),
  tipo_item: fc.constant('Produto'),
  id_produto_grade_filial: id,
  id_endereco_estoque: id,
  descricao: text,
  sku: fc.option(text),
  quantidade: milli,
  valor_unitario: cents,
  valor_desconto_item: cents,
  tipo_preco: fc.constantFrom('Varejo', 'Atacado'),
  is_atacarejo: fc.boolean(),
  id_cenario_fiscal: fc.option(id),
  id_usuario_vendedor: fc.option(id),
  observacao: fc.option(text),
  id_item_origem: fc.option(id),
});

const payment = fc.record({
  id_pagamento: fc.uuid(),
  id_meio_pagamento: id,
  valor_total: cents,
  quantidade_parcelas: fc.integer({ min: 1, max: 120 }),
  parcelamento: fc.constant([]),
  id_operadora_cartao: fc.option(id),
  cartao_codigo_autorizacao: fc.option(text),
  cartao_bandeira: fc.option(text),
  txid_pix: fc.option(text),
  id_vale_credito: fc.option(id),
});

const body: fc.Arbitrary<WireBody> = fc.record({
  id_operacao: fc.uuid(),
  modo_operacao: fc.constantFrom(...MODES),
  modelo: fc.constantFrom(...MODELS),
  id_filial: id,
  id_cliente: fc.option(id),
  id_usuario_vendedor: fc.option(id),
  cliente_cpf_cnpj: fc.option(fc.stringMatching(/^\d{11}$/)),
  data_inicio: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  frete: cents,
  seguro: cents,
  outros: cents,
  valor_desconto_subtotal: cents,
  tipo_frete: fc.integer({ min: 0, max: 9 }),
  observacao: fc.option(text),
  id_pedido_origem: fc.option(id),
  id_nota_fiscal_origem: fc.option(id),
  documentos_financeiros: fc.uniqueArray(id, { maxLength: 4 }),
  itens: fc.array(item, { minLength: 1, maxLength: 4 }),
  pagamentos: fc.array(payment, { maxLength: 3 }),
});

const clone = (b: WireBody): WireBody => structuredClone(b);
const next = <T>(values: readonly T[], current: T): T => values[(values.indexOf(current) + 1) % values.length] as T;
const bump = (n: number, step: number) => Math.round((n + step) * 1000) / 1000;

type Mutation = (b: WireBody, at: number) => void;
const itemAt = (b: WireBody, at: number): WireItem => b.itens[at % b.itens.length] as WireItem;

/** For every listed field, a change of its meaning (never a respelling of the same value). */
const OPERATION_CHANGES: Record<(typeof OPERATION_CONTENT_FIELDS.operation)[number], Mutation> = {
  modo_operacao: (b) => { b.modo_operacao = next(MODES, b.modo_operacao); },
  modelo: (b) => { b.modelo = next(MODELS, b.modelo); },
  id_cliente: (b) => { b.id_cliente = b.id_cliente == null ? 1 : b.id_cliente + 1; },
  cliente_cpf_cnpj: (b) => { b.cliente_cpf_cnpj = b.cliente_cpf_cnpj == null ? '12345678909' : null; },
  valor_desconto_subtotal: (b) => { b.valor_desconto_subtotal = bump(b.valor_desconto_subtotal ?? 0, 0.01); },
  frete: (b) => { b.frete = bump(b.frete ?? 0, 0.01); },
  seguro: (b) => { b.seguro = bump(b.seguro ?? 0, 0.01); },
  outros: (b) => { b.outros = bump(b.outros ?? 0, 0.01); },
  id_pedido_origem: (b) => { b.id_pedido_origem = b.id_pedido_origem == null ? 1 : null; },
  id_nota_fiscal_origem: (b) => { b.id_nota_fiscal_origem = b.id_nota_fiscal_origem == null ? 1 : null; },
  documentos_financeiros: (b) => { b.documentos_financeiros.push(2_000_000); },
  itens: (b) => { b.itens.push({ ...itemAt(b, 0) }); },
  pagamentos: (b) => { b.pagamentos.push({ id_meio_pagamento: 1, valor_total: 0, quantidade_parcelas: 1, id_vale_credito: null }); },
};

const ITEM_CHANGES: Record<(typeof OPERATION_CONTENT_FIELDS.item)[number], Mutation> = {
  id_produto_grade_filial: (b, at) => { itemAt(b, at).id_produto_grade_filial += 1; },
  id_endereco_estoque: (b, at) => { itemAt(b, at).id_endereco_estoque += 1; },
  quantidade: (b, at) => { itemAt(b, at).quantidade = bump(itemAt(b, at).quantidade, 0.001); },
  valor_unitario: (b, at) => { itemAt(b, at).valor_unitario = bump(itemAt(b, at).valor_unitario, 0.01); },
  valor_desconto_item: (b, at) => { itemAt(b, at).valor_desconto_item = bump(itemAt(b, at).valor_desconto_item, 0.01); },
  id_item_origem: (b, at) => { itemAt(b, at).id_item_origem = itemAt(b, at).id_item_origem == null ? 1 : null; },
};

const PAYMENT_CHANGES: Record<(typeof OPERATION_CONTENT_FIELDS.payment)[number], Mutation> = {
  id_meio_pagamento: (b, at) => { paymentAt(b, at).id_meio_pagamento += 1; },
  valor_total: (b, at) => { paymentAt(b, at).valor_total = bump(paymentAt(b, at).valor_total, 0.01); },
  quantidade_parcelas: (b, at) => { paymentAt(b, at).quantidade_parcelas += 1; },
  id_vale_credito: (b, at) => { paymentAt(b, at).id_vale_credito = paymentAt(b, at).id_vale_credito == null ? 1 : null; },
};
function paymentAt(b: WireBody, at: number): WirePayment {
  if (b.pagamentos.length === 0) b.pagamentos.push({ id_meio_pagamento: 1, valor_total: 1, quantidade_parcelas: 1, id_vale_credito: null });
  return b.pagamentos[at % b.pagamentos.length] as WirePayment;
}

/** Changes to what the content leaves out: texts, dates, UUIDs, card receipts, and fields the protocol adds later. */
const NOISE: Mutation[] = [
  (b) => { b['id_operacao'] = '00000000-0000-4000-8000-000000000000'; },
  (b) => { b['id_filial'] = 999; },
  (b) => { b['data_inicio'] = '1999-12-31T23:59:59.000Z'; b['data_fim'] = '2000-01-01T00:00:00.000Z'; },
  (b) => { b['observacao'] = 'outra observação'; b['tipo_frete'] = 0; b['id_usuario_vendedor'] = 77; },
  // The carrier came to the protocol after the list was frozen: a replay naming it is the same operation.
  (b) => { b['id_transportadora'] = 88; },
  (b) => { b['campo_de_uma_versao_futura'] = { qualquer: [1, 2.5, 'x'] }; },
  (b, at) => { const i = itemAt(b, at); i['descricao'] = 'Outra descrição'; i['sku'] = 'SKU-2'; i['id_item'] = 'outro'; },
  (b, at) => { const i = itemAt(b, at); i['tipo_preco'] = 'Atacado'; i['is_atacarejo'] = true; i['id_cenario_fiscal'] = 5; },
  (b, at) => { itemAt(b, at)['campo_novo_do_item'] = 42.42; },
  (b, at) => { for (const p of b.pagamentos.slice(at % 2)) { p['id_pagamento'] = 'outro'; p['cartao_bandeira'] = 'VISA'; p['txid_pix'] = 'abc'; } },
  (b) => { for (const p of b.pagamentos) p['parcelamento'] = [{ parcela: 1, valor: 1, data_vencimento: '2030-01-01' }]; },
  (b) => { for (const p of b.pagamentos) p['campo_novo_do_pagamento'] = 'x'; },
];

const nodeSha256 = (data: Uint8Array) => Promise.resolve(createHash('sha256').update(data).digest());
const webSha256 = async (data: Uint8Array) => globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(data));

describe('the content of an operation (what a replay must repeat)', () => {
  it('keeps its content when any field the list leaves out changes, or a field the protocol adds later appears', () => {
    fc.assert(
      fc.property(body, fc.subarray(NOISE, { minLength: 1 }), fc.nat(), (b, noise, at) => {
        const changed = clone(b);
        for (const change of noise) change(changed, at);
        expect(operationContentJson(changed)).toBe(operationContentJson(b));
      }),
    );
  });

  it('changes its content when any listed field of the operation, of a line or of a payment changes', () => {
    const changes = [
      ...Object.entries(OPERATION_CHANGES).map(([field, change]) => ({ field: `operacao.${field}`, change })),
      ...Object.entries(ITEM_CHANGES).map(([field, change]) => ({ field: `itens[].${field}`, change })),
      ...Object.entries(PAYMENT_CHANGES).map(([field, change]) => ({ field: `pagamentos[].${field}`, change })),
    ];
    fc.assert(
      fc.property(body, fc.constantFrom(...changes), fc.nat(), (b, { field, change }, at) => {
        const changed = clone(b);
        change(changed, at);
        expect(operationContentJson(changed), field).not.toBe(operationContentJson(b));
      }),
    );
  });

  it('has a change for every listed field (the property above covers the whole list)', () => {
    expect(Object.keys(OPERATION_CHANGES).sort()).toEqual([...OPERATION_CONTENT_FIELDS.operation].sort());
    expect(Object.keys(ITEM_CHANGES).sort()).toEqual([...OPERATION_CONTENT_FIELDS.item].sort());
    expect(Object.keys(PAYMENT_CHANGES).sort()).toEqual([...OPERATION_CONTENT_FIELDS.payment].sort());
  });

  it('reads a field the contract defaults as its default, and a float of the same centavos as that amount', () => {
    const raw: ContentBody = {
      modo_operacao: 'Venda', modelo: null,
      itens: [{ id_produto_grade_filial: 1, id_endereco_estoque: 2, quantidade: 1.5, valor_unitario: 0.1 + 0.2 }],
      pagamentos: [{ id_meio_pagamento: 3, valor_total: 0.45 }],
    };
    const parsed: ContentBody = {
      ...raw, id_cliente: null, cliente_cpf_cnpj: undefined, frete: 0, seguro: 0, outros: 0, valor_desconto_subtotal: 0,
      documentos_financeiros: [],
      itens: [{ id_produto_grade_filial: 1, id_endereco_estoque: 2, quantidade: 1.500, valor_unitario: 0.3, valor_desconto_item: 0 }],
      pagamentos: [{ id_meio_pagamento: 3, valor_total: 0.45, quantidade_parcelas: 1, id_vale_credito: null }],
    };
    expect(operationContentJson(parsed)).toBe(operationContentJson(raw));
    // The frozen text of version 1: keys sorted, integers only. A change here breaks every stored hash.
    expect(operationContentJson(raw)).toBe(
      '{"cliente_cpf_cnpj":null,"documentos_financeiros":[],"frete":0,"id_cliente":null,"id_nota_fiscal_origem":null,'
      + '"id_pedido_origem":null,"itens":[{"id_endereco_estoque":2,"id_item_origem":null,"id_produto_grade_filial":1,'
      + '"quantidade":1500,"valor_desconto_item":0,"valor_unitario":30}],"modelo":null,"modo_operacao":"Venda","outros":0,'
      + '"pagamentos":[{"id_meio_pagamento":3,"id_vale_credito":null,"quantidade_parcelas":1,"valor_total":45}],'
      + '"seguro":0,"valor_desconto_subtotal":0}',
    );
  });

  it('treats the receivables of a receipt as a set and the lines as a sequence', () => {
    const base: ContentBody = {
      modo_operacao: 'Recebimento', modelo: null, documentos_financeiros: [3, 1, 2], itens: [], pagamentos: [],
    };
    expect(operationContentJson({ ...base, documentos_financeiros: [1, 2, 3] })).toBe(operationContentJson(base));
    const line = (id: number) => ({ id_produto_grade_filial: id, id_endereco_estoque: 1, quantidade: 1, valor_unitario: 1 });
    expect(operationContentJson({ ...base, itens: [line(1), line(2)] })).not.toBe(operationContentJson({ ...base, itens: [line(2), line(1)] }));
  });

  it('hashes the same in the browser (Web Crypto) and in Node (node:crypto): SHA-256 of the canonical text', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const web = await operationContentHash(b, webSha256);
        expect(web).toMatch(/^[0-9a-f]{64}$/);
        expect(await operationContentHash(b, nodeSha256)).toBe(web);
        expect(web).toBe(createHash('sha256').update(operationContentJson(b), 'utf8').digest('hex'));
      }),
      { numRuns: 30 },
    );
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'é' }], c: true } })).toBe('{"a":{"c":true,"d":[2,{"y":"é","z":null}]},"b":1}');
  });

  it('refuses a number that is not a safe integer (a float has more than one spelling)', () => {
    expect(() => canonicalJson(1.5)).toThrow(RangeError);
    expect(() => canonicalJson(2 ** 53)).toThrow(RangeError);
    expect(canonicalJson(-0)).toBe('0');
  });
});
