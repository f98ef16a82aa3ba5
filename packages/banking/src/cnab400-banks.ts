/**
 * CNAB 400 remessa layouts per bank, positions from the banks' manuals as the cnab-layouts YAML files transcribe them
 * (BB CBR641 7-digit convênio, Bradesco, Itaú, Santander, Sicoob/Bancoob). Field keys name our data (cnab-model.ts);
 * `name` keeps the manual's field name where the test checks it against the YAML.
 */
import { blank, f, lit, zeros, type Field, type Layout } from './cnab-layout.ts';
import type { Cnab400Bank } from './cnab400.ts';

const HEADER_START = lit(1, '01REMESSA01COBRANCA       ');
const SEQ = f(395, 400, 'seq', '', 'numero_sequencial');

/** The payer block shared by most banks (219-351). */
const pagador = (nomeEnd: number, extra: Field[] = []): Field[] => [
  f(219, 220, 'n', 't.pagadorTipo', 'sacado_codigo_inscricao'),
  f(221, 234, 'n', 't.pagadorDocumento', 'sacado_numero_inscricao'),
  f(235, nomeEnd, 'x', 't.pagadorNome', 'nome'),
  ...extra,
];

const amounts = (iofName = 'valor_iof', abatimentoName = 'abatimento'): Field[] => [
  f(161, 173, 'v', 't.jurosDia', 'juros_um_dia'),
  f(174, 179, 'd', 't.descontoAte', 'desconto_ate'),
  f(180, 192, 'v', 't.desconto', 'valor_desconto'),
  f(193, 205, 'v', 't.iof', iofName),
  f(206, 218, 'v', 't.abatimento', abatimentoName),
];

const address = (): Field[] => [
  f(275, 314, 'x', 't.pagadorEndereco', 'logradouro'),
  f(315, 326, 'x', 't.pagadorBairro', 'bairro'),
  f(327, 334, 'n', 't.pagadorCep', 'cep'),
  f(335, 349, 'x', 't.pagadorCidade', 'cidade'),
  f(350, 351, 'x', 't.pagadorUf', 'estado'),
];

const tituloCore = (bankCode: string): Field[] => [
  f(109, 110, 'n', 't.ocorrencia', 'codigo_ocorrencia'),
  f(111, 120, 'x', 't.numeroDocumento', 'numero_documento'),
  f(121, 126, 'd', 't.vencimento', 'vencimento'),
  f(127, 139, 'v', 't.valor', 'valor_titulo'),
  lit(140, bankCode),
];

