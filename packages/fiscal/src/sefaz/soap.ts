// SOAP 1.2 envelopes of the NF-e 4.00 web services, and parseSoapResponse, which reads an answer's nfeResultMsg into
// the typed results of results.ts. The message inside nfeDadosMsg goes in as written: a signed document must reach
// SEFAZ byte for byte.

import { SEFAZ_SERVICES, soapAction, type SefazService } from './endpoints.ts';
import { SefazProtocolError, SefazSoapFaultError } from './errors.ts';
import { readSefazResult, RESULT_ELEMENT, type SefazResultOf } from './results.ts';
import { XmlParseError } from '../xml-parse.ts';
import { child, childText, parseXml, type XmlElement } from './xml.ts';

export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const NFE_NS = 'http://www.portalfiscal.inf.br/nfe';
export const WSDL_NS_PREFIX = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

export function wsdlNamespace(service: SefazService): string {
  return WSDL_NS_PREFIX + service;
}

/** Removes an XML declaration (and the BOM) in front of a message that goes inside another document. */
export function stripXmlDeclaration(xml: string): string {
  return xml.replace(/^\uFEFF?\s*<\?xml[^?]*\?>\s*/, '');
}

export function soapContentType(service: SefazService): string {
  return `application/soap+xml; charset=utf-8; action="${soapAction(service)}"`;
}

/** `<soap12:Envelope>` with the message in `<nfeDadosMsg xmlns=".../wsdl/<Service>">`, no added whitespace. */
export function buildSoapRequest(service: SefazService, messageXml: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soap12:Envelope xmlns:soap12="${SOAP12_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap12:Body><nfeDadosMsg xmlns="${wsdlNamespace(service)}">${stripXmlDeclaration(messageXml)}</nfeDadosMsg></soap12:Body>` +
    '</soap12:Envelope>'
  );
}

/** The answer envelope, as the simulator writes it (and as SEFAZ does). */
export function buildSoapResponse(service: SefazService, resultXml: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="${SOAP12_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap:Body><nfeResultMsg xmlns="${wsdlNamespace(service)}">${stripXmlDeclaration(resultXml)}</nfeResultMsg></soap:Body>` +
    '</soap:Envelope>'
  );
}

export function buildSoapFault(code: 'soap:Sender' | 'soap:Receiver', reason: string): string {
  const text = reason.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="${SOAP12_NS}"><soap:Body><soap:Fault>` +
    `<soap:Code><soap:Value>${code}</soap:Value></soap:Code>` +
    `<soap:Reason><soap:Text xml:lang="pt-BR">${text}</soap:Text></soap:Reason>` +
    '</soap:Fault></soap:Body></soap:Envelope>'
  );
}

export interface SoapMessage {
  /** The service named by the wrapper's namespace, when it is one of the six. */
  readonly service: SefazService | undefined;
  /** The element inside nfeDadosMsg / nfeResultMsg (enviNFe, retEnviNFe, ...). */
  readonly payload: XmlElement;
  /** The whole envelope text; offsets of `payload` refer to it. */
  readonly source: string;
}

/**
 * Reads a SOAP 1.2 (or 1.1) envelope and returns the message inside the wrapper element.
 * A SOAP Fault becomes a SefazSoapFaultError; anything else unexpected a SefazProtocolError.
 */
export function readSoapMessage(source: string, wrapper: 'nfeDadosMsg' | 'nfeResultMsg'): SoapMessage {
  let envelope: XmlElement;
  try {
    envelope = parseXml(source);
  } catch (error) {
    const detail = error instanceof XmlParseError ? error.message : String(error);
    throw new SefazProtocolError(`Resposta não é XML válido: ${detail}`, { body: source.slice(0, 2000) });
  }
  const soapNs = envelope.namespace;
  if (envelope.localName !== 'Envelope' || (soapNs !== SOAP12_NS && soapNs !== SOAP11_NS)) {
    throw new SefazProtocolError('Mensagem sem envelope SOAP', { body: source.slice(0, 2000) });
  }
  const body = envelope.children.find((c) => c.localName === 'Body' && c.namespace === soapNs);
  if (!body) throw new SefazProtocolError('Envelope SOAP sem Body', { body: source.slice(0, 2000) });
  const fault = body.children.find((c) => c.localName === 'Fault' && c.namespace === soapNs);
  if (fault) throw faultError(fault, source);

  // Some SEFAZ answers put the wrapper one level down (e.g. inside an <operation>Result element).
  const wrapperElement =
    body.children.find((c) => c.localName === wrapper) ??
    body.children.flatMap((c) => c.children).find((c) => c.localName === wrapper);
  const payload = wrapperElement?.children[0];
  if (!wrapperElement || !payload)
    throw new SefazProtocolError(`Envelope SOAP sem ${wrapper}`, { body: source.slice(0, 2000) });
  const service = SEFAZ_SERVICES.find((s) => wrapperNamespaceMatches(wrapperElement.namespace, s));
  return { service, payload, source };
}

function wrapperNamespaceMatches(namespace: string, service: SefazService): boolean {
  return namespace.toLowerCase() === wsdlNamespace(service).toLowerCase();
}

function faultError(fault: XmlElement, source: string): SefazSoapFaultError {
  // SOAP 1.2: Code/Value and Reason/Text; SOAP 1.1: faultcode and faultstring.
  const code = child(child(fault, 'Code') ?? fault, 'Value')?.text ?? childText(fault, 'faultcode') ?? '';
  const reason = child(child(fault, 'Reason') ?? fault, 'Text')?.text ?? childText(fault, 'faultstring') ?? '';
  return new SefazSoapFaultError(code.trim(), reason.trim(), { body: source.slice(0, 2000) });
}

/** Reads a whole SOAP answer and checks that it is the answer the service promises. */
export function parseSoapResponse<S extends SefazService>(service: S, envelopeXml: string): SefazResultOf<S> {
  const message = readSoapMessage(envelopeXml, 'nfeResultMsg');
  const result = readSefazResult(message.payload, message.source);
  if (result.kind !== RESULT_ELEMENT[service]) {
    throw new SefazProtocolError(`Resposta de ${service} com <${result.kind}> em vez de <${RESULT_ELEMENT[service]}>`);
  }
  return result as SefazResultOf<S>;
}
