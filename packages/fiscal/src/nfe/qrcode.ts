/**
 * NFC-e QR code, version 2 (NT 2015.002 rev. 2019): online `chave|2|tpAmb|idCSC|hash`, offline (tpEmis 9)
 * `chave|2|tpAmb|dia|vNF|hex(DigestValue)|idCSC|hash`, hash = SHA-1 hex (upper case) of the payload followed by the CSC.
 * The consultation addresses are the states' public ones; states we have not confirmed fall back to SVRS' and say so.
 */
import { createHash } from 'node:crypto';

interface StateUrls {
  qrcode: [prod: string, homolog: string];
  consulta: [prod: string, homolog: string];
  confirmed: boolean;
}

const SVRS: StateUrls = {
  qrcode: ['https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx', 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx'],
  consulta: ['www.sefaz.rs.gov.br/nfce/consulta', 'www.sefaz.rs.gov.br/nfce/consulta'],
  confirmed: false,
};

const STATES: Record<string, StateUrls> = {
  SP: {
    qrcode: ['https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx',
      'https://www.homologacao.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx'],
    consulta: ['https://www.nfce.fazenda.sp.gov.br/consulta', 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta'],
    confirmed: true,
  },
  MG: {
    qrcode: ['https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml',
      'https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml'],
    consulta: ['https://portalsped.fazenda.mg.gov.br/portalnfce', 'https://hportalsped.fazenda.mg.gov.br/portalnfce'],
    confirmed: true,
  },
  RS: {
    qrcode: ['https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx', 'https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx'],
    consulta: ['www.sefaz.rs.gov.br/nfce/consulta', 'www.sefaz.rs.gov.br/nfce/consulta'],
    confirmed: true,
  },
  PR: {
    qrcode: ['http://www.fazenda.pr.gov.br/nfce/qrcode', 'http://www.fazenda.pr.gov.br/nfce/qrcode'],
    consulta: ['http://www.fazenda.pr.gov.br/nfce/consulta', 'http://www.fazenda.pr.gov.br/nfce/consulta'],
    confirmed: true,
  },
};

function urls(uf: string): StateUrls {
  return STATES[uf] ?? SVRS;
}

export function qrCodeBaseUrl(uf: string, tpAmb: 1 | 2): string {
  return urls(uf).qrcode[tpAmb === 1 ? 0 : 1];
}

export function urlChave(uf: string, tpAmb: 1 | 2): string {
  return urls(uf).consulta[tpAmb === 1 ? 0 : 1];
}

export interface QrCodeInput {
  uf: string;
  chave: string;
  tpAmb: 1 | 2;
  idCSC: string;
  csc: string;
  /** Offline contingency (tpEmis 9) needs the day of emission, vNF and the signature's DigestValue. */
  offline?: { dia: number; vNF: string; digestValue: string } | null;
}

export function nfceQrCode(q: QrCodeInput): string {
  const idCSC = String(Number(q.idCSC));
  const payload = q.offline
    ? [q.chave, '2', q.tpAmb, String(q.offline.dia).padStart(2, '0'), q.offline.vNF,
      Buffer.from(q.offline.digestValue, 'ascii').toString('hex'), idCSC].join('|')
    : [q.chave, '2', q.tpAmb, idCSC].join('|');
  const hash = createHash('sha1').update(payload + q.csc, 'utf8').digest('hex').toUpperCase();
  return `${qrCodeBaseUrl(q.uf, q.tpAmb)}?p=${payload}|${hash}`;
}

/** `<infNFeSupl>` to place right after `</infNFe>`. */
export function infNFeSupl(qrCode: string, consulta: string): string {
  return `<infNFeSupl><qrCode>${qrCode.replace(/&/g, '&amp;')}</qrCode><urlChave>${consulta}</urlChave></infNFeSupl>`;
}
