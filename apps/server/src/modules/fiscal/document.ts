/**
 * From the invoice in the database to the fiscal document: gathers the emitter (branch), recipient, items with their
 * fiscal scenario, payments, references and volumes, checks what SEFAZ would refuse with the spec's pt-BR messages,
 * and hands the typed input to @pdv/fiscal to build, sign and validate.
 */
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { fromDecimal, quantityFromDecimal, toDecimal } from '@pdv/domain/money';
import { ValidationError } from '@pdv/domain/errors';
import { chargesSt, itemIcms } from '@pdv/domain/icms-st';
import { itemIbsCbs } from '@pdv/domain/ibscbs';
import { applyScenarioException } from '@pdv/domain/scenario-exception';
import { transferCfop, transferTaxes } from '@pdv/domain/stock-transfer';
import { loadCertificate, type Certificate } from '@pdv/fiscal/certificate';
import { emitSignedNFe, SchemaValidationError } from '@pdv/fiscal/emit';
import { buildEventoXml } from '@pdv/fiscal/events';
import { buildInutNFe } from '@pdv/fiscal/messages';
import { buildNFeXml, dateTimeTz } from '@pdv/fiscal/nfe-xml';
import { digestOf, signXml } from '@pdv/fiscal/sign';
import type { Endereco as Address, NFeDet, NFeDetPag, NFeInput } from '@pdv/fiscal/types';
import type { Tx } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { branchOffset } from '../invoice/queries.ts';
import * as q from './queries.ts';
import type { SefazTarget } from './sefaz.ts';

/** IBGE codes of the states. */
export const UF_IBGE: Record<string, string> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24', PB: '25',
  PE: '26', AL: '27', SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50',
  MT: '51', GO: '52', DF: '53',
};

/** ide fields fixed per emission attempt (number, dates, emission type). */
type IdeFixed = 'serie' | 'nNF' | 'dhEmi' | 'tpEmis' | 'dhCont' | 'xJust' | 'cNF';

export interface Emission extends SefazTarget {
  /** Null for a CF-e SAT (model 59): the SAT signs it, the branch's A1 certificate is not needed. */
  cert: Certificate | null;
  cnpj: string;
  offsetHours: number;
  base: Omit<NFeInput, 'ide'> & { ide: Omit<NFeInput['ide'], IdeFixed> };
}

function address(a: { endereco: string | null; numero: string | null; complemento: string | null; bairro: string | null;
  id_cidade: number | null; cidade: string | null; uf: string | null; cep: string | null; telefone?: string | null }): Address | null {
  if (!a.endereco || !a.bairro || !a.id_cidade || !a.cidade || !a.uf) return null;
  return { xLgr: a.endereco, nro: a.numero || 'S/N', xCpl: a.complemento, xBairro: a.bairro, cMun: String(a.id_cidade),
    xMun: a.cidade, UF: a.uf, CEP: a.cep, fone: a.telefone ?? null };
}

const bp = (value: string | number) => Math.round(Number(value) * 100);

/** The destination branch of a transfer NF-e as its recipient (CNPJ, name, state registration, address). */
async function branchRecipient(tx: Tx, org: number, id_filial: number): Promise<q.RecipientRow | null> {
  const b = await q.findEmitter(tx, org, id_filial);
  if (!b) return null;
  return { nome: b.razao_social, cpf: null, cnpj: b.cnpj, ie: b.ie, indicador_ie: b.ie && /\d/.test(b.ie) ? 1 : 9, email: null, telefone: b.telefone,
    endereco: b.endereco, numero: b.numero, complemento: b.complemento, bairro: b.bairro, id_cidade: b.id_cidade, cidade: b.cidade, uf: b.uf, cep: b.cep };
}

