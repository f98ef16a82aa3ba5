/**
 * User-facing messages of fiscal documents (001 §5 "Invoice", §8). Texts quoted by the spec are verbatim, typos
 * included ('carácteres'); the others are ours, in the same voice.
 */
export const FISCAL_MESSAGES = {
  // 001 §5 Invoice (spec).
  keyMissing: 'Chave não informada',
  keyLength: 'a Chave deve conter 44 carácteres',
  keyDuplicated: 'Chave já cadastrada',
  seriesMissing: 'Série não informada',
  natureMissing: 'Natureza da operação não informada',
  recipientMissing: 'Destinatário não informado',
  recipientAddressMissing: 'Para emitir Nfe é necessário ter um endereço no cadastro do cliente.',
  nfcePaymentMissing: 'Nenhum pagamento informado',
  itemProductMissing: 'Produto não informado',
  valueNotPositive: 'Valor precisa ser maior que zero',
  itemStockAddressMissing: 'Endereço de estoque precisa ser selecionado',
  invoiceNotSaved: 'Nota Fiscal ainda não foi salva',
  paymentMethodMissing: 'Meio de pagamento não informado',
  paymentAccountMissing: 'Selecione uma Conta Bancária',
  transmitManyEmpty: 'Nenhuma nota informada',
  unsupportedModel: 'Modelo de nota fiscal não suportado',
  itemNotEditable: 'Não é possível editar este produto, exclua o mesmo e adicione novamente na nota fiscal.',
  // 001 §8 (spec).
  saved: 'Nota Fiscal salva com sucesso',
  updated: 'Nota Fiscal atualizada com sucesso',
  transmitted: (n: number | string) => `Nota Fiscal ${n} transmitida com sucesso`,
  authorized: (n: number | string) => `Nota Fiscal ${n} autorizada com sucesso.`,
  notAuthorized: (n: number | string, reason: string) => `Nota Fiscal ${n} não autorizada: ${reason}`,
  cancelFailed: (reason: string) => `Não foi possível cancelar a nota fiscal ${reason}.`,
  transmitNone: 'Não foi possível transmitir nenhuma nota.',
  cancelManyTitle: 'Erro ao cancelar as notas fiscais.',
  notFound: 'Não foi possível localizar a nota fiscal',
  printFailed: (message: string) => `Não foi possível imprimir a nota fiscal: ${message}`,
  // Ours.
  notEditable: 'Somente notas em edição ou rejeitadas podem ser alteradas.',
  notDeletable: 'Somente notas em edição ou rejeitadas, nunca autorizadas, podem ser excluídas.',
  itemDiscountAboveGross: 'O desconto não pode ser maior que o valor do item.',
  itemTotalTooLarge: 'Valor total do item acima do permitido.',
  alreadyAuthorized: (n: number | string) => `Nota Fiscal ${n} já está autorizada.`,
  notAuthorizedForEvent: 'Somente notas autorizadas podem ser canceladas ou receber carta de correção.',
  eventInProgress: 'Já há um evento desta nota fiscal em processamento na SEFAZ. Aguarde a resposta e consulte a nota.',
  justificationLength: 'A justificativa deve ter entre 15 e 255 caracteres.',
  correctionLength: 'A correção deve ter entre 15 e 1000 caracteres.',
  certificateMissing: 'Certificado digital da filial não cadastrado. Cadastre-o nas configurações da filial.',
  cscMissing: 'CSC (código de segurança do contribuinte) da filial não cadastrado. Necessário para emitir NFC-e.',
  branchAddressIncomplete: 'Endereço da filial incompleto (logradouro, número, bairro, município com código IBGE, UF e CEP).',
  branchIeMissing: 'Inscrição estadual da filial não cadastrada.',
  fiscalScenarioMissing: (produto: string) => `Cenário fiscal não encontrado para o produto ${produto}.`,
  ibsCbsScenarioMissing: (produto: string) =>
    `Informe o CST e a classificação tributária do IBS/CBS no cenário fiscal do produto ${produto} (obrigatórios no Regime Normal desde 2026).`,
  ibsCbsClassificationCst: (produto: string) =>
    `A classificação tributária do IBS/CBS do produto ${produto} não pertence ao seu CST: os 3 primeiros dígitos devem ser o CST.`,
  nfceStCharged: (produto: string) =>
    `A NFC-e não aceita ICMS com substituição tributária cobrada na operação (CST 10, 30, 70 ou 90 com ST; CSOSN 201, 202, 203 ou 900 com ST): emita NF-e para o produto ${produto} ou use um cenário com o ST já retido (CST 60 ou CSOSN 500).`,
  ncmMissing: (produto: string) => `NCM não cadastrado para o produto ${produto}.`,
  sefazUnavailable: 'SEFAZ indisponível no momento. Tente novamente em instantes.',
  contingencyIssued: (n: number | string) =>
    `SEFAZ indisponível: NFC-e ${n} emitida em contingência offline. Ela será transmitida automaticamente.`,
  rangeInvalid: 'A numeração final deve ser maior ou igual à inicial.',
  rangeUsed: (n: number) => `O número ${n} já foi utilizado nesta série e não pode ser inutilizado.`,
  invoiceNumberTaken: 'Número já utilizado nesta série.',
  schemaInvalid: 'A nota fiscal não passou na validação do schema da SEFAZ.',
  // Ours: the invoice editor's actions (issue 31).
  notReprocessable: 'Somente notas em edição, rejeitadas, pendentes de resposta da SEFAZ ou em contingência podem ser reprocessadas.',
  transmissionTypeModel: 'A contingência offline (tipo de emissão 9) é permitida somente para NFC-e.',
  transmissionTypeChanged: (tipo: number) => `Tipo de emissão alterado para ${tipo === 9 ? 'contingência offline' : 'normal'}.`,
  splitPartsMissing: 'Informe ao menos uma parte do desdobramento.',
  splitQuantityPositive: 'A quantidade de cada parte deve ser maior que zero.',
  splitQuantitySum: 'A soma das quantidades das partes deve ser igual à quantidade do item.',
  splitItemCancelled: 'Item cancelado não pode ser desdobrado.',
} as const;
