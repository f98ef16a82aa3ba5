/**
 * What every answer of the API must look like (ARCHITECTURE.md "Errors"): never a 500, never a stack trace, and a
 * refusal carries `{ message }` in pt-BR. The pt-BR check is a heuristic: the message must not read as English
 * (the words Fastify, Node and zod use in their default messages).
 */

const ENGLISH = /\b(the|is|are|was|must|should|expected|received|invalid|cannot|can't|not found|error|failed|unexpected|required|request|body|internal server|unauthorized|forbidden|too large|too many|unsupported|media type|value)\b/i;
const STACK = /\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|node_modules|\.(ts|js|mjs|cjs):\d+:\d+|"stack"\s*:/;

/**
 * What a message quotes is the client's own input (a filter's name), not our wording, and an acronym in capitals is a
 * tax's name (the IS, Imposto Seletivo): both left out of the check.
 */
export function looksEnglish(text: string): boolean {
  return ENGLISH.test(text.replace(/"[^"]*"/g, '""').replace(/\b[A-Z]{2,}\b/g, ''));
}

/** The problems of one answer (empty when it is fine). */
export function answerProblems(status: number, rawBody: string): string[] {
  const problems: string[] = [];
  // 502-504 name an unavailable dependency (SEFAZ, the database): an honest answer. 500 and the rest are bugs.
  if (status >= 500 && (status < 502 || status > 504)) problems.push(`status ${status}`);
  if (STACK.test(rawBody)) problems.push('a stack trace or source path in the body');
  if (status >= 400) {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      problems.push('a refusal whose body is not JSON');
      return problems;
    }
    const message = (json as { message?: unknown }).message;
    if (typeof message !== 'string' || message.trim() === '') problems.push('a refusal without a message');
    else if (looksEnglish(message)) problems.push(`a message in English: ${message}`);
    const complement = (json as { complement?: unknown }).complement;
    if (typeof complement === 'string' && looksEnglish(complement.replace(/^[\w.[\]]+: /, ''))) {
      problems.push(`a complement in English: ${complement}`);
    }
  }
  return problems;
}
