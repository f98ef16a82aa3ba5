// SEFAZ homologation simulator: the national environment's NFeDistribuicaoDFe (its DistributionFake) and the
// recipient's manifestation (210200, 210210, 210220, 210240) received by NFeRecepcaoEvento4, as the Ambiente Nacional
// answers them. Documents destined to a CNPJ come from `destineProcNFe` (loopback POST /simulator/dist-dfe).

import { type ResNFe, distSoapResponse } from './dist-dfe.ts';
import { parsePurchaseNFe } from '../purchase-nfe.ts';
import { toDecimalString } from '@pdv/domain/money';
import { brasiliaDateTime, type SimulatorContext } from './simulator-state.ts';
import { elementXml, type XmlElement } from './xml.ts';
import { readSoapMessage, stripXmlDeclaration } from './soap.ts';

export const MANIFESTATION_NAMES: Record<string, string> = {
  '210200': 'Confirmacao da Operacao',
  '210210': 'Ciencia da Operacao',
  '210220': 'Desconhecimento da Operacao',
  '210240': 'Operacao nao Realizada',
};

/**
 * Makes an authorized NF-e (nfeProc) visible to its recipient (`cnpj`, default the dest CNPJ): a resNFe now, the
 * procNFe after a ciência or confirmação. Answers the summary.
 */
export function destineProcNFe(ctx: SimulatorContext, xml: string, cnpj?: string): ResNFe & { nsu: string; recipient: string } {
  const nfe = parsePurchaseNFe(xml);
  const to = cnpj ?? nfe.destinatario?.cnpj ?? '';
  if (!/^\d{14}$/.test(to)) throw new Error('CNPJ do destinatário ausente');
  if (!nfe.protocolo) throw new Error('nfeProc (NF-e com protNFe) esperado');
  const summary: ResNFe = {
    chNFe: nfe.chave, cnpj: nfe.emitente.cnpj ?? '', xNome: nfe.emitente.nome, ie: nfe.emitente.ie ?? '', dhEmi: nfe.dhEmi,
    tpNF: nfe.tpNF, vNF: toDecimalString(nfe.vNF), cSitNFe: 1,
  };
  const nsu = ctx.state.distribution.destine(to, summary, stripXmlDeclaration(xml).trim());
  ctx.log(`NFeDistribuicaoDFe: chNFe ${nfe.chave} destinada a ${to} (NSU ${nsu})`);
  return { ...summary, nsu, recipient: to };
}

/** A distDFeInt in its SOAP envelope: schema, then the fake's answer (retDistDFeInt in nfeDistDFeInteresseResult). */
export async function answerDistribution(ctx: SimulatorContext, body: string): Promise<string> {
  const message = readSoapMessage(body, 'nfeDadosMsg');
  if (message.payload.localName !== 'distDFeInt') throw new Error(`NFeDistribuicaoDFe espera <distDFeInt>, recebeu <${message.payload.localName}>`);
  const xml = elementXml(message.source, message.payload);
  const verdict = await ctx.validate(xml, 'distDFeInt');
  if (!verdict.valid) {
    ctx.log(`NFeDistribuicaoDFe: 215 ${verdict.errors.slice(0, 2).map((e) => e.message).join(' | ')}`);
    return distSoapResponse(ctx.state.distribution.rejection(215, 'Rejeição: Falha no schema XML'));
  }
  const answer = ctx.state.distribution.answer(xml);
  ctx.log(`NFeDistribuicaoDFe: ${/<cStat>(\d+)<\/cStat>/.exec(answer)?.[1] ?? '?'}`);
  return distSoapResponse(answer);
}

/**
 * The Ambiente Nacional's verdict on a manifestation (after the batch's schema and the signature passed): the author
 * must be the recipient (the simulator answers 217 for a key not destined to it), each type once (573), no ciência
 * after a conclusive event and nothing conclusive after a confirmação (596 in the simulator's words). A registered
 * ciência or confirmação releases the full document to the recipient's distribution.
 */
export function judgeManifestation(
  ctx: SimulatorContext,
  info: XmlElement,
  f: (name: string) => string,
  registered: readonly string[],
): { cStat: number; xMotivo: string } | null {
  const chave = f('chNFe');
  const cnpj = f('CNPJ');
  const tp = f('tpEvento');
  if (f('cOrgao') !== '91') return { cStat: 489, xMotivo: 'Rejeição: cOrgao deve ser 91 (Ambiente Nacional) para a manifestação do destinatário' };
  if (!ctx.state.distribution.isRecipient(cnpj, chave)) return { cStat: 217, xMotivo: 'Rejeição: NF-e inexistente na base de dados da SEFAZ (para este destinatário)' };
  if (registered.includes(tp)) return { cStat: 573, xMotivo: 'Rejeição: Duplicidade de Evento' };
  const conclusive = registered.filter((t) => t !== '210210');
  if (tp === '210210' && conclusive.length > 0) return { cStat: 596, xMotivo: 'Rejeição: Evento de ciência após manifestação conclusiva' };
  if (tp !== '210210' && registered.includes('210200')) return { cStat: 596, xMotivo: 'Rejeição: NF-e já confirmada pelo destinatário' };
  void info;
  return null;
}

/** After a registered manifestation: the resEvento, and the procNFe released on ciência or confirmação. */
export function afterManifestation(ctx: SimulatorContext, f: (name: string) => string, nProt: string): void {
  const cnpj = f('CNPJ');
  const chave = f('chNFe');
  const tp = f('tpEvento');
  ctx.state.distribution.addEventSummary(cnpj, {
    chNFe: chave, tpEvento: tp, nSeqEvento: Number(f('nSeqEvento') || 1), xEvento: MANIFESTATION_NAMES[tp] ?? tp,
    dhEvento: brasiliaDateTime(ctx.now()), nProt, cOrgao: '91',
  });
  if (tp === '210210' || tp === '210200') ctx.state.distribution.release(cnpj, chave);
}
