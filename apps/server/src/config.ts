import { resolve } from 'node:path';
import { isValidCnpj } from '@pdv/domain/documents';
import type { FirstOrganization } from './seed/first-organization.ts';
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
  /** PDV_ORGANIZACAO & co.: the organization and administrator created on an empty database (seed/first-organization.ts). */
  firstOrganization: FirstOrganization | undefined;
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

/** The variables of the first organization (docs/deployment.md). */
export const FIRST_ORGANIZATION_VARS = ['PDV_ORGANIZACAO', 'PDV_CNPJ', 'PDV_ADMIN_EMAIL', 'PDV_ADMIN_SENHA'] as const;

/** The first organization the environment describes, all of it or none; refused with what is wrong. */
function firstOrganizationOf(env: NodeJS.ProcessEnv): FirstOrganization | undefined {
  const given = FIRST_ORGANIZATION_VARS.filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return undefined;
  const missing = FIRST_ORGANIZATION_VARS.filter((name) => !given.includes(name));
  if (missing.length > 0) throw new ConfigError(`Para criar a primeira organização informe também ${missing.join(', ')}.`);
  const nome = String(env['PDV_ORGANIZACAO']).trim();
  const cnpj = String(env['PDV_CNPJ']);
  const email = String(env['PDV_ADMIN_EMAIL']).trim();
  const senha = String(env['PDV_ADMIN_SENHA']);
  if (!isValidCnpj(cnpj)) throw new ConfigError(`PDV_CNPJ: CNPJ Inválido (${cnpj}).`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ConfigError(`PDV_ADMIN_EMAIL: e-mail inválido (${email}).`);
  if (senha.length < 8) throw new ConfigError('PDV_ADMIN_SENHA deve ter ao menos 8 caracteres.');
  return { nome, cnpj, email, senha, nomeAdministrador: (env['PDV_ADMIN_NOME'] ?? '').trim() || 'Administrador' };
}

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
    firstOrganization: firstOrganizationOf(env),
  };
}
