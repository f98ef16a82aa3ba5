// SEFAZ homologation simulator: NFeRecepcaoEvento4 (cancelamento 110111, carta de correção 110110; the recipient's
// manifestation 2102x0 as the Ambiente Nacional, simulator-dist.ts) and
// NFeInutilizacao4, answered in the real layouts (retEnvEvento 1.00, retInutNFe 4.00).

import { isValidAccessKey } from '../access-key.ts';
import { verifyEnvelopedSignature } from './simulator-checks.ts';
import { afterManifestation, judgeManifestation, MANIFESTATION_NAMES } from './simulator-dist.ts';
import { MOTIVOS, schemaMotivo } from './simulator-nfe.ts';
import { brasiliaDateTime, type SimulatorContext } from './simulator-state.ts';
import { NFE_NS } from './soap.ts';
import { child, childrenNamed, childText, elementXml, tag, type XmlElement } from './xml.ts';

const TP_AMB = '2';

const EVENT_MOTIVOS = {
  128: 'Lote de Evento Processado',
  135: 'Evento registrado e vinculado a NF-e',
  218: 'Rejeição: NF-e já está cancelada na base de dados da SEFAZ',
  222: 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado',
  573: 'Rejeição: Duplicidade de Evento',
  999: 'Rejeição: Erro não catalogado (tipo de evento não suportado pelo simulador de homologação)',
} as const;

const EVENT_NAMES: Record<string, string> = {
  '110111': 'Cancelamento registrado',
  '110110': 'Carta de Correção registrada',
};

interface EventVerdict {
  cStat: number;
  xMotivo: string;
  nProt?: string;
}

function retEvento(ctx: SimulatorContext, info: XmlElement | undefined, cOrgao: string, verdict: EventVerdict): string {
  const f = (name: string) => (info && childText(info, name)) ?? '';
  const tpEvento = f('tpEvento');
  const registered = verdict.nProt !== undefined;
  return (
    `<retEvento versao="1.00"><infEvento${registered ? ` Id="ID${verdict.nProt}"` : ''}>` +
    tag('tpAmb', TP_AMB) +
    tag('verAplic', ctx.verAplic) +
    tag('cOrgao', cOrgao) +
    tag('cStat', String(verdict.cStat)) +
    tag('xMotivo', verdict.xMotivo) +
    (/^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$/.test(f('chNFe')) ? tag('chNFe', f('chNFe')) : '') +
    (/^[0-9]{6}$/.test(tpEvento) ? tag('tpEvento', tpEvento) : '') +
    (registered && EVENT_NAMES[tpEvento] ? tag('xEvento', EVENT_NAMES[tpEvento]) : '') +
    (/^[1-9][0-9]?$/.test(f('nSeqEvento')) ? tag('nSeqEvento', f('nSeqEvento')) : '') +
    tag('dhRegEvento', brasiliaDateTime(ctx.now())) +
    (registered ? tag('nProt', verdict.nProt ?? '') : '') +
    '</infEvento></retEvento>'
  );
}

/** One evento: signature, environment, key, then the rules of its type. Registers it when accepted. */
function judgeEvento(ctx: SimulatorContext, source: string, evento: XmlElement): string {
  const info = child(evento, 'infEvento');
  const f = (name: string) => (info && childText(info, name)) ?? '';
  const cOrgao = f('cOrgao') || '91';
  const chave = f('chNFe');
  const tpEvento = f('tpEvento');
  const nSeqEvento = Number(f('nSeqEvento'));
  const answer = (verdict: EventVerdict) => {
    ctx.log(`NFeRecepcaoEvento4 ${tpEvento} chNFe ${chave}: ${verdict.cStat} ${verdict.xMotivo}`);
    return retEvento(ctx, info, cOrgao, verdict);
  };
  const reject = (cStat: 217 | 236 | 252 | 297, xMotivo: string = MOTIVOS[cStat]) => answer({ cStat, xMotivo });

  if (!verifyEnvelopedSignature(source, evento)) return reject(297);
  if (f('tpAmb') !== TP_AMB) return reject(252);
  if (!isValidAccessKey(chave)) return reject(236);
  if (info && MANIFESTATION_NAMES[tpEvento]) {
    const key = `${f('CNPJ')}|${chave}`;
    const registered = ctx.state.manifestations.get(key) ?? [];
    const refusal = judgeManifestation(ctx, info, f, registered.map((e) => e.tpEvento));
    if (refusal) return answer(refusal);
    const nProt = ctx.state.nextNumber(1, '91', ctx.now());
    const retXml = answer({ cStat: 135, xMotivo: EVENT_MOTIVOS[135], nProt });
    registered.push({ tpEvento, nSeqEvento, nProt, eventoXml: elementXml(source, evento), retEventoXml: retXml });
    ctx.state.manifestations.set(key, registered);
    afterManifestation(ctx, f, nProt);
    return retXml;
  }
  if (!EVENT_NAMES[tpEvento]) return answer({ cStat: 999, xMotivo: EVENT_MOTIVOS[999] });
  const nfe = ctx.state.byKey.get(chave);
  if (!nfe) return reject(217);
  if (nfe.events.some((e) => e.tpEvento === tpEvento && e.nSeqEvento === nSeqEvento))
    return answer({ cStat: 573, xMotivo: EVENT_MOTIVOS[573] });
  if (nfe.cancelled) return answer({ cStat: 218, xMotivo: EVENT_MOTIVOS[218] });
  if (tpEvento === '110111') {
    const detEvento = info && child(info, 'detEvento');
    if ((detEvento && childText(detEvento, 'nProt')) !== nfe.nProt)
      return answer({ cStat: 222, xMotivo: EVENT_MOTIVOS[222] });
  }

  const nProt = ctx.state.nextNumber(1, chave.slice(0, 2), ctx.now());
  const retXml = answer({ cStat: 135, xMotivo: EVENT_MOTIVOS[135], nProt });
  nfe.events.push({ tpEvento, nSeqEvento, nProt, eventoXml: elementXml(source, evento), retEventoXml: retXml });
  if (tpEvento === '110111') nfe.cancelled = true;
  return retXml;
}

