// Web-service addresses of the NF-e / NFC-e 4.00 authorizers, from the public lists of the NF-e portal and of the
// NFC-e portal (ENCAT). Each UF is served by its own authorizer or by a virtual one (SVRS, SVAN); NFC-e has its own
// hosts in the states that authorize it themselves and goes to SVRS everywhere else. SVC-AN / SVC-RS are the
// contingency authorizers (tpEmis 6 / 7; they have no inutilização).
// Every address can be overridden from configuration: `baseUrl` (e.g. the SEFAZ homologation simulator, which
// serves /ws/<Service>) or one URL per service.

import { UF_CODES, type UF } from '../access-key.ts';

export const SEFAZ_SERVICES = [
  'NFeAutorizacao4',
  'NFeRetAutorizacao4',
  'NFeConsultaProtocolo4',
  'NFeStatusServico4',
  'NFeInutilizacao4',
  'NFeRecepcaoEvento4',
] as const;
export type SefazService = (typeof SEFAZ_SERVICES)[number];

/** 1 produção, 2 homologação. */
export type TpAmb = 1 | 2;
/** 55 NF-e, 65 NFC-e. */
export type ModeloNFe = 55 | 65;

// prettier-ignore
export type Authorizer =
  | 'AM' | 'BA' | 'GO' | 'MG' | 'MS' | 'MT' | 'PE' | 'PR' | 'RS' | 'SP' | 'SVRS' | 'SVAN' | 'SVC-AN' | 'SVC-RS';

/** The web-service name (wsdl namespace) and the SOAP operation of each service. */
export const SEFAZ_OPERATIONS: Record<SefazService, string> = {
  NFeAutorizacao4: 'nfeAutorizacaoLote',
  NFeRetAutorizacao4: 'nfeRetAutorizacaoLote',
  NFeConsultaProtocolo4: 'nfeConsultaNF',
  NFeStatusServico4: 'nfeStatusServicoNF',
  NFeInutilizacao4: 'nfeInutilizacaoNF',
  NFeRecepcaoEvento4: 'nfeRecepcaoEvento',
};

type Paths = Partial<Record<SefazService, string>>;
interface Host {
  readonly producao: string;
  readonly homologacao: string;
  readonly paths: Paths;
}

// Path styles shared by several authorizers.
const SAME_NAME: Paths = Object.fromEntries(SEFAZ_SERVICES.map((s) => [s, s]));
const ASMX_IN_FOLDER: Paths = Object.fromEntries(SEFAZ_SERVICES.map((s) => [s, `${s}/${s}.asmx`]));
const AXIS_OLD_NAMES: Paths = {
  NFeAutorizacao4: 'NfeAutorizacao4',
  NFeRetAutorizacao4: 'NfeRetAutorizacao4',
  NFeConsultaProtocolo4: 'NfeConsulta4',
  NFeStatusServico4: 'NfeStatusServico4',
  NFeInutilizacao4: 'NfeInutilizacao4',
  NFeRecepcaoEvento4: 'RecepcaoEvento4',
};
const RS_STYLE: Paths = {
  NFeAutorizacao4: 'NfeAutorizacao/NFeAutorizacao4.asmx',
  NFeRetAutorizacao4: 'NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
  NFeConsultaProtocolo4: 'NfeConsulta/NfeConsulta4.asmx',
  NFeStatusServico4: 'NfeStatusServico/NfeStatusServico4.asmx',
  NFeInutilizacao4: 'nfeinutilizacao/nfeinutilizacao4.asmx',
  NFeRecepcaoEvento4: 'recepcaoevento/recepcaoevento4.asmx',
};
const withoutInutilizacao = (paths: Paths): Paths => {
  const { NFeInutilizacao4: _omitted, ...rest } = paths;
  return rest;
};

