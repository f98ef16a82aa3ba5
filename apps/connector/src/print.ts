/**
 * One /impressao job (000 §7.5, 001 §7 Local print service): the body checked with the contract's schema, the
 * peripheral looked up in this device's configuration, the bytes made for its language (a receipt's text becomes
 * ESC/POS; ZPL, EPL, ESC/POS and PDF go as they are) and delivered within the time-out. The answer is {Codigo,
 * Mensagem} with the spec's messages (packages/domain print-connector.ts); a driver's failure is code 999 with this
 * connector's own message. The job's content is never logged nor kept: a receipt may carry card data.
 */
import { printRequest, type PrintAnswer } from '@pdv/contract/connector';
import { PRINT_CODES, PRINT_MESSAGES, printCommands, type PrintKind } from '@pdv/domain/print-connector';
import { isDriverConfig, type ConnectorConfig } from './config.ts';
import { deliver, targetOf } from './drivers.ts';
import { escposReceipt } from './escpos.ts';
import { escposRaster, isPdf, renderPdfBitmaps } from './raster.ts';
import type { PeripheralConfig } from './config.ts';
import { openSerialPort, type OpenSerial } from './serial.ts';

export interface PrintResult {
  status: number;
  answer: PrintAnswer;
  /** What the log line says of the job (no content). */
  log: Record<string, unknown>;
}

const CODE_OF: Record<string, number> = {
  [PRINT_MESSAGES.printerNotSet]: PRINT_CODES.printerNotSet,
  [PRINT_MESSAGES.printKindUnknown]: PRINT_CODES.printKindUnknown,
  [PRINT_MESSAGES.fileMissing]: PRINT_CODES.fileMissing,
};

const refuse = (status: number, Codigo: number, Mensagem: string, log: Record<string, unknown> = {}): PrintResult =>
  ({ status, answer: { Codigo, Mensagem }, log: { ...log, Codigo, Mensagem } });

/** The bytes the printer receives for a job of this kind. */
export function printerBytes(kind: PrintKind, data: Buffer, commmand: string | null | undefined): Buffer {
  if (kind !== 'comprovante') return data;
  const words = printCommands(commmand);
  return escposReceipt(data.toString('utf8'), { cut: !words.has('sem_corte'), drawer: words.has('gaveta') });
}

/**
 * The bytes for this peripheral: a printer set to raster mode prints a PDF (tipo 'pdf', or a 'comprovante' whose data
 * is a PDF) as an image (raster.ts); anything else as printerBytes says.
 */
export async function peripheralBytes(p: PeripheralConfig, kind: PrintKind, data: Buffer, commmand: string | null | undefined, signal?: AbortSignal): Promise<Buffer> {
  if (p.modo === 'raster' && (kind === 'pdf' || kind === 'comprovante') && isPdf(data)) {
    const words = printCommands(commmand);
    return escposRaster(await renderPdfBitmaps(data, p.largura_pontos, signal), { cut: !words.has('sem_corte'), drawer: words.has('gaveta') });
  }
  return printerBytes(kind, data, commmand);
}

export async function print(config: ConnectorConfig, body: unknown, openSerial: OpenSerial = openSerialPort): Promise<PrintResult> {
  const parsed = printRequest.safeParse(body);
  if (!parsed.success) {
    // The first problem, in the order of the contract's fields: the printer, the kind, the file.
    const message = parsed.error.issues.map((i) => i.message).find((m) => CODE_OF[m] !== undefined) ?? PRINT_MESSAGES.fileMissing;
    return refuse(400, CODE_OF[message] ?? PRINT_CODES.fileMissing, message);
  }
  const job = parsed.data;
  const base = { dispositivo: job.dispositivo, id_periferico: job.id_periferico, tipo_impressao: job.tipo_impressao };
  if (config.dispositivo !== undefined && job.dispositivo !== config.dispositivo) {
    return refuse(400, PRINT_CODES.own, PRINT_MESSAGES.otherDevice(config.dispositivo, job.dispositivo), base);
  }
  const peripheral = config.perifericos.find((p) => p.id_periferico === job.id_periferico);
  if (!peripheral) return refuse(404, PRINT_CODES.printerNotSet, PRINT_MESSAGES.printerNotSet, base);
  if (!isDriverConfig(peripheral)) return refuse(400, PRINT_CODES.printerTypeMissing, PRINT_MESSAGES.printerTypeMissing, base);
  const data = Buffer.from(job.data_base64, 'base64');
  if (data.length === 0) return refuse(400, PRINT_CODES.fileMissing, PRINT_MESSAGES.fileMissing, base);

  const target = targetOf(peripheral);
  const log: Record<string, unknown> = { ...base, driver: peripheral.driver, impressora: target, modo: peripheral.modo };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.tempo_limite_ms);
  try {
    await Promise.race([
      (async () => {
        const bytes = await peripheralBytes(peripheral, job.tipo_impressao, data, job.commmand, controller.signal);
        log['bytes'] = bytes.length;
        await deliver(peripheral, { bytes, kind: job.tipo_impressao, signal: controller.signal, lp: config.lp, openSerial });
      })(),
      new Promise<never>((_, fail) => controller.signal.addEventListener('abort', () => fail(new TimeoutError()), { once: true })),
    ]);
  } catch (error) {
    const message = error instanceof TimeoutError
      ? PRINT_MESSAGES.timedOut(target, Math.round(config.tempo_limite_ms / 1000))
      : PRINT_MESSAGES.printerFailed(target, error instanceof Error ? error.message : String(error));
    return refuse(502, PRINT_CODES.own, message, log);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status: 200, answer: { Codigo: PRINT_CODES.ok, Mensagem: PRINT_MESSAGES.requested }, log: { ...log, Codigo: PRINT_CODES.ok } };
}

class TimeoutError extends Error {}
