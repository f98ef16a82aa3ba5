/**
 * From the invoice in the database to the fiscal document: gathers the emitter (branch), recipient, items with their
 * fiscal scenario, payments, references and volumes, checks what SEFAZ would refuse with the spec's pt-BR messages,
 * and hands the typed input to @pdv/fiscal to build, sign and validate.
 */
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { toDecimal } from '@pdv/domain/money';
import { ValidationError } from '@pdv/domain/errors';
import { loadCertificate, type Certificate } from '@pdv/fiscal/certificate';
import { emitSignedNFe, SchemaValidationError } from '@pdv/fiscal/emit';
import { buildEventoXml } from '@pdv/fiscal/events';
import { buildInutNFe } from '@pdv/fiscal/messages';
import { buildNFeXml, dateTimeTz } from '@pdv/fiscal/nfe-xml';
import { digestOf, signXml } from '@pdv/fiscal/sign';
import { documentAddress, documentBase, UF_IBGE, type DocumentBase, type DocumentFacts } from '@pdv/fiscal/document-input';
import type { NFeInput } from '@pdv/fiscal/types';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { branchOffset } from '../invoice/queries.ts';
import * as q from './queries.ts';
import type { SefazTarget } from './sefaz.ts';

export { UF_IBGE };

/** ide fields fixed per emission attempt (number, dates, emission type). */
type IdeFixed = 'serie' | 'nNF' | 'dhEmi' | 'tpEmis' | 'dhCont' | 'xJust' | 'cNF';

export interface Emission extends SefazTarget {
  /** Null for a CF-e SAT (model 59): the SAT signs it, the branch's A1 certificate is not needed. */
  cert: Certificate | null;
  cnpj: string;
  offsetHours: number;
  base: Omit<NFeInput, 'ide'> & { ide: Omit<NFeInput['ide'], IdeFixed> };
}

/** The destination branch of a transfer NF-e as its recipient (CNPJ, name, state registration, address). */
async function branchRecipient(tx: Tx, org: number, id_filial: number): Promise<q.RecipientRow | null> {
  const b = await q.findEmitter(tx, org, id_filial);
  if (!b) return null;
  return { nome: b.razao_social, cpf: null, cnpj: b.cnpj, ie: b.ie, indicador_ie: b.ie && /\d/.test(b.ie) ? 1 : 9, email: null, telefone: b.telefone,
    endereco: b.endereco, numero: b.numero, complemento: b.complemento, bairro: b.bairro, id_cidade: b.id_cidade, cidade: b.cidade, uf: b.uf, cep: b.cep };
}

