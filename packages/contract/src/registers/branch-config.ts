/**
 * Branch configuration (002 §3 "Branch configuration (filial_configuracao)", defaults of 002 §9): one row per branch,
 * created by the database with the branch (migration 023's trigger on filial), edited here, never created or deleted
 * by a user. The fields are grouped as the spec groups them; each group is a tab of the form.
 *
 * Scope branch: a caller sees and edits the configuration of its active branch only. Another branch's configuration is
 * edited after switching to it (set_active_branch), with the permissions the user's profile holds there.
 *
 * Secrets (csc, pdv_token, sat_assinatura_ac) never leave the server: the rows and the sync group leave them out; the
 * form shows a password input that keeps the stored value when left empty.
 */
import type { RegisterDescriptor } from './descriptor.ts';
import { FISCAL_MODEL_LABELS, LABEL_SHEET_LABELS, SCALE_INFO_LABELS } from './labels.ts';

export const BRANCH_CONFIG_GROUPS = [
  'Estoque e fiscal',
  'Caixa',
  'Venda',
  'Pesáveis e etiquetas',
  'Ponto de venda',
  'Envio',
  'Troca',
  'Mensagens',
  'Cashback, cobrança e fuso',
] as const;

type Group = (typeof BRANCH_CONFIG_GROUPS)[number];
const g = (group: Group) => ({ group });

/** Invoice models: 55 NF-e, 65 NFC-e, 59 CF-e SAT. */
const MODELS = ['55', '65', '59'] as const;

