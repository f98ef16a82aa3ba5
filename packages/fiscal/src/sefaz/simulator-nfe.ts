// SEFAZ homologation simulator: NFeAutorizacao4, NFeRetAutorizacao4, NFeConsultaProtocolo4 and NFeStatusServico4.
// Answers are written in the real layouts (retEnviNFe / retConsReciNFe / retConsSitNFe / retConsStatServ 4.00), so
// the same client code works against the real SEFAZ. The simulator is always a homologation environment (tpAmb 2).

import { isValidAccessKey } from '../access-key.ts';
import { verifyEnvelopedSignature } from './simulator-checks.ts';
import { ibsCbsRejection } from './simulator-ibscbs.ts';
import { brasiliaDateTime, SimulatorState, type SimulatedNFe, type SimulatorContext } from './simulator-state.ts';
import { NFE_NS } from './soap.ts';
import { child, childrenNamed, childText, elementXml, findFirst, tag, type XmlElement } from './xml.ts';

export const MOTIVOS = {
  100: 'Autorizado o uso da NF-e',
  101: 'Cancelamento de NF-e homologado',
  103: 'Lote recebido com sucesso',
  104: 'Lote processado',
  106: 'Lote não localizado',
  107: 'Serviço em Operação',
  150: 'Autorizado o uso da NF-e, autorização fora de prazo',
  206: 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ',
  215: 'Rejeição: Falha no schema XML',
  217: 'Rejeição: NF-e não consta na base de dados da SEFAZ',
  225: 'Rejeição: Falha no Schema XML da NFe',
  236: 'Rejeição: Chave de Acesso com dígito verificador inválido',
  252: 'Rejeição: Ambiente informado diverge do Ambiente de recebimento',
  297: 'Rejeição: Assinatura difere do calculado',
  452: 'Rejeição: Solicitada resposta síncrona para Lote com mais de uma NF-e (indSinc=1)',
  502: 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes',
} as const;

const TP_AMB = '2';

/** Schema failures: the official text plus the first libxml2 message (for the developer), within 255 characters. */
export function schemaMotivo(base: string, errors: readonly { message: string }[]): string {
  const first = errors[0]?.message.replace(/\s+/g, ' ').trim();
  return (first ? `${base} [${first}]` : base).slice(0, 255);
}

function answerHead(ctx: SimulatorContext, cStat: number, xMotivo: string): string {
  return tag('tpAmb', TP_AMB) + tag('verAplic', ctx.verAplic) + tag('cStat', String(cStat)) + tag('xMotivo', xMotivo);
}

function retEnviNFe(ctx: SimulatorContext, cStat: number, xMotivo: string, cUF: string, rest = ''): string {
  return `<retEnviNFe xmlns="${NFE_NS}" versao="4.00">${answerHead(ctx, cStat, xMotivo)}${tag('cUF', cUF)}${tag('dhRecbto', brasiliaDateTime(ctx.now()))}${rest}</retEnviNFe>`;
}

interface ProtInput {
  chave: string;
  cStat: number;
  xMotivo: string;
  nProt?: string;
  digVal?: string;
}

function protNFe(ctx: SimulatorContext, p: ProtInput): string {
  const id = p.nProt ? ` Id="ID${p.nProt}"` : '';
  return (
    `<protNFe versao="4.00"><infProt${id}>` +
    tag('tpAmb', TP_AMB) +
    tag('verAplic', ctx.verAplic) +
    tag('chNFe', p.chave) +
    tag('dhRecbto', brasiliaDateTime(ctx.now())) +
    (p.nProt ? tag('nProt', p.nProt) : '') +
    (p.digVal ? tag('digVal', p.digVal) : '') +
    tag('cStat', String(p.cStat)) +
    tag('xMotivo', p.xMotivo) +
    '</infProt></protNFe>'
  );
}

/** The access key the ide and emit fields spell. */
function keyFromFields(infNFe: XmlElement): string {
  const ide = child(infNFe, 'ide');
  const emit = child(infNFe, 'emit');
  const f = (name: string) => (ide && childText(ide, name)) ?? '';
  const dhEmi = f('dhEmi');
  const emitter = (emit && (childText(emit, 'CNPJ') ?? childText(emit, 'CPF'))) ?? '';
  return (
    f('cUF') +
    dhEmi.slice(2, 4) +
    dhEmi.slice(5, 7) +
    emitter.padStart(14, '0') +
    f('mod') +
    f('serie').padStart(3, '0') +
    f('nNF').padStart(9, '0') +
    f('tpEmis') +
    f('cNF') +
    f('cDV')
  );
}

