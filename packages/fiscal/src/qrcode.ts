/**
 * NFC-e QR code, version 2 (NT 2015.002, rev. 1.91 onwards):
 *   online:  <url>?p=chave|2|tpAmb|idCSC|hash
 *   offline: <url>?p=chave|2|tpAmb|dd|vNF|hex(DigestValue)|idCSC|hash      (tpEmis 9)
 * idCSC without leading zeros; hash = SHA-1 of (the payload before it, without the last '|', followed by the CSC), in
 * upper-case hex; dd is the day of dhEmi; hex(DigestValue) is the hex of the base64 DigestValue's ASCII characters.
 *
 * Addresses: each state's public NFC-e pages (the list the states publish through ENCAT / the NT annex, as also
 * redistributed by the open NFC-e libraries). Where a state uses one address for both environments, both columns
 * repeat it. RR's homologation address is a bare IP in the published list; it is kept as published.
 */
import { createHash } from 'node:crypto';
import { ValidationError } from '@pdv/domain/errors';
import type { UF } from './access-key.ts';
import type { TpAmb } from './types.ts';

interface StateAddresses {
  /** QR code page: [produção, homologação]. */
  qrCode: readonly [string, string];
  /** The address printed for "consulte pela chave de acesso" (urlChave): [produção, homologação]. */
  urlChave: readonly [string, string];
}

const same = (url: string) => [url, url] as const;

