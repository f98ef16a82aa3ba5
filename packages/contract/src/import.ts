/**
 * Data import (002 §2 /dataImport): a CSV or XLSX file sent as base64 is previewed (header, first rows, target
 * fields and a mapping matched by header name), then imported as a job whose progress (rows done / total) and
 * per-row error report (line, column, message) the screen polls. Valid rows are written in batches.
 */
import { z } from 'zod';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@pdv/domain/import-rules';

/** Base64 of at most 15 MB of file (IMPORT_MAX_BYTES) plus its 4/3 growth. */
const MAX_BASE64 = Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4;
/** The HTTP body limit of an upload: the base64 text and the JSON around it. */
export const IMPORT_BODY_LIMIT = MAX_BASE64 + 64 * 1024;

export const importFileBody = z.object({
  tipo: z.enum(IMPORT_KINDS),
  nome_arquivo: z.string().trim().min(1).max(255),
  conteudo_base64: z.string().min(1).max(MAX_BASE64, { message: IMPORT_MESSAGES.fileTooLarge }),
});

export const importField = z.object({
  campo: z.string(),
  rotulo: z.string(),
  obrigatorio: z.boolean(),
  aliases: z.array(z.string()).readonly(),
});

export const importMapping = z.record(z.string().max(60), z.number().int().min(0).max(10_000).nullable());

export const importPreviewResult = z.object({
  formato: z.enum(['csv', 'xlsx']),
  cabecalho: z.array(z.string()),
  linhas: z.array(z.array(z.string())),
  total_linhas: z.number().int(),
  campos: z.array(importField),
  mapeamento: importMapping,
});
export type ImportPreviewResult = z.infer<typeof importPreviewResult>;

export const importStartBody = importFileBody.extend({ mapeamento: importMapping });

export const importError = z.object({ linha: z.number().int(), coluna: z.string(), mensagem: z.string() });

export const importJobStatus = z.object({
  id_importacao: z.string().uuid(),
  tipo: z.enum(IMPORT_KINDS),
  nome_arquivo: z.string(),
  situacao: z.enum(['Processando', 'Concluida', 'Falhou']),
  total: z.number().int(),
  processadas: z.number().int(),
  gravadas: z.number().int(),
  erros: z.array(importError),
  mensagem: z.string().nullable(),
});
export type ImportJobStatus = z.infer<typeof importJobStatus>;

export const importStatusBody = z.object({ id_importacao: z.string().uuid() });
