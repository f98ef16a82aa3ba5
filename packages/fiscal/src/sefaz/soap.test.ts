import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SefazProtocolError, SefazSoapFaultError } from './errors.ts';
import { buildSoapRequest, buildSoapResponse, parseSoapResponse, readSoapMessage, soapContentType } from './soap.ts';

const NS = 'http://www.portalfiscal.inf.br/nfe';
const sample = (path: string) => readFileSync(new URL(`../../test-data/samples/${path}`, import.meta.url), 'utf8');

/** An answer as SEFAZ writes it: SOAP 1.2, nfeResultMsg in the service's wsdl namespace. */
const soapAnswer = (service: string, inner: string) =>
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>' +
  `<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/${service}">${inner}</nfeResultMsg></soap:Body></soap:Envelope>`;

describe('SOAP request', () => {
  it('wraps the message in nfeDadosMsg of the service without touching it', () => {
    const message =
      '<consStatServ xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><tpAmb>2</tpAmb></consStatServ>';
    expect(buildSoapRequest('NFeStatusServico4', `<?xml version="1.0" encoding="UTF-8"?>\n${message}`)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap12:Body>' +
        `<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4">${message}</nfeDadosMsg></soap12:Body></soap12:Envelope>`,
    );
    expect(soapContentType('NFeAutorizacao4')).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"',
    );
  });

  it('is read back by the server side with its service and payload', () => {
    const message = readSoapMessage(
      buildSoapRequest('NFeConsultaProtocolo4', `<consSitNFe xmlns="${NS}" versao="4.00"/>`),
      'nfeDadosMsg',
    );
    expect(message.service).toBe('NFeConsultaProtocolo4');
    expect(message.payload.localName).toBe('consSitNFe');
  });
});

