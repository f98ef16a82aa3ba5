/**
 * The password typed at the sign-in, kept in memory (never stored) for the one step that needs it right after: the
 * change a temporary password asks for. Taken once; gone on a reload.
 */
let kept: string | null = null;

export function keepSignInPassword(password: string): void {
  kept = password;
}

export function takeSignInPassword(): string | null {
  const password = kept;
  kept = null;
  return password;
}
