import { useQuery } from '@tanstack/react-query';
import { VERSION_COOKIE_MAX_AGE_S } from '@pdv/domain/constants';
import { call } from '../../api/client.ts';
import { readCookie, writeCookie } from '../../ui/cookies.ts';
import { VERSION_COOKIE, compareVersion, type VersionComparison } from './version.ts';

export interface VersionState {
  /** The server version, fresh or (offline) the one kept in the cookie. */
  version: string | null;
  comparison: VersionComparison;
}

/** Asks the server its version once per session start and keeps it in the version cookie. */
export function useVersionCheck(): VersionState {
  const query = useQuery({
    queryKey: ['sys-main', 'version'],
    queryFn: async ({ signal }) => {
      const { version } = await call('version', {}, { loading: false, signal });
      writeCookie(VERSION_COOKIE, version, VERSION_COOKIE_MAX_AGE_S);
      return version;
    },
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  const version = query.data ?? readCookie(VERSION_COOKIE);
  return { version, comparison: compareVersion(version) };
}
