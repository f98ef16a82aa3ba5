/**
 * The SMTP adapter of the branch's e-mail accounts (002 §7 branch-email test): a message sent through the account's
 * own server with nodemailer, speaking real SMTP (STARTTLS required, implicit TLS, or plain for a local relay). Short
 * time-outs: the caller holds a request open. A failure becomes a pt-BR reason the screen can show.
 *
 * `allowHost` limits where the server may connect: tests pass loopback only, so a generated account (the fuzz suite
 * creates some) can never make the test run reach outside the machine.
 */
import nodemailer from 'nodemailer';
import { BRANCH_MESSAGES as M } from '@pdv/domain/branch-messages';

export interface SmtpAccount {
  email: string;
  nome_remetente: string | null;
  servidor_smtp: string;
  porta: number;
  seguranca: string;
  usuario: string | null;
  senha: string | null;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the message (a boleto's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType?: string }>;
}

export interface MailDeps {
  /** Sends one message; rejects with an Error whose message is the pt-BR reason. */
  sendWithAccount(account: SmtpAccount, message: OutgoingMail): Promise<void>;
}

export interface SmtpOptions {
  allowHost?: (host: string) => boolean;
  timeoutMs?: number;
}

export const isLoopbackHost = (host: string) =>
  host === 'localhost' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '[::1]' || host === '::1';

/** The pt-BR reason of a nodemailer failure. */
export function smtpFailureReason(error: unknown): string {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  if (e.code === 'EAUTH' || e.responseCode === 535) return M.smtpAuthFailed;
  if (e.code === 'ETIMEDOUT') return M.smtpTimeout;
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || (typeof e.responseCode === 'number' && e.responseCode >= 500)) {
    return M.smtpRejected((e.response ?? e.message ?? '').slice(0, 200));
  }
  return M.smtpUnreachable;
}

export function smtpMail(options: SmtpOptions = {}): MailDeps {
  const timeout = options.timeoutMs ?? 10_000;
  return {
    async sendWithAccount(account, message) {
      const host = account.servidor_smtp.replace(/^\[(.*)\]$/, '$1');
      if (options.allowHost && !options.allowHost(account.servidor_smtp)) throw new Error(M.smtpHostNotAllowed);
      const transport = nodemailer.createTransport({
        host,
        port: account.porta,
        secure: account.seguranca === 'SSL',
        requireTLS: account.seguranca === 'STARTTLS',
        ignoreTLS: account.seguranca === 'Nenhuma',
        ...(account.usuario ? { auth: { user: account.usuario, pass: account.senha ?? '' } } : {}),
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout + 5_000,
      });
      try {
        await transport.sendMail({
          from: account.nome_remetente ? { name: account.nome_remetente, address: account.email } : account.email,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
      } catch (error) {
        throw new Error(smtpFailureReason(error), { cause: error });
      } finally {
        transport.close();
      }
    },
  };
}
