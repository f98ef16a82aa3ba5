/**
 * A supplier's authorized NF-e (nfeProc) for purchase-import tests and e2e: a normal-regime (CRT 3) wholesaler selling
 * to the given recipient CNPJ, with ICMS 18%, PIS 1,65% and COFINS 7,6% per item, and the duplicates given (cobr/dup).
 * Signed with a throw-away test certificate (one per process), so the NFe passes nfe_v4.00.xsd.
 */
import { loadCertificate } from '../certificate.ts';
import { buildNFeXml } from '../nfe-xml.ts';
import { signXml } from '../sign.ts';
import { makeItem, makeNFeInput } from './nfe-factory.ts';
import { createTestCertificate } from './test-certificate.ts';

export interface PurchaseItemSpec {
  cProd: string;
  cEAN?: string;
  xProd: string;
  uCom?: string;
  /** Thousandths. */
  qCom: number;
  /** Centavos. */
  vUnCom: number;
}

export interface PurchaseSpec {
  emitCnpj: string;
  emitName?: string;
  destCnpj: string;
  nNF: number;
  cNF?: string;
  items: PurchaseItemSpec[];
  /** [nDup, dVenc, centavos]. */
  dups?: Array<[string, string, number]>;
  dhEmi?: string;
}

let cert: { privateKeyPem: string; certificateBase64: string } | null = null;
function certificate() {
  if (!cert) {
    const pfx = createTestCertificate({ cnpj: '11222333000181', name: 'FORNECEDOR DE TESTE', password: 'x' });
    cert = loadCertificate(pfx, 'x');
  }
  return cert;
}

export function makePurchaseNFeXml(spec: PurchaseSpec): { xml: string; chave: string } {
  const input = makeNFeInput({
    ide: {
      cUF: '35', natOp: 'VENDA DE MERCADORIA', mod: 55, serie: 1, nNF: spec.nNF, cNF: spec.cNF ?? String(10_000_000 + ((spec.nNF * 7919) % 89_999_999)),
      dhEmi: spec.dhEmi ?? '2026-05-04T10:30:00-03:00', tpNF: 1, idDest: 1, cMunFG: '3550308', tpImp: 1, tpEmis: 1, tpAmb: 2,
      finNFe: 1, indFinal: 0, indPres: 9,
    },
    emit: {
      CNPJ: spec.emitCnpj, xNome: spec.emitName ?? 'DISTRIBUIDORA TESTE LTDA', xFant: 'DISTRIBUIDORA',
      enderEmit: { xLgr: 'RUA DO ATACADO', nro: '10', xBairro: 'BRAS', cMun: '3550308', xMun: 'SAO PAULO', UF: 'SP', CEP: '03001000' },
      IE: '111111111119', CRT: 3,
    },
    dest: {
      CNPJ: spec.destCnpj, xNome: 'LOJA DESTINATARIA', indIEDest: 9,
      enderDest: { xLgr: 'RUA DAS FLORES', nro: '100', xBairro: 'CENTRO', cMun: '3550308', xMun: 'SAO PAULO', UF: 'SP', CEP: '01001000' },
    },
    det: spec.items.map((i) => makeItem(
      { cProd: i.cProd, cEAN: i.cEAN ?? 'SEM GTIN', xProd: i.xProd, CFOP: '5102', uCom: i.uCom ?? 'UN', qCom: i.qCom, vUnCom: i.vUnCom },
      { ICMS: { orig: 0, CST: '00', pICMS: 1800 }, PIS: { CST: '01', p: 165 }, COFINS: { CST: '01', p: 760 } },
    )),
  });
  const built = buildNFeXml(input);
  let xml = built.xml;
  if (spec.dups && spec.dups.length > 0) {
    const total = spec.dups.reduce((s, d) => s + d[2], 0);
    const dec = (c: number) => (c / 100).toFixed(2);
    const cobr = `<cobr><fat><nFat>${spec.nNF}</nFat><vOrig>${dec(total)}</vOrig><vDesc>0.00</vDesc><vLiq>${dec(total)}</vLiq></fat>${spec.dups
      .map(([n, d, v]) => `<dup><nDup>${n}</nDup><dVenc>${d}</dVenc><vDup>${dec(v)}</vDup></dup>`).join('')}</cobr>`;
    xml = xml.replace('</transp>', `</transp>${cobr}`);
  }
  const signed = signXml(xml, { tag: 'infNFe', certificate: certificate() });
  const nfe = signed.replace(/^<\?xml[^>]*>\s*/, '');
  const prot = `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><verAplic>SIMULADOR</verAplic><chNFe>${built.chave}</chNFe><dhRecbto>2026-05-04T10:31:00-03:00</dhRecbto><nProt>135260000000001</nProt><digVal>AAAA</digVal><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>`;
  return {
    xml: `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}${prot}</nfeProc>`,
    chave: built.chave,
  };
}
