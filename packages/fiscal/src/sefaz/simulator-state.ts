// In-memory state of the SEFAZ homologation simulator: the documents it authorized, keyed by number
// (CNPJ, mod, serie, nNF) and by access key, the receipts of asynchronous batches, the registered events and the
// disabled ranges, and the number sequences (nProt, nRec). Time stamps of answers are in Brasília time (-03:00).

import type { SchemaName } from '../validate.ts';
import { DistributionFake } from './dist-dfe.ts';

export interface SimulatedEvent {
  readonly tpEvento: string;
  readonly nSeqEvento: number;
  readonly nProt: string;
  /** The signed evento as received and the retEvento answered, for procEventoNFe in a consulta. */
  readonly eventoXml: string;
  readonly retEventoXml: string;
}

export interface SimulatedNFe {
  readonly chave: string;
  readonly cnpj: string;
  readonly mod: string;
  readonly serie: string;
  readonly nNF: string;
  readonly digVal: string;
  readonly nProt: string;
  readonly nRec: string;
  readonly cStat: 100 | 150;
  /** The protNFe answered at authorization. */
  readonly protNFeXml: string;
  cancelled: boolean;
  readonly events: SimulatedEvent[];
}

export interface SimulatedRange {
  readonly cnpj: string;
  readonly mod: string;
  readonly serie: string;
  readonly nNFIni: number;
  readonly nNFFin: number;
  readonly nProt: string;
}

export interface SimulatedReceipt {
  readonly cUF: string;
  readonly protNFeXmls: readonly string[];
}

export class SimulatorState {
  readonly byNumber = new Map<string, SimulatedNFe>();
  readonly byKey = new Map<string, SimulatedNFe>();
  readonly receipts = new Map<string, SimulatedReceipt>();
  readonly disabledRanges: SimulatedRange[] = [];
  /** The national environment's distribution (NFeDistribuicaoDFe) and the recipients' manifestations (CNPJ|chNFe). */
  readonly distribution = new DistributionFake();
  readonly manifestations = new Map<string, SimulatedEvent[]>();
  private sequence = 0;

  static numberKey(cnpj: string, mod: string, serie: string, nNF: string | number): string {
    return `${cnpj}|${mod}|${Number(serie)}|${Number(nNF)}`;
  }

  add(nfe: SimulatedNFe): void {
    this.byNumber.set(SimulatorState.numberKey(nfe.cnpj, nfe.mod, nfe.serie, nfe.nNF), nfe);
    this.byKey.set(nfe.chave, nfe);
  }

  findRangeWith(cnpj: string, mod: string, serie: string, nNF: number): SimulatedRange | undefined {
    return this.disabledRanges.find(
      (r) =>
        r.cnpj === cnpj && r.mod === mod && Number(r.serie) === Number(serie) && nNF >= r.nNFIni && nNF <= r.nNFFin,
    );
  }

  /** A 15-digit protocol number: kind digit (1 NF-e, 2 receipt), cUF, two-digit year, sequence. */
  nextNumber(kind: 1 | 2, cUF: string, now: Date): string {
    this.sequence += 1;
    const year = String(now.getUTCFullYear() % 100).padStart(2, '0');
    return `${kind}${cUF.padStart(2, '0').slice(-2)}${year}${String(this.sequence).padStart(10, '0')}`;
  }

  reset(): void {
    this.byNumber.clear();
    this.byKey.clear();
    this.receipts.clear();
    this.disabledRanges.length = 0;
    this.distribution.reset();
    this.manifestations.clear();
  }
}

/** `YYYY-MM-DDThh:mm:ss-03:00`, the format of every time stamp in the answers (TDateTimeUTC, Brasília time). */
export function brasiliaDateTime(date: Date): string {
  const shifted = new Date(date.getTime() - 3 * 3600 * 1000);
  return `${shifted.toISOString().slice(0, 19)}-03:00`;
}

/** What the message handlers of the simulator share. */
export interface SimulatorContext {
  readonly state: SimulatorState;
  readonly now: () => Date;
  /** XSD validation (validate.ts's validateXml by default). */
  readonly validate: (
    xml: string,
    schema: SchemaName,
  ) => Promise<{ valid: boolean; errors: readonly { message: string }[] }>;
  readonly log: (line: string) => void;
  /** NFC-e offline contingency (tpEmis 9) sent later than this after dhEmi is authorized with 150. */
  readonly offlineDeadlineMs: number;
  readonly verAplic: string;
}
