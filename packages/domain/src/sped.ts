/**
 * EFD ICMS/IPI of a branch and month (issue 32, 002 §2 "fiscal management SPED"): the messages of the route and the
 * screen, and the month's rules (a month is yyyy-mm, not after the current one).
 */
export const SPED_MESSAGES = {
  monthInvalid: 'Informe o mês no formato AAAA-MM.',
  monthFuture: 'O mês do SPED não pode ser posterior ao mês atual.',
  branchInvalid: 'Filial inválida para o SPED: escolha uma filial à qual você tem acesso.',
  branchIncomplete: (what: string) => `Complete o cadastro da filial antes de gerar o SPED: ${what}.`,
  accountantMissing: 'Cadastre o contador (pessoa marcada como contador, com CPF e CRC) antes de gerar o SPED.',
  profileMissing: 'Informe o perfil do SPED (A, B ou C) na configuração da filial.',
  generated: 'Arquivo do SPED gerado.',
} as const;

/** First and last day (yyyy-mm-dd) of a yyyy-mm month; null when it is not one. */
export function spedMonthRange(mes: string): { inicio: string; fim: string } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(mes);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return { inicio: `${m[1]}-${m[2]}-01`, fim: `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}` };
}

/** Whether a yyyy-mm month comes after the month of `today` (yyyy-mm-dd). */
export function spedMonthIsFuture(mes: string, today: string): boolean {
  return mes > today.slice(0, 7);
}