export const branchConfig = {
  name: 'branchConfig',
  path: '/branch-config',
  table: 'filial_configuracao',
  id: 'id_filial_configuracao',
  label: { singular: 'Configuração da filial', plural: 'Configurações da filial', feminine: true },
  permission: 'FncListarFilial',
  scope: 'branch',
  fixedRows: true,
  groups: BRANCH_CONFIG_GROUPS,
  fields: {
    // Estoque e fiscal.
    id_endereco_estoque_venda: { kind: 'ref', label: 'Endereço de estoque da venda', ref: 'stockAddress', ...g('Estoque e fiscal') },
    codigo_regime_tributario: {
      kind: 'integer', label: 'Regime tributário (CRT: 1 Simples, 2 Simples excesso, 3 Normal, 4 MEI)', min: 1, maxValue: 4, default: 1,
      list: true, ...g('Estoque e fiscal'),
    },
    ambiente_emissao: {
      kind: 'integer', label: 'Ambiente de emissão (1 Produção, 2 Homologação)', min: 1, maxValue: 2, default: 2, list: true,
      ...g('Estoque e fiscal'),
    },
    id_csc: { kind: 'text', label: 'Identificador do CSC', max: 6, ...g('Estoque e fiscal') },
    csc: { kind: 'text', label: 'CSC (código de segurança do contribuinte)', max: 36, secret: true, ...g('Estoque e fiscal') },
    // Issue 29: a till with the connector holding the branch's A1 certificate and CSC issues the NFC-e with the network
    // off (contingency, numbers reserved per device); off, a sale finished offline is a pre-sale (000 §4.1).
    nfce_offline_conector: {
      kind: 'boolean', label: 'Emitir NFC-e offline pelo conector (contingência no caixa)', default: false, ...g('Estoque e fiscal'),
    },
    codigo_modelo_padrao_nota_fiscal: {
      kind: 'enum', label: 'Modelo padrão da nota fiscal', values: ['55', '65'], options: FISCAL_MODEL_LABELS, default: '55', ...g('Estoque e fiscal'),
    },
    codigo_modelo_padrao_venda: { kind: 'enum', label: 'Modelo padrão da venda', values: MODELS, options: FISCAL_MODEL_LABELS, default: '65', list: true, ...g('Estoque e fiscal') },
    codigo_modelo_padrao_pedido: { kind: 'enum', label: 'Modelo padrão do pedido', values: ['55', '65'], options: FISCAL_MODEL_LABELS, ...g('Estoque e fiscal') },
    codigo_modelo_padrao_consignacao: { kind: 'enum', label: 'Modelo padrão da consignação', values: ['55', '65'], options: FISCAL_MODEL_LABELS, ...g('Estoque e fiscal') },
    ultimo_nsu_nfe_destinada: { kind: 'text', label: 'Último NSU de NF-e destinada', max: 15, default: '0', ...g('Estoque e fiscal') },
    sat_assinatura_ac: { kind: 'text', label: 'Assinatura do AC (SAT)', max: 344, secret: true, ...g('Estoque e fiscal') },
    id_perfil_sped: { kind: 'enum', label: 'Perfil do SPED', values: ['A', 'B', 'C'], ...g('Estoque e fiscal') },
    tipo_atividade_sped: {
      kind: 'integer', label: 'Tipo de atividade do SPED (0 Industrial, 1 Outros)', min: 0, maxValue: 1, default: 1, ...g('Estoque e fiscal'),
    },
    // Caixa.
    forcar_controle_caixa: { kind: 'boolean', label: 'Forçar controle de caixa', default: false, ...g('Caixa') },
    forcar_controle_diario_caixa: { kind: 'boolean', label: 'Forçar controle diário de caixa', default: false, ...g('Caixa') },
    // Ours (issue 23): the difference a till may close with without a supervisor's authorization.
    valor_limite_diferenca_caixa: { kind: 'money', label: 'Diferença de caixa permitida sem supervisor', default: 0, ...g('Caixa') },
    id_meio_pagamento_conta_concialiacao: { kind: 'ref', label: 'Meio de pagamento da conciliação', ref: 'paymentMethod', ...g('Caixa') },
    descontar_taxa_cartao_credito: { kind: 'boolean', label: 'Descontar taxa do cartão de crédito', default: false, ...g('Caixa') },
    // Venda.
    modo_finalizacao: {
      kind: 'enum', label: 'Modo de finalização (Modal: pergunta o documento; Imprimir: imprime direto)', values: ['Modal', 'Imprimir'],
      default: 'Modal', list: true, ...g('Venda'),
    },
    tipo_preco_padrao: { kind: 'enum', label: 'Tipo de preço padrão', values: ['Varejo', 'Atacado'], default: 'Varejo', list: true, ...g('Venda') },
    tipo_preco_alterar: { kind: 'boolean', label: 'Permitir alterar o tipo de preço', default: true, ...g('Venda') },
    tipo_carne: { kind: 'enum', label: 'Tipo de carnê', values: ['A4', '80mm'], ...g('Venda') },
    segunda_via: { kind: 'boolean', label: 'Imprimir segunda via', default: false, ...g('Venda') },
    controla_estoque_negativo: { kind: 'boolean', label: 'Controlar estoque negativo (não vender sem estoque)', default: false, ...g('Venda') },
    confissao_divida: { kind: 'boolean', label: 'Imprimir confissão de dívida', default: false, ...g('Venda') },
    is_liberar_pedido: { kind: 'boolean', label: 'Liberar pedido ao salvar', default: false, ...g('Venda') },
    // Pesáveis e etiquetas.
    tamanho_codigo_produto_pesavel: {
      kind: 'integer', label: 'Tamanho do código do produto pesável', min: 4, maxValue: 6, default: 4, ...g('Pesáveis e etiquetas'),
    },
    identificador_produto_pesavel: {
      kind: 'enum', label: 'Identificador do produto pesável (primeiro dígito)', values: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
      default: '2', ...g('Pesáveis e etiquetas'),
    },
    tipo_informacao_balanca: {
      kind: 'enum', label: 'Informação da balança no código', values: ['Preco', 'Peso'], options: SCALE_INFO_LABELS, default: 'Preco', ...g('Pesáveis e etiquetas'),
    },
    proporcao_imagem: {
      kind: 'enum', label: 'Proporção da imagem', values: ['1/1', '3/4', '4/3', '16/9'], default: '1/1', ...g('Pesáveis e etiquetas'),
    },
    tipo_etiqueta: { kind: 'enum', label: 'Tipo de etiqueta', values: ['Pimaco6187', 'A4351'], options: LABEL_SHEET_LABELS, ...g('Pesáveis e etiquetas') },
    // Ponto de venda.
    abrir_edicao_inserir_item_pdv: { kind: 'boolean', label: 'Abrir a edição ao inserir item', default: false, ...g('Ponto de venda') },
    solicitar_vendedor_venda_pdv: { kind: 'boolean', label: 'Solicitar vendedor na venda', default: false, ...g('Ponto de venda') },
    obrigar_vendedor_venda_pdv: { kind: 'boolean', label: 'Obrigar vendedor na venda', default: false, list: true, ...g('Ponto de venda') },
    solicitar_cliente_venda_pdv: { kind: 'boolean', label: 'Solicitar cliente na venda', default: false, ...g('Ponto de venda') },
    obrigar_cliente_venda_pdv: { kind: 'boolean', label: 'Obrigar cliente na venda', default: false, list: true, ...g('Ponto de venda') },
    informacao_cliente_venda_pdv: {
      kind: 'text', label: 'Informação ao pedir o cliente (texto mostrado ao operador)', max: 200, ...g('Ponto de venda'),
    },
    is_pdv_offline: { kind: 'boolean', label: 'Ponto de venda offline', default: false, ...g('Ponto de venda') },
    pdv_token: { kind: 'text', label: 'Token do ponto de venda', max: 200, secret: true, ...g('Ponto de venda') },
    // Envio.
    enviar_email_boleto: { kind: 'boolean', label: 'Enviar boleto por e-mail', default: false, ...g('Envio') },
    enviar_email_pedido: { kind: 'boolean', label: 'Enviar pedido por e-mail', default: false, ...g('Envio') },
    enviar_email_nfce: { kind: 'boolean', label: 'Enviar NFC-e por e-mail', default: false, ...g('Envio') },
    enviar_email_nfe: { kind: 'boolean', label: 'Enviar NF-e por e-mail', default: false, ...g('Envio') },
    imprimir_segunda_via_contingencia: { kind: 'boolean', label: 'Imprimir segunda via em contingência', default: true, ...g('Envio') },
    imprimir_duas_vias_tef: { kind: 'boolean', label: 'Imprimir duas vias do TEF', default: false, ...g('Envio') },
    // Troca.
    impressao_comprovante_troca: { kind: 'boolean', label: 'Imprimir comprovante de troca', default: false, ...g('Troca') },
    impressao_comprovante_troca_por_produto: {
      kind: 'boolean', label: 'Comprovante de troca por produto (um por item)', default: false, ...g('Troca'),
    },
    dias_tolerancia_troca: { kind: 'integer', label: 'Dias de tolerância para troca', min: 0, maxValue: 3650, default: 30, ...g('Troca') },
    id_produto_grade_filial_vale_credito: { kind: 'integer', min: 1, label: 'Produto do vale-crédito (id da variação na filial)', ...g('Troca') },
    // Mensagens.
    wpp_numero: { kind: 'phone', label: 'Número do WhatsApp', ...g('Mensagens') },
    wpp_boolean_enviar_cliente: { kind: 'boolean', label: 'Enviar mensagem ao cadastrar cliente', default: false, ...g('Mensagens') },
    wpp_mensagem_cliente: { kind: 'text', label: 'Mensagem ao cadastrar cliente', max: 1000, ...g('Mensagens') },
    wpp_boolean_enviar_nf: { kind: 'boolean', label: 'Enviar mensagem da nota fiscal', default: false, ...g('Mensagens') },
    wpp_mensagem_nf: { kind: 'text', label: 'Mensagem da nota fiscal', max: 1000, ...g('Mensagens') },
    wpp_boolean_enviar_pedido: { kind: 'boolean', label: 'Enviar mensagem do pedido', default: false, ...g('Mensagens') },
    wpp_mensagem_pedido: { kind: 'text', label: 'Mensagem do pedido', max: 1000, ...g('Mensagens') },
    wpp_boolean_enviar_aniversario: { kind: 'boolean', label: 'Enviar mensagem de aniversário', default: false, ...g('Mensagens') },
    wpp_mensagem_aniversario: { kind: 'text', label: 'Mensagem de aniversário', max: 1000, ...g('Mensagens') },
    wpp_boolean_enviar_cesta_compras: { kind: 'boolean', label: 'Enviar mensagem da cesta de compras', default: false, ...g('Mensagens') },
    wpp_mensagem_cesta_compras: { kind: 'text', label: 'Mensagem da cesta de compras', max: 1000, ...g('Mensagens') },
    // Cashback, cobrança e fuso.
    valor_resgate_cashback: { kind: 'money', label: 'Valor mínimo para resgate de cashback', default: 0, ...g('Cashback, cobrança e fuso') },
    dias_bloqueio_cashback: {
      kind: 'integer', label: 'Dias de bloqueio do cashback', min: 0, maxValue: 3650, default: 0, ...g('Cashback, cobrança e fuso'),
    },
    percentual_multa: { kind: 'percent', label: 'Multa (%)', decimals: 4, default: 0, ...g('Cashback, cobrança e fuso') },
    dias_para_multa: { kind: 'integer', label: 'Dias para a multa', min: 0, maxValue: 3650, default: 0, ...g('Cashback, cobrança e fuso') },
    percentual_juros: { kind: 'percent', label: 'Juros ao mês (%)', decimals: 4, default: 0, ...g('Cashback, cobrança e fuso') },
    fuso_horario: {
      kind: 'integer', label: 'Fuso horário (horas em relação a UTC)', min: -5, maxValue: -2, default: -3, list: true,
      ...g('Cashback, cobrança e fuso'),
    },
  },
  list: { pageSize: 20, sort: { column: 'id_filial_configuracao', order: 'ASC' } },
  syncGroup: 'branch-config',
  screen: { path: '/branch/config', form: 'page' },
} as const satisfies RegisterDescriptor;
