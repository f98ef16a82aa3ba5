/**
 * Login throttle counters in the database (modules/auth/throttle.ts), so that every API node counts the same
 * attempts: one row per key ('account:<e-mail>' or 'address:<ip>'), counting the attempts of the window that started
 * at the first one and ends at expira_em. Platform-level like `login` (read and written as the owner, before the
 * organization is known): no row-level security, no grant to the application role.
 */
export const sql = /* sql */ `
CREATE TABLE tentativa_acesso (
  chave text PRIMARY KEY,
  tentativas integer NOT NULL CHECK (tentativas >= 0),
  expira_em timestamptz NOT NULL
);
CREATE INDEX tentativa_acesso_expira_em ON tentativa_acesso (expira_em);
`;