export const NFCE_ADDRESSES: Record<UF, StateAddresses> = {
  AC: { qrCode: ['http://www.sefaznet.ac.gov.br/nfce/qrcode', 'http://www.hml.sefaznet.ac.gov.br/nfce/qrcode'], urlChave: same('www.sefaznet.ac.gov.br/nfce/consulta') },
  AL: { qrCode: same('http://nfce.sefaz.al.gov.br/QRCode/consultarNFCe.jsp'), urlChave: same('www.sefaz.al.gov.br/nfce/consulta') },
  AM: { qrCode: ['http://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp', 'http://homnfce.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp'], urlChave: same('www.sefaz.am.gov.br/nfce/consulta') },
  AP: { qrCode: ['https://www.sefaz.ap.gov.br/nfce/nfcep.php', 'https://www.sefaz.ap.gov.br/nfcehml/nfce.php'], urlChave: same('www.sefaz.ap.gov.br/nfce/consulta') },
  BA: { qrCode: ['http://nfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx', 'http://hnfe.sefaz.ba.gov.br/servicos/nfce/qrcode.aspx'], urlChave: ['www.sefaz.ba.gov.br/nfce/consulta', 'http://hinternet.sefaz.ba.gov.br/nfce/consulta'] },
  CE: { qrCode: ['http://nfce.sefaz.ce.gov.br/pages/ShowNFCe.html', 'http://nfceh.sefaz.ce.gov.br/pages/ShowNFCe.html'], urlChave: same('www.sefaz.ce.gov.br/nfce/consulta') },
  DF: { qrCode: same('http://www.fazenda.df.gov.br/nfce/qrcode'), urlChave: same('www.fazenda.df.gov.br/nfce/consulta') },
  ES: { qrCode: ['http://app.sefaz.es.gov.br/ConsultaNFCe', 'http://homologacao.sefaz.es.gov.br/ConsultaNFCe'], urlChave: same('www.sefaz.es.gov.br/nfce/consulta') },
  GO: { qrCode: ['http://nfe.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe', 'http://homolog.sefaz.go.gov.br/nfeweb/sites/nfce/danfeNFCe'], urlChave: same('www.sefaz.go.gov.br/nfce/consulta') },
  MA: { qrCode: ['http://nfce.sefaz.ma.gov.br/portal/consultarNFCe.jsp', 'http://homologacao.sefaz.ma.gov.br/portal/consultarNFCe.jsp'], urlChave: same('www.sefaz.ma.gov.br/nfce/consulta') },
  MG: { qrCode: same('https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml'), urlChave: ['https://portalsped.fazenda.mg.gov.br/portalnfce', 'https://hportalsped.fazenda.mg.gov.br/portalnfce'] },
  MS: { qrCode: same('http://www.dfe.ms.gov.br/nfce/qrcode'), urlChave: same('www.dfe.ms.gov.br/nfce/consulta') },
  MT: { qrCode: ['http://www.sefaz.mt.gov.br/nfce/consultanfce', 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce'], urlChave: ['http://www.sefaz.mt.gov.br/nfce/consultanfce', 'http://homologacao.sefaz.mt.gov.br/nfce/consultanfce'] },
  PA: { qrCode: ['https://appnfc.sefa.pa.gov.br/portal/view/consultas/nfce/nfceForm.seam', 'https://appnfc.sefa.pa.gov.br/portal-homologacao/view/consultas/nfce/nfceForm.seam'], urlChave: same('www.sefa.pa.gov.br/nfce/consulta') },
  PB: { qrCode: ['http://www.sefaz.pb.gov.br/nfce', 'http://www.sefaz.pb.gov.br/nfcehom'], urlChave: ['www.sefaz.pb.gov.br/nfce/consulta', 'www.sefaz.pb.gov.br/nfcehom'] },
  PE: { qrCode: ['http://nfce.sefaz.pe.gov.br/nfce/consulta', 'http://nfcehomolog.sefaz.pe.gov.br/nfce/consulta'], urlChave: same('http://nfce.sefaz.pe.gov.br/nfce/consulta') },
  PI: { qrCode: same('http://www.sefaz.pi.gov.br/nfce/qrcode'), urlChave: same('www.sefaz.pi.gov.br/nfce/consulta') },
  PR: { qrCode: same('http://www.fazenda.pr.gov.br/nfce/qrcode'), urlChave: same('http://www.fazenda.pr.gov.br/nfce/consulta') },
  RJ: { qrCode: same('http://www4.fazenda.rj.gov.br/consultaNFCe/QRCode'), urlChave: same('www.fazenda.rj.gov.br/nfce/consulta') },
  RN: { qrCode: ['http://nfce.set.rn.gov.br/consultarNFCe.aspx', 'http://hom.nfce.set.rn.gov.br/consultarNFCe.aspx'], urlChave: same('www.set.rn.gov.br/nfce/consulta') },
  RO: { qrCode: same('http://www.nfce.sefin.ro.gov.br/consultanfce/consulta.jsp'), urlChave: same('www.sefin.ro.gov.br/nfce/consulta') },
  RR: { qrCode: ['https://www.sefaz.rr.gov.br/nfce/servlet/qrcode', 'http://200.174.88.103:8080/nfce/servlet/qrcode'], urlChave: same('www.sefaz.rr.gov.br/nfce/consulta') },
  RS: { qrCode: same('https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx'), urlChave: same('www.sefaz.rs.gov.br/nfce/consulta') },
  SC: { qrCode: ['https://sat.sef.sc.gov.br/nfce/consulta', 'https://hom.sat.sef.sc.gov.br/nfce/consulta'], urlChave: ['https://sat.sef.sc.gov.br/nfce/consulta', 'https://hom.sat.sef.sc.gov.br/nfce/consulta'] },
  SE: { qrCode: ['http://www.nfce.se.gov.br/nfce/qrcode', 'http://www.hom.nfe.se.gov.br/nfce/qrcode'], urlChave: ['http://www.nfce.se.gov.br/nfce/consulta', 'http://www.hom.nfe.se.gov.br/nfce/consulta'] },
  SP: { qrCode: ['https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx', 'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx'], urlChave: ['https://www.nfce.fazenda.sp.gov.br/consulta', 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta'] },
  TO: { qrCode: ['http://www.sefaz.to.gov.br/nfce/qrcode', 'http://homologacao.sefaz.to.gov.br/nfce/qrcode'], urlChave: ['www.sefaz.to.gov.br/nfce/consulta', 'http://homologacao.sefaz.to.gov.br/nfce/consulta.jsf'] },
};

function addresses(uf: string): StateAddresses {
  const found = NFCE_ADDRESSES[uf.toUpperCase() as UF];
  if (!found) throw new ValidationError(`UF sem endereço de consulta de NFC-e: '${uf}'.`, 'UF');
  return found;
}

/** The state's QR code page (without '?p='). */
export function qrCodeUrl(uf: string, tpAmb: TpAmb): string {
  return addresses(uf).qrCode[tpAmb === 1 ? 0 : 1];
}

/** The state's "consulta pela chave" address printed on the DANFE NFC-e (urlChave). */
export function urlChave(uf: string, tpAmb: TpAmb): string {
  return addresses(uf).urlChave[tpAmb === 1 ? 0 : 1];
}

export interface QrCodeInput {
  uf: string;
  chave: string;
  tpAmb: TpAmb;
  /** CSC id as registered ('000001'); written without leading zeros. */
  idCSC: string;
  csc: string;
  /** Offline contingency (tpEmis 9): day of dhEmi, vNF as written in the XML ('10.50'), the signature's DigestValue. */
  offline?: { day: number; vNF: string; digestValue: string } | null;
}

/** The SHA-1 of payload + CSC, upper-case hex. */
export function qrCodeHash(payload: string, csc: string): string {
  return createHash('sha1').update(payload + csc, 'utf8').digest('hex').toUpperCase();
}

/** The qrCode text of infNFeSupl (version 2). */
export function nfceQrCode(input: QrCodeInput): string {
  const idCSC = String(Number(input.idCSC));
  if (!/^\d{1,6}$/.test(input.idCSC.trim()) || idCSC === 'NaN') throw new ValidationError(`Identificador do CSC inválido: '${input.idCSC}'.`, 'idCSC');
  if (input.csc.trim() === '') throw new ValidationError('CSC (código de segurança do contribuinte) não informado para NFC-e.', 'csc');
  const parts = input.offline
    ? [input.chave, '2', String(input.tpAmb), String(input.offline.day).padStart(2, '0'), input.offline.vNF,
        Buffer.from(input.offline.digestValue, 'ascii').toString('hex'), idCSC]
    : [input.chave, '2', String(input.tpAmb), idCSC];
  const payload = parts.join('|');
  return `${qrCodeUrl(input.uf, input.tpAmb)}?p=${payload}|${qrCodeHash(payload, input.csc)}`;
}
