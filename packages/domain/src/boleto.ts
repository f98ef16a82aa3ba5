/**
 * Boletos (001 §3 Boleto configuration and Boleto, §4 Boleto, §5 Boleto generation, §9; 002 §3 Boleto configuration):
 * the configuration's rules (fine and interest: 3 decimals for a percentage, 2 for an absolute value), the boleto's
 * states and the verbatim messages of 001 §5 / §8. Written once: the register's schema and hooks, the server's
 * generation and the web's modal use them.
 */

export const BOLETO_AMOUNT_TYPES = ['Percentual', 'Valor'] as const;
export type BoletoAmountType = (typeof BOLETO_AMOUNT_TYPES)[number];
export const BOLETO_CNABS = ['400', '240'] as const;
export const BOLETO_STATES = ['Pendente', 'RemessaGerada', 'Cancelado'] as const;
export type BoletoState = (typeof BOLETO_STATES)[number];

/** 001 §9 / 002 §9: fine and interest type percentage, expiration 15 days, CNAB 400. */
export const BOLETO_DEFAULTS = { tipo: 'Percentual', dias_expiracao: 15, cnab: '400' } as const;

/** 001 §3 Boleto: the payer's text limits. */
export const BOLETO_PAYER_LIMITS = {
  nome_sacado: 200, cnpj_cpf: 14, logradouro: 100, numero: 20, bairro: 80, complemento: 80, cidade: 100, uf: 2, cep: 8, email: 80,
} as const;

export const BOLETO_MESSAGES = {
  // 001 §5 Boleto generation, verbatim.
  noDocuments: 'Nenhum documento informado para gerar o boleto.',
  noConfig: 'Configuração de emissão de boleto não informada.',
  accountMissing: 'Conta bancária da configuração não localizada.',
  branchMissing: 'Filial não encontrada.',
  bankNotCertified: 'Banco não homologado para emissão de boletos',
  invalidValue: 'Valor do Boleto Inválido',
  payerMissing: 'Informações do pagador não informadas',
  docMissing: 'CPF ou CNPJ não informado.',
  addressMissing: 'Endereço não informado.',
  cepMissing: 'CEP não informado.',
  streetMissing: 'Logradouro não informado.',
  numberMissing: 'Número não informado.',
  districtMissing: 'Bairro não informado.',
  cityMissing: 'Cidade não informada.',
  stateMissing: 'UF não informada.',
  selectOne: 'Selecione ao menos um registro na listagem para executar ações',
  selectConfig: 'Selecione uma configuração de boleto',
  noBoletoSelected: 'Nenhum boleto selecionado',
  remessaEmpty: 'Nenhum boleto informado para gerar a remessa.',
  fileMissing: 'Arquivo não informada.',
  noFinancialDocument: 'Nenhum documento financeiro identificado para gerar o boleto.',
  // 001 §8, verbatim.
  perDocument: (numero: string | number, motivo: string) => `Erro ao gerar o Boleto do documento ${numero}. Motivo: ${motivo}`,
  // Ours.
  notEligible: 'Somente documentos de entrada em aberto podem gerar boleto.',
  alreadyIssued: 'O documento já tem um boleto pendente.',
  notFound: 'Boleto não encontrado.',
  percentPlaces: (label: string) => `${label} deve ter no máximo 3 casas decimais quando o tipo é Percentual.`,
  valuePlaces: (label: string) => `${label} deve ter no máximo 2 casas decimais quando o tipo é Valor.`,
  percentMax: (label: string) => `${label} não pode passar de 100%.`,
  retornoAlreadyProcessed: 'Este arquivo de retorno já foi processado: nada foi baixado de novo.',
  retornoOtherAccount: 'O arquivo de retorno é de outro banco.',
  cnabUnsupported: (cnab: string, banco: string) => `CNAB ${cnab} não disponível para o banco ${banco}.`,
  noBank: 'A conta bancária da configuração não tem banco.',
  // After an invoice with a boleto payment is authorized (000 §4.4 gives no wording).
  askAfterInvoice: (numero: string | number) => `Nota fiscal ${numero} autorizada. Deseja emitir os boletos desta nota?`,
  invoiceNotAuthorized: 'Os boletos da nota são emitidos depois que ela é autorizada.',
  invoiceNoConfig: 'Nenhuma configuração de boleto padrão: escolha uma em Financeiro > Documentos financeiros (Alt+G).',
  hybridNoPixKey: 'A conta bancária da configuração não tem chave PIX: o boleto híbrido precisa dela.',
  hybridNoCity: 'A filial não tem cidade cadastrada: o PIX do boleto híbrido precisa dela.',
  syncNoDocuments: 'Nenhum documento financeiro informado para sincronizar os boletos.',
  syncDocumentNotFound: (id: number) => `Documento financeiro ${id} não encontrado nesta filial.`,
  issuedCount: (n: number) => (n === 1 ? '1 boleto emitido.' : `${n} boletos emitidos.`),
  // The boleto by e-mail (branch configuration enviar_email_boleto).
  mailSubject: (loja: string, numero: string) => `Boleto ${numero} - ${loja}`,
  mailBody: (nome: string, loja: string, vencimento: string, valor: string, linha: string) =>
    `Olá, ${nome}!\n\nSegue o boleto de ${loja} no valor de ${valor}, com vencimento em ${vencimento}.\n\nLinha digitável: ${linha}\n`,
  mailNoAccount: 'A filial não tem conta de e-mail configurada.',
  mailSent: (enviados: number, falhas: number) => `Boletos por e-mail: ${enviados} enviado(s)${falhas > 0 ? `, ${falhas} com falha` : ''}.`,
  // Boletos issued by the local connector (001 §7 Local boleto connector): the server reserves, checks and records.
  reservationMissing: (numero: string | number, nossoNumero: number) => `O nosso número ${nossoNumero} não está reservado para o documento ${numero}.`,
  barcodeMismatch: (numero: string | number) => `O código de barras do boleto do documento ${numero} não confere com o nosso número reservado.`,
  lineMismatch: (numero: string | number) => `A linha digitável do boleto do documento ${numero} não confere com o código de barras.`,
  balanceChanged: 'O saldo do documento mudou depois da reserva: gere o boleto de novo.',
  remessaChanged: 'Os boletos pendentes da conta mudaram: gere a remessa de novo.',
  remessaMismatch: 'O arquivo de remessa do conector não confere com os boletos pendentes da conta.',
} as const;

