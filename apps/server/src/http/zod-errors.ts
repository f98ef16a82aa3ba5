import { z } from 'zod';

z.config(z.locales.pt());

/** pt-BR lines naming the field at fault, e.g. "id_filial: O identificador deve ser maior que zero." */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}
