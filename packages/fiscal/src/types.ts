/**
 * The typed input of an NF-e (model 55) or NFC-e (model 65), layout 4.00 / PL_010. Field names are the schema's, so
 * the manual explains them. Units: money in integer centavos, quantities and weights in integer thousandths, rates in
 * basis points (hundredths of a percent: 18% = 1800), as in @pdv/domain/money. Dates are a Date (written in the
 * issuer's offset, -03:00 by default) or text already in the schema's format ('2026-05-04T10:30:00-03:00').
 *
 * Totals are never part of the input: ICMSTot (and IBSCBSTot) are the sums of the item values.
 */
import type { BasisPoints, Cents, Milli } from '@pdv/domain/money';

export type TpAmb = 1 | 2;
export type Modelo = 55 | 65;
export type DateInput = Date | string;

export interface Endereco {
  xLgr: string;
  nro: string;
  xCpl?: string | null;
  xBairro: string;
  /** IBGE municipality code, 7 digits. */
  cMun: string;
  xMun: string;
  UF: string;
  CEP?: string | null;
  /** 1058 Brasil (default when xPais is given). */
  cPais?: string | null;
  xPais?: string | null;
  fone?: string | null;
}

/** A referenced document: an NF-e/NFC-e key, or a cupom of an ECF. */
export type NFRef = { refNFe: string } | { refECF: { mod: '2B' | '2C' | '2D'; nECF: number; nCOO: number } };

export interface NFeIde {
  /** IBGE code of the issuer's state ('35'). */
  cUF: string;
  natOp: string;
  mod: Modelo;
  serie: number;
  nNF: number;
  /** 8 digits; a random one obeying the rules when absent (keep it to re-issue the same key). */
  cNF?: string | null;
  dhEmi: DateInput;
  /** NF-e only. */
  dhSaiEnt?: DateInput | null;
  /** 0 entrada, 1 saída. */
  tpNF: 0 | 1;
  /** 1 internal, 2 interstate, 3 abroad. */
  idDest: 1 | 2 | 3;
  cMunFG: string;
  /** 1 DANFE portrait, 2 landscape, 4 DANFE NFC-e, 5 NFC-e in an electronic message. */
  tpImp: 0 | 1 | 2 | 3 | 4 | 5;
  /** 1 normal, 9 NFC-e offline contingency (others: the contingency modes of NF-e). */
  tpEmis: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9;
  tpAmb: TpAmb;
  /** 1 normal, 2 complementary, 3 adjustment, 4 return. */
  finNFe: 1 | 2 | 3 | 4;
  indFinal: 0 | 1;
  /** 1 in person, 2 internet, 3 phone, 4 NFC-e home delivery, 5 in person outside the shop, 9 other. */
  indPres: 0 | 1 | 2 | 3 | 4 | 5 | 9;
  indIntermed?: 0 | 1 | null;
  /** Application version written in verProc (default '@pdv/fiscal 0.1'). */
  verProc?: string | null;
  /** Contingency: when it started and why (15-256 characters). Required with tpEmis other than 1. */
  dhCont?: DateInput | null;
  xJust?: string | null;
  NFref?: NFRef[];
}

export interface NFeEmit {
  /** CNPJ, numeric or alphanumeric (mask allowed). */
  CNPJ: string;
  xNome: string;
  xFant?: string | null;
  enderEmit: Endereco;
  IE: string;
  IEST?: string | null;
  IM?: string | null;
  CNAE?: string | null;
  /** 1 Simples Nacional, 2 Simples over the sublimit, 3 normal regime, 4 MEI. */
  CRT: 1 | 2 | 3 | 4;
}

export interface NFeDest {
  CPF?: string | null;
  CNPJ?: string | null;
  idEstrangeiro?: string | null;
  xNome?: string | null;
  enderDest?: Endereco | null;
  /** 1 ICMS contributor, 2 exempt, 9 non-contributor (default 9). */
  indIEDest?: 1 | 2 | 9;
  IE?: string | null;
  email?: string | null;
}

