import { describe, expect, it } from 'vitest';
import { LOCAL_DATABASE_VERSION } from '@pdv/domain/constants';
import { compareVersion } from './version.ts';

describe('compareVersion', () => {
  it('matches when the last segment of the server version is the local database version', () => {
    expect(compareVersion(`0.1.0.${LOCAL_DATABASE_VERSION}`)).toBe('match');
  });

  it('reports a mismatch when the server expects another local database version', () => {
    expect(compareVersion('0.1.0.41', 40)).toBe('mismatch');
  });

  it('is unknown without a version or with a last segment that is not a number', () => {
    expect(compareVersion(null)).toBe('unknown');
    expect(compareVersion('0.1.0.beta')).toBe('unknown');
  });
});
