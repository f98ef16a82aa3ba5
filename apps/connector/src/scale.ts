/**
 * The checkout scale (balanca_pdv, 002 §3) read through the connector: POST /balanca/peso {dispositivo, id_periferico}
 * opens the peripheral's serial port, sends ENQ and waits for the scale's STX weight ETX (packages/domain
 * scale-reading.ts) within tempo_limite_balanca_ms. The answer is {Codigo, Mensagem, peso} with peso in kilograms.
 */
import { scaleReadRequest, type ScaleReadAnswer } from '@pdv/contract/connector';
import { PRINT_CODES, PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { parseScaleAnswer, SCALE_ENQ, SCALE_MESSAGES, type ScaleReading } from '@pdv/domain/scale-reading';
import type { ConnectorConfig } from './config.ts';
import type { OpenSerial } from './serial.ts';

export interface ScaleResult {
  status: number;
  answer: ScaleReadAnswer;
  log: Record<string, unknown>;
}

/** Our own (code 999): the scale said nothing within the time-out. */
export const scaleSilent = (porta: string) => `A balança em ${porta} não respondeu.`;

export async function readScale(config: ConnectorConfig, body: unknown, openSerial: OpenSerial): Promise<ScaleResult> {
  const refuse = (status: number, Codigo: number, Mensagem: string, log: Record<string, unknown> = {}): ScaleResult =>
    ({ status, answer: { Codigo, Mensagem }, log: { ...log, Codigo, Mensagem } });
  const parsed = scaleReadRequest.safeParse(body);
  if (!parsed.success) return refuse(400, PRINT_CODES.printerNotSet, PRINT_MESSAGES.printerNotSet);
  const { dispositivo, id_periferico } = parsed.data;
  const base = { dispositivo, id_periferico };
  if (config.dispositivo !== undefined && dispositivo !== config.dispositivo) {
    return refuse(400, PRINT_CODES.own, PRINT_MESSAGES.otherDevice(config.dispositivo, dispositivo), base);
  }
  const peripheral = config.perifericos.find((p) => p.id_periferico === id_periferico);
  if (!peripheral) return refuse(404, PRINT_CODES.printerNotSet, PRINT_MESSAGES.printerNotSet, base);
  if (peripheral.driver !== 'serial' || !('porta' in peripheral) || typeof peripheral.porta !== 'string') {
    return refuse(400, PRINT_CODES.printerTypeMissing, PRINT_MESSAGES.printerTypeMissing, base);
  }
  const settings = peripheral as Extract<ConnectorConfig['perifericos'][number], { driver: 'serial' }>;
  const log = { ...base, driver: 'serial', balanca: settings.porta };
  let port;
  try {
    port = await openSerial(settings);
  } catch (error) {
    return refuse(502, PRINT_CODES.own, PRINT_MESSAGES.printerFailed(settings.porta, error instanceof Error ? error.message : String(error)), log);
  }
  try {
    const reading = await new Promise<ScaleReading | null>((done) => {
      let received = Buffer.alloc(0);
      const timer = setTimeout(() => done(null), config.tempo_limite_balanca_ms);
      port.onData((chunk) => {
        received = Buffer.concat([received, chunk]).subarray(-256);
        const answer = parseScaleAnswer(received);
        if (answer) {
          clearTimeout(timer);
          done(answer);
        }
      });
      port.write(Buffer.from([SCALE_ENQ])).catch(() => undefined);
    });
    if (reading === null) return refuse(504, PRINT_CODES.own, scaleSilent(settings.porta), log);
    if (!reading.ok) return refuse(200, PRINT_CODES.own, reading.message, log);
    const peso = reading.gramas / 1000;
    return { status: 200, answer: { Codigo: PRINT_CODES.ok, Mensagem: SCALE_MESSAGES.read, peso }, log: { ...log, Codigo: PRINT_CODES.ok, peso } };
  } finally {
    await port.close();
  }
}
