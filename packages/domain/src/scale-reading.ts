/**
 * Reading the checkout scale (balanca_pdv, 001 §3 / 002 §3) through the local connector: the protocol most Brazilian
 * checkout scales speak on their serial port (Toledo Prix and Filizola's "protocolo de comunicação PDV"): the PC sends
 * ENQ (0x05); the scale answers STX (0x02), the weight as five or six digits in grams, ETX (0x03). Instead of digits the
 * scale sends IIIII while the weight is unstable, NNNNN for a negative weight and SSSSS above its capacity.
 * The weight is answered in thousandths of a kilogram (the domain's quantity unit).
 */

export const SCALE_MESSAGES = {
  unstable: 'Peso instável. Aguarde a balança estabilizar.',
  negative: 'Peso negativo. Verifique a tara da balança.',
  overload: 'Peso acima da capacidade da balança.',
  unreadable: 'Resposta da balança não reconhecida.',
  zero: 'Nenhum peso na balança.',
  read: 'Peso lido.',
} as const;

export const SCALE_ENQ = 0x05;
export const SCALE_STX = 0x02;
export const SCALE_ETX = 0x03;

export type ScaleReading = { ok: true; gramas: number } | { ok: false; message: string };

/**
 * The last complete answer (STX ... ETX) in the bytes read so far; null while none is complete. A weight of zero is
 * refused: a weighed product is never sold by an empty scale.
 */
export function parseScaleAnswer(bytes: Uint8Array): ScaleReading | null {
  const end = bytes.lastIndexOf(SCALE_ETX);
  if (end < 0) return null;
  const start = bytes.lastIndexOf(SCALE_STX, end);
  if (start < 0) return null;
  const body = String.fromCharCode(...bytes.subarray(start + 1, end)).trim();
  if (/^I+$/i.test(body)) return { ok: false, message: SCALE_MESSAGES.unstable };
  if (/^N+$/i.test(body)) return { ok: false, message: SCALE_MESSAGES.negative };
  if (/^S+$/i.test(body)) return { ok: false, message: SCALE_MESSAGES.overload };
  if (!/^\d{5,6}$/.test(body)) return { ok: false, message: SCALE_MESSAGES.unreadable };
  const gramas = Number(body);
  return gramas === 0 ? { ok: false, message: SCALE_MESSAGES.zero } : { ok: true, gramas };
}
