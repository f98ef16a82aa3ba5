import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api/errors.ts';
import { showError } from './ui/showError.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** silent: the caller shows (or deliberately hides) the failure itself. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Only a lost connection or an unavailable server may answer differently on retry; an error answer will not. */
const TRANSIENT_STATUS = new Set([502, 503, 504]);
function shouldRetry(failures: number, error: unknown): boolean {
  if (!isApiError(error)) return false;
  return failures < 2 && (error.kind === 'network' || TRANSIENT_STATUS.has(error.status));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) showError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
