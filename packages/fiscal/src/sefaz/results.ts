// The six answers of the NF-e 4.00 web services (the content of nfeResultMsg) read into typed results, strictly:
// an answer without a field the layout requires is a SefazProtocolError. Field names are the layout's; cStat is a
// number (the layout's TStat is 3 or 4 digits). Each answer also keeps its element as received (`xml`), to be
// stored or put into a proc document.

import type { SefazService, TpAmb } from './endpoints.ts';
import { SefazProtocolError } from './errors.ts';
import { child, childrenNamed, childText, elementXml, type XmlElement } from './xml.ts';

export interface InfProt {
  readonly id: string | undefined;
  readonly tpAmb: TpAmb;
  readonly verAplic: string;
  readonly chNFe: string;
  readonly dhRecbto: string;
  readonly nProt: string | undefined;
  readonly digVal: string | undefined;
  readonly cStat: number;
  readonly xMotivo: string;
  readonly cMsg: string | undefined;
  readonly xMsg: string | undefined;
}

export interface ProtNFe {
  readonly versao: string;
  readonly infProt: InfProt;
  /** The protNFe element as received (namespace declared on it), ready to go into nfeProc. */
  readonly xml: string;
}

interface RetBase {
  readonly versao: string;
  readonly tpAmb: TpAmb;
  readonly verAplic: string;
  readonly cStat: number;
  readonly xMotivo: string;
  /** The answer element as received, namespace declared on it. */
  readonly xml: string;
}

export interface RetEnviNFe extends RetBase {
  readonly kind: 'retEnviNFe';
  readonly cUF: string;
  readonly dhRecbto: string;
  readonly infRec: { readonly nRec: string; readonly tMed: number } | undefined;
  readonly protNFe: ProtNFe | undefined;
}

export interface RetConsReciNFe extends RetBase {
  readonly kind: 'retConsReciNFe';
  readonly nRec: string;
  readonly cUF: string;
  readonly dhRecbto: string;
  readonly cMsg: string | undefined;
  readonly xMsg: string | undefined;
  readonly protNFe: readonly ProtNFe[];
}

export interface InfEventoRet {
  readonly id: string | undefined;
  readonly tpAmb: TpAmb;
  readonly verAplic: string;
  readonly cOrgao: string;
  readonly cStat: number;
  readonly xMotivo: string;
  readonly chNFe: string | undefined;
  readonly tpEvento: string | undefined;
  readonly xEvento: string | undefined;
  readonly nSeqEvento: number | undefined;
  readonly dhRegEvento: string;
  readonly nProt: string | undefined;
}

export interface RetEvento {
  readonly versao: string;
  readonly infEvento: InfEventoRet;
  readonly xml: string;
}

export interface ProcEventoNFe {
  readonly versao: string;
  readonly eventoXml: string;
  readonly retEvento: RetEvento;
}

export interface RetConsSitNFe extends RetBase {
  readonly kind: 'retConsSitNFe';
  readonly cUF: string;
  readonly dhRecbto: string;
  readonly chNFe: string;
  readonly protNFe: ProtNFe | undefined;
  readonly procEventoNFe: readonly ProcEventoNFe[];
}

export interface RetConsStatServ extends RetBase {
  readonly kind: 'retConsStatServ';
  readonly cUF: string;
  readonly dhRecbto: string;
  readonly tMed: number | undefined;
  readonly dhRetorno: string | undefined;
  readonly xObs: string | undefined;
}

export interface RetEnvEvento extends RetBase {
  readonly kind: 'retEnvEvento';
  readonly idLote: string;
  readonly cOrgao: string;
  readonly retEvento: readonly RetEvento[];
}

export interface RetInutNFe extends RetBase {
  readonly kind: 'retInutNFe';
  readonly id: string | undefined;
  readonly cUF: string;
  readonly ano: string | undefined;
  readonly CNPJ: string | undefined;
  readonly mod: string | undefined;
  readonly serie: string | undefined;
  readonly nNFIni: string | undefined;
  readonly nNFFin: string | undefined;
  readonly dhRecbto: string;
  readonly nProt: string | undefined;
}