export const BANCO_DO_BRASIL_400: Cnab400Bank = {
  banco: '001',
  header: [
    HEADER_START,
    f(27, 30, 'n', 'b.agencia', 'agencia'), f(31, 31, 'x', 'b.agenciaDv', 'agencia_dv'),
    f(32, 39, 'n', 'b.conta', 'conta'), f(40, 40, 'x', 'b.contaDv', 'conta_dv'),
    zeros(41, 46), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '001BANCODOBRASIL  '),
    f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), f(101, 107, 'n', 'r.sequencial', 'numero_sequencial'),
    blank(108, 129), f(130, 136, 'n', 'b.convenioLider', 'convenio_lider'), blank(137, 394), f(395, 400, 'seq', '', 'registro_sequencial'),
  ],
  detail: [
    lit(1, '7'),
    f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
    f(18, 21, 'n', 'b.agencia', 'agencia'), f(22, 22, 'x', 'b.agenciaDv', 'agencia_dv'),
    f(23, 30, 'n', 'b.conta', 'conta'), f(31, 31, 'x', 'b.contaDv', 'conta_dv'),
    f(32, 38, 'n', 'b.convenio', 'numero_convenio'), f(39, 63, 'x', 't.usoEmpresa', 'uso_empresa'),
    f(64, 80, 'n', 't.nossoNumero', 'nosso_numero'), zeros(81, 84), blank(85, 91),
    f(92, 94, 'n', 'b.variacao', 'variacao_carteira'), zeros(95, 101),
    f(102, 106, 'x', 't.codigos.tipoCobranca', 'tipo_cobranca'), f(107, 108, 'n', 't.carteira', 'numero_carteira'),
    ...tituloCore('001'), zeros(143, 146), blank(147, 147),
    f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
    f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
    ...amounts(), ...pagador(271), blank(272, 274), ...address(),
    f(352, 391, 'x', 't.avalista', 'sacador'), f(392, 393, 'x', 't.diasProtesto', 'prazo'), blank(394, 394), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

export const BRADESCO_400: Cnab400Bank = {
  banco: '237',
  header: [
    HEADER_START, f(27, 46, 'n', 'b.convenio', 'codigo_cedente'), f(47, 76, 'x', 'b.nome', 'razao_social'), lit(77, '237BRADESCO       '),
    f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), blank(101, 108), lit(109, 'MX'), f(111, 117, 'n', 'r.sequencial', 'sequencial_remessa'),
    blank(118, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), zeros(2, 21), f(22, 24, 'n', 't.carteira', 'numero_carteira'), f(25, 29, 'n', 'b.agencia', 'agencia'),
    f(30, 36, 'n', 'b.conta', 'conta'), f(37, 37, 'n', 'b.contaDv', 'conta_dv'), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'),
    zeros(63, 65), f(66, 66, 'n', 't.multaCodigo', 'multa'), f(67, 70, 'v', 't.multa', 'valor_multa'),
    f(71, 81, 'n', 't.nossoNumero', 'nosso_numero'), f(82, 82, 'x', 't.nossoNumeroDv', 'digito_nosso_numero'), zeros(83, 92),
    f(93, 93, 'n', 't.codigos.condicaoEmissao', 'condicao_emissao'), f(94, 94, 'x', 't.codigos.debitoAutomatico', 'emissao_para_debito'),
    blank(95, 105), f(106, 106, 'n', 't.codigos.avisoDebito', 'zeros03'), blank(107, 108),
    f(109, 110, 'n', 't.ocorrencia', 'codigo_ocorrencia'), f(111, 120, 'x', 't.numeroDocumento', 'numero_documento'),
    f(121, 126, 'd', 't.vencimento', 'vencimento'), f(127, 139, 'v', 't.valor', 'valor_titulo'), zeros(140, 147),
    f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
    f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
    ...amounts(), ...pagador(274), f(275, 314, 'x', 't.pagadorEndereco', 'logradouro'), blank(315, 326),
    f(327, 334, 'n', 't.pagadorCep', 'cep'), f(335, 394, 'x', 't.avalista', 'sacador'), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

export const ITAU_400: Cnab400Bank = {
  banco: '341',
  header: [
    HEADER_START, f(27, 30, 'n', 'b.agencia', 'agencia'), zeros(31, 32), f(33, 37, 'n', 'b.conta', 'conta'), f(38, 38, 'n', 'b.contaDv', 'dac'),
    blank(39, 46), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '341BANCO ITAU SA  '), f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'),
    blank(101, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
    f(18, 21, 'n', 'b.agencia', 'agencia'), zeros(22, 23), f(24, 28, 'n', 'b.conta', 'conta'), f(29, 29, 'n', 'b.contaDv', 'dac'),
    blank(30, 33), f(34, 37, 'n', 't.codigos.instrucaoAlegacao', 'instrucao_alegacao'), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'),
    f(63, 70, 'n', 't.nossoNumero', 'nosso_numero'), zeros(71, 83), f(84, 86, 'n', 't.carteira', 'numero_carteira'), blank(87, 107),
    f(108, 108, 'x', 't.codigos.carteiraCodigo', 'carteira'), ...tituloCore('341'), f(143, 147, 'n', 't.codigos.agenciaCobradora', 'agencia_cobradora'),
    f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
    f(157, 158, 'n', 't.instrucao1', 'instrucao_1'), f(159, 160, 'n', 't.instrucao2', 'instrucao_2'),
    ...amounts(), ...pagador(264), blank(265, 274), ...address(),
    f(352, 381, 'x', 't.avalista', 'sacador_avalista'), blank(382, 385), f(386, 391, 'd', 't.jurosData', 'data_mora'),
    f(392, 393, 'n', 't.diasProtesto', 'prazo'), blank(394, 394), SEQ,
  ],
  extras: [{
    type: '2',
    when: (t) => t.multaCodigo !== undefined && t.multaCodigo !== '0',
    layout: [
      lit(1, '2'), f(2, 2, 'x', 't.multaCodigo', 'codigo_multa'), f(3, 10, 'D', 't.multaData', 'data_multa'), f(11, 23, 'v', 't.multa', 'multa'),
      blank(24, 394), SEQ,
    ],
  }],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

const SANTANDER_DETAIL: Layout = [
  lit(1, '1'), f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
  f(18, 37, 'n', 'b.convenio', 'codigo_transmissao'), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'), f(63, 70, 'n', 't.nossoNumero', 'nosso_numero'),
  zeros(71, 76), blank(77, 77), f(78, 78, 'n', 't.multaCodigo', 'info_multa'), f(79, 82, 'v', 't.multa', 'pct_multa_atraso'), zeros(83, 97),
  blank(98, 101), f(102, 107, 'd', 't.multaData', 'data_multa'), f(108, 108, 'n', 't.carteira', 'numero_carteira'),
  f(109, 110, 'n', 't.ocorrencia', 'codigo_ocorrencia'), f(111, 120, 'x', 't.numeroDocumento', 'numero_documento'),
  f(121, 126, 'd', 't.vencimento', 'vencimento'), f(127, 139, 'v', 't.valor', 'valor_titulo'), lit(140, '033'), zeros(143, 147),
  f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
  f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
  ...amounts(), ...pagador(274), ...address(), f(352, 381, 'x', 't.avalista', 'sacador'), blank(382, 382), lit(383, 'I'),
  f(384, 385, 'n', 'b.contaDv', 'complemento_conta'), blank(386, 391), f(392, 393, 'n', 't.diasProtesto', 'prazo'), blank(394, 394), SEQ,
];

/** Santander's record 8 (hybrid boleto): the PIX registered with the título. */
const SANTANDER_PIX: Layout = [
  lit(1, '8'), f(2, 3, 'n', 't.pix.tipoPagamento', 'tipo_pagamento'), f(4, 5, 'n', 't.pix.quantidadePagamentos', 'quantidade_pagamentos'),
  f(6, 6, 'n', 't.pix.tipoValor', 'tipo_valor'), f(7, 19, 'v', 't.pix.valorMaximo', 'valor_maximo'), f(20, 24, 'v', 't.pix.percentualMaximo', 'percentual_maximo'),
  f(25, 37, 'v', 't.pix.valorMinimo', 'valor_minimo'), f(38, 42, 'v', 't.pix.percentualMinimo', 'percentual_minimo'),
  f(43, 43, 'n', 't.pix.tipoChave', 'tipo_chave_dict'), f(44, 120, 'x', 't.pix.chave', 'chave_dict'), f(121, 155, 'x', 't.pix.txid', 'txid'),
  blank(156, 394), SEQ,
];

export const SANTANDER_400: Cnab400Bank = {
  banco: '033',
  header: [
    HEADER_START, f(27, 46, 'n', 'b.convenio', 'codigo_transmissao'), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '033SANTANDER      '),
    f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), zeros(101, 116), blank(117, 391), lit(392, '058'), SEQ,
  ],
  detail: SANTANDER_DETAIL,
  extras: [{ type: '8', layout: SANTANDER_PIX, when: (t) => t.pix !== undefined }],
  trailer: [lit(1, '9'), f(2, 7, 'count', '', 'qtd_documentos'), f(8, 20, 'total', '', 'valor_total'), zeros(21, 394), SEQ],
};

export const SICOOB_400: Cnab400Bank = {
  banco: '756',
  header: [
    HEADER_START, f(27, 30, 'n', 'b.agencia', 'agencia'), f(31, 31, 'x', 'b.agenciaDv', 'agencia_dv'),
    f(32, 39, 'n', 'b.convenio', 'codigo_cliente'), f(40, 40, 'x', 'b.convenioDv', 'codigo_cliente_dv'), blank(41, 46),
    f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '756BANCOOBCED     '), f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'),
    f(101, 107, 'n', 'r.sequencial', 'sequencial_remessa'), blank(108, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
    f(18, 21, 'n', 'b.agencia', 'agencia'), f(22, 22, 'x', 'b.agenciaDv', 'agencia_dv'), f(23, 30, 'n', 'b.conta', 'conta'),
    f(31, 31, 'x', 'b.contaDv', 'conta_dv'), zeros(32, 37), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'),
    f(63, 74, 'n', 't.nossoNumero', 'nosso_numero'), f(75, 76, 'n', 't.parcela', 'numero_parcela'), zeros(77, 78), blank(79, 85),
    zeros(86, 101), blank(102, 105), f(106, 106, 'n', 't.codigos.tipoEmissao', 'tipo_emissao'), f(107, 108, 'n', 't.carteira', 'numero_carteira'),
    f(109, 110, 'n', 't.ocorrencia', 'comando_movimento'), f(111, 120, 'n', 't.numeroDocumento', 'numero_documento'),
    f(121, 126, 'd', 't.vencimento', 'vencimento'), f(127, 139, 'v', 't.valor', 'valor_titulo'), lit(140, '756'),
    f(143, 147, 'n', 't.codigos.agenciaCobradora', 'agencia_cobradora'),
    f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
    f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
    f(161, 166, 'v', 't.jurosDia', 'juros_um_dia'), f(167, 172, 'v', 't.multa', 'multa'), f(173, 173, 'n', 't.codigos.tipoDistribuicao', 'tipo_distribuicao'),
    f(174, 179, 'd', 't.descontoAte', 'desconto_ate'), f(180, 192, 'v', 't.desconto', 'valor_desconto'),
    f(193, 193, 'n', 't.codigos.moeda', 'codigo_moeda'), zeros(194, 205), f(206, 218, 'v', 't.abatimento', 'abatimento'),
    ...pagador(274), f(275, 311, 'x', 't.pagadorEndereco', 'logradouro'), f(312, 326, 'x', 't.pagadorBairro', 'bairro'),
    f(327, 334, 'n', 't.pagadorCep', 'cep'), f(335, 349, 'x', 't.pagadorCidade', 'cidade'), f(350, 351, 'x', 't.pagadorUf', 'estado'),
    f(352, 391, 'x', 't.avalista', 'sacador'), f(392, 393, 'x', 't.diasProtesto', 'prazo'), blank(394, 394), SEQ,
  ],
  trailer: [lit(1, '9'), zeros(2, 394), SEQ],
};

export const BANRISUL_400: Cnab400Bank = {
  banco: '041',
  header: [
    lit(1, '01REMESSA'), blank(10, 26), f(27, 39, 'n', 'b.convenio', 'codigo_beneficiario'), blank(40, 46), f(47, 76, 'x', 'b.nome', 'nome_empresa'),
    lit(77, '041BANRISUL       '), f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), blank(101, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), blank(2, 17), f(18, 30, 'n', 'b.convenio', 'codigo_beneficiario'), blank(31, 37), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'),
    f(63, 72, 'n', 't.nossoNumero', 'nosso_numero'), blank(73, 107), f(108, 108, 'n', 't.carteira', 'tipo_carteira'),
    f(109, 110, 'n', 't.ocorrencia', 'codigo_ocorrencia'), f(111, 120, 'x', 't.numeroDocumento', 'seu_numero'),
    f(121, 126, 'd', 't.vencimento', 'vencimento'), f(127, 139, 'v', 't.valor', 'valor_titulo'), lit(140, '041'), blank(143, 147),
    f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
    f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
    f(161, 161, 'x', 't.jurosCodigo', 'codigo_mora'), f(162, 173, 'vb', 't.jurosDia', 'valor_mora'),
    f(174, 179, 'd', 't.descontoAte', 'desconto_ate'), f(180, 192, 'v', 't.desconto', 'valor_desconto'), f(193, 205, 'v', 't.iof', 'valor_iof'),
    f(206, 218, 'v', 't.abatimento', 'abatimento'), ...pagador(269), blank(270, 274), f(275, 314, 'x', 't.pagadorEndereco', 'logradouro'),
    blank(315, 321), f(322, 324, 'v', 't.multa', 'percentual_multa'), f(325, 326, 'n', 't.codigos.diasMulta', 'dias_multa'),
    f(327, 334, 'n', 't.pagadorCep', 'cep'), f(335, 349, 'x', 't.pagadorCidade', 'cidade'), f(350, 351, 'x', 't.pagadorUf', 'estado'),
    zeros(352, 355), blank(356, 356), zeros(357, 368), f(369, 370, 'n', 't.diasProtesto', 'prazo'), f(371, 371, 'x', 't.codigos.emissao'),
    blank(372, 394), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 27), f(28, 40, 'total', '', 'valor_total'), blank(41, 394), SEQ],
};

