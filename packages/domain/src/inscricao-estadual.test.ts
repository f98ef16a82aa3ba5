import { describe, expect, it } from 'vitest';
import { IE_UFS, isValidIe, normalizeIe } from './inscricao-estadual.ts';

// Valid registration numbers per state, from public examples.
const VALID: Record<string, string[]> = {
  MA: ['120000385', '122409892', '12.104.376-2'],
  PI: ['012345679', '19.301.656-7', '19.000.252-2'],
  CE: ['06.000001-5', '06.687526-9', '06.664935-8', '06.678895-1'],
  RN: ['20.040.040-1', '20.0.040.040-0', '200174789', '200169254'],
  PB: ['06000001-5'],
  PE: ['0192310-24', '0321418-40', '046.0814-37', '008394423'],
  AL: ['240000048', '242258174'],
  SE: ['27123456-3'],
  BA: ['123456-63', '612345-57', '1000003-06', '70416735'],
  RO: ['101.62521-3', '0000000062521-3', '00000003836321'],
  AC: ['01.004.823/001-12', '01.010.382/001-68', '01.004.528/001-84', '01.005.876/001-32'],
  AM: ['041458710', '041416988', '041142403', '041278739'],
  RR: ['24006628-1', '24001755-6', '24003429-0', '24001360-3'],
  PA: ['15.207.186-5', '15.230.079-1', '15.230.078-3', '15.219.696-0'],
  AP: ['030123459', '03.002547-3', '03.015599-7', '03.031671-5'],
  TO: ['29 01 022783 6', '29.378.201-6', '29.394.049-5', '29.384.078-4'],
  PR: ['123.45678-50', '70.122.155-97', '9035949183', '1018507656'],
  SC: ['255.422.385', '251.040.852', '253.141.052', '254.355.439'],
  RS: ['024/0440013', '096/2514500', '153/0153554', '100.0270545'],
  MG: ['0629566160029', '1940518120024', '0620807250006', '0627754310057'],
  ES: ['082.560.67-6', '082.545.72-3', '082.504.58-0', '080.634.73-7'],
  RJ: ['78527323', '78368870', '10.008.689', '82.879.781'],
  SP: ['114.814.878.119', '635.391.508.115', '146.271.230.118', '210.148.387.119'],
  MS: ['282757961', '283278277', '283240784', '283380098'],
  MT: ['13.183.780-0', '13.236.716-5', '13.222.424-0', '13.379.539-0'],
  GO: ['103010068', '100549365', '102082073', '100395961'],
  DF: ['07.401.321/001-03', '0745770500212', '0740815100160', '0732466700167'],
};

// More valid numbers, each computed by hand from its state's rule (see inscricao-estadual.ts):
const COMPUTED: Record<string, string[]> = {
  // 10987654: 1×9 + 9×7 + 8×6 + 7×5 + 6×4 + 5×3 + 4×2 = 202; 202 mod 11 = 4; 11 − 4 = 7.
  GO: ['10.987.654-7'],
  // 9999999 × 2,7,6,5,4,3,2 = 9 × 29 = 261; 261 mod 11 = 8; 11 − 8 = 3.
  RJ: ['99.999.99-3'],
  // 0013000001 × 3,2,9,8,7,6,5,4,3,2 = 1×9 + 3×8 + 1×2 = 35; 35 mod 11 = 2; 11 − 2 = 9.
  MT: ['0013000001-9'],
  // 9th: 11004249 × 1,3,4,5,6,7,8,10 = 1+3+24+14+32+90 = 164; 164 mod 11 = 10 → 0.
  // 12th: 11004249011 × 3,2,10,9,8,7,6,5,4,3,2 = 3+2+32+14+24+45+3+2 = 125; 125 mod 11 = 4.
  SP: ['110.042.490.114'],
  // 1st: 062·0·30790400 × 1,2,1,2,... → digits of the products 0+3+2+0+3+0+7+9+0+8+0+0 = 32 → 40 − 32 = 8.
  // 2nd: 062307904008 × 3,2,11,10,9,8,7,6,5,4,3,2 = 219; 219 mod 11 = 10; 11 − 10 = 1.
  MG: ['062.307.904/0081'],
  // The former CACEPE number: 1810010000004 × 5,4,3,2,1,9,8,7,6,5,4,3,2 = 5+32+3+9+8 = 57; 57 mod 11 = 2; 11 − 2 = 9.
  PE: ['18.1.001.0000004-9'],
};
for (const [uf, list] of Object.entries(COMPUTED)) VALID[uf] = [...(VALID[uf] ?? []), ...list];

/** The same number with its last digit changed. */
const mutated = (ie: string) => {
  const v = normalizeIe(ie);
  return v.slice(0, -1) + String((Number(v.slice(-1)) + 1) % 10);
};

describe('isValidIe', () => {
  it('has a rule for each of the 27 states', () => {
    expect(IE_UFS.sort()).toEqual(Object.keys(VALID).sort());
  });

  for (const [uf, list] of Object.entries(VALID)) {
    it(`accepts valid ${uf} numbers, punctuated or not, and refuses them with a wrong check digit`, () => {
      for (const ie of list) {
        expect(isValidIe(ie, uf), ie).toBe(true);
        expect(isValidIe(normalizeIe(ie), uf.toLowerCase()), ie).toBe(true);
        expect(isValidIe(mutated(ie), uf), `${ie} mutated`).toBe(false);
      }
    });
  }

  it("refuses another state's number, letters, and an unknown state; accepts ISENTO", () => {
    expect(isValidIe('114.814.878.119', 'MG')).toBe(false);
    expect(isValidIe('12345678A', 'SC')).toBe(false);
    expect(isValidIe('255.422.385', 'XX')).toBe(false);
    expect(isValidIe('isento', 'RJ')).toBe(true);
    // São Paulo's rural producer: P, 8 digits, the check digit, 3 digits.
    expect(isValidIe('P-01100424.3/002', 'SP')).toBe(true);
    expect(isValidIe('P-01100424.4/002', 'SP')).toBe(false);
  });
});
