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
});