export type SefazResult = RetEnviNFe | RetConsReciNFe | RetConsSitNFe | RetConsStatServ | RetEnvEvento | RetInutNFe;

/** The answer element each service returns. */
export const RESULT_ELEMENT = {
  NFeAutorizacao4: 'retEnviNFe',
  NFeRetAutorizacao4: 'retConsReciNFe',
  NFeConsultaProtocolo4: 'retConsSitNFe',
  NFeStatusServico4: 'retConsStatServ',
  NFeInutilizacao4: 'retInutNFe',
  NFeRecepcaoEvento4: 'retEnvEvento',
} as const satisfies Record<SefazService, SefazResult['kind']>;

/** The typed answer of a service. */
export type SefazResultOf<S extends SefazService> = Extract<SefazResult, { kind: (typeof RESULT_ELEMENT)[S] }>;

/** Reads a field and fails loudly when the answer does not carry it. */
class Reader {
  constructor(
    private readonly element: XmlElement,
    private readonly source: string,
  ) {}

  required(name: string): string {
    const value = childText(this.element, name);
    if (value === undefined)
      throw new SefazProtocolError(`Resposta da SEFAZ fora do leiaute: <${this.element.localName}> sem <${name}>`, {
        body: this.source.slice(0, 2000),
      });
    return value.trim();
  }
  optional(name: string): string | undefined {
    return childText(this.element, name)?.trim();
  }
  number(name: string): number {
    const text = this.required(name);
    if (!/^\d+$/.test(text))
      throw new SefazProtocolError(`Resposta da SEFAZ fora do leiaute: <${name}> não numérico`, {
        body: this.source.slice(0, 2000),
      });
    return Number(text);
  }
  optionalNumber(name: string): number | undefined {
    return childText(this.element, name) === undefined ? undefined : this.number(name);
  }
  tpAmb(): TpAmb {
    const value = this.required('tpAmb');
    if (value !== '1' && value !== '2')
      throw new SefazProtocolError(`Resposta da SEFAZ fora do leiaute: tpAmb ${value}`);
    return value === '1' ? 1 : 2;
  }
  attribute(name: string): string | undefined {
    return this.element.attributes[name];
  }
  requiredChild(name: string): XmlElement {
    const found = child(this.element, name);
    if (!found)
      throw new SefazProtocolError(`Resposta da SEFAZ fora do leiaute: <${this.element.localName}> sem <${name}>`, {
        body: this.source.slice(0, 2000),
      });
    return found;
  }
}

function base(r: Reader, element: XmlElement, source: string): RetBase {
  return {
    versao: r.attribute('versao') ?? '',
    tpAmb: r.tpAmb(),
    verAplic: r.required('verAplic'),
    cStat: r.number('cStat'),
    xMotivo: r.required('xMotivo'),
    xml: elementXml(source, element),
  };
}

export function readProtNFe(element: XmlElement, source: string): ProtNFe {
  const info = new Reader(element, source).requiredChild('infProt');
  const r = new Reader(info, source);
  return {
    versao: element.attributes.versao ?? '',
    xml: elementXml(source, element),
    infProt: {
      id: r.attribute('Id'),
      tpAmb: r.tpAmb(),
      verAplic: r.required('verAplic'),
      chNFe: r.required('chNFe'),
      dhRecbto: r.required('dhRecbto'),
      nProt: r.optional('nProt'),
      digVal: r.optional('digVal'),
      cStat: r.number('cStat'),
      xMotivo: r.required('xMotivo'),
      cMsg: r.optional('cMsg'),
      xMsg: r.optional('xMsg'),
    },
  };
}

