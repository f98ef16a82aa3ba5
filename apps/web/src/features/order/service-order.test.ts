import { describe, expect, it } from 'vitest';
import { OBJECT_IMAGE_MAX_BYTES } from '@pdv/contract/order-service';
import { MESSAGES } from '@pdv/domain/messages';
import { openTestDatabase } from '../../db/testing.ts';
import { operationTable, saveDraft } from '../outbox/operations.ts';
import { applyProcessEvent, editingScreenOpen } from '../outbox/processEvent.ts';
import { makeBundle } from '../outbox/testing.ts';
import {
  EMPTY_OBJECT,
  EMPTY_SERVICE,
  bytesToBase64,
  editorPath,
  imageFileError,
  objectBody,
  objectFormErrors,
  serviceBody,
  serviceFormErrors,
  serviceFormOf,
  serviceFormTotal,
  serviceTabsFor,
} from './service-order.ts';

describe('service order tabs', () => {
  it('shows Serviços for orders, service orders and quotes, and Objetos only for service orders', () => {
    expect(serviceTabsFor('OrdemServico')).toEqual(['servicos', 'objetos']);
    expect(serviceTabsFor('Pedido')).toEqual(['servicos']);
    expect(serviceTabsFor('Orcamento')).toEqual(['servicos']);
    expect(serviceTabsFor('Consignacao')).toEqual([]);
    expect(serviceTabsFor('Compra')).toEqual([]);
  });
});

describe('the service line form', () => {
  const form = {
    ...EMPTY_SERVICE,
    descricao: ' Troca de tela ',
    quantidade: '2',
    valor_unitario: '80,00',
    desconto: '12,35',
    id_usuario_tecnico: 7,
  };

  it('totals (unit - discount per unit) x quantity as typed, with a value or a percentage', () => {
    expect(serviceFormTotal(form)).toBe(13530);
    expect(serviceFormTotal({ ...form, tipo_desconto: 'Percentual', desconto: '10' })).toBe(14400);
    expect(serviceFormTotal({ ...form, valor_unitario: 'abc' })).toBeNull();
  });

  it('builds the body of /order_service/save: decimals, the discount kind, the technician', () => {
    expect(serviceBody(form, 5)).toEqual({
      id_pedido: 5,
      descricao: 'Troca de tela',
      quantidade: 2,
      valor_unitario: 80,
      valor_desconto: 12.35,
      id_usuario_tecnico: 7,
      observacao: null,
    });
    expect(serviceBody({ ...form, tipo_desconto: 'Percentual', desconto: '7,5' }, 5, 9)).toMatchObject({
      id_pedido_servico: 9,
      desconto_percentual: 7.5,
    });
    expect(serviceBody({ ...form, tipo_desconto: 'Percentual', desconto: '7,5' }, 5)).not.toHaveProperty(
      'valor_desconto',
    );
  });

  it('refuses what the server would, with the same texts', () => {
    expect(serviceFormErrors(EMPTY_SERVICE)).toEqual([
      'Informe a descrição do serviço.',
      MESSAGES.itemValueNotPositive,
    ]);
    expect(serviceFormErrors({ ...form, quantidade: '0' })).toEqual(['A quantidade tem que ser maior que 0.']);
    expect(serviceFormErrors({ ...form, desconto: '80' })).toEqual([MESSAGES.itemValueNotPositive]);
    expect(serviceFormErrors({ ...form, desconto: 'x' })).toEqual([MESSAGES.discountNegative]);
    expect(serviceFormErrors(form)).toEqual([]);
  });

  it('loads a saved line back into the form', () => {
    const again = serviceFormOf({
      id_pedido_servico: 1,
      id_pedido: 5,
      id_servico: null,
      descricao: 'Reparo',
      quantidade: 1.5,
      valor_unitario: 40,
      valor_desconto: 0,
      valor_sub_total: 60,
      valor_total: 60,
      id_usuario_tecnico: null,
      tecnico_nome: null,
      observacao: null,
    });
    expect(again).toMatchObject({ descricao: 'Reparo', quantidade: '1,500', valor_unitario: '40,00', desconto: '' });
    expect(serviceFormTotal(again)).toBe(6000);
  });
});

describe('the object form and its images', () => {
  it('requires a description and sends empty fields as null', () => {
    expect(objectFormErrors(EMPTY_OBJECT)).toEqual(['Informe a descrição do objeto.']);
    expect(objectBody({ ...EMPTY_OBJECT, descricao: 'Notebook', numero_serie: ' X1 ' }, 3)).toEqual({
      id_pedido: 3,
      descricao: 'Notebook',
      marca: null,
      modelo: null,
      numero_serie: 'X1',
      defeito_relatado: null,
      observacao: null,
    });
  });

  it('checks a chosen file before sending it: type, emptiness and the 700 KB limit', () => {
    expect(imageFileError({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(imageFileError({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe(
      'A imagem a.gif não é JPEG, PNG ou WebP.',
    );
    expect(imageFileError({ name: 'b.png', type: 'image/png', size: 0 })).toBe('A imagem b.png está vazia.');
    expect(imageFileError({ name: 'c.webp', type: 'image/webp', size: OBJECT_IMAGE_MAX_BYTES + 1 })).toBe(
      'A imagem c.webp ultrapassa o tamanho máximo de 700 KB.',
    );
  });

  it('encodes bytes as base64, also past the chunk size', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('/operation-order and the socket process rule (000 §2, §4.1)', () => {
  it('keeps the editor under the path it was opened with', () => {
    expect(editorPath('/operation-order')).toBe('/operation-order');
    expect(editorPath('/operation-order/12', 40)).toBe('/operation-order/40');
    expect(editorPath('/order/register', 40)).toBe('/order/register/40');
    expect(editorPath('/operation-orders', 1)).toBe('/order/register/1');
  });

  it('a report with errors leaves the operation in edit on /operation-order, and sets it pending from /order/register', async () => {
    for (const [path, expected] of [
      [editorPath('/operation-order', 7), 'EmEdicao'],
      [editorPath('/order/register', 7), 'Pendente'],
    ] as const) {
      const db = openTestDatabase();
      const bundle = makeBundle();
      await saveDraft(db, bundle);
      const id = bundle.operation.id_operacao;
      await applyProcessEvent(db, { id_operacao: id, erro: 'Estoque insuficiente.' }, () => editingScreenOpen(path));
      const stored = await operationTable(db).get(id);
      expect(stored?.situacao, path).toBe(expected);
      expect(stored?.erro).toContain('Estoque insuficiente.');
    }
  });
});
