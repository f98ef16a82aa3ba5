/**
 * The branch register's messages (002 §3 Branch, §7 branch calls, §8; 000 §6 platform apps). The app-inactive text is
 * the spec's, verbatim; the others are ours, in the same voice.
 */
export const BRANCH_MESSAGES = {
  // 000 §6 / 002 §8 (spec).
  appInactive: (name: string) => `O Aplicativo ${name} não está ativo na plataforma.`,
  appNotFound: 'Aplicativo não encontrado na plataforma.',
  // Address and registration.
  cityNotFound: 'Cidade não encontrada na tabela do IBGE.',
  ieNeedsCity: 'Informe a cidade da filial para validar a inscrição estadual.',
  invalidIe: (uf: string) => `Inscrição estadual inválida para ${uf}.`,
  priceTableNotFound: 'Tabela de preço não encontrada.',
  // Logo.
  logoTooLarge: (kb: number) => `A imagem do logotipo deve ter no máximo ${kb} KB.`,
  logoFormat: 'Formato de imagem não aceito: envie um arquivo PNG, JPEG ou WebP.',
  logoEmpty: 'Selecione a imagem do logotipo.',
  invalidBase64: 'O arquivo enviado não está em base64 válido.',
  // A1 certificate.
  certificateTooLarge: 'O arquivo do certificado digital deve ter no máximo 64 KB.',
  certificateNoCnpj: 'O certificado digital não informa o CNPJ do titular: use um e-CNPJ A1.',
  certificateOtherCnpj: (cnpj: string) =>
    `O certificado digital é do CNPJ ${cnpj}, de outra empresa: o CNPJ base (8 primeiros caracteres) deve ser o da filial.`,
  certificatePasswordRequired: 'Informe a senha do certificado digital.',
  // E-mail accounts.
  emailTestSent: (to: string) => `E-mail de teste enviado com sucesso para ${to}.`,
  emailTestFailed: (reason: string) => `Não foi possível enviar o e-mail de teste: ${reason}`,
  emailTestSubject: 'E-mail de teste do PDV ERP',
  emailTestBody: (from: string) =>
    `Este é um e-mail de teste enviado pela conta ${from} da filial. Se você o recebeu, o envio de e-mails está funcionando.`,
  smtpAuthFailed: 'o servidor SMTP recusou o usuário ou a senha.',
  smtpUnreachable: 'não foi possível conectar ao servidor SMTP (verifique o endereço, a porta e a segurança).',
  smtpTimeout: 'o servidor SMTP não respondeu a tempo.',
  smtpRejected: (detail: string) => `o servidor SMTP recusou a mensagem (${detail}).`,
  smtpHostNotAllowed: 'este servidor SMTP não é permitido neste ambiente.',
} as const;
