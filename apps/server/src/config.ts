import { resolve } from 'node:path';
import { DEFAULT_GRACE_MS } from './http/lifecycle.ts';

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
  /** On SIGTERM/SIGINT, longest wait for the requests in flight (SHUTDOWN_GRACE_MS, default 25 s). */
  shutdownGraceMs: number;
}

/** A setting that stops the start: main.ts prints its message alone (no stack) and exits with code 1. */
export class ConfigError extends Error {}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} deve ser um número inteiro positivo (recebido: ${value}).`);
  return n;
}

/**
 * What production must state rather than fall back on: the token secret (otherwise generated and kept in the database,
 * fine for one node on one machine) and where the data lives (otherwise ./data below the working directory).
 */
export const PRODUCTION_REQUIRES = {
  jwtSecret: 'NODE_ENV=production exige JWT_SECRET (ao menos 32 caracteres, o mesmo em todos os nós).',
  database: 'NODE_ENV=production exige DATABASE_URL (servidor PostgreSQL) ou DATA_DIR (pasta do banco embutido) definidos explicitamente.',
} as const;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const jwtSecret = env['JWT_SECRET'] || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET deve ter ao menos 32 caracteres.');
  if (env['NODE_ENV'] === 'production') {
    const missing = [
      ...(jwtSecret === undefined ? [PRODUCTION_REQUIRES.jwtSecret] : []),
      ...(!env['DATABASE_URL'] && !env['DATA_DIR'] ? [PRODUCTION_REQUIRES.database] : []),
    ];
    if (missing.length > 0) throw new ConfigError(missing.join(' '));
  }
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
    shutdownGraceMs: positiveInt('SHUTDOWN_GRACE_MS', env['SHUTDOWN_GRACE_MS'], DEFAULT_GRACE_MS),
  };
}
