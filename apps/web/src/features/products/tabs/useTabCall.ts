/**
 * What every product tab does with its routes: load its data when the product changes, run an action with the
 * buttons disabled meanwhile, say the server's refusal beside the tab (pt-BR, from the answer) and a success in a
 * toast.
 */
import { useCallback, useEffect, useState } from 'react';
import type { BodyOf, ResultOf, RouteName } from '@pdv/contract/routes';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { toast } from '../../../ui/toast.ts';

/** The server's refusal as one sentence: the contract's 'campo: mensagem' without the field's name (ours say it). */
export function refusal(e: unknown): string {
  return errorDisplayOf(e).text.replace(/^[\w.]+: /, '');
}

export function useTabCall<N extends RouteName>(name: N, body: BodyOf<N>, key: string) {
  const [data, setData] = useState<ResultOf<N> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    call(name, body, { loading: false })
      .then((res) => live && setData(res))
      .catch((e: unknown) => live && setError(refusal(e)));
    return () => {
      live = false;
    };
    // `key` stands for the body (a new product or filter): the body object itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, key, version]);

  /** Runs a call whose answer is the tab's new data (or reloads when it is not), then says `done`. */
  const run = useCallback(async <R,>(action: () => Promise<R>, done: string | null, apply?: (r: R) => ResultOf<N> | null): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      const next = apply ? apply(result) : null;
      if (next) setData(next);
      else setVersion((v) => v + 1);
      if (done) toast.success(done);
      return true;
    } catch (e) {
      setError(refusal(e));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { data, setData, error, setError, busy, run, reload: () => setVersion((v) => v + 1) };
}