// prettier-ignore
const NFE_HOSTS: Record<Authorizer, Host> = {
  AM: { producao: 'https://nfe.sefaz.am.gov.br/services2/services/', homologacao: 'https://homnfe.sefaz.am.gov.br/services2/services/', paths: AXIS_OLD_NAMES },
  BA: { producao: 'https://nfe.sefaz.ba.gov.br/webservices/', homologacao: 'https://hnfe.sefaz.ba.gov.br/webservices/', paths: ASMX_IN_FOLDER },
  GO: { producao: 'https://nfe.sefaz.go.gov.br/nfe/services/', homologacao: 'https://homolog.sefaz.go.gov.br/nfe/services/', paths: SAME_NAME },
  MG: { producao: 'https://nfe.fazenda.mg.gov.br/nfe2/services/', homologacao: 'https://hnfe.fazenda.mg.gov.br/nfe2/services/', paths: SAME_NAME },
  MS: { producao: 'https://nfe.sefaz.ms.gov.br/ws/', homologacao: 'https://hom.nfe.sefaz.ms.gov.br/ws/', paths: SAME_NAME },
  MT: { producao: 'https://nfe.sefaz.mt.gov.br/nfews/v2/services/', homologacao: 'https://homologacao.sefaz.mt.gov.br/nfews/v2/services/', paths: AXIS_OLD_NAMES },
  PE: { producao: 'https://nfe.sefaz.pe.gov.br/nfe-service/services/', homologacao: 'https://nfehomolog.sefaz.pe.gov.br/nfe-service/services/', paths: SAME_NAME },
  PR: { producao: 'https://nfe.sefa.pr.gov.br/nfe/', homologacao: 'https://homologacao.nfe.sefa.pr.gov.br/nfe/', paths: SAME_NAME },
  RS: { producao: 'https://nfe.sefazrs.rs.gov.br/ws/', homologacao: 'https://nfe-homologacao.sefazrs.rs.gov.br/ws/', paths: RS_STYLE },
  SP: {
    producao: 'https://nfe.fazenda.sp.gov.br/ws/',
    homologacao: 'https://homologacao.nfe.fazenda.sp.gov.br/ws/',
    paths: Object.fromEntries(SEFAZ_SERVICES.map((s) => [s, `${s.toLowerCase()}.asmx`])),
  },
  SVRS: { producao: 'https://nfe.svrs.rs.gov.br/ws/', homologacao: 'https://nfe-homologacao.svrs.rs.gov.br/ws/', paths: RS_STYLE },
  SVAN: { producao: 'https://www.sefazvirtual.fazenda.gov.br/', homologacao: 'https://hom.sefazvirtual.fazenda.gov.br/', paths: ASMX_IN_FOLDER },
  'SVC-AN': { producao: 'https://www.svc.fazenda.gov.br/', homologacao: 'https://hom.svc.fazenda.gov.br/', paths: withoutInutilizacao(ASMX_IN_FOLDER) },
  'SVC-RS': { producao: 'https://nfe.svrs.rs.gov.br/ws/', homologacao: 'https://nfe-homologacao.svrs.rs.gov.br/ws/', paths: withoutInutilizacao(RS_STYLE) },
};

/** NFC-e authorizers with hosts of their own; every other UF authorizes NFC-e at SVRS. */
// prettier-ignore
const NFCE_HOSTS: Partial<Record<Authorizer, Host>> = {
  AM: { producao: 'https://nfce.sefaz.am.gov.br/nfce-services/services/', homologacao: 'https://homnfce.sefaz.am.gov.br/nfce-services/services/', paths: AXIS_OLD_NAMES },
  GO: NFE_HOSTS.GO,
  MG: { producao: 'https://nfce.fazenda.mg.gov.br/nfce/services/', homologacao: 'https://hnfce.fazenda.mg.gov.br/nfce/services/', paths: SAME_NAME },
  MS: { producao: 'https://nfce.sefaz.ms.gov.br/ws/', homologacao: 'https://hom.nfce.sefaz.ms.gov.br/ws/', paths: SAME_NAME },
  MT: { producao: 'https://nfce.sefaz.mt.gov.br/nfcews/services/', homologacao: 'https://homologacao.sefaz.mt.gov.br/nfcews/services/', paths: AXIS_OLD_NAMES },
  PR: { producao: 'https://nfce.sefa.pr.gov.br/nfce/', homologacao: 'https://homologacao.nfce.sefa.pr.gov.br/nfce/', paths: SAME_NAME },
  RS: { producao: 'https://nfce.sefazrs.rs.gov.br/ws/', homologacao: 'https://nfce-homologacao.sefazrs.rs.gov.br/ws/', paths: RS_STYLE },
  SP: {
    producao: 'https://nfce.fazenda.sp.gov.br/ws/',
    homologacao: 'https://homologacao.nfce.fazenda.sp.gov.br/ws/',
    paths: Object.fromEntries(SEFAZ_SERVICES.map((s) => [s, `${s}.asmx`])),
  },
  SVRS: { producao: 'https://nfce.svrs.rs.gov.br/ws/', homologacao: 'https://nfce-homologacao.svrs.rs.gov.br/ws/', paths: RS_STYLE },
};

