import { defineConfig } from 'vitest/config';

// Test tiers by suffix (CONVENTIONS.md): *.test.ts pure and fast; *.db.test.ts against a real database
// (PGlite in-process, or the PostgreSQL server named by TEST_DATABASE_URL).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'db',
          include: ['apps/**/src/**/*.db.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
