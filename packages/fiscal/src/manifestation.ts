/**
 * The recipient's manifestation (NT 2012.002, envConfRecebto / leiauteConfRecebto v1.00): ciência 210210,
 * confirmação 210200, desconhecimento 210220, operação não realizada 210240 (with xJust). Sent to the national
 * environment (cOrgao 91) through NFeRecepcaoEvento4 of the Ambiente Nacional, signed by the recipient's certificate
 * (sign with signXml(xml, { tag: 'infEvento', certificate })). The rules of which event may follow which live in
 * packages/domain/destined-invoices.ts.
 */
import { ValidationError } from '@pdv/domain/errors';
import { isValidCnpj, normalizeCnpj } from '@pdv/domain/documents';
import { DESTINED_INVOICE_MESSAGES as M, MANIFESTATION_DESC, TP_NAO_REALIZADA, isManifestationType, type ManifestationType } from '@pdv/domain/destined-invoices';
import { isValidAccessKey } from './access-key.ts';
import { EVENT_VERSION, eventId } from './events.ts';
import { dateTimeTz, NFE_NAMESPACE } from './nfe-xml.ts';
import type { DateInput, TpAmb } from './types.ts';
import { cleanText, el, txt } from './xml-writer.ts';

/** The national environment as the receiving authority of the manifestation. */
export const CORGAO_AMBIENTE_NACIONAL = '91';

/** NFeRecepcaoEvento4 of the Ambiente Nacional (where manifestations go, whatever the emitter's state). */
export const AN_RECEPCAO_EVENTO_URLS = {
  1: 'https://www.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
  2: 'https://hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx',
} as const;

export interface ManifestacaoInput {
  chNFe: string;
  tpAmb: TpAmb;
  /** The recipient (the branch). */
  CNPJ: string;
  tpEvento: ManifestationType;
  dhEvento: DateInput;
  /** 210240 only: 15-255 characters. */
  xJust?: string | null;
  utcOffset?: string;
}

/** An unsigned `<evento>` of manifestation (nSeqEvento 1: each type is registered once). */
export function buildManifestacaoXml(e: ManifestacaoInput): string {
  if (!isValidAccessKey(e.chNFe)) throw new ValidationError(`Chave de acesso inválida: '${e.chNFe}'.`, 'chNFe');
  if (!isManifestationType(e.tpEvento)) throw new ValidationError(M.manifestTypeInvalid, 'tpEvento');
  if (!isValidCnpj(e.CNPJ)) throw new ValidationError(`CNPJ do autor do evento inválido: '${e.CNPJ}'.`, 'CNPJ');
  const parts = [txt('descEvento', MANIFESTATION_DESC[e.tpEvento].desc)];
  if (e.tpEvento === TP_NAO_REALIZADA) {
    const xJust = cleanText(e.xJust ?? '').trim();
    if (xJust.length < 15 || xJust.length > 255) throw new ValidationError(M.justificationLength, 'xJust');
    parts.push(txt('xJust', xJust));
  }
  const dhEvento = e.dhEvento instanceof Date ? dateTimeTz(e.dhEvento, e.utcOffset ?? '-03:00') : e.dhEvento;
  const infEvento = el('infEvento', [
    txt('cOrgao', CORGAO_AMBIENTE_NACIONAL),
    txt('tpAmb', e.tpAmb),
    txt('CNPJ', normalizeCnpj(e.CNPJ)),
    txt('chNFe', e.chNFe),
    txt('dhEvento', dhEvento),
    txt('tpEvento', e.tpEvento),
    txt('nSeqEvento', 1),
    txt('verEvento', EVENT_VERSION),
    el('detEvento', parts, [['versao', EVENT_VERSION]]),
  ], [['Id', eventId(e.tpEvento, e.chNFe, 1)]]);
  return el('evento', infEvento, [['xmlns', NFE_NAMESPACE], ['versao', EVENT_VERSION]]);
}