/** The part shared from 109 to 351 by BNB and Citibank (FEBRABAN's common CNAB 400 detail). */
const commonMiddle = (bankCode: string, agenciaCobradora: Field[]): Field[] => [
  ...tituloCore(bankCode), ...agenciaCobradora,
  f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'), f(151, 156, 'd', 't.emissao', 'data_emissao'),
  f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
  ...amounts(), ...pagador(274), ...address(),
];

export const BANCO_DO_NORDESTE_400: Cnab400Bank = {
  banco: '004',
  header: [
    HEADER_START, f(27, 30, 'n', 'b.agencia', 'agencia'), zeros(31, 32), f(33, 39, 'n', 'b.conta', 'conta'), f(40, 40, 'x', 'b.contaDv', 'conta_dv'),
    blank(41, 46), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '004B.DO NORDESTE  '), f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'),
    blank(101, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), blank(2, 17), f(18, 21, 'n', 'b.agencia', 'agencia'), zeros(22, 23), f(24, 30, 'n', 'b.conta', 'conta'), f(31, 31, 'x', 'b.contaDv', 'conta_dv'),
    f(32, 33, 'v', 't.multa', 'percentual_multa'), blank(34, 37), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'), f(63, 69, 'n', 't.nossoNumero', 'nosso_numero'),
    f(70, 70, 'x', 't.nossoNumeroDv', 'nosso_numero_dv'), zeros(71, 99), blank(100, 107), f(108, 108, 'n', 't.carteira', 'carteira'),
    ...commonMiddle('004', [zeros(143, 146), blank(147, 147)]),
    f(352, 391, 'x', 't.avalista', 'sacador'), f(392, 393, 'n', 't.diasProtesto', 'prazo'), f(394, 394, 'n', 't.codigos.moeda'), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

export const CITIBANK_400: Cnab400Bank = {
  banco: '745',
  header: [
    HEADER_START, f(27, 46, 'n', 'b.convenio', 'codigo_empresa'), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '745CITIBANK       '),
    f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), blank(101, 386), lit(387, '01600BPI'), SEQ,
  ],
  detail: [
    lit(1, '1'), f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
    f(18, 37, 'n', 'b.convenio', 'codigo_empresa'), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'), f(63, 64, 'n', 't.codigos.tipoNossoNumero'),
    f(65, 76, 'n', 't.nossoNumero', 'nosso_numero'), blank(77, 82), zeros(83, 107), f(108, 108, 'n', 't.carteira', 'carteira'),
    ...commonMiddle('745', [zeros(143, 147)]), blank(352, 393), f(394, 394, 'n', 't.codigos.moeda'), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

/** CrediSIS (097): its own detail (fine and interest as rates after the issue date). Positions read off the fixture. */
export const CREDISIS_400: Cnab400Bank = {
  banco: '097',
  header: [
    HEADER_START, f(27, 30, 'n', 'b.agencia', 'agencia'), f(31, 31, 'x', 'b.agenciaDv', 'agencia_dv'), f(32, 39, 'n', 'b.conta', 'conta'),
    f(40, 40, 'x', 'b.contaDv', 'conta_dv'), blank(41, 46), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '097CENTRALCRED    '),
    f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), f(101, 107, 'n', 'r.sequencial', 'sequencial_remessa'), blank(108, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
    f(18, 21, 'n', 'b.agencia', 'agencia'), f(22, 22, 'x', 'b.agenciaDv', 'agencia_dv'), f(23, 30, 'n', 'b.conta', 'conta'),
    f(31, 31, 'x', 'b.contaDv', 'conta_dv'), blank(32, 37), f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'), f(63, 73, 'n', 't.nossoNumero', 'nosso_numero'),
    blank(74, 110), f(111, 120, 'n', 't.numeroDocumento', 'numero_documento'), f(121, 126, 'd', 't.vencimento', 'vencimento'),
    f(127, 139, 'v', 't.valor', 'valor_titulo'), blank(140, 150), f(151, 156, 'd', 't.emissao', 'data_emissao'), blank(157, 160),
    f(161, 162, 'n', 't.especie', 'especie'), f(163, 166, 'v', 't.jurosDia', 'juros'), f(167, 172, 'v', 't.multa', 'multa'), blank(173, 205),
    f(206, 218, 'v', 't.abatimento', 'abatimento'), ...pagador(274), f(275, 311, 'x', 't.pagadorEndereco', 'logradouro'),
    f(312, 326, 'x', 't.pagadorBairro', 'bairro'), f(327, 334, 'n', 't.pagadorCep', 'cep'), f(335, 349, 'x', 't.pagadorCidade', 'cidade'),
    f(350, 351, 'x', 't.pagadorUf', 'estado'), f(352, 391, 'x', 't.avalista', 'sacador'), f(392, 393, 'x', 't.diasProtesto', 'prazo'), blank(394, 394), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

/**
 * Banco de Brasília (BRB, 070): its own "arquivo 075" layout, positions read off the fixture (no manual at hand): a
 * 39-character header 'DCB' + version 001 + file type 075 + código do beneficiário (agência 3 + conta 7) + date and
 * time yyyymmddhhmmss + the records before the trailer; one 400-character detail per título starting '01' with the
 * payer first, dates ddmmyyyy, the 12-digit nosso número (categoria + sequencial + 070 + two check digits) at 210-221,
 * the interest code and amount after it; a trailer '9' numbered as its line. 238-288 are zeros in the fixture
 * (discount and fine have no known place there: not written) and 289-328 the beneficiário's name.
 */
export const BRB_400: Cnab400Bank = {
  banco: '070',
  headerSize: 39,
  headerTag: 'DCB',
  headerBank: null,
  header: [
    lit(1, 'DCB'), lit(4, '001'), lit(7, '075'), f(10, 19, 'n', 'b.convenio', 'codigo_beneficiario'), f(20, 27, 'Y', 'r.dataGeracao', 'data_geracao'),
    f(28, 33, 'n', 'r.horaGeracao', 'hora_geracao'), f(34, 39, 'records', '', 'quantidade_registros'),
  ],
  detail: [
    lit(1, '01'), f(3, 12, 'n', 'b.convenio', 'codigo_beneficiario'), f(13, 26, 'n', 't.pagadorDocumento', 'cpf_cnpj_pagador'),
    f(27, 61, 'x', 't.pagadorNome', 'nome_pagador'), f(62, 96, 'x', 't.pagadorEndereco', 'endereco_pagador'), f(97, 111, 'x', 't.pagadorCidade', 'cidade_pagador'),
    f(112, 113, 'x', 't.pagadorUf', 'uf_pagador'), f(114, 121, 'n', 't.pagadorCep', 'cep_pagador'), f(122, 122, 'n', 't.pagadorTipo', 'tipo_pessoa'),
    f(123, 135, 'n', 't.numeroDocumento', 'seu_numero'), f(136, 136, 'n', 't.carteira', 'categoria_cobranca'), f(137, 144, 'D', 't.emissao', 'data_emissao'),
    f(145, 146, 'n', 't.especie', 'tipo_documento'), f(147, 147, 'n', 't.codigos.natureza', 'codigo_natureza'),
    f(148, 148, 'n', 't.codigos.condicaoPagamento', 'condicao_pagamento'), f(149, 150, 'n', 't.codigos.moeda', 'moeda'), lit(151, '070'),
    f(154, 157, 'n', 'b.agencia', 'agencia'), blank(158, 187), f(188, 195, 'D', 't.vencimento', 'vencimento'), f(196, 209, 'v', 't.valor', 'valor_titulo'),
    f(210, 221, 'n', 't.nossoNumero', 'nosso_numero'), f(222, 223, 'n', 't.jurosCodigo', 'codigo_juros'), f(224, 237, 'v', 't.jurosDia', 'valor_juros'),
    zeros(238, 288), f(289, 328, 'x', 'b.nome', 'nome_beneficiario'), blank(329, 400),
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

/**
 * Unicred (136) CNAB 400, positions read off the fixture (Unicred's own layout, not FEBRABAN's middle): agência 5 + DV,
 * conta 12 + DV and carteira in the detail's first 24, the fine (code 94, value 95-104) and the interest code (105)
 * before the occurrence, the protest code and days (158-160), interest a day 161-173, the 10-digit nosso número and its
 * DV at 194-204, the payer block as the common one with a 20-character city and the UF at 355-356.
 */
export const UNICRED_400: Cnab400Bank = {
  banco: '136',
  header: [
    HEADER_START, f(27, 46, 'n', 'b.convenio', 'codigo_beneficiario'), f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '136UNICRED        '),
    f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), blank(101, 394), SEQ,
  ],
  detail: [
    lit(1, '1'), f(2, 6, 'n', 'b.agencia', 'agencia'), f(7, 7, 'x', 'b.agenciaDv', 'agencia_dv'), f(8, 19, 'n', 'b.conta', 'conta'),
    f(20, 20, 'x', 'b.contaDv', 'conta_dv'), zeros(21, 21), f(22, 24, 'n', 't.carteira', 'carteira'), zeros(25, 37),
    f(38, 62, 'x', 't.usoEmpresa', 'uso_empresa'), lit(63, '136'), zeros(66, 67), blank(68, 92), zeros(93, 93),
    f(94, 94, 'n', 't.multaCodigo', 'codigo_multa'), f(95, 104, 'v', 't.multa', 'valor_multa'), f(105, 105, 'n', 't.jurosCodigo', 'tipo_juros'),
    f(106, 106, 'x', 't.codigos.descontavel', 'titulo_descontavel'), blank(107, 108), f(109, 110, 'n', 't.ocorrencia', 'codigo_ocorrencia'),
    f(111, 120, 'x', 't.numeroDocumento', 'seu_numero'), f(121, 126, 'd', 't.vencimento', 'vencimento'), f(127, 139, 'v', 't.valor', 'valor_titulo'),
    zeros(140, 149), f(150, 150, 'n', 't.codigos.tipoDesconto', 'codigo_desconto'), f(151, 156, 'd', 't.emissao', 'data_emissao'), zeros(157, 157),
    f(158, 158, 'n', 't.codigos.protesto', 'codigo_protesto'), f(159, 160, 'n', 't.diasProtesto', 'prazo'), f(161, 173, 'v', 't.jurosDia', 'juros_um_dia'),
    f(174, 179, 'd', 't.descontoAte', 'desconto_ate'), f(180, 192, 'v', 't.desconto', 'valor_desconto'), zeros(193, 193),
    f(194, 203, 'n', 't.nossoNumero', 'nosso_numero'), f(204, 204, 'x', 't.nossoNumeroDv', 'nosso_numero_dv'), zeros(205, 205),
    f(206, 218, 'v', 't.abatimento', 'abatimento'), ...pagador(274), f(275, 314, 'x', 't.pagadorEndereco', 'logradouro'),
    f(315, 326, 'x', 't.pagadorBairro', 'bairro'), f(327, 334, 'n', 't.pagadorCep', 'cep'), f(335, 354, 'x', 't.pagadorCidade', 'cidade'),
    f(355, 356, 'x', 't.pagadorUf', 'estado'), f(357, 394, 'x', 't.avalista', 'sacador'), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

/**
 * Caixa SIGCB CNAB 400, transcribed from the layout YAML (no fixture file exists: the test writes one from our data,
 * reads it back and checks every field's position against the YAML). Caixa prefers CNAB 240 (CAIXA_240).
 */
export const CAIXA_400: Cnab400Bank = {
  banco: '104',
  header: [
    HEADER_START, f(27, 30, 'n', 'b.agencia', 'agencia'), f(31, 36, 'n', 'b.convenio', 'codigo_cedente'), blank(37, 46),
    f(47, 76, 'x', 'b.nome', 'nome_empresa'), lit(77, '104C ECON FEDERAL '), f(95, 100, 'd', 'r.dataGeracao', 'data_geracao'), blank(101, 389),
    f(390, 394, 'n', 'r.sequencial', 'sequencial_remessas'), SEQ,
  ],
  detail: [
    lit(1, '1'), f(2, 3, 'n', 'b.tipoDocumento', 'codigo_inscricao'), f(4, 17, 'n', 'b.documento', 'numero_inscricao'),
    f(18, 21, 'n', 'b.agencia', 'agencia'), f(22, 27, 'n', 'b.convenio', 'codigo_cedente'), f(28, 28, 'n', 't.codigos.tipoEmissao', 'tipo_emissao'),
    f(29, 29, 'n', 't.codigos.tipoDistribuicao', 'tipo_distribuicao'), f(30, 31, 'n', 't.codigos.taxaPermanencia', 'taxa_permanencia'),
    f(32, 56, 'x', 't.usoEmpresa', 'uso_empresa'), f(57, 58, 'n', 't.codigos.modalidade', 'numero_carteira'), f(59, 73, 'n', 't.nossoNumero', 'nosso_numero'),
    blank(74, 76), f(77, 106, 'x', 't.codigos.mensagem', 'mensagem'), f(107, 108, 'n', 't.carteira', 'tipo_carteira'),
    ...tituloCore('104'), zeros(143, 147), f(148, 149, 'n', 't.especie', 'especie'), f(150, 150, 'x', 't.aceite', 'aceite'),
    f(151, 156, 'd', 't.emissao', 'data_emissao'), f(157, 158, 'n', 't.instrucao1', 'instrucao1'), f(159, 160, 'n', 't.instrucao2', 'instrucao2'),
    ...amounts('valor_iof', 'valor_abatimento'), ...pagador(274), ...address(), f(352, 357, 'd', 't.multaData', 'data_multa'), f(358, 367, 'v', 't.multa', 'valor_multa'),
    f(368, 389, 'x', 't.avalista', 'sacador'), f(390, 391, 'n', 't.codigos.instrucao3', 'instrucao3'), f(392, 393, 'n', 't.diasProtesto', 'prazo'),
    f(394, 394, 'n', 't.codigos.moeda', 'moeda'), SEQ,
  ],
  trailer: [lit(1, '9'), blank(2, 394), SEQ],
};

export const CNAB400_BANKS: Record<string, Cnab400Bank> = {
  '001': BANCO_DO_BRASIL_400, '237': BRADESCO_400, '341': ITAU_400, '033': SANTANDER_400, '756': SICOOB_400, '041': BANRISUL_400, '004': BANCO_DO_NORDESTE_400, '745': CITIBANK_400, '097': CREDISIS_400, '104': CAIXA_400, '070': BRB_400, '136': UNICRED_400,
};
