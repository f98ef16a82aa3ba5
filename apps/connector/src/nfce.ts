/**
 * POST /nfce/contingencia (issue 29): the NFC-e of a sale finished with the network off. The point of sale sends the
 * sale as an NFC-e (packages/fiscal offline-nfce.ts OfflineNfceRequest: its number from the till's reserved block, its
 * series, Finalizar's time and the document's groups, without the CSC); the connector builds it in offline
 * contingency (tpEmis 9), completes its QR code with the CSC, signs it with the branch's A1 certificate (both installed
 * on this machine by the manager: config `nfce`, never sent to the browser), and prints the contingency DANFE NFC-e at
 * once through the same path as /impressao: ESC/POS text with the printer's own QR command on a thermal printer, the
 * PDF on a CUPS queue; with no printer named the PDF comes back for the web app to open. The answer carries the signed XML, which the
 * point of sale keeps with the operation in its outbox; the server stores it and transmits it once SEFAZ answers.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ValidationError } from '@pdv/domain/errors';
import { NFCE_OFFLINE_MESSAGES as M } from '@pdv/domain/nfce-offline';
import { PRINT_CODES } from '@pdv/domain/print-connector';
import { loadCertificate } from '@pdv/fiscal/certificate';
import { emitOfflineNfce, type OfflineNfceRequest, type OfflineSigner } from '@pdv/fiscal/offline-nfce';
import { danfeNfcePdf } from '@pdv/documents/danfe-nfce';
import { parseNFe } from '@pdv/documents/danfe-parse';
import { danfeNfceText } from '@pdv/documents/danfe-nfce-text';
import { escposWithQrCode } from './escpos.ts';
import type { ConnectorConfig } from './config.ts';
import { print } from './print.ts';
import type { OpenSerial } from './serial.ts';

export const NFCE_PATH = '/nfce/contingencia';
/** A 990-item NFC-e as JSON stays far below this. */
export const NFCE_MAX_BODY = 4 * 1024 * 1024;

const group = z.object({}).loose();
export const nfceRequest = z.object({
  dispositivo: z.number().int().positive().optional(),
  /** The printer of this device that prints the DANFE NFC-e at once; absent: only the PDF comes back. */
  id_periferico: z.number().int().positive().nullish(),
  numero: z.number().int().min(1).max(999_999_999),
  serie: z.number().int().min(0).max(999),
  dhEmi: z.iso.datetime({ offset: true }),
  xJust: z.string().min(15).max(256).nullish(),
  nfe: z.object({ ide: group, emit: group, det: z.array(group).min(1).max(990), pag: group }).loose(),
});

export interface NfceAnswer {
  Codigo: number;
  Mensagem: string;
  chave?: string;
  numero?: number;
  serie?: number;
  xml?: string;
  pdf_base64?: string;
  impressao?: { Codigo: number; Mensagem: string } | null;
}

export interface NfceResult {
  status: number;
  answer: NfceAnswer;
  log: Record<string, unknown>;
}

const refuse = (status: number, Mensagem: string, log: Record<string, unknown> = {}): NfceResult =>
  ({ status, answer: { Codigo: PRINT_CODES.own, Mensagem }, log: { ...log, Codigo: PRINT_CODES.own, Mensagem } });

/** The signer of this connector: the certificate read once (the file and its password never leave this process). */
export class NfceSigner {
  private signer: OfflineSigner | null = null;

  constructor(private readonly config: ConnectorConfig['nfce']) {}

  get installed(): boolean {
    return this.config !== undefined;
  }

  get(): OfflineSigner {
    if (this.signer) return this.signer;
    const c = this.config;
    if (!c) throw new ValidationError(M.connectorNoCertificate);
    let pfx: Buffer;
    try {
      pfx = readFileSync(c.certificado);
    } catch (error) {
      throw new ValidationError(M.connectorCertificate((error as Error).message));
    }
    const cert = loadCertificate(pfx, c.senha);
    this.signer = { certificate: cert, csc: { idCSC: c.id_csc, csc: c.csc } };
    return this.signer;
  }
}

/** Builds, signs, renders and (with a printer) prints one contingency NFC-e. */
export async function issueNfce(config: ConnectorConfig, signer: NfceSigner, body: unknown, openSerial?: OpenSerial): Promise<NfceResult> {
  if (!signer.installed) return refuse(409, M.connectorNoCertificate);
  const parsed = nfceRequest.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(400, M.connectorBadRequest(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`));
  }
  const job = parsed.data;
  if (config.dispositivo !== undefined && job.dispositivo !== undefined && job.dispositivo !== config.dispositivo) {
    return refuse(400, M.connectorBadRequest(`dispositivo ${job.dispositivo}`));
  }
  const base = { numero: job.numero, serie: job.serie, itens: job.nfe.det.length };
  let xml: string;
  let chave: string;
  try {
    const built = emitOfflineNfce(job as unknown as OfflineNfceRequest, signer.get());
    xml = built.xml;
    chave = built.chave;
  } catch (error) {
    if (error instanceof ValidationError) return refuse(400, M.connectorBadRequest(error.message), base);
    // A group missing a field the builder reads is a bad request too, not the connector's failure.
    if (error instanceof TypeError) return refuse(400, M.connectorBadRequest(error.message), base);
    throw error;
  }
  const danfe = parseNFe(xml);
  const peripheral = job.id_periferico ? config.perifericos.find((p) => p.id_periferico === job.id_periferico) : undefined;
  // A thermal printer (raw socket, serial, spool folder) prints the DANFE NFC-e in ESC/POS text mode with its own QR
  // command: no PDF to render, the DANFE is at the printer within the issue's 300 ms. A CUPS queue gets the PDF.
  const thermal = peripheral !== undefined && peripheral.driver !== 'cups';
  let pdf_base64: string | undefined;
  let bytes: Buffer;
  if (thermal) {
    const text = danfeNfceText(danfe);
    bytes = escposWithQrCode(text.before, text.qrCode, text.after);
  } else {
    bytes = Buffer.from(await danfeNfcePdf(danfe));
    pdf_base64 = bytes.toString('base64');
  }
  let impressao: NfceAnswer['impressao'] = null;
  if (job.id_periferico) {
    const printed = await print(config, {
      dispositivo: job.dispositivo ?? config.dispositivo ?? 1, id_periferico: job.id_periferico, tipo_impressao: thermal ? 'escpos' : 'pdf',
      data_base64: bytes.toString('base64'),
    }, openSerial);
    impressao = printed.answer;
  }
  return {
    status: 200,
    answer: { Codigo: 0, Mensagem: M.connectorIssued, chave, numero: job.numero, serie: job.serie, xml, ...(pdf_base64 ? { pdf_base64 } : {}), impressao },
    // The log names the document, never its content (the consumer's CPF may be in it).
    log: { ...base, chave, bytes: bytes.length, formato: thermal ? 'escpos' : 'pdf', impressao: impressao?.Codigo ?? null },
  };
}