export interface NFeProd {
  cProd: string;
  /** A barcode; written only when its GTIN check digit is right, else 'SEM GTIN'. */
  cEAN?: string | null;
  xProd: string;
  /** 8 digits (or the 2-digit chapter where the manual allows it). */
  NCM: string;
  CEST?: string | null;
  cBenef?: string | null;
  EXTIPI?: string | null;
  CFOP: string;
  uCom: string;
  qCom: Milli;
  vUnCom: Cents;
  /** Default qCom × vUnCom rounded half-up to the centavo. */
  vProd?: Cents;
  /** Taxable unit; defaults to the commercial one (cEAN, uCom, qCom, vUnCom). */
  cEANTrib?: string | null;
  uTrib?: string | null;
  qTrib?: Milli;
  vUnTrib?: Cents;
  vFrete?: Cents;
  vSeg?: Cents;
  vDesc?: Cents;
  vOutro?: Cents;
  /** 1 (default): vProd counts in the invoice total. */
  indTot?: 0 | 1;
  xPed?: string | null;
  nItemPed?: string | null;
}

/** ICMS of one item: CST for the normal regime (CRT 3), CSOSN for Simples Nacional. Amounts left out are computed. */
export interface ICMSInput {
  /** Origin of the goods (0 national ... 8). */
  orig: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  CST?: '00' | '10' | '20' | '30' | '40' | '41' | '50' | '51' | '60' | '70' | '90';
  CSOSN?: '101' | '102' | '103' | '201' | '202' | '203' | '300' | '400' | '500' | '900';
  /** 0 MVA, 1 pauta, 2 tabelado, 3 operation value (default 3). */
  modBC?: 0 | 1 | 2 | 3;
  /** Default: vProd − vDesc + vFrete + vSeg + vOutro, reduced by pRedBC. */
  vBC?: Cents;
  pRedBC?: BasisPoints;
  pICMS?: BasisPoints;
  vICMS?: Cents;
  /** Fundo de Combate à Pobreza on the own operation. */
  pFCP?: BasisPoints;
  vFCP?: Cents;
  /** CST 51: deferred share. */
  pDif?: BasisPoints;
  /** ICMS-ST (CST 10, 30, 70, 90; CSOSN 201, 202, 203, 900). 4 MVA is the default modBCST. */
  modBCST?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  pMVAST?: BasisPoints;
  pRedBCST?: BasisPoints;
  vBCST?: Cents;
  pICMSST?: BasisPoints;
  vICMSST?: Cents;
  pFCPST?: BasisPoints;
  vFCPST?: Cents;
  /** ICMS-ST charged before (CST 60, CSOSN 500). */
  vBCSTRet?: Cents;
  pST?: BasisPoints;
  vICMSSubstituto?: Cents;
  vICMSSTRet?: Cents;
  vBCFCPSTRet?: Cents;
  pFCPSTRet?: BasisPoints;
  vFCPSTRet?: Cents;
  /** Relief (desoneração): amount, reason and whether it is taken off the invoice total. */
  vICMSDeson?: Cents;
  motDesICMS?: number;
  indDeduzDeson?: 0 | 1;
  /** Simples Nacional credit (CSOSN 101, 201, 900). */
  pCredSN?: BasisPoints;
  vCredICMSSN?: Cents;
}

/** IPI (NF-e only). CST 00, 49, 50, 99 are taxed (IPITrib); the others are IPINT. */
export interface IPIInput {
  /** Legal framework code (default '999'). */
  cEnq?: string;
  CST: '00' | '49' | '50' | '99' | '01' | '02' | '03' | '04' | '05' | '51' | '52' | '53' | '54' | '55';
  vBC?: Cents;
  pIPI?: BasisPoints;
  vIPI?: Cents;
}

/** PIS or COFINS: CST 01/02 by rate, 04-09 not taxed, 49-99 other (by rate). */
export interface PisCofinsInput {
  CST: string;
  vBC?: Cents;
  /** pPIS or pCOFINS. */
  p?: BasisPoints;
  /** vPIS or vCOFINS. */
  v?: Cents;
}