function readRetEvento(element: XmlElement, source: string): RetEvento {
  const r = new Reader(new Reader(element, source).requiredChild('infEvento'), source);
  const nSeq = r.optional('nSeqEvento');
  return {
    versao: element.attributes.versao ?? '',
    xml: elementXml(source, element),
    infEvento: {
      id: r.attribute('Id'),
      tpAmb: r.tpAmb(),
      verAplic: r.required('verAplic'),
      cOrgao: r.required('cOrgao'),
      cStat: r.number('cStat'),
      xMotivo: r.required('xMotivo'),
      chNFe: r.optional('chNFe'),
      tpEvento: r.optional('tpEvento'),
      xEvento: r.optional('xEvento'),
      nSeqEvento: nSeq === undefined ? undefined : Number(nSeq),
      dhRegEvento: r.required('dhRegEvento'),
      nProt: r.optional('nProt'),
    },
  };
}

/** Reads one of the six answers from its element (the content of nfeResultMsg). */
export function readSefazResult(element: XmlElement, source: string): SefazResult {
  const r = new Reader(element, source);
  switch (element.localName) {
    case 'retEnviNFe': {
      const infRec = child(element, 'infRec');
      const prot = child(element, 'protNFe');
      const rec = infRec ? new Reader(infRec, source) : undefined;
      return {
        kind: 'retEnviNFe',
        ...base(r, element, source),
        cUF: r.required('cUF'),
        dhRecbto: r.required('dhRecbto'),
        infRec: rec ? { nRec: rec.required('nRec'), tMed: rec.number('tMed') } : undefined,
        protNFe: prot ? readProtNFe(prot, source) : undefined,
      };
    }
    case 'retConsReciNFe':
      return {
        kind: 'retConsReciNFe',
        ...base(r, element, source),
        nRec: r.required('nRec'),
        cUF: r.required('cUF'),
        dhRecbto: r.required('dhRecbto'),
        cMsg: r.optional('cMsg'),
        xMsg: r.optional('xMsg'),
        protNFe: childrenNamed(element, 'protNFe').map((p) => readProtNFe(p, source)),
      };
    case 'retConsSitNFe': {
      const prot = child(element, 'protNFe');
      return {
        kind: 'retConsSitNFe',
        ...base(r, element, source),
        cUF: r.required('cUF'),
        dhRecbto: r.required('dhRecbto'),
        chNFe: r.required('chNFe'),
        protNFe: prot ? readProtNFe(prot, source) : undefined,
        procEventoNFe: childrenNamed(element, 'procEventoNFe').map((proc) => {
          const p = new Reader(proc, source);
          return {
            versao: proc.attributes.versao ?? '',
            eventoXml: elementXml(source, p.requiredChild('evento')),
            retEvento: readRetEvento(p.requiredChild('retEvento'), source),
          };
        }),
      };
    }
    case 'retConsStatServ':
      return {
        kind: 'retConsStatServ',
        ...base(r, element, source),
        cUF: r.required('cUF'),
        dhRecbto: r.required('dhRecbto'),
        tMed: r.optionalNumber('tMed'),
        dhRetorno: r.optional('dhRetorno'),
        xObs: r.optional('xObs'),
      };
    case 'retEnvEvento':
      return {
        kind: 'retEnvEvento',
        ...base(r, element, source),
        idLote: r.required('idLote'),
        cOrgao: r.required('cOrgao'),
        retEvento: childrenNamed(element, 'retEvento').map((e) => readRetEvento(e, source)),
      };
    case 'retInutNFe': {
      const info = r.requiredChild('infInut');
      const i = new Reader(info, source);
      return {
        kind: 'retInutNFe',
        ...base(i, element, source),
        versao: r.attribute('versao') ?? '',
        id: i.attribute('Id'),
        cUF: i.required('cUF'),
        ano: i.optional('ano'),
        CNPJ: i.optional('CNPJ'),
        mod: i.optional('mod'),
        serie: i.optional('serie'),
        nNFIni: i.optional('nNFIni'),
        nNFFin: i.optional('nNFFin'),
        dhRecbto: i.required('dhRecbto'),
        nProt: i.optional('nProt'),
      };
    }
    default:
      throw new SefazProtocolError(`Resposta da SEFAZ com elemento inesperado <${element.localName}>`, {
        body: source.slice(0, 2000),
      });
  }
}
