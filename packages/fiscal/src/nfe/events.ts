/**
 * Messages other than the NF-e itself: events (cancellation 110111, correction letter 110110) and number
 * disablement (inutilização). Each is built unsigned in canonical form and signed with signXml; the SEFAZ client
 * wraps a signed <evento> in its envEvento.
 */
import { dateTimeTz, NFE_NAMESPACE } from './nfe-xml.ts';
import { el, txt } from './xml-writer.ts';

/** The fixed conditions of use of the correction letter, as the schema spells them (accented variant). */
export const CCE_CONDITIONS = 'A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularização de erro ocorrido na emissão de documento fiscal, desde que o erro não esteja relacionado com: I - as variáveis que determinam o valor do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da operação ou da prestação; II - a correção de dados cadastrais que implique mudança do remetente ou do destinatário; III - a data de emissão ou de saída.';

export interface EventInput {
  tipo: '110111' | '110110';
  /** IBGE code of the authorizer's state (the key's cUF). */
  cOrgao: string;
  tpAmb: 1 | 2;
  CNPJ: string;
  chave: string;
  sequencia: number;
  dhEvento: Date;
  offsetHours?: number;
  /** 110111: the authorization protocol. */
  nProt?: string | null;
  /** 110111: justification (15-255); 110110: the correction (15-1000). */
  texto: string;
}

/** An unsigned `<evento>` (sign it with signXml(xml, 'infEvento', ...)). */
export function buildEventXml(e: EventInput): string {
  const id = `ID${e.tipo}${e.chave}${String(e.sequencia).padStart(2, '0')}`;
  const det = e.tipo === '110111'
    ? el('detEvento', [txt('descEvento', 'Cancelamento'), txt('nProt', e.nProt), txt('xJust', e.texto)], [['versao', '1.00']])
    : el('detEvento', [txt('descEvento', 'Carta de Correção'), txt('xCorrecao', e.texto), txt('xCondUso', CCE_CONDITIONS)], [['versao', '1.00']]);
  const inf = el('infEvento', [txt('cOrgao', e.cOrgao), txt('tpAmb', e.tpAmb), txt('CNPJ', e.CNPJ), txt('chNFe', e.chave),
    txt('dhEvento', dateTimeTz(e.dhEvento, e.offsetHours ?? -3)), txt('tpEvento', e.tipo), txt('nSeqEvento', e.sequencia),
    txt('verEvento', '1.00'), det], [['Id', id]]);
  return el('evento', inf, [['xmlns', NFE_NAMESPACE], ['versao', '1.00']]);
}

/** A signed `<evento>` wrapped in its batch, for schema checks (the client builds the same wrapping). */
export function wrapEnvEvento(signedEvento: string, idLote: string): string {
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="1.00"><idLote>${idLote}</idLote>${signedEvento}</envEvento>`;
}

export interface DisableInput {
  tpAmb: 1 | 2;
  cUF: string;
  /** Two digits of the year. */
  ano: number;
  CNPJ: string;
  mod: '55' | '65';
  serie: number;
  inicial: number;
  final: number;
  xJust: string;
}

/** An unsigned `<inutNFe>` (sign it with signXml(xml, 'infInut', ...)). */
export function buildDisableXml(d: DisableInput): string {
  const ano = String(d.ano).padStart(2, '0');
  const id = `ID${d.cUF}${ano}${d.CNPJ}${d.mod}${String(d.serie).padStart(3, '0')}${String(d.inicial).padStart(9, '0')}`
    + String(d.final).padStart(9, '0');
  const inf = el('infInut', [txt('tpAmb', d.tpAmb), txt('xServ', 'INUTILIZAR'), txt('cUF', d.cUF), txt('ano', ano),
    txt('CNPJ', d.CNPJ), txt('mod', d.mod), txt('serie', d.serie), txt('nNFIni', d.inicial), txt('nNFFin', d.final),
    txt('xJust', d.xJust)], [['Id', id]]);
  return el('inutNFe', inf, [['xmlns', NFE_NAMESPACE], ['versao', '4.00']]);
}
