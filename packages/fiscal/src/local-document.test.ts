/**
 * The one rule from a sale to the NFC-e's groups (document-input.ts), fed from the server's tables (numeric columns as
 * text, the invoice's lines) and from the point of sale's local copy (synced JSON rows, the till's lines in centavos):
 * the same sale gives the same document input. The db test (apps/server fiscal/nfce-offline.db.test.ts) checks the
 * same against the real sync routes.
 */
import { describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { documentBase, type DocumentFacts } from './document-input.ts';
import { localDocumentBase, scenarioOf, type LocalFiscalCopy, type LocalSale } from './local-document.ts';

const branch = { id_filial: 1, cnpj: '12345678000195', razao_social: 'LOJA DEMO', nome_fantasia: 'Demo', ie: '110042490114', endereco: 'Rua A',
  numero: '10', complemento: null, bairro: 'Centro', id_cidade: 3550308, cidade: 'São Paulo', uf: 'SP', cep: '01001000', telefone: '1133334444' };
const scenario = { id_cenario_fiscal: 5, situacao: 'Ativo', operacao: 1, tipo: 'Venda', is_padrao: true, cfop_interno: '5102', cfop_externo: '6102',
  icms_cst: '00', icms_csosn: '102', icms_aliquota: 18, icms_percentual_reducao_base_calculo: 0, icmsst_aliquota: 0, icmsst_mva: 0, fcp_percentual: 2,
  pis_cst: '01', pis_aliquota: 1.65, cofins_cst: '01', cofins_aliquota: 7.6, ibscbs_cst: '000', ibscbs_classificacao: '000001', cbs_aliquota: 0.9,
  ibsuf_aliquota: 0.1, ibsmun_aliquota: 0, ibs_percentual_reducao: 0, cbs_percentual_reducao: 10,
  excecoes: [{ id_cenario_fiscal_excecao: 1, uf: 'SP', codigo_ncm: '61091000', cfop: null, icms_cst: null, icms_csosn: null, icms_aliquota: 12,
    icmsst_aliquota: 0, icmsst_mva: 0, fcp_percentual: 0 }] };

const sale: LocalSale = {
  operation: { tipo_frete: 9, cliente_cpf_cnpj: '12345678909', observacao: null },
  liquido: 14_500,
  itens: [
    { ordem: 1, is_cancelado: false, id_produto_grade_filial: 10, id_cenario_fiscal: null, sku: 'CAM-P', descricao: 'Camiseta P', codigo_barras: '7891234567895',
      unidade_comercial: 'UN', quantidade: 2000, valor_unitario: 5000, valor_desconto: 500, frete: 0, seguro: 0, outros: 0 },
    { ordem: 2, is_cancelado: false, id_produto_grade_filial: 11, id_cenario_fiscal: 5, sku: null, descricao: 'Meia', codigo_barras: null,
      unidade_comercial: null, quantidade: 1500, valor_unitario: 3000, valor_desconto: 0, frete: 0, seguro: 0, outros: 0 },
    { ordem: 3, is_cancelado: true, id_produto_grade_filial: 12, id_cenario_fiscal: null, sku: 'X', descricao: 'Cancelado', codigo_barras: null,
      unidade_comercial: 'UN', quantidade: 1000, valor_unitario: 100, valor_desconto: 0, frete: 0, seguro: 0, outros: 0 },
  ],
  pagamentos: [{ ordem: 1, meio_pagamento: { meio_pagamento: '01' }, valor_total: 15_000, quantidade_parcelas: 1, cartao_codigo_autorizacao: null,
    cartao_bandeira: null, cartao_cnpj_instituicao: null, cartao_tipo_integracao: null }],
};

const copy: LocalFiscalCopy = {
  branch, config: { id_filial: 1, codigo_regime_tributario: 3, ambiente_emissao: 2, nfce_offline_conector: true },
  scenarios: [scenario, { ...scenario, id_cenario_fiscal: 6, is_padrao: false, icms_aliquota: 7 }],
  products: new Map([[10, { id_produto: 1, codigo_ncm: '61091000', cest: null, origem_produto: 0 }], [11, { id_produto: 2, codigo_ncm: '61159500', cest: null, origem_produto: 2 }]]),
  customer: null,
};

/** The same sale as the server reads it from nota_fiscal, nota_fiscal_item (+ cenario_fiscal) and its exceptions. */
function serverFacts(): DocumentFacts {
  const s = { cfop_interno: '5102', cfop_externo: '6102', icms_cst: '00', icms_csosn: '102', icms_aliquota: '18.0000',
    icms_percentual_reducao_base_calculo: '0.0000', icmsst_aliquota: '0.0000', icmsst_mva: '0.0000', fcp_percentual: '2.0000', pis_cst: '01',
    pis_aliquota: '1.6500', cofins_cst: '01', cofins_aliquota: '7.6000', ibscbs_cst: '000', ibscbs_classificacao: '000001', cbs_aliquota: '0.9000',
    ibsuf_aliquota: '0.1000', ibsmun_aliquota: '0.0000', ibs_percentual_reducao: '0.0000', cbs_percentual_reducao: '10.0000', id_cenario_fiscal: 5 };
  return {
    invoice: { modelo: '65', natureza_operacao: 'Venda de mercadoria', operacao: 'Saida', finalidade: 1, indicador_presenca: 1, tipo_frete: 9,
      valor_nota_fiscal: '145.00', cliente_cpf_cnpj: '12345678909', informacoes_adicionais: null, placa_veiculo: null, uf_placa_veiculo: null },
    emitter: { ...branch, codigo_regime_tributario: 3, ambiente_emissao: 2 },
    recipient: null, carrier: null, transfer: false,
    items: [
      { codigo: 'CAM-P', descricao: 'Camiseta P', codigo_barras: '7891234567895', codigo_ncm: '61091000', cest: null, origem_produto: 0, unidade_comercial: 'UN',
        quantidade: '2.000', valor_unitario: '50.00', valor_desconto: '5.00', frete: '0.00', seguro: '0.00', outros: '0.00', ...s },
      { codigo: '11', descricao: 'Meia', codigo_barras: null, codigo_ncm: '61159500', cest: null, origem_produto: 2, unidade_comercial: null,
        quantidade: '1.500', valor_unitario: '30.00', valor_desconto: '0.00', frete: '0.00', seguro: '0.00', outros: '0.00', ...s },
    ],
    exceptions: [{ id_cenario_fiscal: 5, id_cenario_fiscal_excecao: 1, uf: 'SP', codigo_ncm: '61091000', cfop: null, icms_cst: null, icms_csosn: null,
      icms_aliquota: '12.0000', icmsst_aliquota: '0.0000', icmsst_mva: '0.0000', fcp_percentual: '0.0000' }],
    payments: [{ meio_pagamento: '01', valor_total: '150.00', quantidade_parcelas: 1, cartao_codigo_autorizacao: null, cartao_bandeira: null,
      cartao_cnpj_instituicao: null, cartao_tipo_integracao: null }],
    volumes: [], referenced: [],
  };
}

describe('the NFC-e input of a sale, from the server and from the local copy', () => {
  it('is the same document input for the same sale', () => {
    const server = documentBase(serverFacts());
    const till = localDocumentBase(sale, copy);
    expect(till).toEqual(server);
    // The exception (SP, NCM 61091000) won on the first line only; IBS/CBS for the CRT 3 issuer; change of 5.00.
    expect(server.det.map((d) => d.imposto.ICMS.pICMS)).toEqual([1200, 1800]);
    expect(server.det[0]!.imposto.IBSCBS).toBeTruthy();
    expect(server.pag.vTroco).toBe(500);
    expect(server.dest?.CPF).toBe('12345678909');
  });

  it("takes the default sale scenario for a line without one, and refuses a line whose scenario is not in the copy", () => {
    expect(scenarioOf(copy.scenarios, null)?.['id_cenario_fiscal']).toBe(5);
    const missing = { ...sale, itens: [{ ...sale.itens[0]!, id_cenario_fiscal: 99 }] };
    expect(() => localDocumentBase(missing, copy)).toThrow(M.fiscalScenarioMissing('Camiseta P'));
  });
});
