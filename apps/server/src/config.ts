import { resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  webDir: string;
  /** Behind a proxy that ends TLS: trust its X-Forwarded-* headers. */
  trustProxy: boolean;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} deve ser um número inteiro positivo (recebido: ${value}).`);
  return n;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const jwtSecret = env['JWT_SECRET'] || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new Error('JWT_SECRET deve ter ao menos 32 caracteres.');
  return {
    port: positiveInt('PORT', env['PORT'], 3000),
    host: env['HOST'] || '0.0.0.0',
    dataDir: resolve(env['DATA_DIR'] || 'data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    production: env['NODE_ENV'] === 'production',
    jwtSecret,
    tokenTtlSeconds: positiveInt('TOKEN_TTL_SECONDS', env['TOKEN_TTL_SECONDS'], 12 * 3600),
    webDir: resolve(env['WEB_DIR'] || new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: env['TRUST_PROXY'] === 'true',
  };
}
