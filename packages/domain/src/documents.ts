/** CPF and CNPJ check digits (Receita Federal mod-11), ready for the alphanumeric CNPJ (IN RFB 2.229/2024). */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function mod11Digit(values: number[], weights: number[]): number {
  let sum = 0;
  values.forEach((v, i) => {
    sum += v * (weights[i] ?? 0);
  });
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of the first 9 digits of a CPF. */
export function cpfCheckDigits(base9: string): string {
  const nums = [...onlyDigits(base9)].map(Number);
  if (nums.length !== 9) throw new RangeError(`base de CPF inválida: ${base9}`);
  const d1 = mod11Digit(nums, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit([...nums, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${d1}${d2}`;
}

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  const d1 = mod11Digit(nums.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11Digit(nums.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return d1 === nums[9] && d2 === nums[10];
}

const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Value of a CNPJ character: digits and (alphanumeric CNPJ) upper-case letters as ASCII code minus 48. */
function cnpjValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

export function normalizeCnpj(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The two check digits of the first 12 characters of a CNPJ (numeric or alphanumeric). */
export function cnpjCheckDigits(base12: string): string {
  const values = [...normalizeCnpj(base12)].map(cnpjValue);
  const d1 = mod11Digit(values, CNPJ_W1);
  const d2 = mod11Digit([...values, d1], CNPJ_W2);
  return `${d1}${d2}`;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

export function formatCpf(value: string): string {
  const d = onlyDigits(value);
  if (d.length !== 11) return value;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * A CPF (000.000.000-00) or a CNPJ, numeric or alphanumeric (00.000.000/0000-00), with its mask, told apart by length;
 * anything else as it came.
 */
export function formatCpfCnpj(value: string): string {
  const trimmed = value.trim();
  if (/^[\d.\-\s]+$/.test(trimmed) && onlyDigits(trimmed).length === 11) return formatCpf(trimmed);
  if (/^[0-9A-Z]{12}\d{2}$/.test(normalizeCnpj(trimmed))) return formatCnpj(trimmed);
  return value;
}
