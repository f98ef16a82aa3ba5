/**
 * Printing through the shop's local connector (000 §7.5, §8 Printing; 001 §3 Peripheral and device, §7 Local print
 * service, §8 Connector): what both the web app and the connector (apps/connector) agree on.
 *
 * - The web app keeps, per branch on this machine, the peripheral chosen for each kind (001 §3: stored locally under
 *   the keys sat, impressora_etiqueta, balanca_pdv, impressora_a4, impressora_comprovante, pos) with its device's
 *   address and port, and POSTs /impressao there {dispositivo, id_periferico, tipo_impressao, data_base64, commmand}
 *   (the contract's spelling) with a 30 s time-out (000 §9).
 * - The connector answers {Codigo, Mensagem}: Codigo 0 is success ('Requisição de impressão criada com sucesso!',
 *   001 §8); 1 to 4 are the printing messages of 000 §8; 999 carries the connector's own message (001 §8: "code 999
 *   means the connector's own message"), e.g. a printer that did not answer.
 * - A connector that cannot be reached is 'Não foi possível comunicar com o ModerConnect.' (001 §8, the product name
 *   spelled so); the web app then opens the PDF instead (000 §8).
 */

export const PRINT_MESSAGES = {
  /** 000 §8 Printing, verbatim: the request names no printer, or one this connector does not know. */
  printerNotSet: 'Impressora padrão não informada.',
  /** 000 §8 Printing, verbatim: tipo_impressao is not one the connector prints. */
  printKindUnknown: 'Tipo de impressora não localizada.',
  /** 000 §8 Printing, verbatim: the peripheral's configuration names no driver the connector has. */
  printerTypeMissing: 'Não foi possível localizar o tipo da impressora.',
  /** 000 §8 Printing, verbatim: data_base64 is empty or not base64. */
  fileMissing: 'Não foi possível localizar o arquivo para impressão.',
  /** 001 §8 Connector, verbatim ("ModerConnect" is the connector's product name in the spec). */
  unreachable: 'Não foi possível comunicar com o ModerConnect.',
  /** 001 §8 Success messages, verbatim. */
  requested: 'Requisição de impressão criada com sucesso!',
  /** Our own, shown with the PDF the web app opens instead when the connector refused the job. */
  openedPdf: 'O PDF foi aberto para impressão.',
  /** Our own (code 999): the request is for another device than the one this connector serves. */
  otherDevice: (mine: number, asked: number) => `Este conector atende o dispositivo ${mine}, não o ${asked}.`,
  /** Our own (code 999): the printer did not take the whole job within the time-out. */
  timedOut: (printer: string, seconds: number) => `A impressora ${printer} não respondeu em ${seconds} s.`,
  /** Our own (code 999): the printer or the spooler refused the job. */
  printerFailed: (printer: string, reason: string) => `Falha ao imprimir em ${printer}: ${reason}`,
} as const;

/** The connector's answer codes (001 §8: 999 is the connector's own message). */
export const PRINT_CODES = {
  ok: 0,
  printerNotSet: 1,
  printKindUnknown: 2,
  printerTypeMissing: 3,
  fileMissing: 4,
  own: 999,
} as const;

/** 000 §9 "Print service time-out": 30 s. */
export const PRINT_TIMEOUT_MS = 30_000;

/**
 * What a job is (tipo_impressao, text):
 * - comprovante: the 80 mm receipt as plain text (UTF-8); the connector makes ESC/POS of it (code page, cut, and the
 *   drawer kick when commmand asks for it);
 * - escpos: ESC/POS bytes made elsewhere, sent as they are;
 * - zpl, epl: a thermal label printer's commands (a label model's codigo_fonte filled with the items);
 * - pdf: an A4 PDF, for a CUPS queue (or a spool folder).
 */
export const PRINT_KINDS = ['comprovante', 'escpos', 'zpl', 'epl', 'pdf'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** commmand words (space separated): 'gaveta' opens the cash drawer after the receipt, 'sem_corte' leaves it uncut. */
export const PRINT_COMMANDS = ['gaveta', 'sem_corte'] as const;
export type PrintCommand = (typeof PRINT_COMMANDS)[number];

export function printCommands(commmand: string | null | undefined): Set<PrintCommand> {
  const words = (commmand ?? '').toLowerCase().split(/[\s,;]+/);
  return new Set(PRINT_COMMANDS.filter((c) => words.includes(c)));
}

/** 001 §3: the keys the per-branch peripheral choice is stored under, by peripheral kind (002 §3 tipo). */
export const PERIPHERAL_KEYS = {
  Sat: 'sat',
  ImpressoraEtiqueta: 'impressora_etiqueta',
  Balanca: 'balanca_pdv',
  ImpressoraA4: 'impressora_a4',
  ImpressoraComprovante: 'impressora_comprovante',
  POS: 'pos',
} as const;
export type PeripheralKind = keyof typeof PERIPHERAL_KEYS;
export type PeripheralKey = (typeof PERIPHERAL_KEYS)[PeripheralKind];

/** The connector's answer read by the web app: success, or the message to show (the PDF opens instead). */
export function printOutcome(answer: { Codigo?: unknown; Mensagem?: unknown } | null): { ok: true } | { ok: false; message: string } {
  if (answer === null || typeof answer.Codigo !== 'number') return { ok: false, message: PRINT_MESSAGES.unreachable };
  if (answer.Codigo === PRINT_CODES.ok) return { ok: true };
  const text = typeof answer.Mensagem === 'string' && answer.Mensagem.trim() !== '' ? answer.Mensagem : PRINT_MESSAGES.unreachable;
  return { ok: false, message: text };
}

/** 002 §3 imprimir_duas_vias_tef: a receipt with a card paid through capture (TEF) prints twice when the branch asks. */
export function receiptCopies(config: { imprimir_duas_vias_tef?: unknown } | null | undefined, paidByTef: boolean): number {
  return paidByTef && config?.imprimir_duas_vias_tef === true ? 2 : 1;
}
