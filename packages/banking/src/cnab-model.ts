/**
 * Our data for a CNAB remessa (CNAB 400 and 240 alike): the beneficiário's account and the títulos, in the units of
 * the domain (money in integer centavos, dates 'yyyy-mm-dd', identifiers as digit strings as the bank registers them).
 * Percentages (fine, interest rate) are integers in the field's own scale, named with their decimals.
 */
export interface Beneficiario {
  nome: string;
  /** CNPJ or CPF, digits. */
  documento?: string;
  /** '01' CPF, '02' CNPJ. */
  tipoDocumento?: string;
  agencia: string;
  agenciaDv?: string;
  conta?: string;
  contaDv?: string;
  /** Convênio / código do beneficiário / código da empresa, as the bank names it. */
  convenio?: string;
  convenioDv?: string;
  /** Second code some banks carry (BB convênio líder, Santander código de transmissão). */
  convenioLider?: string;
  carteira?: string;
  variacao?: string;
  posto?: string;
  /** CNAB 240 header: recording density (bits per inch), when the bank asks for it. */
  densidade?: string;
  /** Bank-specific account codes (Caixa's application version...), keyed by field name. */
  codigos?: Record<string, string>;
}

export interface Titulo {
  /** '01' registro, '02' pedido de baixa (cancelado), ... (bank codes). */
  ocorrencia: string;
  /** Nosso número as the file carries it (bank's own length and composition). */
  nossoNumero: string;
  nossoNumeroDv?: string;
  /** Seu número / número do documento. */
  numeroDocumento?: string;
  /** Free control text of the company (uso da empresa). */
  usoEmpresa?: string;
  carteira?: string;
  vencimento?: string;
  emissao?: string;
  /** Centavos. */
  valor: number;
  especie?: string;
  aceite?: string;
  instrucao1?: string;
  instrucao2?: string;
  /** Interest per day in centavos (or the bank's rate scale where its field is a rate). */
  jurosDia?: number;
  jurosCodigo?: string;
  jurosData?: string;
  multaCodigo?: string;
  /** Fine: percent with 2 decimals (200 = 2,00%) or centavos, per multaCodigo. */
  multa?: number;
  multaData?: string;
  descontoAte?: string;
  desconto?: number;
  iof?: number;
  abatimento?: number;
  pagadorTipo?: string;
  pagadorDocumento?: string;
  pagadorNome?: string;
  pagadorEndereco?: string;
  pagadorBairro?: string;
  pagadorCep?: string;
  pagadorCidade?: string;
  pagadorUf?: string;
  avalista?: string;
  diasProtesto?: string;
  parcela?: string;
  /** Bank-specific codes the title carries (tipo de emissão, distribuição...), keyed by field name. */
  codigos?: Record<string, string>;
  /** Hybrid boleto registered with a PIX (Santander's record 8). */
  pix?: TituloPix;
}

export interface TituloPix {
  /** DICT key type: '1' CPF, '2' CNPJ, '3' phone, '4' e-mail, '5' random key (Santander's table). */
  tipoChave: string;
  chave: string;
  txid?: string;
  /** '00' as registered (Santander's "tipo de pagamento"). */
  tipoPagamento?: string;
  quantidadePagamentos?: string;
  /** '1' percentage, '2' value. */
  tipoValor?: string;
  /** Centavos. */
  valorMaximo?: number;
  /** Percentage with 2 decimals (10000 = 100,00%). */
  percentualMaximo?: number;
  valorMinimo?: number;
  percentualMinimo?: number;
}

export interface Remessa {
  banco: string;
  beneficiario: Beneficiario;
  /** 'yyyy-mm-dd'. */
  dataGeracao: string;
  /** File sequence per account. */
  sequencial: number;
  /** 'hhmmss' (CNAB 240 header). */
  horaGeracao?: string;
  titulos: Titulo[];
}
