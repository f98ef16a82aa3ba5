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
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  bodyTooLarge: 'O corpo da requisição é grande demais.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado. Envie JSON.',
  routeNotFound: 'Rota não encontrada.',
  internalError: 'Erro interno do servidor. Tente novamente em instantes.',
  databaseUnavailable: 'Banco de dados indisponível. Tente novamente em instantes.',
  // UI (spec).
  warningTitle: 'Aviso',
  updateNow: 'Atualizar agora',
  newVersion: 'Uma nova versão do sistema está disponível. O sistema será reiniciado automaticamente.',
  recordSaved: 'Registro salvo com sucesso.',
  recordUpdated: 'Registro atualizado com sucesso.',
} as const;
