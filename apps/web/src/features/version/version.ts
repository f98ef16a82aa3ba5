/**
 * Version handling (002 §4): the local database version is compared with the last segment of the server version;
 * the server version is kept in a cookie for 31 days. The sync engine drops the local copy on a mismatch
 * (features/sync/localData.ts, checkLocalVersion).
 */
import { LOCAL_DATABASE_VERSION, localVersionOf } from '@pdv/domain/constants';

export const VERSION_COOKIE = 'pdv_versao';

export type VersionComparison = 'match' | 'mismatch' | 'unknown';

export function compareVersion(
  serverVersion: string | null | undefined,
  local = LOCAL_DATABASE_VERSION,
): VersionComparison {
  if (!serverVersion) return 'unknown';
  const remote = localVersionOf(serverVersion);
  if (remote === null) return 'unknown';
  return remote === local ? 'match' : 'mismatch';
}
