/**
 * The branch register's routes besides the descriptor's (002 §7 Branch: branch-email list/create/update/delete/use/
 * test, platform get-apps-active; 000 §6 activations/check): the IBGE city picker, the logo, the A1 certificate and
 * the branch's SMTP accounts. Files travel as base64 in JSON. Secrets (the certificate and its password, an SMTP
 * password) are written, never read back: the answers say only whether there is one.
 */
import { z } from 'zod';
import { BRANCH_MESSAGES } from '@pdv/domain/branch-messages';
import { id } from './common.ts';

/**
 * A file in base64 (a data: URL prefix is dropped). The length cap only stops absurd texts (the request's body limit,
 * 1 MB, comes first anyway): the server checks the decoded size with its own message.
 */
const base64 = (tooLarge: string) =>
  z.string({ error: BRANCH_MESSAGES.logoEmpty })
    .max(1_100_000, { error: tooLarge })
    .transform((s) => s.replace(/^data:[\w/+.-]+;base64,/, '').replace(/\s/g, ''))
    .refine((s) => s.length > 0 && s.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(s), { error: BRANCH_MESSAGES.invalidBase64 });

// Cities (IBGE).
export const city = z.object({ id_cidade: z.number().int(), nome: z.string(), uf: z.string() });
export const cityFindBody = z.object({
  search: z.string().trim().max(100, { error: 'A pesquisa pode ter no máximo 100 caracteres.' }).optional().default(''),
  uf: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, { error: 'UF inválida.' }).optional(),
  take: z.coerce.number().int().min(1).max(50, { error: 'take pode ser no máximo 50.' }).optional().default(20),
}).strict();
export const cityFindResult = z.object({ rows: z.array(city) });
export const cityByIdBody = z.object({ id_cidade: id }).strict();

// Logo.
/** The largest logo image, in bytes. */
export const LOGO_MAX_BYTES = 512 * 1024;
export const branchIdBody = z.object({ id_filial: id }).strict();
export const logoSaveBody = z.object({ id_filial: id, arquivo_base64: base64(BRANCH_MESSAGES.logoTooLarge(LOGO_MAX_BYTES / 1024)) }).strict();
export const logoResult = z.object({
  id_filial: z.number().int(),
  logo: z.object({ tipo: z.string(), tamanho: z.number().int(), base64: z.string() }).nullable(),
});

// A1 certificate.
/** The largest .pfx accepted, in bytes (an A1 file with its chain is a few KB). */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;
export const certificateUploadBody = z.object({
  id_filial: id,
  arquivo_base64: base64(BRANCH_MESSAGES.certificateTooLarge),
  senha: z.string({ error: BRANCH_MESSAGES.certificatePasswordRequired }).min(1, { error: BRANCH_MESSAGES.certificatePasswordRequired }).max(200),
}).strict();
export const certificateResult = z.object({
  id_filial: z.number().int(),
  certificado: z.object({
    titular: z.string(),
    cnpj: z.string().nullable(),
    /** The end of validity, ISO 8601. */
    validade: z.string(),
    data_cadastro: z.string(),
  }).nullable(),
});

// E-mail accounts (SMTP).
export const SMTP_SECURITY = ['Nenhuma', 'STARTTLS', 'SSL'] as const;
const emailFields = {
  email: z.string({ error: 'Informe o e-mail do remetente.' }).trim().min(1, { error: 'Informe o e-mail do remetente.' }).max(150)
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'E-mail do remetente inválido.' }),
  nome_remetente: z.string().trim().max(100, { error: 'Nome do remetente pode ter no máximo 100 caracteres.' }).nullable(),
  servidor_smtp: z.string({ error: 'Informe o servidor SMTP.' }).trim().min(1, { error: 'Informe o servidor SMTP.' }).max(200)
    .refine((v) => /^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/.test(v), { error: 'Servidor SMTP inválido: informe o nome ou o endereço IP.' }),
  porta: z.number({ error: 'Porta SMTP inválida.' }).int({ error: 'Porta SMTP inválida.' }).min(1, { error: 'Porta SMTP inválida.' })
    .max(65535, { error: 'Porta SMTP inválida.' }),
  seguranca: z.enum(SMTP_SECURITY, { error: "Segurança deve ser 'Nenhuma', 'STARTTLS' ou 'SSL'." }),
  usuario: z.string().trim().max(150, { error: 'Usuário pode ter no máximo 150 caracteres.' }).nullable(),
  /** Written only: null clears it; on update, leaving it out keeps the one stored. */
  senha: z.string().max(200, { error: 'Senha pode ter no máximo 200 caracteres.' }).nullable(),
};
export const emailAccount = z.object({
  id_filial_email: z.number().int(),
  id_filial: z.number().int(),
  email: z.string(),
  nome_remetente: z.string().nullable(),
  servidor_smtp: z.string(),
  porta: z.number().int(),
  seguranca: z.string(),
  usuario: z.string().nullable(),
  possui_senha: z.boolean(),
  is_padrao: z.boolean(),
  data_cadastro: z.string(),
  data_alteracao: z.string(),
});
export type EmailAccount = z.infer<typeof emailAccount>;
export const emailListResult = z.object({ rows: z.array(emailAccount) });
export const emailCreateBody = z.object({
  id_filial: id,
  ...emailFields,
  nome_remetente: emailFields.nome_remetente.optional(),
  usuario: emailFields.usuario.optional(),
  senha: emailFields.senha.optional(),
  seguranca: emailFields.seguranca.optional().default('STARTTLS'),
}).strict();
export const emailUpdateBody = z.object({
  id_filial_email: id,
  email: emailFields.email.optional(),
  nome_remetente: emailFields.nome_remetente.optional(),
  servidor_smtp: emailFields.servidor_smtp.optional(),
  porta: emailFields.porta.optional(),
  seguranca: emailFields.seguranca.optional(),
  usuario: emailFields.usuario.optional(),
  senha: emailFields.senha.optional(),
}).strict();
export const emailByIdBody = z.object({ id_filial_email: id }).strict();
export const emailDeleted = z.object({ id_filial_email: z.number().int(), excluido: z.literal(true) });
export const emailTestBody = z.object({
  id_filial_email: id,
  destinatario: z.string({ error: 'Informe o destinatário do teste.' }).trim().max(150)
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Destinatário do teste inválido.' }),
}).strict();
export const emailTestResult = z.object({ message: z.string() });

// Platform apps (000 §6).
export const PLATFORM_APPS = { main: [1, 2, 3], ecommerce: 5, marketplace: 6, marketplaceIntegration: 7, fiscalReporting: 8 } as const;
export const activationCheckBody = z.object({ id_app: id, id_organization: id }).strict();
export const platformApp = z.object({ id_app: z.number().int(), nome: z.string() });
export const activationCheckResult = platformApp.extend({ ativo: z.literal(true) });
export const appsActiveResult = z.object({ rows: z.array(platformApp) });
