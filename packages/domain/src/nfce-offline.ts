/**
 * NFC-e issued with the network off by the till's local connector (issue 29; docs/decisions.md "NFC-e offline signed by
 * the connector"). A till numbers its contingency NFC-e from blocks of its own series reserved on the server while
 * online (the series' counter jumps past the block, so the server and the other tills never take those numbers);
 * the connector builds and signs the document (tpEmis 9); the server, receiving the operation with the signed XML,
 * stores that exact XML after these checks, and transmits it within the contingency window.
 *
 * The rules here are pure: the size of a block, whether a number belongs to the till's blocks, and whether the
 * document's items and totals are the sale's.
 */

/** How many numbers one reservation takes at most (and by default). */
export const NFCE_BLOCK_MAX = 500;
export const NFCE_BLOCK_DEFAULT = 50;
/** Below this many free numbers the point of sale reserves another block while online. */
export const NFCE_BLOCK_LOW_WATER = 10;

export const NFCE_OFFLINE_MESSAGES = {
  notEnabled: 'A emissão de NFC-e offline pelo conector não está habilitada nesta filial.',
  deviceNotFound: 'Dispositivo não encontrado nesta filial.',
  deviceSeriesMissing: 'Este dispositivo não tem uma série de NFC-e ativa vinculada.',
  blockSize: `A quantidade de números a reservar deve estar entre 1 e ${NFCE_BLOCK_MAX}.`,
  seriesFull: 'A série não tem números livres para reservar.',
  xmlInvalid: 'O XML da NFC-e em contingência é inválido ou não está assinado.',
  notContingency: 'A NFC-e enviada com a venda não foi emitida em contingência offline (tpEmis 9).',
  notOwnBranch: 'A NFC-e enviada com a venda não é desta filial.',
  outOfBlock: (serie: number, numero: number) =>
    `A NFC-e ${numero} da série ${serie} não pertence a um bloco de números reservado para este dispositivo.`,
  numberUsed: (serie: number, numero: number) => `O número ${numero} da série ${serie} já foi usado por outra nota fiscal.`,
  mismatch: (what: string) => `O XML da NFC-e em contingência não confere com a venda: ${what}.`,
  notNfce: 'Somente uma venda com NFC-e (modelo 65) pode trazer o XML assinado pelo conector.',
  /** The connector's answers (POST /nfce/contingencia). */
  connectorIssued: 'NFC-e emitida em contingência offline.',
  connectorNoCertificate: 'Este conector não tem o certificado A1 e o CSC da filial instalados.',
  connectorBadRequest: (detail: string) => `Requisição de NFC-e inválida: ${detail}`,
  connectorCertificate: (detail: string) => `Não foi possível abrir o certificado do conector: ${detail}`,
  /**
   * A contingency NFC-e rejected by SEFAZ after its DANFE was handed over is corrected and sent again with the same
   * series, number and emission date (Ajuste SINIEF 19/16, cl. 14; MOC NFC-e): these may not change in the correction.
   */
  resendChanged: (numero: number, what: string) =>
    `A NFC-e ${numero} foi emitida em contingência e seu DANFE já foi entregue: a correção não pode mudar ${what}. `
    + 'Desfaça essa alteração e transmita de novo; se a rejeição só se corrige mudando esses dados, inutilize o número e emita uma nova nota para a venda.',
} as const;

export interface NumberBlock {
  numero_inicial: number;
  numero_final: number;
}

/** A requested block size, or the refusal. */
export function blockSizeError(quantidade: number): string | null {
  return Number.isInteger(quantidade) && quantidade >= 1 && quantidade <= NFCE_BLOCK_MAX ? null : NFCE_OFFLINE_MESSAGES.blockSize;
}

/** The block of `blocks` that holds `numero`, if any. */
export function blockOf<B extends NumberBlock>(blocks: readonly B[], numero: number): B | null {
  return blocks.find((b) => numero >= b.numero_inicial && numero <= b.numero_final) ?? null;
}

/** Whether two blocks share a number. */
export function blocksOverlap(a: NumberBlock, b: NumberBlock): boolean {
  return a.numero_inicial <= b.numero_final && b.numero_inicial <= a.numero_final;
}

/**
 * The next free number of a till: the lowest number of its blocks above every number it already used (`used`), or
 * null when its blocks are spent (the point of sale then falls back to the pre-sale).
 */
