import { describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { emptyForm } from '../form.ts';
import {
  asksBeforeLeaving,
  availableActions,
  baselineOf,
  buttonColor,
  buttonLabel,
  customerPatch,
  effectiveForm,
  isDirty,
  isScreenEditable,
  nextTab,
  showsButton,
} from './editorSteps.ts';

function makeDetail(over: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id_nota_fiscal: 1, id_filial: 1, modelo: '55', serie: 1, numero_nota_fiscal: null, chave_acesso: null, situacao: 'EmEdicao',
    tipo_emissao: 1, ambiente: 2, natureza_operacao: 'Venda de mercadoria', data_hora_emissao: '2026-01-05T12:00:00.000Z',
    cliente_nome: null, cliente_cpf_cnpj: null, valor_nota_fiscal: 0, protocolo: null, codigo_status: null, motivo: null,
    id_pedido: null, id_operacao: null, id_cliente: null, id_serie_fiscal: 3, operacao: 'Saida', finalidade: 1, tipo_nota: 'Venda',
    tipo_frete: 9, valor_total_produtos: 0, valor_desconto: 0, valor_frete: 0, valor_seguro: 0, valor_outros: 0, valor_icms: 0,
    valor_icms_st: 0, valor_fcp: 0, valor_ipi: 0, valor_pis: 0, valor_cofins: 0, valor_troco: 0, placa_veiculo: null,
    uf_placa_veiculo: null, informacoes_adicionais: null, data_contingencia: null, justificativa_contingencia: null,
    prazo_contingencia: null, url_pdf: null, url_xml_distribuicao: null, itens: [], pagamentos: [], referenciadas: [], volumes: [],
    eventos: [], ...over,
  };
}

describe('invoice screen steps', () => {
  it("fills the model's default series and the copy's knowledge of the address, keeping what the form chose", () => {
    const form = emptyForm();
    expect(effectiveForm(form, { serie: 3, customerHasAddress: true })).toMatchObject({ id_serie_fiscal: 3, cliente_tem_endereco: true });
    expect(effectiveForm({ ...form, id_serie_fiscal: 7, cliente_tem_endereco: false }, { serie: 3, customerHasAddress: null }))
      .toMatchObject({ id_serie_fiscal: 7, cliente_tem_endereco: false });
  });

  it('sees a new invoice as unsaved and a saved one as changed only when its body differs', () => {
    const form = { ...emptyForm(), id_serie_fiscal: 3 };
    expect(isDirty(null, form, null)).toBe(true);
    expect(isDirty(makeDetail(), form, baselineOf(form))).toBe(false);
    expect(isDirty(makeDetail(), { ...form, informacoes_adicionais: 'Entrega à tarde' }, baselineOf(form))).toBe(true);
  });

  it("edits a new invoice or a draft for a manager, never a sale's invoice nor for a reader", () => {
    expect(isScreenEditable(null, true)).toBe(true);
    expect(isScreenEditable(makeDetail({ situacao: 'Rejeitada' }), true)).toBe(true);
    expect(isScreenEditable(makeDetail({ situacao: 'Rejeitada', id_operacao: '0b6f3f2e-5b1a-4a47-9f0e-2f5a2c1d7e11' }), true)).toBe(false);
    expect(isScreenEditable(makeDetail({ situacao: 'Autorizada' }), true)).toBe(false);
    expect(isScreenEditable(null, false)).toBe(false);
  });

  it('offers a reader only printing, and transmit while editable even before saving', () => {
    expect(availableActions(makeDetail({ situacao: 'Autorizada' }), false)).toEqual(['imprimir']);
    expect(availableActions(null, true)).toEqual([]);
    expect(showsButton('transmitir', true, [])).toBe(true);
    expect(showsButton('imprimir', false, [])).toBe(true);
    expect(showsButton('cancelar', false, ['imprimir'])).toBe(false);
    expect(buttonLabel('cancelar')).toBe('Cancelar nota');
    expect(buttonColor('excluir')).toBe('red');
    expect(buttonColor('transmitir')).toBe('teal');
  });

  it('moves round the tabs, skipping events when there are none', () => {
    expect(nextTab('itens', 1, false)).toBe('pagamentos');
    expect(nextTab('itens', -1, false)).toBe('info');
    expect(nextTab('itens', -1, true)).toBe('eventos');
    expect(nextTab('info', 1, false)).toBe('itens');
  });

  it('clears the customer fields and asks before leaving unsaved lines', () => {
    expect(customerPatch(null)).toEqual({ id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: null, cliente_tem_endereco: null });
    const form = emptyForm();
    expect(asksBeforeLeaving(true, true, null, form)).toBe(false);
    expect(asksBeforeLeaving(true, true, makeDetail(), form)).toBe(true);
    expect(asksBeforeLeaving(false, true, makeDetail(), form)).toBe(false);
  });
});