/** One NF-e of a batch: the checks in SEFAZ's order, then the duplicity rules, then the authorization. */
function judgeNFe(ctx: SimulatorContext, source: string, nfe: XmlElement, nRec: string): string {
  const infNFe = child(nfe, 'infNFe');
  const ide = infNFe && child(infNFe, 'ide');
  const chave = infNFe?.attributes.Id?.slice(3) ?? '';
  const reject = (cStat: number, xMotivo: string = MOTIVOS[cStat as keyof typeof MOTIVOS]) => {
    ctx.log(`NFeAutorizacao4 chNFe ${chave}: ${cStat} ${xMotivo}`);
    return protNFe(ctx, { chave, cStat, xMotivo });
  };
  if (!infNFe || !ide) return reject(225);
  if (!verifyEnvelopedSignature(source, nfe)) return reject(297);
  if (!isValidAccessKey(chave)) return reject(236);
  if (keyFromFields(infNFe) !== chave) return reject(502);
  if (childText(ide, 'tpAmb') !== TP_AMB) return reject(252);
  const reform = ibsCbsRejection(infNFe);
  if (reform) return reject(reform.cStat, reform.xMotivo);

  const emit = child(infNFe, 'emit');
  const cnpj = (emit && (childText(emit, 'CNPJ') ?? childText(emit, 'CPF'))) ?? '';
  const mod = childText(ide, 'mod') ?? '';
  const serie = childText(ide, 'serie') ?? '';
  const nNF = childText(ide, 'nNF') ?? '';
  const digVal = findFirst(nfe, 'DigestValue')?.text.trim() ?? '';
  if (ctx.state.findRangeWith(cnpj, mod, serie, Number(nNF))) return reject(206);

  const existing = ctx.state.byNumber.get(SimulatorState.numberKey(cnpj, mod, serie, nNF));
  if (existing) {
    if (existing.chave === chave && existing.digVal === digVal)
      return reject(204, `Rejeição: Duplicidade de NF-e [nRec:${existing.nRec}]`);
    return reject(
      539,
      `Rejeição: Duplicidade de NF-e, com diferença na Chave de Acesso [chNFe:${existing.chave}][nRec:${existing.nRec}]`,
    );
  }

  const now = ctx.now();
  const dhEmi = Date.parse(childText(ide, 'dhEmi') ?? '');
  const offlineLate = mod === '65' && childText(ide, 'tpEmis') === '9' && now.getTime() - dhEmi > ctx.offlineDeadlineMs;
  const cStat = offlineLate ? 150 : 100;
  const nProt = ctx.state.nextNumber(1, childText(ide, 'cUF') ?? '', now);
  const prot = protNFe(ctx, { chave, cStat, xMotivo: MOTIVOS[cStat], nProt, digVal });
  const record: SimulatedNFe = {
    chave,
    cnpj,
    mod,
    serie,
    nNF,
    digVal,
    nProt,
    nRec,
    cStat,
    protNFeXml: prot,
    cancelled: false,
    events: [],
  };
  ctx.state.add(record);
  ctx.log(`NFeAutorizacao4 chNFe ${chave}: ${cStat} ${MOTIVOS[cStat]} nProt ${nProt}`);
  return prot;
}

export async function handleEnviNFe(ctx: SimulatorContext, source: string, enviNFe: XmlElement): Promise<string> {
  const nfes = childrenNamed(enviNFe, 'NFe');
  const firstIde = nfes[0] && findFirst(nfes[0], 'ide');
  const cUF = (firstIde && childText(firstIde, 'cUF')) ?? '35';
  const verdict = await ctx.validate(elementXml(source, enviNFe), 'enviNFe');
  if (!verdict.valid) {
    ctx.log(
      `NFeAutorizacao4: 225 schema: ${verdict.errors
        .slice(0, 3)
        .map((e) => e.message)
        .join(' | ')}`,
    );
    return retEnviNFe(ctx, 225, schemaMotivo(MOTIVOS[225], verdict.errors), cUF);
  }
  const sincrono = childText(enviNFe, 'indSinc') === '1';
  if (sincrono && nfes.length > 1) return retEnviNFe(ctx, 452, MOTIVOS[452], cUF);

  const nRec = ctx.state.nextNumber(2, cUF, ctx.now());
  const prots = nfes.map((nfe) => judgeNFe(ctx, source, nfe, nRec));
  if (sincrono) return retEnviNFe(ctx, 104, MOTIVOS[104], cUF, prots[0] ?? '');
  ctx.state.receipts.set(nRec, { cUF, protNFeXmls: prots });
  return retEnviNFe(ctx, 103, MOTIVOS[103], cUF, `<infRec>${tag('nRec', nRec)}${tag('tMed', '1')}</infRec>`);
}