/** IBS/CBS of the tax reform (PL_010), written only when given. With rates, gIBSCBS is computed. */
export interface IBSCBSInput {
  /** 3 digits. */
  CST: string;
  /** 6 digits. */
  cClassTrib: string;
  vBC?: Cents;
  pIBSUF?: BasisPoints;
  pIBSMun?: BasisPoints;
  pCBS?: BasisPoints;
  /**
   * Rate reductions of the classification (gRed's pRedAliq, a percentage of the rate: 6000 = 60%): the IBS one for the
   * UF and municipal shares, the CBS one for the CBS. Given (even 0), gRed is written with the effective rate.
   */
  pRedIBS?: BasisPoints;
  pRedCBS?: BasisPoints;
}

export interface NFeImposto {
  /** Approximate tax burden (Lei 12.741). */
  vTotTrib?: Cents;
  ICMS: ICMSInput;
  IPI?: IPIInput | null;
  PIS?: PisCofinsInput | null;
  COFINS?: PisCofinsInput | null;
  IBSCBS?: IBSCBSInput | null;
}

export interface NFeDet {
  prod: NFeProd;
  imposto: NFeImposto;
  infAdProd?: string | null;
}

export interface NFeVolume {
  qVol?: number | null;
  esp?: string | null;
  marca?: string | null;
  nVol?: string | null;
  /** Thousandths of a kilogram. */
  pesoL?: Milli | null;
  pesoB?: Milli | null;
}

export interface NFeTransp {
  /** 0 issuer, 1 recipient, 2 third party, 3 own by issuer, 4 own by recipient, 9 none (default). */
  modFrete: 0 | 1 | 2 | 3 | 4 | 9;
  transporta?: {
    CNPJ?: string | null;
    CPF?: string | null;
    xNome?: string | null;
    IE?: string | null;
    xEnder?: string | null;
    xMun?: string | null;
    UF?: string | null;
  } | null;
  veicTransp?: { placa: string; UF?: string | null; RNTC?: string | null } | null;
  vol?: NFeVolume[];
}

export interface NFeDetPag {
  /** 0 cash, 1 term. */
  indPag?: 0 | 1;
  /** 01 dinheiro, 03 crédito, 04 débito, 05 crédito loja, 15 boleto, 17 PIX, 90 sem pagamento, 99 outros... */
  tPag: string;
  /** Description (required by SEFAZ with tPag 99; defaults to 'Outros'). */
  xPag?: string | null;
  vPag: Cents;
  card?: {
    /** 1 integrated (TEF), 2 not integrated (POS). */
    tpIntegra: 1 | 2;
    CNPJ?: string | null;
    /** Brand: 01 Visa, 02 Mastercard, 03 Amex, 04 Sorocred, 05 Diners, 06 Elo, 07 Hipercard, 08 Aura, 09 Cabal, 99 other. */
    tBand?: string | null;
    cAut?: string | null;
  } | null;
}

export interface NFePag {
  /** Empty: one "90 sem pagamento" line. */
  detPag: NFeDetPag[];
  vTroco?: Cents;
}

export interface NFeInfRespTec {
  CNPJ: string;
  xContato: string;
  email: string;
  fone: string;
  /** The CSRT given by the state: hashCSRT is computed from it and the access key. */
  CSRT?: { idCSRT: string; token: string } | null;
}

/** NFC-e only: the taxpayer's security code (CSC) for the QR code. */
export interface NFCeCsc {
  /** Id of the CSC as registered ('000001'). */
  idCSC: string;
  csc: string;
}

export interface NFeInput {
  ide: NFeIde;
  emit: NFeEmit;
  dest?: NFeDest | null;
  det: NFeDet[];
  transp?: NFeTransp | null;
  pag: NFePag;
  infAdic?: { infAdFisco?: string | null; infCpl?: string | null } | null;
  infRespTec?: NFeInfRespTec | null;
  /** Required for model 65. */
  csc?: NFCeCsc | null;
  /** Offset written with Date inputs (default '-03:00'). */
  utcOffset?: string;
}