export async function handleEnvEvento(ctx: SimulatorContext, source: string, envEvento: XmlElement): Promise<string> {
  const eventos = childrenNamed(envEvento, 'evento');
  const idLote = childText(envEvento, 'idLote') ?? '';
  const firstInfo = eventos[0] && child(eventos[0], 'infEvento');
  const cOrgao = (firstInfo && childText(firstInfo, 'cOrgao')) ?? '91';
  const answer = (cStat: number, xMotivo: string, rest = '') =>
    `<retEnvEvento xmlns="${NFE_NS}" versao="1.00">${tag('idLote', /^\d{1,15}$/.test(idLote) ? idLote : '0')}${tag('tpAmb', TP_AMB)}` +
    `${tag('verAplic', ctx.verAplic)}${tag('cOrgao', cOrgao)}${tag('cStat', String(cStat))}${tag('xMotivo', xMotivo)}${rest}</retEnvEvento>`;

  // validateXml picks the event's own schema (cancelamento, CC-e) from its tpEvento.
  const verdict = await ctx.validate(elementXml(source, envEvento), 'envEvento');
  if (!verdict.valid) {
    ctx.log(
      `NFeRecepcaoEvento4: 215 schema: ${verdict.errors
        .slice(0, 3)
        .map((e) => e.message)
        .join(' | ')}`,
    );
    return answer(215, schemaMotivo(MOTIVOS[215], verdict.errors));
  }
  return answer(128, EVENT_MOTIVOS[128], eventos.map((evento) => judgeEvento(ctx, source, evento)).join(''));
}

const INUT_MOTIVOS = {
  102: 'Inutilização de número homologado',
  241: 'Rejeição: Um número da faixa já foi utilizado',
  256: 'Rejeição: Uma NF-e da faixa já está inutilizada na Base de dados da SEFAZ',
  563: 'Rejeição: Já existe pedido de Inutilização com a mesma faixa de inutilização',
  999: 'Rejeição: Erro não catalogado (número inicial maior que o número final)',
} as const;

export async function handleInutNFe(ctx: SimulatorContext, source: string, inutNFe: XmlElement): Promise<string> {
  const info = child(inutNFe, 'infInut');
  const f = (name: string) => (info && childText(info, name)) ?? '';
  const cUF = /^\d{2}$/.test(f('cUF')) ? f('cUF') : '35';
  const answer = (cStat: number, xMotivo: string, nProt?: string) => {
    ctx.log(
      `NFeInutilizacao4 ${f('CNPJ')} mod ${f('mod')} série ${f('serie')} ${f('nNFIni')}-${f('nNFFin')}: ${cStat} ${xMotivo}`,
    );
    const echo = nProt
      ? ['ano', 'CNPJ', 'mod', 'serie', 'nNFIni', 'nNFFin'].map((name) => tag(name, f(name))).join('')
      : '';
    return (
      `<retInutNFe xmlns="${NFE_NS}" versao="4.00"><infInut${nProt ? ` Id="ID${nProt}"` : ''}>` +
      `${tag('tpAmb', TP_AMB)}${tag('verAplic', ctx.verAplic)}${tag('cStat', String(cStat))}${tag('xMotivo', xMotivo)}${tag('cUF', cUF)}` +
      `${echo}${tag('dhRecbto', brasiliaDateTime(ctx.now()))}${nProt ? tag('nProt', nProt) : ''}</infInut></retInutNFe>`
    );
  };

  const verdict = await ctx.validate(elementXml(source, inutNFe), 'inutNFe');
  if (!verdict.valid) return answer(215, schemaMotivo(MOTIVOS[215], verdict.errors));
  if (!verifyEnvelopedSignature(source, inutNFe)) return answer(297, MOTIVOS[297]);
  if (f('tpAmb') !== TP_AMB) return answer(252, MOTIVOS[252]);

  const [cnpj, mod, serie] = [f('CNPJ'), f('mod'), f('serie')];
  const first = Number(f('nNFIni'));
  const last = Number(f('nNFFin'));
  if (first > last) return answer(999, INUT_MOTIVOS[999]);
  const same = (r: { cnpj: string; mod: string; serie: string }) =>
    r.cnpj === cnpj && r.mod === mod && Number(r.serie) === Number(serie);
  const used = [...ctx.state.byNumber.values()].some(
    (nfe) => same(nfe) && Number(nfe.nNF) >= first && Number(nfe.nNF) <= last,
  );
  if (used) return answer(241, INUT_MOTIVOS[241]);
  if (ctx.state.disabledRanges.some((r) => same(r) && r.nNFIni === first && r.nNFFin === last))
    return answer(563, INUT_MOTIVOS[563]);
  if (ctx.state.disabledRanges.some((r) => same(r) && r.nNFIni <= last && first <= r.nNFFin))
    return answer(256, INUT_MOTIVOS[256]);

  const nProt = ctx.state.nextNumber(1, cUF, ctx.now());
  ctx.state.disabledRanges.push({ cnpj, mod, serie, nNFIni: first, nNFFin: last, nProt });
  return answer(102, INUT_MOTIVOS[102], nProt);
}
