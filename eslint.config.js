// ESLint flat config (CONVENTIONS.md, Tooling): typescript-eslint type-aware rules, react-hooks rules for the web
// app, and the package boundaries. Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];
const JS_FILES = ['**/*.{js,mjs,cjs}'];
const TEST_FILES = ['**/*.test.{ts,tsx}', 'e2e/**/*.{ts,tsx}'];

const BOUNDARIES = 'CONVENTIONS.md, Tooling: package boundaries';

/** One no-restricted-imports group per pattern, all with the same message. */
function restrict(message, ...regexes) {
  return regexes.map((regex) => ({ regex, message: `${message} (${BOUNDARIES}).` }));
}

// A relative path that climbs out of the current package into another one (e.g. '../../server/src/x.ts').
const climbsInto = (...dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`;

const serverFromElsewhere = ['^@pdv/server(/|$)', climbsInto('apps/server', 'server/src')];
const webFromElsewhere = ['^@pdv/web(/|$)', climbsInto('apps/web', 'web/src')];

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/data/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'apps/web/dev-dist/',
    '.tmp/',
  ]),

  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // Plain JavaScript (this file, scripts/*.mjs): no type information, Node globals.
  {
    files: JS_FILES,
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },

  // TypeScript everywhere: type-aware rules. The project service finds each file's nearest tsconfig.json
  // (root tsconfig.json for the node side, apps/web/tsconfig.json for the web app).
  {
    files: TS_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // An unawaited promise in the sync engine or the outbox is a lost sale.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },

  // The web app: browser globals and the rules of hooks.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  // Tests: nothing focused or skipped left behind (CONVENTIONS.md, Tests).
  {
    files: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(only|skip)$/][object.name=/^(describe|it|test|suite)$/]',
          message: 'No .only or .skip left behind (CONVENTIONS.md, Tests).',
        },
        {
          selector:
            "MemberExpression[property.name=/^(only|skip)$/][object.object.name='test'][object.property.name='describe']",
          message: 'No .only or .skip left behind (CONVENTIONS.md, Tests).',
        },
      ],
    },
  },

  // Boundaries. no-restricted-imports options do not merge between config objects, so the globs below are
  // disjoint: each file gets exactly one of these lists.

  // packages/domain: nothing but its own files (the standard library needs no import).
  {
    files: ['packages/domain/**/*.{ts,tsx}'],
    ignores: ['packages/domain/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            'packages/domain imports only its own files: no npm package, no @pdv/contract, no apps/, no node: module',
            '^(?!\\.{1,2}/)',
            climbsInto('apps', 'packages', 'contract', 'server', 'web'),
          ),
        },
      ],
    },
  },
  // Tests of packages/domain may also use the test tools.
  {
    files: ['packages/domain/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            'packages/domain tests import the domain, vitest, fast-check and node: modules only',
            '^(?!\\.{1,2}/|vitest$|fast-check$|node:)',
            climbsInto('apps', 'packages', 'contract', 'server', 'web'),
          ),
        },
      ],
    },
  },
  // Other shared packages (packages/contract): never an app.
  {
    files: ['packages/**/*.{ts,tsx}'],
    ignores: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: restrict(
            'shared packages never import an app',
            '^@pdv/(server|web)(/|$)',
            climbsInto('apps', 'server/src', 'web/src'),
          ),
        },
      ],
    },
  },
  // The web app never imports the server...
  {
    files: ['apps/web/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: restrict('apps/web never imports apps/server', ...serverFromElsewhere) },
      ],
    },
  },
  // ...and the server never imports the web app.
  {
    files: ['apps/server/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: restrict('apps/server never imports apps/web', ...webFromElsewhere) },
      ],
    },
  },
]);
