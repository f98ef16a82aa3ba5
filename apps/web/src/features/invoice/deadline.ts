/** The deadline of a document in contingency, as the list shows it: 'vence em 3 h 20 min' or 'vencido há 2 h'. */
export interface Deadline {
  text: string;
  overdue: boolean;
  /** Less than 2 hours left. */
  soon: boolean;
}

const MINUTE = 60_000;

function span(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${Math.max(rest, 1)} min`;
}

export function deadlineOf(prazo: string | null, now: Date): Deadline | null {
  if (!prazo) return null;
  const at = new Date(prazo).getTime();
  if (Number.isNaN(at)) return null;
  const left = at - now.getTime();
  if (left <= 0) return { text: `vencido há ${span(-left)}`, overdue: true, soon: false };
  return { text: `vence em ${span(left)}`, overdue: false, soon: left < 2 * 60 * MINUTE };
}
