/**
 * Fast and long variants of the reliability battery. `npm test` runs the fast ones; `npm run test:long`
 * (scripts/test-long.sh) sets LONG=1 for the full counts.
 */

/** LONG=1: the full counts (more trials, more generated bodies, longer loads). */
export const LONG = process.env['LONG'] === '1';

/**
 * npm test runs the db project twice, on PGlite and then on PostgreSQL (TEST_DATABASE_URL). Tests whose answers do not
 * depend on which of the two runs them (the same handlers and SQL; PGlite is PostgreSQL compiled to WebAssembly) run
 * once in the fast variant, on PGlite, and are skipped (reported as such) in the PostgreSQL run; LONG=1 runs them on
 * both. (The mixed-load balances go the other way: PGlite runs one transaction at a time, so their fast variant runs
 * on PostgreSQL only.)
 */
export const SKIP_SECOND_RUN = !LONG && Boolean(process.env['TEST_DATABASE_URL']);