describe('parseSoapResponse', () => {
  const protNFe = /<protNFe[\s\S]*<\/protNFe>/.exec(sample('sped-nfe/nfe_layout4_com_prot.xml'))?.[0] ?? '';

  it('reads a synchronous authorization with its protocol, keeping protNFe as received', () => {
    const answer = parseSoapResponse(
      'NFeAutorizacao4',
      soapAnswer(
        'NFeAutorizacao4',
        `<retEnviNFe versao="4.00" xmlns="${NS}"><tpAmb>2</tpAmb><verAplic>RS201809141107</verAplic><cStat>104</cStat>` +
          `<xMotivo>Lote processado</xMotivo><cUF>43</cUF><dhRecbto>2018-09-25T16:21:05-03:00</dhRecbto>${protNFe}</retEnviNFe>`,
      ),
    );
    expect(answer.cStat).toBe(104);
    expect(answer.infRec).toBeUndefined();
    expect(answer.protNFe?.infProt).toMatchObject({
      tpAmb: 2,
      chNFe: '43180906929383000163550010000000261000010301',
      dhRecbto: '2018-09-25T16:21:05-03:00',
      nProt: '143180006932433',
      digVal: 'Hwr3X8T6PR7EUzdSHZYeHpn14e4=',
      cStat: 100,
      xMotivo: 'Autorizado o uso da NF-e',
    });
    expect(answer.protNFe?.xml).toBe(
      protNFe.replace('<protNFe versao="4.00">', `<protNFe xmlns="${NS}" versao="4.00">`),
    );
  });

  it('reads an asynchronous receipt and the receipt query', () => {
    const sent = parseSoapResponse(
      'NFeAutorizacao4',
      soapAnswer(
        'NFeAutorizacao4',
        `<retEnviNFe versao="4.00" xmlns="${NS}"><tpAmb>2</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><cStat>103</cStat>` +
          '<xMotivo>Lote recebido com sucesso</xMotivo><cUF>35</cUF><dhRecbto>2024-05-02T10:00:00-03:00</dhRecbto>' +
          '<infRec><nRec>351000123456789</nRec><tMed>1</tMed></infRec></retEnviNFe>',
      ),
    );
    expect(sent.infRec).toEqual({ nRec: '351000123456789', tMed: 1 });
    const receipt = parseSoapResponse(
      'NFeRetAutorizacao4',
      soapAnswer(
        'NFeRetAutorizacao4',
        `<retConsReciNFe versao="4.00" xmlns="${NS}"><tpAmb>2</tpAmb><verAplic>SP</verAplic><nRec>351000123456789</nRec>` +
          `<cStat>104</cStat><xMotivo>Lote processado</xMotivo><cUF>35</cUF><dhRecbto>2024-05-02T10:00:01-03:00</dhRecbto>${protNFe}</retConsReciNFe>`,
      ),
    );
    expect(receipt.protNFe.map((p) => p.infProt.nProt)).toEqual(['143180006932433']);
  });

  it('reads status, consulta, evento and inutilização answers', () => {
    const status = parseSoapResponse(
      'NFeStatusServico4',
      soapAnswer(
        'NFeStatusServico4',
        `<retConsStatServ versao="4.00" xmlns="${NS}"><tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cStat>107</cStat>` +
          '<xMotivo>Serviço em Operação</xMotivo><cUF>42</cUF><dhRecbto>2024-05-02T10:00:00-03:00</dhRecbto><tMed>1</tMed></retConsStatServ>',
      ),
    );
    expect(status).toMatchObject({ kind: 'retConsStatServ', cStat: 107, xMotivo: 'Serviço em Operação', tMed: 1 });

    const consulta = parseSoapResponse(
      'NFeConsultaProtocolo4',
      soapAnswer(
        'NFeConsultaProtocolo4',
        `<retConsSitNFe versao="4.00" xmlns="${NS}"><tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cStat>217</cStat>` +
          '<xMotivo>Rejeição: NF-e não consta na base de dados da SEFAZ</xMotivo><cUF>42</cUF>' +
          '<dhRecbto>2024-05-02T10:00:00-03:00</dhRecbto><chNFe>42240512345678000195650010000000011000000014</chNFe></retConsSitNFe>',
      ),
    );
    expect(consulta).toMatchObject({ cStat: 217, protNFe: undefined, procEventoNFe: [] });

    const evento = parseSoapResponse(
      'NFeRecepcaoEvento4',
      soapAnswer(
        'NFeRecepcaoEvento4',
        `<retEnvEvento versao="1.00" xmlns="${NS}"><idLote>1</idLote><tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cOrgao>42</cOrgao>` +
          '<cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo><retEvento versao="1.00"><infEvento Id="ID142240000000001">' +
          '<tpAmb>2</tpAmb><verAplic>SVRS</verAplic><cOrgao>42</cOrgao><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo>' +
          '<chNFe>42240512345678000195650010000000011000000014</chNFe><tpEvento>110111</tpEvento><xEvento>Cancelamento registrado</xEvento>' +
          '<nSeqEvento>1</nSeqEvento><dhRegEvento>2024-05-02T10:05:00-03:00</dhRegEvento><nProt>142240000000001</nProt></infEvento></retEvento></retEnvEvento>',
      ),
    );
    expect(evento.retEvento[0]?.infEvento).toMatchObject({
      cStat: 135,
      tpEvento: '110111',
      nSeqEvento: 1,
      nProt: '142240000000001',
    });

    const inut = parseSoapResponse(
      'NFeInutilizacao4',
      soapAnswer(
        'NFeInutilizacao4',
        `<retInutNFe versao="4.00" xmlns="${NS}"><infInut Id="ID142240000000002"><tpAmb>2</tpAmb><verAplic>SVRS</verAplic>` +
          '<cStat>102</cStat><xMotivo>Inutilização de número homologado</xMotivo><cUF>42</cUF><ano>24</ano><CNPJ>12345678000195</CNPJ>' +
          '<mod>65</mod><serie>1</serie><nNFIni>10</nNFIni><nNFFin>12</nNFFin><dhRecbto>2024-05-02T10:06:00-03:00</dhRecbto>' +
          '<nProt>142240000000002</nProt></infInut></retInutNFe>',
      ),
    );
    expect(inut).toMatchObject({
      kind: 'retInutNFe',
      versao: '4.00',
      cStat: 102,
      nProt: '142240000000002',
      nNFIni: '10',
      nNFFin: '12',
    });
  });

  it('turns a SOAP Fault into SefazSoapFaultError', () => {
    const fault =
      '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value>' +
      '</soap:Code><soap:Reason><soap:Text xml:lang="en">Server was unable to process request.</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>';
    expect(() => parseSoapResponse('NFeStatusServico4', fault)).toThrow(SefazSoapFaultError);
    expect(() => parseSoapResponse('NFeStatusServico4', fault)).toThrow(/Server was unable to process request/);
  });

  it('refuses answers out of the layout: not XML, wrong answer element, missing cStat', () => {
    expect(() => parseSoapResponse('NFeStatusServico4', '<html>erro</html>')).toThrow(SefazProtocolError);
    expect(() => parseSoapResponse('NFeStatusServico4', 'Service Unavailable')).toThrow(SefazProtocolError);
    const wrong = soapAnswer('NFeStatusServico4', `<retConsSitNFe versao="4.00" xmlns="${NS}"/>`);
    expect(() => parseSoapResponse('NFeStatusServico4', wrong)).toThrow(SefazProtocolError);
    const missing = soapAnswer(
      'NFeStatusServico4',
      `<retConsStatServ versao="4.00" xmlns="${NS}"><tpAmb>2</tpAmb><verAplic>X</verAplic><xMotivo>?</xMotivo></retConsStatServ>`,
    );
    expect(() => parseSoapResponse('NFeStatusServico4', missing)).toThrow(/sem <cStat>/);
  });

  it('reads the answers the simulator writes', () => {
    const inner = `<retConsStatServ xmlns="${NS}" versao="4.00"><tpAmb>2</tpAmb><verAplic>S</verAplic><cStat>107</cStat><xMotivo>Serviço em Operação</xMotivo><cUF>35</cUF><dhRecbto>2024-01-01T00:00:00-03:00</dhRecbto></retConsStatServ>`;
    expect(parseSoapResponse('NFeStatusServico4', buildSoapResponse('NFeStatusServico4', inner)).cStat).toBe(107);
  });
});
