/**
 * The CF-e-SAT (model 59) the point of sale hands the SAT, layout 0.08 (CfeDadosVendaAPL_0008.xsd), its cancellation
 * (CFeCanc), signAC, the SAT's answer lines and the QR code of the extrato. The SAT itself numbers, totals and signs
 * the CF-e: what the application sends has no totals but the subtotal's discount or surcharge (DescAcrEntr), no key,
 * no date. Money in centavos, quantities in thousandths, rates in basis points (as @pdv/domain/money).
 *
 * Facts from the SAT's ER (Especificação de Requisitos do SAT, SEFAZ-SP) and confirmed on the samples of
 * /work/shared/fiscal/samples/satcfe: ide/CNPJ is the software house's CNPJ (001 §7: a fixed 14-digit number);
 * signAC is the software house's RSA-SHA256 signature of its CNPJ followed by the taxpayer's, in base64 (344
 * characters for a 2048-bit key; the test environment accepts the text SEFAZ-SP publishes); rates are fractions with
 * 4 places (1,65% is 0.0165); the answer of EnviarDadosVenda is 12 pipe-separated fields when it succeeds (06000).
 */
import { createSign } from 'node:crypto';
import { ValidationError } from '@pdv/domain/errors';
import { isValidGtin } from '@pdv/domain/gtin';
import { multiplyByQuantity, percentOf, unscaleToString, type BasisPoints, type Cents, type Milli } from '@pdv/domain/money';
import { SAT_CODES, SAT_LAYOUT_VERSION, satPaymentCode } from '@pdv/domain/sat';
import type { NFeDet, NFeInput } from './types.ts';
import { el, money, opt, optMoney, quantity, txt } from './xml-writer.ts';

export interface CFeItem {
  cProd: string;
  /** A barcode: written only when its GTIN check digit is right. */
  cEAN?: string | null;
  xProd: string;
  NCM?: string | null;
  CEST?: string | null;
  CFOP: string;
  uCom: string;
  qCom: Milli;
  vUnCom: Cents;
  vDesc?: Cents;
  vOutro?: Cents;
  ICMS: { orig: number; CST?: string | null; CSOSN?: string | null; pICMS?: BasisPoints };
  PIS: { CST: string; p?: BasisPoints };
  COFINS: { CST: string; p?: BasisPoints };
  infAdProd?: string | null;
}

export interface CFePayment {
  /** The payment method's code (meio_pagamento, the NFC-e's tPag): PIX and bank deposit become 99. */
  meio_pagamento: string;
  vMP: Cents;
}