type ICMS = NFeDet['imposto']['ICMS'];

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
  const ender = address(emitter);
  if (!ender || !emitter.cep) throw badRequest(M.branchAddressIncomplete);
  if (!emitter.ie || !/\d/.test(emitter.ie)) throw badRequest(M.branchIeMissing);
  const csc = emitter.id_csc && emitter.csc ? { id: emitter.id_csc, token: emitter.csc } : null;
  if (modelo === '65' && !csc) throw badRequest(M.cscMissing);

  const id = Number(nf['id_nota_fiscal']);
  // A transfer between branches goes to the destination branch itself (stock/transfer.ts): it is the recipient.
  const toBranch = nf['id_filial_destino'] === null || nf['id_filial_destino'] === undefined ? null : Number(nf['id_filial_destino']);
  const recipient = toBranch !== null ? await branchRecipient(tx, org, toBranch)
    : nf['id_cliente'] ? await q.findRecipient(tx, org, Number(nf['id_cliente'])) : null;
  // The carrier chosen at the point of sale or in the invoice (a person flagged is_transportadora): its document,
  // name, IE and main address go in transp/transporta of an NF-e (an NFC-e carries no carrier nor vehicle).
  const carrier = modelo === '55' && nf['id_transportadora'] ? await q.findRecipient(tx, org, Number(nf['id_transportadora'])) : null;
  const recipientAddress = recipient ? address(recipient) : null;
  if (modelo === '55') {
    if (!recipient) throw badRequest(M.recipientMissing);
    if (!recipientAddress) throw badRequest(M.recipientAddressMissing);
  }
  const cpfCnpj = (nf['cliente_cpf_cnpj'] as string | null) ?? recipient?.cpf ?? recipient?.cnpj ?? null;
  const interstate = recipientAddress !== null && recipientAddress.UF !== ender.UF;

  const tipo = String(nf['tipo_nota']) === 'Devolucao' ? 'Devolucao' : 'Venda';
  const rows = await q.findItems(tx, org, id, tipo);
  if (rows.length === 0) throw badRequest(M.itemProductMissing);
  const simples = emitter.codigo_regime_tributario !== 3;
  // The scenarios' exceptions by the destination's state (the recipient's; the branch's at the counter) and the NCM.
  const scenarioIds = [...new Set(rows.flatMap((r) => (r.id_cenario_fiscal === null ? [] : [r.id_cenario_fiscal])))];
  const exceptions = await q.findScenarioExceptions(tx, org, scenarioIds);
  const destinationUf = recipientAddress?.UF ?? ender.UF;
  const det: NFeDet[] = rows.map((row) => {
    const ncm = row.codigo_ncm;
    if (!ncm) throw badRequest(M.ncmMissing(row.descricao));
    const r = toBranch !== null
      // A transfer: CFOP 5152/6152 and no ICMS, PIS nor COFINS (domain stock-transfer.ts), whatever the scenario says.
      ? { ...row, ...transferTaxes(simples), cfop: transferCfop(ender.UF, destinationUf), icms_aliquota: '0', icmsst_aliquota: '0', icmsst_mva: '0',
          fcp_percentual: '0', icms_percentual_reducao_base_calculo: '0', pis_aliquota: '0', cofins_aliquota: '0' }
      : applyScenarioException(
        { ...row, cfop: interstate ? row.cfop_externo : row.cfop_interno },
        exceptions.filter((e) => e.id_cenario_fiscal === row.id_cenario_fiscal),
        { uf: destinationUf, codigo_ncm: ncm },
      );
    const cfop = r.cfop;
    if (!cfop || (!r.icms_csosn && !r.icms_cst) || !r.pis_cst || !r.cofins_cst) throw badRequest(M.fiscalScenarioMissing(r.descricao));
    const orig = (r.origem_produto ?? 0) as ICMS['orig'];
    // The ICMS group from the scenario (or the exception that won): CST or CSOSN, rates, ST with MVA and FCP.
    const icms = itemIcms(r, simples);
    // An NFC-e is paid at the counter for what it shows: ST charged in the operation would raise vNF above what the
    // customer paid, and SEFAZ's NFC-e rules refuse it (docs/decisions.md, "ICMS-ST and FCP from the scenario").
    if (modelo !== '55' && chargesSt(icms.CST ?? icms.CSOSN ?? '', icms.pICMSST ?? 0)) throw badRequest(M.nfceStCharged(r.descricao));
    // The tax reform's IBS/CBS from the same scenario, for CRT 3 issuers only (domain ibscbs.ts).
    let ibscbs: ReturnType<typeof itemIbsCbs>;
    try {
      ibscbs = itemIbsCbs(r, emitter.codigo_regime_tributario, r.descricao);
    } catch (error) {
      if (error instanceof ValidationError) throw badRequest(error.message);
      throw error;
    }
    return {
      prod: {
        cProd: r.codigo, cEAN: r.codigo_barras, xProd: r.descricao, NCM: ncm, CEST: r.cest, CFOP: cfop,
        uCom: r.unidade_comercial ?? 'UN', qCom: quantityFromDecimal(r.quantidade), vUnCom: fromDecimal(r.valor_unitario),
        vDesc: fromDecimal(r.valor_desconto), vFrete: fromDecimal(r.frete), vSeg: fromDecimal(r.seguro), vOutro: fromDecimal(r.outros),
      },
      imposto: {
        ICMS: { ...icms, orig, CST: icms.CST as ICMS['CST'], CSOSN: icms.CSOSN as ICMS['CSOSN'] },
        PIS: { CST: r.pis_cst, p: bp(r.pis_aliquota) },
        COFINS: { CST: r.cofins_cst, p: bp(r.cofins_aliquota) },
        IBSCBS: ibscbs,
      },
    };
  });
  const detPag: NFeDetPag[] = (await q.findPayments(tx, org, id)).map((p) => {
    const card = p.meio_pagamento === '03' || p.meio_pagamento === '04';
    return {
      tPag: /^\d{2}$/.test(p.meio_pagamento) ? p.meio_pagamento : '99', vPag: fromDecimal(p.valor_total),
      indPag: p.quantidade_parcelas > 1 ? 1 : 0,
      card: card ? { tpIntegra: p.cartao_tipo_integracao === '1' ? 1 : 2, CNPJ: p.cartao_cnpj_instituicao, tBand: p.cartao_bandeira,
        cAut: p.cartao_codigo_autorizacao } : null,
    };
  });
  const total = fromDecimal(String(nf['valor_nota_fiscal']));
  if (modelo !== '55' && detPag.length === 0 && total > 0) throw badRequest(M.nfcePaymentMissing);
  const paid = detPag.reduce((sum, p) => sum + p.vPag, 0);
  const volumes = (await q.findVolumes(tx, org, id)).map((v) => ({
    qVol: v.quantidade, esp: v.especie, marca: v.marca, nVol: v.numeracao,
    pesoL: quantityFromDecimal(v.peso_liquido), pesoB: quantityFromDecimal(v.peso_bruto),
  }));
  // dhEmi (and the DANFE that prints it) in the branch's time zone (fuso_horario, -3 by default).
  const offsetHours = await branchOffset(tx, org, id_filial);
  const refs = await q.findReferenced(tx, org, id);
  return {
    // A CF-e's emission is never sent to SEFAZ (its target is the NFC-e's shape, unused).
    ...target, modelo: modelo === '59' ? '65' : modelo, cert, cnpj: emitter.cnpj, offsetHours,
    base: {
      ide: {
        cUF: UF_IBGE[ender.UF] ?? '35', natOp: String(nf['natureza_operacao']), mod: modelo === '55' ? 55 : 65,
        tpNF: nf['operacao'] === 'Entrada' ? 0 : 1, idDest: interstate ? 2 : 1, cMunFG: ender.cMun, tpImp: modelo === '65' ? 4 : 1,
        tpAmb: target.tpAmb, finNFe: Number(nf['finalidade']) as 1 | 2 | 3 | 4,
        indFinal: modelo === '65' || !recipient?.cnpj || recipient.indicador_ie === 9 ? 1 : 0,
        indPres: modelo === '65' ? 1 : (Number(nf['indicador_presenca']) as NFeInput['ide']['indPres']),
        NFref: refs.map((refNFe) => ({ refNFe })),
      },
      emit: { CNPJ: emitter.cnpj, xNome: emitter.razao_social, xFant: emitter.nome_fantasia, enderEmit: { ...ender, fone: emitter.telefone },
        IE: emitter.ie, CRT: emitter.codigo_regime_tributario as 1 | 2 | 3 | 4 },
      dest: cpfCnpj
        ? {
          ...(cpfCnpj.length === 11 ? { CPF: cpfCnpj } : { CNPJ: cpfCnpj }),
          xNome: recipient?.nome ?? null, enderDest: modelo === '55' ? recipientAddress : null,
          indIEDest: recipient?.indicador_ie === 1 && recipient.ie ? 1 : recipient?.indicador_ie === 2 ? 2 : 9,
          IE: recipient?.ie ?? null, email: recipient?.email ?? null,
        }
        : null,
      det,
      transp: {
        modFrete: Number(nf['tipo_frete']) as 0 | 1 | 2 | 3 | 4 | 9,
        transporta: carrier
          ? {
            ...(carrier.cnpj ? { CNPJ: carrier.cnpj } : { CPF: carrier.cpf }), xNome: carrier.nome, IE: carrier.ie,
            xEnder: [carrier.endereco, carrier.numero].filter(Boolean).join(', ') || null, xMun: carrier.cidade, UF: carrier.uf,
          }
          : null,
        veicTransp: modelo === '55' && nf['placa_veiculo'] ? { placa: nf['placa_veiculo'] as string, UF: (nf['uf_placa_veiculo'] as string | null) ?? null } : null,
        vol: volumes,
      },
      pag: { detPag: detPag.length > 0 ? detPag : [{ tPag: '90', vPag: 0 }], vTroco: Math.max(0, paid - total) },
      infAdic: nf['informacoes_adicionais'] ? { infCpl: nf['informacoes_adicionais'] as string } : null,
      csc: csc ? { idCSC: csc.id, csc: csc.token } : null,
    },
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
