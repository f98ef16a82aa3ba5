/**
 * Destined invoices (issue 32, 002 §2 "destined invoices"): the NF-e issued against the branch's CNPJ, read from the
 * national environment's distribution service (NFeDistribuicaoDFe) by last NSU, and the recipient's manifestation
 * events (NT 2012.002, leiauteConfRecebto v1.00). The rules, written once for the screen and the server:
 *
 * - Ciência da operação (210210): "I know this document exists"; it releases the full XML (procNFe) to the recipient
 *   and is not conclusive. It may not follow a conclusive event.
 * - Conclusive events: confirmação da operação (210200), desconhecimento da operação (210220), operação não realizada
 *   (210240, with a justification of 15 to 255 characters). Each type is registered once (nSeqEvento 1); after a
 *   confirmação no other conclusive event is accepted (the operation happened); after a desconhecimento or an
 *   operação não realizada the recipient may still confirm (it found the goods after all).
 * - The full XML can be downloaded after ciência or confirmação; an invoice is imported from its full XML.
 * - The distribution's NSU is the branch's own: the next query starts from the last NSU stored (ultimo_nsu_nfe_destinada),
 *   and the stored NSU only moves in the transaction that stored the documents up to it.
 */

export const TP_CONFIRMACAO = '210200';
export const TP_CIENCIA = '210210';
export const TP_DESCONHECIMENTO = '210220';
export const TP_NAO_REALIZADA = '210240';

export const MANIFESTATION_TYPES = [TP_CIENCIA, TP_CONFIRMACAO, TP_DESCONHECIMENTO, TP_NAO_REALIZADA] as const;
export type ManifestationType = (typeof MANIFESTATION_TYPES)[number];

/** descEvento exactly as the schema enumerates it (without accents), and the label the screen shows. */
export const MANIFESTATION_DESC: Record<ManifestationType, { desc: string; label: string }> = {
  [TP_CIENCIA]: { desc: 'Ciencia da Operacao', label: 'Ciência da operação' },
  [TP_CONFIRMACAO]: { desc: 'Confirmacao da Operacao', label: 'Confirmação da operação' },
  [TP_DESCONHECIMENTO]: { desc: 'Desconhecimento da Operacao', label: 'Desconhecimento da operação' },
  [TP_NAO_REALIZADA]: { desc: 'Operacao nao Realizada', label: 'Operação não realizada' },
};

const CONCLUSIVE: ReadonlySet<string> = new Set([TP_CONFIRMACAO, TP_DESCONHECIMENTO, TP_NAO_REALIZADA]);

/** Messages of the destined invoices (ours, pt-BR: the spec names the screen only). */
export const DESTINED_INVOICE_MESSAGES = {
  notFound: 'Nota fiscal destinada não encontrada.',
  queryNothingNew: 'Nenhuma nota fiscal nova destinada a esta filial.',
  queryReceived: (n: number) => `${n} documento(s) recebido(s) da SEFAZ.`,
  consumoIndevido: 'A SEFAZ recusou a consulta por consumo indevido (656). Aguarde uma hora antes de consultar novamente.',
  queryHeld: (hora: string) => `Consulta às notas destinadas bloqueada até ${hora} (consumo indevido na SEFAZ).`,
  queryRefused: (reason: string) => `A SEFAZ recusou a consulta: ${reason}`,
  manifestTypeInvalid: 'Tipo de manifestação inválido.',
  manifestRepeated: 'Esta manifestação já foi registrada para a nota fiscal.',
  manifestAfterConclusive: 'A nota fiscal já tem manifestação conclusiva: a ciência não pode mais ser registrada.',
  manifestAfterConfirmation: 'A operação já foi confirmada: não é possível registrar outra manifestação conclusiva.',
  justificationLength: 'A justificativa da operação não realizada deve ter entre 15 e 255 caracteres.',
  manifestRegistered: (label: string) => `${label} registrada na SEFAZ.`,
  manifestRefused: (reason: string) => `A SEFAZ não registrou a manifestação: ${reason}`,
  xmlNeedsManifestation: 'O XML completo só pode ser baixado após a ciência ou a confirmação da operação.',
  xmlNotAvailable: (reason: string) => `O XML completo não está disponível na SEFAZ: ${reason}`,
  xmlDownloaded: 'XML completo baixado da SEFAZ.',
  xmlMissing: 'Baixe o XML completo da nota fiscal antes de importá-la (manifeste a ciência da operação).',
} as const;

export function isManifestationType(value: string): value is ManifestationType {
  return (MANIFESTATION_TYPES as readonly string[]).includes(value);
}

/**
 * The refusal (message) of a manifestation given the events already registered for the invoice, or null when it may
 * be sent. `justificativa` is only read for 210240.
 */
export function manifestationRefusal(tipo: string, registered: readonly string[], justificativa?: string | null): string | null {
  const M = DESTINED_INVOICE_MESSAGES;
  if (!isManifestationType(tipo)) return M.manifestTypeInvalid;
  if (registered.includes(tipo)) return M.manifestRepeated;
  if (tipo === TP_CIENCIA && registered.some((t) => CONCLUSIVE.has(t))) return M.manifestAfterConclusive;
  if (CONCLUSIVE.has(tipo) && registered.includes(TP_CONFIRMACAO)) return M.manifestAfterConfirmation;
  if (tipo === TP_NAO_REALIZADA) {
    const text = (justificativa ?? '').trim();
    if (text.length < 15 || text.length > 255) return M.justificationLength;
  }
  return null;
}

/** The event that names the invoice's manifestation state: the last conclusive one, else ciência, else none. */
export function currentManifestation(registered: readonly string[]): ManifestationType | null {
  const conclusive = [...registered].reverse().find((t) => CONCLUSIVE.has(t));
  if (conclusive && isManifestationType(conclusive)) return conclusive;
  return registered.includes(TP_CIENCIA) ? TP_CIENCIA : null;
}

/** Whether the full XML may be asked of the distribution (after ciência or confirmação). */
export function canDownloadXml(registered: readonly string[]): boolean {
  return registered.includes(TP_CIENCIA) || registered.includes(TP_CONFIRMACAO);
}

/** NSUs are 15-digit numbers: compared as numbers, stored as the digits without padding. */
export function nsuValue(nsu: string | number | null | undefined): bigint {
  const digits = String(nsu ?? '').replace(/\D/g, '');
  return digits === '' ? 0n : BigInt(digits);
}
