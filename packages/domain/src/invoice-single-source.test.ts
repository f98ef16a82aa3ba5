/**
 * Guard: the invoice rules live once, here in packages/domain. The invoice screens (apps/web/src/features/invoice)
 * and the invoice module of the server (apps/server/src/modules/invoice) import the messages of the catalogues
 * (FISCAL_MESSAGES, MESSAGES, ORDER_MESSAGES); a catalogue text written there as a string literal means a rule was
 * written a second time, and so does a literal handed straight to badRequest or to an error list.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FISCAL_MESSAGES } from './fiscal-messages.ts';
import { MESSAGES } from './messages.ts';
import { ORDER_MESSAGES } from './order-messages.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const AREAS = ['apps/web/src/features/invoice', 'apps/server/src/modules/invoice'];

/** The fixed texts of the catalogues (composed messages are functions and cannot be copied as one literal). */
const CATALOGUE = new Set(
  [FISCAL_MESSAGES, MESSAGES, ORDER_MESSAGES].flatMap((catalogue) =>
    Object.values(catalogue).filter((text): text is string => typeof text === 'string'),
  ),
);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The source without its comments (a comment may quote a message; it does not define one). */
export function codeOf(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The string literals of a source's code: '…', "…" and `…` without substitutions. */
export function literalsOf(source: string): string[] {
  return [...codeOf(source).matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\$]|\\.)*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** Where a message is given as a literal instead of a catalogue entry: badRequest('…'), errors.push('…'), setErrors(['…']). */
export function inlineMessagesOf(source: string): string[] {
  return [...codeOf(source).matchAll(/(?:\bbadRequest|\b(?:errors|erros|problems)\.push|\bsetErrors)\(\s*\[?\s*(['"`])([^'"`]{8,})\1/g)].map((m) => m[2] ?? '');
}

const files = AREAS.flatMap((area) => sourcesUnder(join(ROOT, area)));

describe('invoice rules written once', () => {
  it('reads the sources of both areas and a catalogue of messages', () => {
    expect(files.some((f) => f.endsWith('features/invoice/form.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('modules/invoice/service.ts'))).toBe(true);
    expect(CATALOGUE.has(FISCAL_MESSAGES.keyLength)).toBe(true);
  });

  it('finds a copied message and an inline one in a sample source', () => {
    const sample = [
      `/** Answers '${FISCAL_MESSAGES.keyLength}' when short. */`,
      `if (!key) errors.push('${FISCAL_MESSAGES.keyMissing}'); // not '${FISCAL_MESSAGES.keyDuplicated}'`,
      'throw badRequest("Desconto inválido no item.");',
    ].join('\n');
    expect(literalsOf(sample).filter((text) => CATALOGUE.has(text))).toEqual([FISCAL_MESSAGES.keyMissing]);
    expect(inlineMessagesOf(sample)).toEqual([FISCAL_MESSAGES.keyMissing, 'Desconto inválido no item.']);
  });

  it('has no catalogue message written as a literal in the invoice screens or the invoice module', () => {
    const copies = files.flatMap((file) =>
      literalsOf(readFileSync(file, 'utf8'))
        .filter((text) => CATALOGUE.has(text))
        .map((text) => `${relative(ROOT, file)}: ${text}`),
    );
    expect(copies).toEqual([]);
  });

  it('hands no literal message to badRequest or to an error list there', () => {
    const inline = files.flatMap((file) => inlineMessagesOf(readFileSync(file, 'utf8')).map((text) => `${relative(ROOT, file)}: ${text}`));
    expect(inline).toEqual([]);
  });
});
