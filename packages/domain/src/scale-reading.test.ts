import { describe, expect, it } from 'vitest';
import { parseScaleAnswer, SCALE_MESSAGES } from './scale-reading.ts';

const answer = (body: string) => Uint8Array.from([0x02, ...Buffer.from(body), 0x03]);

describe('the checkout scale answer (STX weight ETX)', () => {
  it('reads five or six digits as grams, and waits for a complete answer', () => {
    expect(parseScaleAnswer(answer('01250'))).toEqual({ ok: true, gramas: 1250 });
    expect(parseScaleAnswer(answer('015000'))).toEqual({ ok: true, gramas: 15000 });
    expect(parseScaleAnswer(Uint8Array.from([0x02, 0x30, 0x31]))).toBeNull();
    // Noise before the answer and an earlier answer: the last complete one counts.
    expect(parseScaleAnswer(Uint8Array.from([0x00, ...answer('IIIII'), ...answer('00990')]))).toEqual({ ok: true, gramas: 990 });
  });

  it('tells an unstable, negative, overloaded, empty or unknown reading', () => {
    expect(parseScaleAnswer(answer('IIIII'))).toEqual({ ok: false, message: SCALE_MESSAGES.unstable });
    expect(parseScaleAnswer(answer('NNNNN'))).toEqual({ ok: false, message: SCALE_MESSAGES.negative });
    expect(parseScaleAnswer(answer('SSSSS'))).toEqual({ ok: false, message: SCALE_MESSAGES.overload });
    expect(parseScaleAnswer(answer('00000'))).toEqual({ ok: false, message: SCALE_MESSAGES.zero });
    expect(parseScaleAnswer(answer('12a45'))).toEqual({ ok: false, message: SCALE_MESSAGES.unreadable });
  });
});
