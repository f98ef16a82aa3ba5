/**
 * User-facing messages of orders and gift cards (000 §5, §8; 001 §5 "Gift card"). Texts quoted by the spec are
 * verbatim; the others are ours, in the same voice.
 */
import { orderStatusInSentence } from './order-labels.ts';

export const ORDER_MESSAGES = {
  // 000 §5 "Saving the order" (spec).
  customerMissing: 'Cliente não informado',
  // Ours: orders and quotes made at the point of sale are invoiced later, from the order.
  orderModeInvoice: 'Pedidos e orçamentos não emitem nota fiscal ao finalizar: fature o pedido depois de liberado.',
  // 000 §5 "Finishing a sale" (spec): invoicing an order.
  noItemsToInvoice: 'O pedido não possui itens para ser faturados.',
  /** {operation}: the plural name of the order's operation (Pedidos, Ordens de serviço). */
  onlyReleasedInvoiced: (operation: string) => `Somente ${operation} liberados podem ser faturados.`,
  // 000 §8 (spec).
  saveFailed: 'Erro ao salvar pedido.',
  notFound: 'Não foi possível localizar o pedido',
  // 000 §8 success toast (spec): "{operation} {nsu} salvo com sucesso".
  saved: (operation: string, nsu: number) => `${operation} ${nsu} salvo com sucesso`,
  // Ours: 000 §5 says "A quote cannot be invoiced" without quoting a text.
  quoteCannotBeInvoiced: 'Orçamento não pode ser faturado.',
  // Ours: a quote is never released; it leaves Edicao only cancelled or turned into an order.
  quoteStaysInEdition: 'Orçamento não pode ser liberado nem mudar de situação: transforme-o em pedido ou cancele-o.',
  // Ours: 000 §4.4 "Consignacao must be AguardandoConclusao".
  consignmentNotAwaiting: 'Somente consignações aguardando conclusão podem ser faturadas.',
  // Ours: 000 §4.2 locking and §4.3 transitions.
  locked: (situacao: string) => `O pedido está ${orderStatusInSentence(situacao)} e não pode ser alterado.`,
  processing: 'O pedido está em processamento e não pode ser alterado.',
  transitionRefused: (from: string, to: string) =>
    `Não é possível alterar a situação do pedido de ${orderStatusInSentence(from)} para ${orderStatusInSentence(to)}.`,
  releaseListEmpty: 'Informe ao menos um pedido.',
  orderOfList: (nsu: number, message: string) => `Pedido ${nsu}: ${message}`,
  // Order items (000 §5 "Order item modal", "Item save"; 001 §5 "Invoice item": spec texts).
  itemCustomerMissing: 'Cliente do pedido não informado',
  itemProductMissing: 'Produto não informado',
  itemPriceNotFound: 'Não é possível editar este produto, exclua o mesmo e adicione novamente no pedido.',
  // Ours: 000 §4.3 "An order is editable ... when its marketplace or external id is missing".
  marketplaceLocked: 'Pedido de marketplace não pode ter os itens alterados.',
  itemNotFound: 'Item do pedido não encontrado.',
  paymentNotFound: 'Pagamento do pedido não encontrado.',
  // Volumes (000 §5 "Volume", 001 §5: spec texts, punctuation as written there).
  volumeQuantityMissing: 'Informe a quantidade',
  volumeNetWeightMissing: 'Informe o peso líquido.',
  volumeGrossWeightMissing: 'Informe o peso bruto',
  volumeParentNotSaved: 'Salve o pedido ou a nota, antes de continuar.',
  volumeNotFound: 'Volume não encontrado.',
  // Ours: a volume may hang from an order or from an invoice, not both.
  volumeTwoParents: 'Informe o pedido ou a nota, não os dois.',
  volumeInvoiceLocked: 'A nota fiscal não pode mais ser alterada.',
  // Customer credit (001 §5 "Credit on return": spec texts; the others ours).
  creditValueMissing: 'Valor não informado.',
  creditInvoiceMissing: 'Nota Fiscal não informado.',
  creditPersonNotFound: 'Pessoa não localizada.',
  creditGenerated: 'Crédito gerado com suceso.',
  creditInsufficient: (saldo: string) => `Saldo de crédito do cliente insuficiente. Saldo disponível: ${saldo}.`,
  // send-release-mail (ours).
  mailCustomerWithoutEmail: 'O cliente do pedido não possui e-mail cadastrado.',
  mailNotConfigured: 'Envio de e-mail não configurado no servidor (SMTP_URL).',
  mailFailed: (reason: string) => `Não foi possível enviar o e-mail: ${reason}`,
  mailSent: 'E-mail enviado com sucesso.',
  // Gift cards (001 §5 "cancel requires balance, id and reason"; texts ours).
  giftCardNotFound: 'Vale crédito não encontrado.',
  giftCardCodeTaken: 'Já existe um vale crédito com este código.',
  giftCardCancelled: 'Vale crédito cancelado.',
  giftCardNoBalance: 'Vale crédito sem saldo para cancelar.',
  giftCardReasonRequired: 'Informe o motivo do cancelamento.',
  giftCardInsufficient: (saldo: string) => `Saldo do vale crédito insuficiente. Saldo disponível: ${saldo}.`,
  giftCardValueNotPositive: 'O valor do vale crédito tem que ser maior que 0.',
  // A card's balance without a paid sale (sell-in-checkout): a manager's credit, with its reason (texts ours).
  giftCardCreditNeedsManager:
    'Somente o gerente pode emitir vale crédito sem venda. Para vender um vale crédito, informe o valor e finalize a venda com o pagamento.',
  giftCardCreditReasonRequired: 'Informe o motivo da emissão do vale crédito.',
} as const;