export interface FieldIssue {
  field: string;
  message: string;
}

type Values = Readonly<Record<string, unknown>>;

function places(n: number): number {
  const s = String(n);
  if (s.includes('e')) return 99;
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

function amountIssues(v: Values, type: string, value: string, label: string): FieldIssue[] {
  const t = v[type];
  const n = v[value];
  if (typeof n !== 'number') return [];
  if (t === 'Valor' && places(n) > 2) return [{ field: value, message: BOLETO_MESSAGES.valuePlaces(label) }];
  if (t === 'Percentual' && places(n) > 3) return [{ field: value, message: BOLETO_MESSAGES.percentPlaces(label) }];
  if (t === 'Percentual' && n > 100) return [{ field: value, message: BOLETO_MESSAGES.percentMax(label) }];
  return [];
}

/**
 * A boleto configuration's rules across fields (001 §5): fine and interest values with 3 decimals at most for a
 * percentage (at most 100) and 2 for an absolute value. Given a partial row it checks only what it says.
 */
export function boletoConfigIssues(v: Values): FieldIssue[] {
  return [...amountIssues(v, 'tipo_multa', 'valor_multa', 'Valor da multa'), ...amountIssues(v, 'tipo_juro', 'valor_juro', 'Valor do juro')];
}

/** An amount of the configuration in centavos for a document value in centavos (a percent of it or a fixed value). */
export function boletoAmount(tipo: BoletoAmountType, valor: number, documentCents: number): number {
  return tipo === 'Valor' ? Math.round(valor * 100) : Math.round((documentCents * valor) / 100);
}

export interface BoletoPayer {
  nome?: string | null;
  cpf?: string | null;
  cnpj?: string | null;
  endereco?: { cep?: string | null; endereco?: string | null; numero?: string | null; bairro?: string | null; cidade?: string | null; uf?: string | null } | null;
}

/** 001 §5 per document: the first refusal of the payer and value, or null. */
export function boletoDocumentIssue(valorCents: number, payer: BoletoPayer | null): string | null {
  const M = BOLETO_MESSAGES;
  if (!(valorCents > 0)) return M.invalidValue;
  if (!payer || !payer.nome?.trim()) return M.payerMissing;
  if (!payer.cpf?.trim() && !payer.cnpj?.trim()) return M.docMissing;
  const a = payer.endereco;
  if (!a) return M.addressMissing;
  if (!a.cep?.trim()) return M.cepMissing;
  if (!a.endereco?.trim()) return M.streetMissing;
  if (!a.numero?.trim()) return M.numberMissing;
  if (!a.bairro?.trim()) return M.districtMissing;
  if (!a.cidade?.trim()) return M.cityMissing;
  if (!a.uf?.trim()) return M.stateMissing;
  return null;
}

/** A boleto as /demand/sync-demands-documents weighs it against its document. */
export interface BoletoSyncInput {
  situacao: BoletoState;
  /** Centavos. */
  valor: number;
  /** Paid by a retorno (data_pagamento recorded). */
  pago: boolean;
  motivo_rejeicao: string | null;
}

export type BoletoSyncAction = { cancelar: boolean; acao: string };

/**
 * What syncing a boleto with its financial document does (/demand/sync-demands-documents): a live boleto (not
 * cancelled, not paid) follows its document — cancelled when the document is no longer open (paid at the till or by
 * hand, part paid, cancelled) or when its balance is no longer the boleto's value; a sent one goes out in the next
 * remessa with the write-off occurrence, as /demand/update does. What a retorno recorded is reported, never undone: a
 * boleto paid while its document is open again (the discharge was reversed by someone) and a rejection are shown for
 * the user to act on.
 */
export function boletoSyncAction(doc: { situacao: 'Aberto' | 'Parcial' | 'Quitado' | 'Estornado'; saldo: number }, b: BoletoSyncInput): BoletoSyncAction {
  if (b.situacao === 'Cancelado') return { cancelar: false, acao: 'Boleto cancelado.' };
  if (b.pago) {
    return doc.situacao === 'Quitado'
      ? { cancelar: false, acao: 'Boleto pago pelo retorno; documento quitado.' }
      : { cancelar: false, acao: `Boleto pago pelo retorno, mas o documento está ${doc.situacao === 'Estornado' ? 'cancelado' : 'em aberto'}: a baixa foi estornada, confira.` };
  }
  if (doc.situacao !== 'Aberto') {
    const estado = { Parcial: 'pago em parte', Quitado: 'quitado', Estornado: 'cancelado' }[doc.situacao];
    return { cancelar: true, acao: `Boleto cancelado: o documento foi ${estado}.` };
  }
  if (doc.saldo !== b.valor) return { cancelar: true, acao: 'Boleto cancelado: o saldo do documento não é mais o valor do boleto.' };
  if (b.motivo_rejeicao) return { cancelar: false, acao: `Boleto rejeitado pelo banco: ${b.motivo_rejeicao}` };
  return { cancelar: false, acao: 'Boleto em dia com o documento.' };
}
