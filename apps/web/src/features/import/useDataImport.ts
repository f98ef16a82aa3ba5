/**
 * The state of the data import screen (002 §2 /dataImport): the chosen kind and file, its preview (header, first
 * rows, fields, mapping matched by header name on the server), the mapping as the user changes it, and the job
 * started from it, polled every half second until it ends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportJobStatus, ImportPreviewResult } from '@pdv/contract/import';
import type { ImportKind } from '@pdv/domain/import-rules';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { fileToBase64 } from '../branch/files.ts';

const POLL_MS = 500;

export interface DataImport {
  kind: ImportKind;
  setKind: (kind: ImportKind) => void;
  file: File | null;
  chooseFile: (file: File | null) => void;
  preview: ImportPreviewResult | null;
  mapping: Record<string, number | null>;
  setColumn: (campo: string, index: number | null) => void;
  start: () => void;
  job: ImportJobStatus | null;
  busy: boolean;
  error: { text: string; details: string[] } | null;
}

export function useDataImport(): DataImport {
  const [kind, setKindState] = useState<ImportKind>('produto');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResult | null>(null);
  const [mapping, setMapping] = useState<Record<string, number | null>>({});
  const [job, setJob] = useState<ImportJobStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<DataImport['error']>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const load = useCallback(async (tipo: ImportKind, chosen: File | null) => {
    setPreview(null);
    setJob(null);
    setError(null);
    setContent(null);
    if (!chosen) return;
    setBusy(true);
    try {
      const base64 = await fileToBase64(chosen);
      const res = await call('importPreview', { tipo, nome_arquivo: chosen.name, conteudo_base64: base64 });
      setContent(base64);
      setPreview(res);
      setMapping(res.mapeamento);
    } catch (e) {
      setError(errorDisplayOf(e));
    } finally {
      setBusy(false);
    }
  }, []);

  /** Reads the job's status every POLL_MS until it ends (or the screen is left). */
  const follow = useCallback(async (id: string) => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (!alive.current) return;
      const status = await call('importStatus', { id_importacao: id }, { loading: false });
      if (!alive.current) return;
      setJob(status);
      if (status.situacao !== 'Processando') return;
    }
  }, []);

  return {
    kind,
    setKind: (next) => {
      setKindState(next);
      void load(next, file);
    },
    file,
    chooseFile: (chosen) => {
      setFile(chosen);
      void load(kind, chosen);
    },
    preview,
    mapping,
    setColumn: (campo, index) => setMapping((m) => ({ ...m, [campo]: index })),
    start: () => {
      if (!file || !content || busy) return;
      setBusy(true);
      setError(null);
      void call('importStart', { tipo: kind, nome_arquivo: file.name, conteudo_base64: content, mapeamento: mapping })
        .then((status) => {
          setJob(status);
          return status.situacao === 'Processando' ? follow(status.id_importacao) : undefined;
        })
        .catch((e: unknown) => setError(errorDisplayOf(e)))
        .finally(() => setBusy(false));
    },
    job,
    busy,
    error,
  };
}