export async function loadTarget(tx: Tx, org: number, id_filial: number, modelo: '55' | '65') {
  const emitter = await q.findEmitter(tx, org, id_filial);
  if (!emitter) throw badRequest(M.notFound);
  const stored = await q.findCertificate(tx, org, id_filial);
  if (!stored) throw badRequest(M.certificateMissing);
  let cert: Certificate;
  try {
    cert = loadCertificate(stored.pfx, stored.senha);
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
  return {
    emitter, cert, cnpj: emitter.cnpj,
    target: { uf: emitter.uf ?? '', tpAmb: (emitter.ambiente_emissao === 1 ? 1 : 2), modelo, certificate: stored } satisfies SefazTarget,
  };
}

async function satTarget(tx: Tx, org: number, id_filial: number) {
  const emitter = await q.findEmitter(tx, org, id_filial);
  if (!emitter) throw badRequest(M.notFound);
  return {
    emitter, cert: null, cnpj: emitter.cnpj,
    target: { uf: emitter.uf ?? '', tpAmb: (emitter.ambiente_emissao === 1 ? 1 : 2), modelo: '65', certificate: null } as unknown as SefazTarget,
  };
}

export async function loadEmission(tx: Tx, org: number, id_filial: number, nf: Record<string, unknown>): Promise<Emission> {
  const modelo = String(nf['modelo']);
  if (modelo !== '55' && modelo !== '65' && modelo !== '59') throw badRequest(M.unsupportedModel);
  // A CF-e SAT (issue 27) is content only: the connector writes it and the SAT signs it (no certificate, no CSC);
  // it is a sale at the counter, under the NFC-e's rules for its items and payments.
  const { emitter, cert, target } = modelo === '59' ? await satTarget(tx, org, id_filial) : await loadTarget(tx, org, id_filial, modelo);
  const csc = emitter.id_csc && emitter.csc ? { id: emitter.id_csc, token: emitter.csc } : null;
  if (modelo === '65' && !csc) {
    // The address and IE come first, as the document's own checks order them.
    const ender = documentAddress(emitter);
    if (!ender || !emitter.cep) throw badRequest(M.branchAddressIncomplete);
    if (!emitter.ie || !/\d/.test(emitter.ie)) throw badRequest(M.branchIeMissing);
    throw badRequest(M.cscMissing);
  }

  const id = Number(nf['id_nota_fiscal']);
  // A transfer between branches goes to the destination branch itself (stock/transfer.ts): it is the recipient.
  const toBranch = nf['id_filial_destino'] === null || nf['id_filial_destino'] === undefined ? null : Number(nf['id_filial_destino']);
  const recipient = toBranch !== null ? await branchRecipient(tx, org, toBranch)
    : nf['id_cliente'] ? await q.findRecipient(tx, org, Number(nf['id_cliente'])) : null;
  // The carrier chosen at the point of sale or in the invoice (a person flagged is_transportadora): its document,
  // name, IE and main address go in transp/transporta of an NF-e (an NFC-e carries no carrier nor vehicle).
  const carrier = modelo === '55' && nf['id_transportadora'] ? await q.findRecipient(tx, org, Number(nf['id_transportadora'])) : null;
  const tipo = String(nf['tipo_nota']) === 'Devolucao' ? 'Devolucao' : 'Venda';
  const items = await q.findItems(tx, org, id, tipo);
  const scenarioIds = [...new Set(items.flatMap((r) => (r.id_cenario_fiscal === null ? [] : [r.id_cenario_fiscal])))];
  const facts: DocumentFacts = {
    invoice: {
      modelo: modelo === '59' ? '65' : modelo, natureza_operacao: String(nf['natureza_operacao']), operacao: String(nf['operacao']), finalidade: Number(nf['finalidade']),
      indicador_presenca: Number(nf['indicador_presenca']), tipo_frete: Number(nf['tipo_frete']), valor_nota_fiscal: String(nf['valor_nota_fiscal']),
      cliente_cpf_cnpj: (nf['cliente_cpf_cnpj'] as string | null) ?? null, informacoes_adicionais: (nf['informacoes_adicionais'] as string | null) || null,
      placa_veiculo: (nf['placa_veiculo'] as string | null) ?? null, uf_placa_veiculo: (nf['uf_placa_veiculo'] as string | null) ?? null,
    },
    emitter, recipient, carrier, transfer: toBranch !== null, items,
    exceptions: await q.findScenarioExceptions(tx, org, scenarioIds),
    payments: await q.findPayments(tx, org, id),
    volumes: await q.findVolumes(tx, org, id),
    referenced: await q.findReferenced(tx, org, id),
  };
  let base: DocumentBase;
  try {
    base = documentBase(facts);
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
  // dhEmi (and the DANFE that prints it) in the branch's time zone (fuso_horario, -3 by default).
  const offsetHours = await branchOffset(tx, org, id_filial);
  return {
    // A CF-e's emission is never sent to SEFAZ (its target is the NFC-e's shape, unused).
    ...target, modelo: modelo === '59' ? '65' : modelo, cert, cnpj: emitter.cnpj, offsetHours,
    base: { ...base, csc: csc ? { idCSC: csc.id, csc: csc.token } : null },
  };
}

/** The A1 certificate an NF-e or NFC-e is signed with (a CF-e SAT's emission has none: the SAT signs it). */
function certificateOf(e: Emission): Certificate {
  if (!e.cert) throw badRequest(M.unsupportedModel);
  return e.cert;
}

export interface BuiltDocument {
  xml: string;
  chave: string;
  cNF: string;
  digest: string;
  dhEmi: string;
  totals: { vICMS: number; vPIS: number; vCOFINS: number };
}

export async function buildDocument(e: Emission, o: { numero: number; serie: number; tpEmis: 1 | 9; dhEmi: Date; dhCont?: Date;
  xJust?: string; cNF?: string }): Promise<BuiltDocument> {
  try {
    const signed = await emitSignedNFe(
      { ...e.base, utcOffset: dateTimeTz(new Date(0), e.offsetHours).slice(19), ide: { ...e.base.ide, serie: o.serie, nNF: o.numero, dhEmi: o.dhEmi, tpEmis: o.tpEmis, dhCont: o.dhCont ?? null,
        xJust: o.xJust ?? null, cNF: o.cNF ?? null } },
      { certificate: certificateOf(e) },
    );
    return {
      xml: signed.xml, chave: signed.chave, cNF: signed.cNF, digest: digestOf(signed.xml, 'infNFe'), dhEmi: signed.dhEmi,
      totals: { vICMS: toDecimal(signed.totals.vICMS), vPIS: toDecimal(signed.totals.vPIS), vCOFINS: toDecimal(signed.totals.vCOFINS) },
    };
  } catch (error) {
    if (error instanceof SchemaValidationError) {
      throw badRequest(M.schemaInvalid, error.errors[0]?.message, error.errors.map((x) => x.message));
    }
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
}

export function buildSignedEvent(e: Emission, o: { tipo: '110111' | '110110'; chave: string; sequencia: number;
  nProt: string | null; texto: string; dhEvento: Date }): string {
  const base = { chNFe: o.chave, tpAmb: e.tpAmb, CNPJ: e.cnpj, dhEvento: o.dhEvento, nSeqEvento: o.sequencia, cOrgao: o.chave.slice(0, 2) };
  try {
    const xml = o.tipo === '110111'
      ? buildEventoXml({ ...base, tpEvento: '110111', nProt: o.nProt ?? '', xJust: o.texto })
      : buildEventoXml({ ...base, tpEvento: '110110', xCorrecao: o.texto });
    return signXml(xml, { tag: 'infEvento', certificate: certificateOf(e) });
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
}

export function buildSignedDisable(t: Awaited<ReturnType<typeof loadTarget>>, r: { modelo: '55' | '65'; serie: number;
  inicial: number; final: number; justificativa: string; ano: number }): string {
  try {
    const xml = buildInutNFe({ tpAmb: t.target.tpAmb, cUF: UF_IBGE[t.target.uf] ?? '35', ano: r.ano, CNPJ: t.cnpj,
      mod: r.modelo === '55' ? 55 : 65, serie: r.serie, nNFIni: r.inicial, nNFFin: r.final, xJust: r.justificativa });
    return signXml(xml, { tag: 'infInut', certificate: t.cert });
  } catch (error) {
    if (error instanceof ValidationError) throw badRequest(error.message);
    throw error;
  }
}

/** The unsigned XML of a draft, for its DANFE with the no-fiscal-value watermark. */
export async function draftXml(tx: Tx, org: number, nf: Record<string, unknown>): Promise<string> {
  const e = await loadEmission(tx, org, Number(nf['id_filial']), nf);
  return buildNFeXml({ ...e.base, ide: { ...e.base.ide, serie: Number(nf['serie'] ?? 0), nNF: Number(nf['numero_nota_fiscal'] ?? 1),
    dhEmi: new Date(), tpEmis: 1 } }).xml;
}
