/**
 * The password typed at the sign-in, kept in memory (never stored) for the one step that needs it right after: the
 * change a temporary password asks for. Forgotten once the user is in (or the sign-in failed); gone on a reload.
 */
let kept: string | null = null;

export function keepSignInPassword(password: string): void {
  kept = password;
}

export function readSignInPassword(): string | null {
  return kept;
}

export function forgetSignInPassword(): void {
  kept = null;
}
