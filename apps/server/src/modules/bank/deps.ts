/**
 * How the server reaches the bank (issue 26). BANK_MODE=fake (the default outside production) starts the FAKE bank of
 * packages/banking on loopback and points the real clients at it; BANK_MODE=real takes the PSP's URLs, client
 * credentials and the mutual TLS certificate from the environment; BANK_MODE=off (and tests that do not ask for a bank)
 * answer 'Integração bancária não configurada.'.
 *
 * The webhook the PSP calls is /api/bank-integration/webhook/{organization}/{key}/pix, key = HMAC-SHA256(webhookKey,
 * organization): an unguessable URL per organization (the real PSP adds mutual TLS in front of it), and the charge is
 * marked paid only after GET /cob/{txid} on the bank says so.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CobrancaApiClient, InternetBankingClient } from '@pdv/banking/bank-api/cobranca-client';
import { PixApiClient } from '@pdv/banking/bank-api/pix-client';
import { startFakeBank, type FakeBank } from '@pdv/banking/fake-bank/server';

export interface BankDeps {
  pix: PixApiClient | null;
  cobranca: CobrancaApiClient | null;
  ib: InternetBankingClient | null;
  /** This server's address as the bank sees it (the webhook URL is built on it). */
  publicUrl: string;
  /** Key of the webhook URL's per-organization token. */
  webhookKey: string;
  /** Key of the body signature the fake bank adds (x-fake-bank-signature); null with a real PSP (mTLS instead). */
  signatureKey: string | null;
}

export function offlineBank(): BankDeps {
  return { pix: null, cobranca: null, ib: null, publicUrl: 'http://127.0.0.1:9', webhookKey: randomBytes(32).toString('hex'), signatureKey: null };
}

export function webhookToken(deps: Pick<BankDeps, 'webhookKey'>, org: number): string {
  return createHmac('sha256', deps.webhookKey).update(`pix-webhook:${org}`).digest('hex');
}

export function webhookUrl(deps: BankDeps, org: number): string {
  return `${deps.publicUrl.replace(/\/$/, '')}/api/bank-integration/webhook/${org}/${webhookToken(deps, org)}`;
}

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The fake's demo operator (docs/bank-integration.md): CNPJ 11.222.333/0001-81, CPF 123.456.789-09, senha banco123, code 123456. */
export const FAKE_BANK_DEMO = { cnpj: '11222333000181', cpf: '12345678909', senha: 'banco123', code: '123456', convenio: '3128557' } as const;

export interface BankSetup { deps: BankDeps; fake: FakeBank | null; close(): Promise<void> }

export async function setupBank(env: NodeJS.ProcessEnv, publicUrl: string): Promise<BankSetup> {
  const mode = env['BANK_MODE'] || (env['NODE_ENV'] === 'production' ? 'off' : 'fake');
  if (mode === 'off') return { deps: { ...offlineBank(), publicUrl }, fake: null, close: () => Promise.resolve() };
  if (mode === 'fake') {
    const clientId = 'fake-client';
    const clientSecret = randomBytes(16).toString('hex');
    const signatureKey = randomBytes(32).toString('hex');
    const fake = await startFakeBank({
      clientId, clientSecret, webhookSecret: signatureKey, loginCode: FAKE_BANK_DEMO.code, convenio: FAKE_BANK_DEMO.convenio,
      operators: { [`${FAKE_BANK_DEMO.cnpj}:${FAKE_BANK_DEMO.cpf}`]: FAKE_BANK_DEMO.senha },
    }, Number(env['BANK_FAKE_PORT'] || 0));
    const deps: BankDeps = {
      pix: new PixApiClient({ baseUrl: fake.url, clientId, clientSecret }),
      cobranca: new CobrancaApiClient({ baseUrl: fake.url, clientId, clientSecret }),
      ib: new InternetBankingClient({ baseUrl: fake.url }),
      publicUrl, webhookKey: randomBytes(32).toString('hex'), signatureKey,
    };
    return { deps, fake, close: () => fake.close() };
  }
  if (mode !== 'real') throw new Error(`BANK_MODE deve ser fake, real ou off (recebido: ${mode}).`);
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`BANK_MODE=real exige ${name}.`);
    return v;
  };
  const tls = {
    cert: readFileSync(need('BANK_CERT_FILE')), key: readFileSync(need('BANK_KEY_FILE')),
    ...(env['BANK_KEY_PASSPHRASE'] ? { passphrase: env['BANK_KEY_PASSPHRASE'] } : {}),
    ...(env['BANK_CA_FILE'] ? { ca: readFileSync(env['BANK_CA_FILE']) } : {}),
  };
  const clientId = need('BANK_CLIENT_ID');
  const clientSecret = need('BANK_CLIENT_SECRET');
  const deps: BankDeps = {
    pix: new PixApiClient({ baseUrl: need('BANK_PIX_URL'), ...(env['BANK_TOKEN_URL'] ? { tokenUrl: env['BANK_TOKEN_URL'] } : {}), clientId, clientSecret, tls }),
    cobranca: new CobrancaApiClient({ baseUrl: need('BANK_COBRANCA_URL'), ...(env['BANK_TOKEN_URL'] ? { tokenUrl: env['BANK_TOKEN_URL'] } : {}), clientId, clientSecret, tls,
      ...(env['BANK_APP_KEY'] ? { appKey: env['BANK_APP_KEY'] } : {}) }),
    ib: env['BANK_IB_URL'] ? new InternetBankingClient({ baseUrl: env['BANK_IB_URL'], tls }) : null,
    publicUrl: env['BANK_PUBLIC_URL'] || publicUrl, webhookKey: need('BANK_WEBHOOK_KEY'), signatureKey: null,
  };
  return { deps, fake: null, close: () => Promise.resolve() };
}
