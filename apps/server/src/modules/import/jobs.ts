/**
 * The import jobs of this server process: each one's progress (rows done / total) and error report, read by
 * POST /data-import/status of the same organization and branch. Kept in memory for an hour after it ends: a job is
 * the life of one upload, not a record (a second API node would need them in a table; see docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import type { ImportJobStatus } from '@pdv/contract/import';
import type { ImportKind, ImportRowError } from '@pdv/domain/import-rules';

export interface ImportJob extends ImportJobStatus {
  org: number;
  id_filial: number;
  ended: number | null;
}

const KEEP_MS = 60 * 60 * 1000;
const jobs = new Map<string, ImportJob>();

function sweep(now: number): void {
  for (const [id, job] of jobs) if (job.ended !== null && now - job.ended > KEEP_MS) jobs.delete(id);
}

export function createJob(org: number, id_filial: number, tipo: ImportKind, nome_arquivo: string, total: number): ImportJob {
  sweep(Date.now());
  const job: ImportJob = {
    id_importacao: randomUUID(), tipo, nome_arquivo, situacao: 'Processando', total, processadas: 0, gravadas: 0, erros: [],
    mensagem: null, org, id_filial, ended: null,
  };
  jobs.set(job.id_importacao, job);
  return job;
}

/** The job, only for its own organization and branch. */
export function findJob(id: string, org: number, id_filial: number): ImportJob | undefined {
  const job = jobs.get(id);
  return job && job.org === org && job.id_filial === id_filial ? job : undefined;
}

export function addErrors(job: ImportJob, errors: readonly ImportRowError[]): void {
  for (const e of errors) job.erros.push(e);
}

export function endJob(job: ImportJob, situacao: 'Concluida' | 'Falhou', mensagem: string | null = null): void {
  job.situacao = situacao;
  job.mensagem = mensagem;
  job.ended = Date.now();
  if (situacao === 'Concluida') job.processadas = job.total;
}

/** What the status route answers (the job without its keys). */
export function jobStatus(job: ImportJob): ImportJobStatus {
  const { org: _org, id_filial: _filial, ended: _ended, ...status } = job;
  return { ...status, erros: [...status.erros].sort((a, b) => a.linha - b.linha) };
}
