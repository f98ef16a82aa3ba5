import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test tiers by suffix (CONVENTIONS.md): *.test.ts pure and fast; *.db.test.ts against a real database
// (PGlite in-process, or the PostgreSQL server named by TEST_DATABASE_URL); *.pg.test.ts only on a PostgreSQL server.
export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on the 2-core machines CI and this team
    // use, which left a core idle through the whole server suite (each file is CPU-bound in its own worker: PGlite
    // runs inside it). At least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.db.test.ts', '**/*.pg.test.ts', '**/node_modules/**'],
          // The screens' tests (jsdom, typed keys) take 1-5 s and more on a loaded machine: the 5 s default failed
          // them while other work ran. A timeout is no assertion; 20 s leaves room without hiding a hang.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/**/src/**/*.db.test.ts'],
          // The run's prepared database (migrated and seeded once; each file starts from a copy of it).
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Needs a PostgreSQL server (TEST_DATABASE_URL): several server processes on one database, restarts.
        test: {
          name: 'pg',
          include: ['apps/**/src/**/*.pg.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
