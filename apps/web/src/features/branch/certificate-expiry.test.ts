import { describe, expect, it } from 'vitest';
import { certificateExpiry, expiryWarning } from './certificate-expiry.ts';

const now = new Date('2026-11-27T12:00:00Z');

describe('certificateExpiry', () => {
  it('shows the date as dd/mm/aaaa in Brasília time', () => {
    expect(certificateExpiry('2027-03-01T02:00:00Z', now).date).toBe('28/02/2027');
    expect(certificateExpiry('2027-03-01T12:00:00Z', now).date).toBe('01/03/2027');
  });

  it('warns within 30 days, and says when it has expired', () => {
    const far = certificateExpiry('2027-06-01T00:00:00Z', now);
    expect(far.state).toBe('ok');
    expect(expiryWarning(far)).toBeNull();
    const soon = certificateExpiry('2026-12-17T13:00:00Z', now);
    expect(soon).toMatchObject({ state: 'soon', daysLeft: 20 });
    expect(expiryWarning(soon)).toBe('O certificado vence em 20 dia(s): renove-o para continuar emitindo notas fiscais.');
    expect(certificateExpiry('2026-12-27T11:00:00Z', now).state).toBe('soon');
    expect(certificateExpiry('2026-12-27T13:00:00Z', now).state).toBe('ok');
    const gone = certificateExpiry('2026-11-20T12:00:00Z', now);
    expect(gone.state).toBe('expired');
    expect(expiryWarning(gone)).toBe('Certificado vencido em 20/11/2026: a emissão de notas fiscais está bloqueada.');
  });
});