export function nextFreeNumber(blocks: readonly NumberBlock[], used: readonly number[]): number | null {
  const taken = new Set(used);
  const sorted = [...blocks].sort((a, b) => a.numero_inicial - b.numero_inicial);
  for (const b of sorted) {
    for (let n = b.numero_inicial; n <= b.numero_final; n += 1) if (!taken.has(n)) return n;
  }
  return null;
}

/** What is compared of a document: its items and totals, money in cents and quantities in thousandths. */
export interface NfceSummary {
  itens: Array<{ codigo: string; quantidade: number; valor_total: number; valor_desconto: number }>;
  valor_produtos: number;
  valor_desconto: number;
  valor_total: number;
}

/**
 * The first difference between the sale (as the server decides it) and the document the connector signed, in words,
 * or null when they agree: the same items in the same order (code, quantity, gross value, discount) and the same
 * products total, discount and invoice total.
 */
export function nfceSummaryMismatch(sale: NfceSummary, xml: NfceSummary): string | null {
  const M = NFCE_OFFLINE_MESSAGES;
  if (sale.itens.length !== xml.itens.length) return M.mismatch(`${xml.itens.length} itens no XML, ${sale.itens.length} na venda`);
  for (const [i, expected] of sale.itens.entries()) {
    const got = xml.itens[i]!;
    const n = i + 1;
    if (got.codigo !== expected.codigo) return M.mismatch(`item ${n} com código ${got.codigo} no XML e ${expected.codigo} na venda`);
    if (got.quantidade !== expected.quantidade) return M.mismatch(`quantidade do item ${n}`);
    if (got.valor_total !== expected.valor_total) return M.mismatch(`valor do item ${n}`);
    if (got.valor_desconto !== expected.valor_desconto) return M.mismatch(`desconto do item ${n}`);
  }
  if (xml.valor_produtos !== sale.valor_produtos) return M.mismatch('valor dos produtos');
  if (xml.valor_desconto !== sale.valor_desconto) return M.mismatch('valor do desconto');
  if (xml.valor_total !== sale.valor_total) return M.mismatch('valor total da nota');
  return null;
}

/** What may not change when a rejected contingency NFC-e is corrected and sent again (read from each signed XML). */
export interface ContingencyResendFacts {
  chave: string;
  serie: number;
  numero: number;
  /** dhEmi as an instant (ms). */
  emitidaEm: number;
  /** The recipient's CPF or CNPJ, or null for none. */
  destinatario: string | null;
  summary: NfceSummary;
  totals: { vBC: number; vICMS: number; vPIS: number; vCOFINS: number };
}

/**
 * Why the corrected document may not replace the printed one, in words, or null when it may (Ajuste SINIEF 19/16, cl.
 * 14, the NFC-e's offline contingency: a rejected note is generated again "com a mesma numeração e série", without
 * changing the variables that determine the tax — base, rate, price, quantity, value of the operation —, the
 * recipient, nor the emission date). The access key follows from the number, series, month and cNF: kept, the consumer
 * finds the authorized note with the key printed on the DANFE.
 */
export function contingencyResendChange(printed: ContingencyResendFacts, corrected: ContingencyResendFacts): string | null {
  if (printed.serie !== corrected.serie || printed.numero !== corrected.numero) return 'a série nem o número';
  if (printed.emitidaEm !== corrected.emitidaEm) return 'a data de emissão';
  if (printed.chave !== corrected.chave) return 'a chave de acesso';
  if ((printed.destinatario ?? '') !== (corrected.destinatario ?? '')) return 'o destinatário';
  const items = nfceSummaryMismatch(printed.summary, corrected.summary);
  if (items !== null) return `os itens nem os valores (${items.replace(/^.*: /, '').replace(/\.$/, '')})`;
  if (printed.totals.vBC !== corrected.totals.vBC) return 'a base de cálculo do ICMS';
  if (printed.totals.vICMS !== corrected.totals.vICMS) return 'o valor do ICMS';
  if (printed.totals.vPIS !== corrected.totals.vPIS) return 'o valor do PIS';
  if (printed.totals.vCOFINS !== corrected.totals.vCOFINS) return 'o valor da COFINS';
  return null;
}
