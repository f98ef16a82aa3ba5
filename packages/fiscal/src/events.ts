/**
 * Events on an authorized NF-e/NFC-e (envEvento 1.00): cancellation (110111) and correction letter (CC-e, 110110).
 * Built unsigned; sign with signXml(xml, { tag: 'infEvento', certificate }), which puts the Signature inside
 * `<evento>` after infEvento, as the schema wants.
 *
 * Event Id: 'ID' + tpEvento(6) + chNFe(44) + nSeqEvento(2).
 */
import { ValidationError } from '@pdv/domain/errors';
import { isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from '@pdv/domain/documents';
import { isValidAccessKey } from './access-key.ts';
import { dateTimeTz, NFE_NAMESPACE } from './nfe-xml.ts';
import type { DateInput, TpAmb } from './types.ts';
import { cleanText, el, txt } from './xml-writer.ts';

export const EVENT_VERSION = '1.00';
export const TP_EVENTO_CANCELAMENTO = '110111';
export const TP_EVENTO_CCE = '110110';

/** The correction letter's fixed conditions of use, exactly as the schema (leiauteCCe_v1.00.xsd) enumerates them. */
export const CCE_CONDICOES_DE_USO =
  'A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N, de 15 de dezembro de 1970 e pode ser '
  + 'utilizada para regularização de erro ocorrido na emissão de documento fiscal, desde que o erro não esteja '
  + 'relacionado com: I - as variáveis que determinam o valor do imposto tais como: base de cálculo, alíquota, '
  + 'diferença de preço, quantidade, valor da operação ou da prestação; II - a correção de dados cadastrais que '
  + 'implique mudança do remetente ou do destinatário; III - a data de emissão ou de saída.';

interface EventBase {
  chNFe: string;
  tpAmb: TpAmb;
  /** Author of the event: the issuer's CNPJ (or CPF). */
  CNPJ?: string | null;
  CPF?: string | null;
  dhEvento: DateInput;
  /** 1 for a cancellation; 1-20 for correction letters (each new one replaces the previous). */
  nSeqEvento?: number;
  /** Authority code; defaults to the key's state (cUF). */
  cOrgao?: string;
  /** Offset for a Date dhEvento (default '-03:00'). */
  utcOffset?: string;
}

export interface CancelamentoInput extends EventBase {
  tpEvento: typeof TP_EVENTO_CANCELAMENTO;
  /** Authorization protocol of the invoice (15 digits). */
  nProt: string;
  /** 15-255 characters. */
  xJust: string;
}

export interface CartaCorrecaoInput extends EventBase {
  tpEvento: typeof TP_EVENTO_CCE;
  /** 15-1000 characters. */
  xCorrecao: string;
}

export type EventoInput = CancelamentoInput | CartaCorrecaoInput;

export function eventId(tpEvento: string, chNFe: string, nSeqEvento: number): string {
  return `ID${tpEvento}${chNFe}${String(nSeqEvento).padStart(2, '0')}`;
}

function lengthBetween(text: string, min: number, max: number, message: string, field: string): string {
  const clean = cleanText(text);
  if (clean.length < min || clean.length > max) throw new ValidationError(message, field);
  return clean;
}

function author(e: EventoInput): string {
  if (e.CNPJ) {
    if (!isValidCnpj(e.CNPJ)) throw new ValidationError(`CNPJ do autor do evento inválido: '${e.CNPJ}'.`, 'CNPJ');
    return txt('CNPJ', normalizeCnpj(e.CNPJ));
  }
  if (e.CPF && isValidCpf(e.CPF)) return txt('CPF', onlyDigits(e.CPF));
  throw new ValidationError('CNPJ ou CPF do autor do evento não informado.', 'CNPJ');
}

/** An unsigned `<evento>` with its own namespace declaration (ready to be signed and put in an envEvento). */
export function buildEventoXml(e: EventoInput): string {
  if (!isValidAccessKey(e.chNFe)) throw new ValidationError(`Chave de acesso inválida: '${e.chNFe}'.`, 'chNFe');
  const nSeq = e.nSeqEvento ?? 1;
  if (!Number.isInteger(nSeq) || nSeq < 1 || nSeq > 20) throw new ValidationError('Sequência do evento deve ser de 1 a 20.', 'nSeqEvento');
  let det: string;
  if (e.tpEvento === TP_EVENTO_CANCELAMENTO) {
    if (!/^\d{15}$/.test(e.nProt.trim())) throw new ValidationError(`Protocolo de autorização inválido: '${e.nProt}'.`, 'nProt');
    const xJust = lengthBetween(e.xJust, 15, 255, 'A justificativa do cancelamento deve ter de 15 a 255 caracteres.', 'xJust');
    det = el('detEvento', [txt('descEvento', 'Cancelamento'), txt('nProt', e.nProt.trim()), txt('xJust', xJust)], [['versao', EVENT_VERSION]]);
  } else {
    const xCorrecao = lengthBetween(e.xCorrecao, 15, 1000, 'O texto da carta de correção deve ter de 15 a 1000 caracteres.', 'xCorrecao');
    det = el('detEvento', [txt('descEvento', 'Carta de Correção'), txt('xCorrecao', xCorrecao), txt('xCondUso', CCE_CONDICOES_DE_USO)],
      [['versao', EVENT_VERSION]]);
  }
  const dhEvento = e.dhEvento instanceof Date ? dateTimeTz(e.dhEvento, e.utcOffset ?? '-03:00') : e.dhEvento;
  const infEvento = el('infEvento', [
    txt('cOrgao', e.cOrgao ?? e.chNFe.slice(0, 2)),
    txt('tpAmb', e.tpAmb),
    author(e),
    txt('chNFe', e.chNFe),
    txt('dhEvento', dhEvento),
    txt('tpEvento', e.tpEvento),
    txt('nSeqEvento', nSeq),
    txt('verEvento', EVENT_VERSION),
    det,
  ], [['Id', eventId(e.tpEvento, e.chNFe, nSeq)]]);
  return el('evento', infEvento, [['xmlns', NFE_NAMESPACE], ['versao', EVENT_VERSION]]);
}

function checkIdLote(idLote: string | number): string {
  const text = String(idLote);
  if (!/^\d{1,15}$/.test(text)) throw new ValidationError(`Número do lote inválido: '${text}' (até 15 dígitos).`, 'idLote');
  return text;
}

/** Signed `<evento>` elements (1 to 20) in their batch. */
export function wrapEnvEvento(signedEventos: string | string[], idLote: string | number): string {
  const list = (Array.isArray(signedEventos) ? signedEventos : [signedEventos]).map((x) => x.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, ''));
  if (list.length < 1 || list.length > 20) throw new ValidationError('Um lote de eventos tem de 1 a 20 eventos.', 'evento');
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="${EVENT_VERSION}"><idLote>${checkIdLote(idLote)}</idLote>${list.join('')}</envEvento>`;
}

/** An unsigned envEvento carrying one event: sign it with tag 'infEvento' and send it as it is. */
export function buildEnvEvento(input: { idLote: string | number; evento: EventoInput }): string {
  return wrapEnvEvento(buildEventoXml(input.evento), input.idLote);
}