const OWN_NFE_AUTHORIZER: ReadonlySet<UF> = new Set(['AM', 'BA', 'GO', 'MG', 'MS', 'MT', 'PE', 'PR', 'RS', 'SP']);
// SVAN serves only MA for NF-e; every other UF without an authorizer of its own (CE included) goes to SVRS.
const SVAN_UFS: ReadonlySet<UF> = new Set(['MA']);
// SVC-RS covers the states whose own or SVAN authorizer is down; SVC-AN covers the others.
const SVC_RS_UFS: ReadonlySet<UF> = new Set(['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR']);

/** Which authorizer serves a UF for a model; `contingencia: 'SVC'` picks the SVC (NF-e only). */
export function authorizerFor(uf: UF, mod: ModeloNFe, contingencia?: 'SVC'): Authorizer {
  if (contingencia === 'SVC') {
    if (mod === 65) throw new Error('NFC-e não tem contingência SVC');
    return SVC_RS_UFS.has(uf) ? 'SVC-RS' : 'SVC-AN';
  }
  if (mod === 65) return (Object.hasOwn(NFCE_HOSTS, uf) ? uf : 'SVRS') as Authorizer;
  if (OWN_NFE_AUTHORIZER.has(uf)) return uf as Authorizer;
  return SVAN_UFS.has(uf) ? 'SVAN' : 'SVRS';
}

/**
 * Configuration that replaces the official addresses: `baseUrl` serves every service at `<baseUrl>/ws/<Service>`
 * (the layout of the SEFAZ homologation simulator); `urls` replaces single services and wins over `baseUrl`.
 */
export interface SefazEndpointsOverride {
  readonly baseUrl?: string;
  readonly urls?: Partial<Record<SefazService, string>>;
}

export interface ResolveSefazUrlInput {
  readonly uf: UF;
  readonly tpAmb: TpAmb;
  readonly mod: ModeloNFe;
  readonly service: SefazService;
  readonly contingencia?: 'SVC';
  readonly override?: SefazEndpointsOverride;
}

export function resolveSefazUrl({ uf, tpAmb, mod, service, contingencia, override }: ResolveSefazUrlInput): string {
  const fromConfig = override?.urls?.[service];
  if (fromConfig) return fromConfig;
  if (override?.baseUrl) return `${override.baseUrl.replace(/\/+$/, '')}/ws/${service}`;
  const authorizer = authorizerFor(uf, mod, contingencia);
  const host = mod === 65 ? NFCE_HOSTS[authorizer] : NFE_HOSTS[authorizer];
  const path = host?.paths[service];
  if (!host || !path) throw new Error(`Serviço ${service} não disponível no autorizador ${authorizer}`);
  return (tpAmb === 1 ? host.producao : host.homologacao) + path;
}

/** The SOAP 1.2 action of a service (sent as the `action` parameter of the Content-Type). */
/** IBGE code of a UF (the cUF of consStatServ). */
export function cUFOf(uf: UF): string {
  return UF_CODES[uf];
}

export function soapAction(service: SefazService): string {
  return `http://www.portalfiscal.inf.br/nfe/wsdl/${service}/${SEFAZ_OPERATIONS[service]}`;
}
