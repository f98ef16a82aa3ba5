/**
 * Two texts a person would call the same name: equal after trimming and pt-BR lower case ('Útil' and 'útil').
 * Uniqueness checks compare with this in TypeScript rather than with SQL lower(), which a PostgreSQL server whose
 * collation is C applies to ASCII letters only (it leaves 'Ú' as it is), while PGlite lowers it: the same check
 * would then answer differently on the two databases.
 */
export function sameText(a: string, b: string): boolean {
  return foldCase(a) === foldCase(b);
}

/** The text as uniqueness compares it: trimmed, pt-BR lower case. */
export function foldCase(text: string): string {
  return text.trim().toLocaleLowerCase('pt-BR');
}
