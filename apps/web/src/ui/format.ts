/** pt-BR display helpers for the list screens. (Candidates for packages/domain's formatters.) */

export function formatCnpj(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 14) return value;
  return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('pt-BR');
}

export function yesNo(value: boolean): string {
  return value ? 'Sim' : 'Não';
}

export function countLabel(count: number): string {
  return count === 1 ? '1 registro' : `${count.toLocaleString('pt-BR')} registros`;
}
