import { describe, expect, it } from 'vitest';
import { ConfigError, PRODUCTION_REQUIRES, readConfig } from './config.ts';

const SECRET = 'a-production-secret-of-more-than-32-characters';

describe('readConfig', () => {
  it('starts in development with nothing set: PGlite under ./data, the secret kept in the database', () => {
    const config = readConfig({});
    expect(config.production).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.shutdownGraceMs).toBe(25_000);
  });

  it('refuses production without JWT_SECRET nor an explicit DATABASE_URL or DATA_DIR, naming both', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(`${PRODUCTION_REQUIRES.jwtSecret} ${PRODUCTION_REQUIRES.database}`);
  });

  it('refuses production with a database but no JWT_SECRET', () => {
    expect(() => readConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/pdv' })).toThrow(PRODUCTION_REQUIRES.jwtSecret);
  });

  it('refuses production with JWT_SECRET but no database named', () => {
    expect(() => readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(PRODUCTION_REQUIRES.database);
  });

  it('starts production with JWT_SECRET and either DATABASE_URL or DATA_DIR', () => {
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: 'postgres://db/pdv' })).toMatchObject({
      production: true, databaseUrl: 'postgres://db/pdv', jwtSecret: SECRET,
    });
    expect(readConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, DATA_DIR: '/var/lib/pdv' })).toMatchObject({
      production: true, dataDir: '/var/lib/pdv',
    });
  });

  it('refuses a short JWT_SECRET and a bad SHUTDOWN_GRACE_MS', () => {
    expect(() => readConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET deve ter ao menos 32 caracteres.');
    expect(() => readConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(ConfigError);
  });

  it('reads the first organization only whole and valid, with pt-BR refusals', () => {
    const first = { PDV_ORGANIZACAO: 'Loja Aurora', PDV_CNPJ: '12.ABC.345/01DE-35', PDV_ADMIN_EMAIL: 'dona@aurora.com.br', PDV_ADMIN_SENHA: 'segredo-123' };
    expect(readConfig({}).firstOrganization).toBeUndefined();
    expect(readConfig(first).firstOrganization).toEqual({
      nome: 'Loja Aurora', cnpj: '12.ABC.345/01DE-35', email: 'dona@aurora.com.br', senha: 'segredo-123', nomeAdministrador: 'Administrador',
    });
    expect(() => readConfig({ PDV_ORGANIZACAO: 'Loja Aurora' })).toThrow(
      'Para criar a primeira organização informe também PDV_CNPJ, PDV_ADMIN_EMAIL, PDV_ADMIN_SENHA.',
    );
    expect(() => readConfig({ ...first, PDV_CNPJ: '11.111.111/1111-11' })).toThrow('PDV_CNPJ: CNPJ Inválido (11.111.111/1111-11).');
    expect(() => readConfig({ ...first, PDV_ADMIN_EMAIL: 'dona' })).toThrow('PDV_ADMIN_EMAIL: e-mail inválido (dona).');
    expect(() => readConfig({ ...first, PDV_ADMIN_SENHA: 'curta' })).toThrow('PDV_ADMIN_SENHA deve ter ao menos 8 caracteres.');
  });
});
