/**
 * Routes of the data import (002 §2 /dataImport): preview a file (header, first rows, fields, mapping matched by
 * header name), start an import job (the rows are checked at once; the valid ones are written in the background,
 * batch after batch) and read a job's progress and error report. Scoped to the caller's organization and active
 * branch; importing products also needs the products register's manage permission, people the people register's.
 */
import { IMPORT_MESSAGES, IMPORT_PREVIEW_ROWS, suggestMapping, type ImportKind } from '@pdv/domain/import-rules';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import { addErrors, createJob, endJob, findJob, jobStatus } from './jobs.ts';
import { fileBytes, readRecords } from './read-file.ts';
import { fieldsFor, planImport, runImport, type ImportTarget } from './service.ts';

const REGISTER: Record<ImportKind, string> = { produto: 'FncListarProduto', pessoa: 'FncListarPessoa' };

function target(caller: Caller, kind: ImportKind): ImportTarget {
  if (!caller.ability.can('manage', REGISTER[kind])) throw forbidden();
  return { org: caller.id_organization, id_filial: caller.id_filial, id_usuario: caller.id_usuario };
}

export const importHandlers = {
  importPreview: async ({ tx, caller, body }) => {
    const t = target(caller, body.tipo);
    const file = await readRecords(fileBytes(body.conteudo_base64));
    const { fields } = await fieldsFor(tx, t, body.tipo);
    const width = Math.max(file.header.length, ...file.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => r.cells.length));
    return {
      formato: file.formato,
      cabecalho: file.header,
      linhas: file.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => Array.from({ length: width }, (_, i) => r.cells[i] ?? '')),
      total_linhas: file.rows.length,
      campos: fields,
      mapeamento: suggestMapping(file.header, fields),
    };
  },

  importStart: async ({ tx, caller, body, deps }) => {
    const t = target(caller, body.tipo);
    const file = await readRecords(fileBytes(body.conteudo_base64));
    const plan = await planImport(tx, t, body.tipo, file, body.mapeamento);
    const job = createJob(t.org, t.id_filial, body.tipo, body.nome_arquivo, plan.total);
    // The rows are written after this request's transaction ends, one transaction per batch; the screen polls.
    runImport(deps.db, t, plan, {
      rejected: (errors, rows) => {
        addErrors(job, errors);
        job.processadas += rows;
      },
      batch: (done, written, errors) => {
        addErrors(job, errors);
        job.processadas += done;
        job.gravadas += written;
      },
    }).then((result) => {
      if (result.ok) endJob(job, 'Concluida');
      else {
        console.error('data import batch failed', result.error);
        endJob(job, 'Falhou', result.message);
      }
    }, (error: unknown) => {
      console.error('data import failed', error);
      endJob(job, 'Falhou', IMPORT_MESSAGES.batchFailed(1, plan.total + 1));
    });
    return jobStatus(job);
  },

  importStatus: ({ caller, body }) => {
    const job = findJob(body.id_importacao, caller.id_organization, caller.id_filial);
    if (!job) throw notFound();
    return Promise.resolve(jobStatus(job));
  },
} satisfies Partial<Handlers>;