export interface CFeInput {
  /** The software house's CNPJ (SAT_SOFTWARE_HOUSE_CNPJ). */
  softwareHouseCnpj: string;
  /** The branch's sat_assinatura_ac. */
  signAC: string;
  /** The checkout number, 1-999. */
  numeroCaixa: number;
  emit: { CNPJ: string; IE: string; IM?: string | null; cRegTribISSQN?: number | null; indRatISSQN?: 'S' | 'N' };
  dest?: { CPF?: string | null; CNPJ?: string | null; xNome?: string | null } | null;
  det: CFeItem[];
  /** Discount and surcharge on the subtotal (the SAT shares them among the items). */
  vDescSubtot?: Cents;
  vAcresSubtot?: Cents;
  /** Approximate taxes (Lei 12.741). */
  vCFeLei12741?: Cents | null;
  pgto: CFePayment[];
  infCpl?: string | null;
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** A rate as the CF-e writes it: a fraction with 4 places (165 basis points, 1,65% -> '0.0165'). */
export function cfeRate(bp: BasisPoints): string {
  if (!Number.isSafeInteger(bp) || bp < 0 || bp >= 100_000) throw new RangeError(`alíquota fora da faixa: ${bp}`);
  return unscaleToString(bp, 4);
}

/** The percentage of ICMS (pICMS, 2 places: 18% -> '18.00'). */
const percent = (bp: BasisPoints) => unscaleToString(bp, 2);

/** What the item is worth before the subtotal's share: qCom × vUnCom − vDesc + vOutro. */
export function cfeItemValue(item: Pick<CFeItem, 'qCom' | 'vUnCom' | 'vDesc' | 'vOutro'>): { vProd: Cents; vItem: Cents } {
  const vProd = multiplyByQuantity(item.vUnCom, item.qCom);
  return { vProd, vItem: vProd - (item.vDesc ?? 0) + (item.vOutro ?? 0) };
}

function icmsXml(n: number, icms: CFeItem['ICMS']): string {
  const orig = txt('Orig', icms.orig);
  if (icms.CSOSN) {
    if (['102', '300', '400', '500'].includes(icms.CSOSN)) return el('ICMSSN102', [orig, txt('CSOSN', icms.CSOSN)]);
    if (icms.CSOSN === '900') return el('ICMSSN900', [orig, txt('CSOSN', '900'), txt('pICMS', percent(icms.pICMS ?? 0))]);
    throw new ValidationError(`Item ${n}: CSOSN ${icms.CSOSN} não é aceito pelo SAT (use 102, 300, 400, 500 ou 900).`, 'CSOSN');
  }
  const cst = icms.CST ?? '';
  if (['00', '20', '90'].includes(cst)) return el('ICMS00', [orig, txt('CST', cst), txt('pICMS', percent(icms.pICMS ?? 0))]);
  if (['40', '41', '50', '60'].includes(cst)) return el('ICMS40', [orig, txt('CST', cst)]);
  throw new ValidationError(`Item ${n}: CST de ICMS ${cst || '(vazio)'} não é aceito pelo SAT (use 00, 20, 90, 40, 41, 50 ou 60).`, 'CST');
}

/** PIS or COFINS: CST 01/02 by rate, 04-09 not taxed, 49 Simples Nacional, 99 other (by rate). */
function pisCofinsXml(n: number, tax: 'PIS' | 'COFINS', group: CFeItem['PIS'], base: Cents): string {
  const cst = group.CST;
  const p = `p${tax}`;
  if (cst === '01' || cst === '02') return el(`${tax}Aliq`, [txt('CST', cst), txt('vBC', money(base)), txt(p, cfeRate(group.p ?? 0))]);
  if (['04', '05', '06', '07', '08', '09'].includes(cst)) return el(`${tax}NT`, txt('CST', cst));
  if (cst === '49') return el(`${tax}SN`, txt('CST', cst));
  if (cst === '99') return el(`${tax}Outr`, [txt('CST', cst), txt('vBC', money(base)), txt(p, cfeRate(group.p ?? 0))]);
  throw new ValidationError(`Item ${n}: CST de ${tax} ${cst} não é aceito pelo SAT (use 01, 02, 04 a 09, 49 ou 99).`, 'CST');
}

function detXml(item: CFeItem, index: number): string {
  const n = index + 1;
  const { vItem } = cfeItemValue(item);
  if (vItem < 0) throw new ValidationError(`Item ${n}: desconto maior que o valor do item.`, 'vDesc');
  const ean = digits(item.cEAN);
  const ncm = digits(item.NCM);
  return el('det', [
    el('prod', [
      txt('cProd', item.cProd, 60),
      ean !== '' && isValidGtin(ean) ? txt('cEAN', ean) : null,
      txt('xProd', item.xProd, 120),
      ncm.length === 8 || ncm.length === 2 ? txt('NCM', ncm) : null,
      /^\d{7}$/.test(digits(item.CEST)) ? txt('CEST', digits(item.CEST)) : null,
      txt('CFOP', item.CFOP),
      txt('uCom', item.uCom, 6),
      txt('qCom', quantity(item.qCom)),
      txt('vUnCom', money(item.vUnCom)),
      // A: the SAT rounds qCom × vUnCom (T would truncate).
      txt('indRegra', 'A'),
      optMoney('vDesc', item.vDesc),
      optMoney('vOutro', item.vOutro),
    ]),
    el('imposto', [
      el('ICMS', icmsXml(n, item.ICMS)),
      el('PIS', pisCofinsXml(n, 'PIS', item.PIS, vItem)),
      el('COFINS', pisCofinsXml(n, 'COFINS', item.COFINS, vItem)),
    ]),
    opt('infAdProd', item.infAdProd, 500),
  ], [['nItem', n]]);
}

function destXml(dest: CFeInput['dest']): string {
  const cpf = digits(dest?.CPF);
  const cnpj = digits(dest?.CNPJ);
  return el('dest', [
    cnpj.length === 14 ? txt('CNPJ', cnpj) : cpf.length === 11 ? txt('CPF', cpf) : null,
    (cnpj.length === 14 || cpf.length === 11) && dest?.xNome && dest.xNome.trim().length >= 2 ? txt('xNome', dest.xNome, 60) : null,
  ]);
}

function ideXml(o: { softwareHouseCnpj: string; signAC: string; numeroCaixa: number }): string {
  const cnpj = digits(o.softwareHouseCnpj);
  if (cnpj.length !== 14) throw new ValidationError('CNPJ da software house do SAT deve ter 14 dígitos.', 'CNPJ');
  if (!o.signAC || o.signAC.length > 344) throw new ValidationError('Assinatura do AC (SAT) não informada.', 'signAC');
  if (!Number.isInteger(o.numeroCaixa) || o.numeroCaixa < 1 || o.numeroCaixa > 999) throw new ValidationError('Número do caixa do SAT deve ser de 1 a 999.', 'numeroCaixa');
  return el('ide', [txt('CNPJ', cnpj), `<signAC>${o.signAC.replace(/[&<>]/g, '')}</signAC>`, txt('numeroCaixa', String(o.numeroCaixa).padStart(3, '0'))]);
}

/** The sale as the SAT's EnviarDadosVenda takes it (CfeDadosVendaAPL_0008). */
export function buildCFeXml(input: CFeInput): string {
  if (input.det.length === 0) throw new ValidationError('O CF-e não tem itens.', 'det');
  if (input.det.length > 500) throw new ValidationError('O CF-e aceita no máximo 500 itens.', 'det');
  const pgto = input.pgto.filter((p) => p.vMP > 0);
  if (pgto.length === 0) throw new ValidationError('O CF-e não tem pagamentos.', 'pgto');
  if (pgto.length > 10) throw new ValidationError('O CF-e aceita no máximo 10 pagamentos.', 'pgto');
  const items = input.det.reduce((t, i) => t + cfeItemValue(i).vItem, 0);
  const due = items - (input.vDescSubtot ?? 0) + (input.vAcresSubtot ?? 0);
  const paid = pgto.reduce((t, p) => t + p.vMP, 0);
  if (paid < due) throw new ValidationError('Os pagamentos não cobrem o total do CF-e.', 'vMP');
  const ie = digits(input.emit.IE);
  if (ie.length < 2) throw new ValidationError('Inscrição estadual do emitente não informada.', 'IE');
  const descAcr = input.vDescSubtot || input.vAcresSubtot
    ? el('DescAcrEntr', [input.vDescSubtot ? txt('vDescSubtot', money(input.vDescSubtot)) : input.vAcresSubtot ? txt('vAcresSubtot', money(input.vAcresSubtot)) : null])
    : null;
  const body = el('CFe', el('infCFe', [
    ideXml(input),
    el('emit', [
      txt('CNPJ', digits(input.emit.CNPJ)),
      txt('IE', ie),
      opt('IM', input.emit.IM ? digits(input.emit.IM) : null),
      input.emit.IM && input.emit.cRegTribISSQN ? txt('cRegTribISSQN', input.emit.cRegTribISSQN) : null,
      txt('indRatISSQN', input.emit.indRatISSQN ?? 'N'),
    ]),
    destXml(input.dest),
    ...input.det.map(detXml),
    el('total', [descAcr, input.vCFeLei12741 ? txt('vCFeLei12741', money(input.vCFeLei12741)) : null]),
    el('pgto', pgto.map((p) => el('MP', [txt('cMP', satPaymentCode(p.meio_pagamento)), txt('vMP', money(p.vMP))]))),
    input.infCpl ? el('infAdic', opt('infCpl', input.infCpl, 5000)) : null,
  ], [['versaoDadosEnt', SAT_LAYOUT_VERSION]]));
  return `<?xml version="1.0" encoding="UTF-8"?>${body}`;
}

/** The cancellation of the last sale (CancelarUltimaVenda): the key of the CF-e, with 'CFe' in front. */
export function buildCFeCancXml(o: { chave: string; softwareHouseCnpj: string; signAC: string; numeroCaixa: number;
  dest?: CFeInput['dest'] }): string {
  const chave = o.chave.replace(/^CFe/, '');
  if (!/^\d{44}$/.test(chave) || chave.slice(20, 22) !== '59') throw new ValidationError('Chave do CF-e inválida.', 'chCanc');
  const body = el('CFeCanc', el('infCFe', [ideXml(o), '<emit></emit>', destXml(o.dest), '<total></total>', '<infAdic></infAdic>'], [['chCanc', `CFe${chave}`]]));
  return `<?xml version="1.0" encoding="UTF-8"?>${body}`;
}

/**
 * signAC: the software house's RSA-SHA256 signature of its CNPJ followed by the taxpayer's (28 digits), in base64. The
 * software house computes it once per taxpayer with its private key; the branch keeps it (sat_assinatura_ac).
 */
export function signAC(softwareHouseCnpj: string, taxpayerCnpj: string, privateKeyPem: string): string {
  const text = `${digits(softwareHouseCnpj)}${digits(taxpayerCnpj)}`;
  if (text.length !== 28) throw new ValidationError('signAC: os dois CNPJ devem ter 14 dígitos.', 'signAC');
  return createSign('RSA-SHA256').update(text).sign(privateKeyPem, 'base64');
}

/** A CF-e from the invoice's NFC-e input (the server's loadEmission): same items, taxes and payments. */
export function cfeFromInvoice(base: Pick<NFeInput, 'emit' | 'dest' | 'det' | 'pag' | 'infAdic'>,
  sat: { softwareHouseCnpj: string; signAC: string; numeroCaixa: number }): CFeInput {
  return {
    ...sat,
    emit: { CNPJ: base.emit.CNPJ, IE: base.emit.IE, IM: base.emit.IM ?? null, indRatISSQN: 'N' },
    dest: base.dest ? { CPF: base.dest.CPF ?? null, CNPJ: base.dest.CNPJ ?? null, xNome: base.dest.xNome ?? null } : null,
    det: base.det.map((d: NFeDet) => ({
      cProd: d.prod.cProd, cEAN: d.prod.cEAN ?? null, xProd: d.prod.xProd, NCM: d.prod.NCM, CEST: d.prod.CEST ?? null, CFOP: d.prod.CFOP,
      uCom: d.prod.uCom, qCom: d.prod.qCom, vUnCom: d.prod.vUnCom, vDesc: d.prod.vDesc ?? 0, vOutro: d.prod.vOutro ?? 0,
      ICMS: { orig: d.imposto.ICMS.orig, CST: d.imposto.ICMS.CST ?? null, CSOSN: d.imposto.ICMS.CSOSN ?? null, pICMS: d.imposto.ICMS.pICMS ?? 0 },
      PIS: { CST: d.imposto.PIS?.CST ?? '49', p: d.imposto.PIS?.p ?? 0 },
      COFINS: { CST: d.imposto.COFINS?.CST ?? '49', p: d.imposto.COFINS?.p ?? 0 },
    })),
    pgto: base.pag.detPag.map((p) => ({ meio_pagamento: p.tPag, vMP: p.vPag })),
    infCpl: base.infAdic?.infCpl ?? null,
  };
}

/** The ICMS, PIS and COFINS a SAT computes for an item (the emulator's and the extrato's figures). */
export function cfeItemTaxes(item: CFeItem, vItem: Cents): { vICMS: Cents; vPIS: Cents; vCOFINS: Cents } {
  const icms = item.ICMS.CSOSN === '900' || ['00', '20', '90'].includes(item.ICMS.CST ?? '') ? percentOf(vItem, item.ICMS.pICMS ?? 0) : 0;
  const byRate = (g: CFeItem['PIS']) => (['01', '02', '99'].includes(g.CST) ? percentOf(vItem, g.p ?? 0) : 0);
  return { vICMS: icms, vPIS: byRate(item.PIS), vCOFINS: byRate(item.COFINS) };
}

// The SAT's answers ---------------------------------------------------------------------------------------------

export interface SatAnswer {
  numeroSessao: string;
  /** EEEEE: 06000 and 07000 are success. */
  codigo: string;
  mensagem: string;
  /** The CF-e (sale) or CFeCanc (cancellation) the SAT signed, decoded; null on failure. */
  xml: string | null;
  /** AAAAMMDDHHMMSS. */
  timeStamp: string | null;
  /** 'CFe' and the 44 digits. */
  chaveConsulta: string | null;
  valorTotal: string | null;
  cpfCnpj: string | null;
  assinaturaQRCODE: string | null;
}

/**
 * One answer line of EnviarDadosVenda or CancelarUltimaVenda: numeroSessao|EEEEE|CCCC|mensagem|cod|mensagemSEFAZ|
 * arquivoBase64|timeStamp|chave|valorTotal|CPFCNPJValue|assinaturaQRCODE on success, numeroSessao|EEEEE|mensagem|
 * cod|mensagemSEFAZ on failure. A line that is neither is code 99999 (ours).
 */
export function parseSatAnswer(line: string, success: typeof SAT_CODES.saleAuthorized | typeof SAT_CODES.cancelled): SatAnswer {
  const fields = line.replace(/\r?\n$/, '').split('|');
  const none = { xml: null, timeStamp: null, chaveConsulta: null, valorTotal: null, cpfCnpj: null, assinaturaQRCODE: null };
  if (fields.length < 3 || !/^\d{5}$/.test(fields[1] ?? '')) {
    return { numeroSessao: fields[0] ?? '', codigo: SAT_CODES.failure, mensagem: 'Resposta do SAT ilegível.', ...none };
  }
  const codigo = fields[1]!;
  if (codigo !== success) return { numeroSessao: fields[0]!, codigo, mensagem: fields[2] ?? '', ...none };
  if (fields.length !== 12) return { numeroSessao: fields[0]!, codigo: SAT_CODES.failure, mensagem: 'Resposta do SAT com número inesperado de campos.', ...none };
  return {
    numeroSessao: fields[0]!, codigo, mensagem: fields[3] ?? '',
    xml: Buffer.from(fields[6] ?? '', 'base64').toString('utf8'),
    timeStamp: fields[7] || null, chaveConsulta: fields[8] || null, valorTotal: fields[9] || null, cpfCnpj: fields[10] || null,
    assinaturaQRCODE: fields[11] || null,
  };
}

/** The extrato's QR code: chave (44 digits)|timeStamp|valor|CPF/CNPJ|assinaturaQRCODE. */
export function cfeQrCode(o: { chave: string; timeStamp: string; valorTotal: string; cpfCnpj: string | null; assinaturaQRCODE: string }): string {
  return [o.chave.replace(/^CFe/, ''), o.timeStamp, o.valorTotal, digits(o.cpfCnpj), o.assinaturaQRCODE].join('|');
}
