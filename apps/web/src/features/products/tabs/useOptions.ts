/** Options of a searchable select read from the server as the user types (a quarter second after the last key). */
import { useEffect, useState } from 'react';
import type { ResultOf } from '@pdv/contract/routes';
import { call } from '../../../api/client.ts';

type OptionRoute = 'productSupplierOptions' | 'productFiscalScenarioOptions' | 'productKitOptions';

export function useOptions<N extends OptionRoute>(name: N, search: string): ResultOf<N>['rows'] {
  const [rows, setRows] = useState<ResultOf<N>['rows']>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      // The three option routes share the body { search }; the generic name needs the cast.
      (call as (n: OptionRoute, body: { search: string }, o: { loading: boolean }) => Promise<ResultOf<N>>)(name, { search }, { loading: false })
        .then((res) => live && setRows(res.rows))
        .catch(() => live && setRows([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [name, search]);
  return rows;
}
