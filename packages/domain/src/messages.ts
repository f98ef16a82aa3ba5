import { AMOUNT_TOO_LARGE, formatMoney, formatPercent, formatQuantity, type BasisPoints, type Cents, type Milli } from './money.ts';

/**
 * The catalogue of user-facing messages. Texts quoted by the spec are verbatim (typos included where the spec says
 * so); the others are ours, in the same voice.
 */
export const MESSAGES = {
  // 002 §7 / 000 §6: supervisor override failure (spelled so in the spec).
  credentialWithoutPermission: 'O usuário não a permissão desejada.',
  // Auth (ours).
  invalidCredentials: 'E-mail ou senha inválidos.',
  tooManyAttempts: (seconds: number) =>
    `Muitas tentativas de acesso. Aguarde ${Math.max(1, Math.ceil(seconds / 60))} minuto(s) e tente novamente.`,
  unauthenticated: 'Sessão expirada ou inválida. Faça login novamente.',
  userDisabled: 'Usuário desativado. Procure o gerente da loja.',
  forbidden: 'Você não tem permissão para acessar este recurso.',
  notFound: 'Registro não encontrado.',
  branchNotAllowed: 'Registro não encontrado.',
  // Request shape (ours).
  invalidBody: 'Dados inválidos na requisição.',
  invalidValue: 'Um dos valores informados é inválido: data, número ou texto fora do permitido.',
  amountTooLarge: AMOUNT_TOO_LARGE,
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie JSON.',
  routeNotFound: 'Rota não encontrada.',
  internalError: 'Erro interno do servidor. Tente novamente em instantes.',
  databaseUnavailable: 'Banco de dados indisponível. Tente novamente em instantes.',
  serverStopping: 'Servidor em encerramento. Tente novamente em instantes.',
  badRequest: 'Requisição inválida.',
  badUrl: 'Endereço da requisição inválido.',
  requestTimeout: 'A requisição demorou demais para chegar ao servidor. Tente novamente.',
  headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
  // UI (spec).
  warningTitle: 'Aviso',
  updateNow: 'Atualizar agora',
  newVersion: 'Uma nova versão do sistema está disponível. O sistema será reiniciado automaticamente.',
  recordSaved: 'Registro salvo com sucesso.',
  recordUpdated: 'Registro atualizado com sucesso.',
  // Finishing a sale (000 §5, spec). {mode} is the mode's pt-BR name (MODO_OPERACAO_NOME in operation.ts).
  customerRequiredForMode: (mode: string) => `Informe um cliente para concluir a operação de ${mode}.`,
  customerCreditNotFound: 'Não foi possível encontrar crédito do cliente.',
  sellerRequired: 'É obrigatório informar um vendedor.',
  customerRequired: 'É obrigatório informar um cliente.',
  fiscalSeriesMissing:
    'Serie de emissão não cadastrada para este modelo. Cadastre uma série pelas configurações do sistema.',
  receiptRefusesItems: 'Não é possível inserir itens na operação de recebimento.',
  // Finishing a sale (ours).
  noItems: 'Adicione ao menos um item para concluir a operação.',
  quickCustomerWithId: 'Informe o cliente cadastrado ou o cadastro rápido feito sem conexão, não os dois.',
  paymentsShort: (missing: Cents) => `O valor pago não cobre o total da operação. Falta pagar ${formatMoney(missing)}.`,
  // Item save (000 §5, spec; the composition of the stock message is ours).
  stockAddressMissing: 'Endereço de estoque não selecionado.',
  fiscalScenarioMissing: 'Cenario Fiscal não selecionado.',
  itemValueNotPositive: 'O valor do item tem que ser maior que 0.',
  stockNotFound: 'Estoque para o produto não encontrado.',
  stockInsufficient: (available: Milli, entered: Milli) =>
    `Estoque insuficiente. Estoque atual: ${formatQuantity(available)}. Quantidade informada: ${formatQuantity(entered)}.`,
  // Item save (ours).
  quantityNotPositive: 'A quantidade tem que ser maior que 0.',
  // Payment at the point of sale (001 §5, spec).
  paymentValueRequired: 'Informe o valor do pagamento',
  installmentsRequired: 'Informe a quantidade de parcelas',
  cardOperatorRequired: 'Selecione a operadora de cartão',
  accountRequired: 'Selecione uma conta',
  paymentCustomerRequired: 'Selecione um cliente para a venda',
  paymentAboveBalance: 'Valor do pagamento é maior que o valor da venda',
  installmentPlanRequired: 'Parcelamento obrigatório para o meio de pagamento',
  // Payment (ours).
  paymentMethodRequired: 'Selecione um meio de pagamento.',
  // An order that does not exist, or is not the caller's to see (000 §8, spec).
  orderNotFound: 'Não foi possível localizar o pedido',
  // Socket process event with errors (000 §8, spec). {id}: the operation's number.
  processFailed: (id: string | number) => `Falha ao processar a operação numero: ${id}.`,
  // Discount and price override (001 §5 gives the rules, the texts are ours).
  discountInvalidType: 'Tipo de desconto inválido. Informe o desconto em percentual ou em valor.',
  discountNegative: 'O desconto não pode ser negativo.',
  discountPercentAboveMax: (max: BasisPoints) => `O desconto máximo permitido é de ${formatPercent(max)}.`,
  discountValueAboveMax: (maxValue: Cents, max: BasisPoints) =>
    `O desconto máximo permitido é de ${formatMoney(maxValue)} (${formatPercent(max)}).`,
  discountAboveItems: 'O desconto não pode ser maior que o valor dos itens.',
  priceIncreaseAboveMax: (max: BasisPoints) =>
    `O preço informado ultrapassa o aumento máximo permitido de ${formatPercent(max)}.`,
  priceReductionAboveMax: (max: BasisPoints) =>
    `O preço informado ultrapassa a redução máxima permitida de ${formatPercent(max)}.`,
} as const;
