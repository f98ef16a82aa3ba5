/**
 * Outgoing e-mail through SMTP (nodemailer), configured by environment: SMTP_URL (smtp:// or smtps://, with user and
 * password in the URL when the server wants them), or SMTP_HOST with SMTP_PORT (default 587), SMTP_USER, SMTP_PASS and
 * SMTP_SECURE=true for implicit TLS; SMTP_FROM is the sender (default "PDV ERP <nao-responda@localhost>").
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The SMTP URL of the environment, or null when e-mail is not configured. */
export function smtpUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env['SMTP_URL']) return env['SMTP_URL'];
  const host = env['SMTP_HOST'];
  if (!host) return null;
  const secure = env['SMTP_SECURE'] === 'true';
  const auth = env['SMTP_USER'] ? `${encodeURIComponent(env['SMTP_USER'])}:${encodeURIComponent(env['SMTP_PASS'] ?? '')}@` : '';
  return `${secure ? 'smtps' : 'smtp'}://${auth}${host}:${env['SMTP_PORT'] || (secure ? '465' : '587')}`;
}

/** Sends one message; rejects with the transport's error. Short time-outs: the caller holds a request open. */
export async function sendMail(message: MailMessage, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const url = smtpUrl(env);
  if (!url) throw new Error('SMTP não configurado');
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 });
  try {
    await transport.sendMail({ from: env['SMTP_FROM'] || 'PDV ERP <nao-responda@localhost>', ...message });
  } finally {
    transport.close();
  }
}
