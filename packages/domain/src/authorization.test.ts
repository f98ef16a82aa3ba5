import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_MESSAGES, AUTHORIZATION_WINDOW_MS, grantUseError, type GrantFacts } from './authorization.ts';
import { SUPERVISOR_PERMISSIONS } from './permissions.ts';

const now = Date.parse('2026-01-10T12:00:00Z');
const grant = (over: Partial<GrantFacts> = {}): GrantFacts => ({
  situacao: 'Autorizada', permissao: SUPERVISOR_PERMISSIONS.managerCredit, id_usuario_solicitacao: 7, data_autorizacao: now - 60_000, ...over,
});

describe('grantUseError', () => {
  it('lets the requester spend a recent grant of the named permission', () => {
    expect(grantUseError(grant(), 7, SUPERVISOR_PERMISSIONS.managerCredit, now)).toBeNull();
  });
  it('refuses a grant already used, cancelled or only asked for', () => {
    for (const situacao of ['Utilizada', 'Cancelada', 'Pendente']) {
      expect(grantUseError(grant({ situacao }), 7, SUPERVISOR_PERMISSIONS.managerCredit, now)).toBe(AUTHORIZATION_MESSAGES.notGranted);
    }
  });
  it('refuses a grant of another permission or asked by another user', () => {
    expect(grantUseError(grant(), 7, SUPERVISOR_PERMISSIONS.creditLimit, now)).toBe(AUTHORIZATION_MESSAGES.otherPermission);
    expect(grantUseError(grant(), 8, SUPERVISOR_PERMISSIONS.managerCredit, now)).toBe(AUTHORIZATION_MESSAGES.otherRequester);
  });
  it('refuses a grant older than the window', () => {
    const edge = grant({ data_autorizacao: now - AUTHORIZATION_WINDOW_MS });
    expect(grantUseError(edge, 7, SUPERVISOR_PERMISSIONS.managerCredit, now)).toBeNull();
    const old = grant({ data_autorizacao: now - AUTHORIZATION_WINDOW_MS - 1 });
    expect(grantUseError(old, 7, SUPERVISOR_PERMISSIONS.managerCredit, now)).toBe(AUTHORIZATION_MESSAGES.expired);
  });
});