export async function handleConsReciNFe(ctx: SimulatorContext, source: string, consReci: XmlElement): Promise<string> {
  const nRec = childText(consReci, 'nRec') ?? '';
  const receipt = ctx.state.receipts.get(nRec);
  const cUF = receipt?.cUF ?? nRec.slice(1, 3);
  const answer = (cStat: number, xMotivo: string, prots = '') =>
    `<retConsReciNFe xmlns="${NFE_NS}" versao="4.00">${tag('tpAmb', TP_AMB)}${tag('verAplic', ctx.verAplic)}${tag('nRec', nRec)}` +
    `${tag('cStat', String(cStat))}${tag('xMotivo', xMotivo)}${tag('cUF', cUF)}${tag('dhRecbto', brasiliaDateTime(ctx.now()))}${prots}</retConsReciNFe>`;
  const verdict = await ctx.validate(elementXml(source, consReci), 'consReciNFe');
  if (!verdict.valid || !/^\d{15}$/.test(nRec)) return answer(215, schemaMotivo(MOTIVOS[215], verdict.errors));
  if (childText(consReci, 'tpAmb') !== TP_AMB) return answer(252, MOTIVOS[252]);
  if (!receipt) return answer(106, MOTIVOS[106]);
  return answer(104, MOTIVOS[104], receipt.protNFeXmls.join(''));
}

export async function handleConsSitNFe(ctx: SimulatorContext, source: string, consSit: XmlElement): Promise<string> {
  const chave = childText(consSit, 'chNFe') ?? '';
  const cUF = /^\d{2}/.test(chave) ? chave.slice(0, 2) : '35';
  const answer = (cStat: number, xMotivo: string, rest = '') =>
    `<retConsSitNFe xmlns="${NFE_NS}" versao="4.00">${answerHead(ctx, cStat, xMotivo)}${tag('cUF', cUF)}` +
    `${tag('dhRecbto', brasiliaDateTime(ctx.now()))}${tag('chNFe', chave)}${rest}</retConsSitNFe>`;
  const verdict = await ctx.validate(elementXml(source, consSit), 'consSitNFe');
  if (!verdict.valid) return answer(215, schemaMotivo(MOTIVOS[215], verdict.errors));
  if (childText(consSit, 'tpAmb') !== TP_AMB) return answer(252, MOTIVOS[252]);
  if (!isValidAccessKey(chave)) return answer(236, MOTIVOS[236]);
  const nfe = ctx.state.byKey.get(chave);
  if (!nfe) return answer(217, MOTIVOS[217]);
  const events = nfe.events
    .map((e) => `<procEventoNFe versao="1.00">${e.eventoXml}${e.retEventoXml}</procEventoNFe>`)
    .join('');
  const cStat = nfe.cancelled ? 101 : nfe.cStat;
  return answer(cStat, MOTIVOS[cStat], nfe.protNFeXml + events);
}

export async function handleConsStatServ(ctx: SimulatorContext, source: string, consStat: XmlElement): Promise<string> {
  const cUF = childText(consStat, 'cUF') ?? '35';
  const answer = (cStat: number, xMotivo: string, rest = '') =>
    `<retConsStatServ xmlns="${NFE_NS}" versao="4.00">${answerHead(ctx, cStat, xMotivo)}${tag('cUF', cUF)}` +
    `${tag('dhRecbto', brasiliaDateTime(ctx.now()))}${rest}</retConsStatServ>`;
  const verdict = await ctx.validate(elementXml(source, consStat), 'consStatServ');
  if (!verdict.valid) return answer(215, schemaMotivo(MOTIVOS[215], verdict.errors));
  if (childText(consStat, 'tpAmb') !== TP_AMB) return answer(252, MOTIVOS[252]);
  return answer(107, MOTIVOS[107], tag('tMed', '1'));
}
