/**
 * NF-e (model 55) and NFC-e (model 65) XML, layout 4.00 (PL_010), from a typed input (types.ts): the unsigned
 * `<NFe xmlns="http://www.portalfiscal.inf.br/nfe"><infNFe versao="4.00" Id="NFe{chave}">…</infNFe></NFe>`, with
 * infNFeSupl (QR code) after infNFe for an NFC-e. No whitespace between elements; sign it with signXml (tag infNFe),
 * which appends the Signature last.
 */
import { createHash } from 'node:crypto';
import { isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from '@pdv/domain/documents';
import { ValidationError } from '@pdv/domain/errors';
import { buildAccessKey, randomCNF, ufFromCode } from './access-key.ts';
import { detXml } from './nfe-det.ts';
import { computeTotals, totalXml, type NFeTotals } from './nfe-totals.ts';
import { nfceQrCode, urlChave } from './qrcode.ts';
import { digestOf } from './sign.ts';
import type { DateInput, Endereco, NFeDest, NFeDetPag, NFeEmit, NFeIde, NFeInput, NFePag, NFeTransp } from './types.ts';
import { el, escapeText, money, opt, txt, weight } from './xml-writer.ts';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const NFE_VERSION = '4.00';
export const DEFAULT_VER_PROC = '@pdv/fiscal 0.1';
/** The recipient's name an NF-e must carry in homologation. */
export const HOMOLOGATION_DEST_NAME = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** '-03:00' for -3 (hours) or '-03:00' (text). */
function offsetText(offset: number | string): string {
  if (typeof offset === 'string') {
    if (!/^[+-]\d{2}:\d{2}$/.test(offset)) throw new RangeError(`fuso inválido: ${offset}`);
    return offset;
  }
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offset) * 60);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A moment as the schema's TDateTimeUTC in the given offset: '2026-05-04T10:30:00-03:00' (hours or '±hh:mm'). */
export function dateTimeTz(date: Date, offset: number | string = -3): string {
  const text = offsetText(offset);
  const minutes = (text.startsWith('-') ? -1 : 1) * (Number(text.slice(1, 3)) * 60 + Number(text.slice(4, 6)));
  const local = new Date(date.getTime() + minutes * 60_000);
  return `${local.toISOString().slice(0, 19)}${text}`;
}

function dateText(value: DateInput, offset: string, field: string): string {
  if (value instanceof Date) return dateTimeTz(value, offset);
  if (!DATE_TIME.test(value)) throw new ValidationError(`Data/hora inválida em ${field}: '${value}' (use AAAA-MM-DDThh:mm:ss-03:00).`, field);
  return value;
}

function enderecoXml(name: string, e: Endereco): string {
  return el(name, [
    txt('xLgr', e.xLgr, 60),
    txt('nro', e.nro, 60),
    opt('xCpl', e.xCpl, 60),
    txt('xBairro', e.xBairro, 60),
    txt('cMun', e.cMun),
    txt('xMun', e.xMun, 60),
    txt('UF', e.UF.toUpperCase()),
    opt('CEP', e.CEP ? onlyDigits(e.CEP) : null),
    opt('cPais', e.cPais ?? (e.xPais ? '1058' : null)),
    opt('xPais', e.xPais, 60),
    opt('fone', e.fone ? onlyDigits(e.fone) : null),
  ]);
}

function ideXml(ide: NFeIde, cNF: string, cDV: number, dhEmi: string, offset: string): string {
  const refs = (ide.NFref ?? []).map((ref) =>
    'refNFe' in ref
      ? el('NFref', txt('refNFe', ref.refNFe))
      : el('NFref', el('refECF', [txt('mod', ref.refECF.mod), txt('nECF', String(ref.refECF.nECF).padStart(3, '0')), txt('nCOO', String(ref.refECF.nCOO).padStart(6, '0'))])),
  );
  const contingency = ide.tpEmis !== 1
    ? txt('dhCont', dateText(ide.dhCont!, offset, 'dhCont')) + txt('xJust', ide.xJust!, 256)
    : '';
  return el('ide', [
    txt('cUF', ide.cUF),
    txt('cNF', cNF),
    txt('natOp', ide.natOp, 60),
    txt('mod', ide.mod),
    txt('serie', ide.serie),
    txt('nNF', ide.nNF),
    txt('dhEmi', dhEmi),
    ide.dhSaiEnt && ide.mod === 55 ? txt('dhSaiEnt', dateText(ide.dhSaiEnt, offset, 'dhSaiEnt')) : '',
    txt('tpNF', ide.tpNF),
    txt('idDest', ide.idDest),
    txt('cMunFG', ide.cMunFG),
    txt('tpImp', ide.tpImp),
    txt('tpEmis', ide.tpEmis),
    txt('cDV', cDV),
    txt('tpAmb', ide.tpAmb),
    txt('finNFe', ide.finNFe),
    txt('indFinal', ide.indFinal),
    txt('indPres', ide.indPres),
    ide.indIntermed !== undefined && ide.indIntermed !== null ? txt('indIntermed', ide.indIntermed) : '',
    txt('procEmi', 0),
    txt('verProc', ide.verProc ?? DEFAULT_VER_PROC, 20),
    contingency,
    ...refs,
  ]);
}

function emitXml(emit: NFeEmit): string {
  return el('emit', [
    txt('CNPJ', normalizeCnpj(emit.CNPJ)),
    txt('xNome', emit.xNome, 60),
    opt('xFant', emit.xFant, 60),
    enderecoXml('enderEmit', emit.enderEmit),
    txt('IE', emit.IE.toUpperCase() === 'ISENTO' ? 'ISENTO' : onlyDigits(emit.IE)),
    opt('IEST', emit.IEST ? onlyDigits(emit.IEST) : null),
    emit.IM ? txt('IM', emit.IM, 15) + opt('CNAE', emit.CNAE ? onlyDigits(emit.CNAE) : null) : '',
    txt('CRT', emit.CRT),
  ]);
}

function destXml(dest: NFeDest, homologation: boolean, mod: number): string {
  const id = dest.CNPJ
    ? txt('CNPJ', normalizeCnpj(dest.CNPJ))
    : dest.CPF
      ? txt('CPF', onlyDigits(dest.CPF))
      : txt('idEstrangeiro', dest.idEstrangeiro ?? '');
  const name = homologation && (mod === 55 || dest.xNome) ? HOMOLOGATION_DEST_NAME : dest.xNome;
  const indIEDest = dest.indIEDest ?? 9;
  return el('dest', [
    id,
    opt('xNome', name, 60),
    dest.enderDest ? enderecoXml('enderDest', dest.enderDest) : '',
    txt('indIEDest', indIEDest),
    indIEDest === 1 && dest.IE ? txt('IE', onlyDigits(dest.IE)) : '',
    opt('email', dest.email, 60),
  ]);
}

function transpXml(transp: NFeTransp | null | undefined): string {
  if (!transp) return el('transp', txt('modFrete', 9));
  const t = transp.transporta;
  const v = transp.veicTransp;
  return el('transp', [
    txt('modFrete', transp.modFrete),
    t ? el('transporta', [
      t.CNPJ ? txt('CNPJ', normalizeCnpj(t.CNPJ)) : t.CPF ? txt('CPF', onlyDigits(t.CPF)) : '',
      opt('xNome', t.xNome, 60), opt('IE', t.IE), opt('xEnder', t.xEnder, 60), opt('xMun', t.xMun, 60), opt('UF', t.UF),
    ]) : '',
    v ? el('veicTransp', [txt('placa', v.placa.toUpperCase().replace(/[^A-Z0-9]/g, '')), opt('UF', v.UF), opt('RNTC', v.RNTC, 20)]) : '',
    ...(transp.vol ?? []).map((vol) => el('vol', [
      vol.qVol !== null && vol.qVol !== undefined ? txt('qVol', vol.qVol) : '',
      opt('esp', vol.esp, 60), opt('marca', vol.marca, 60), opt('nVol', vol.nVol, 60),
      vol.pesoL !== null && vol.pesoL !== undefined ? `<pesoL>${weight(vol.pesoL)}</pesoL>` : '',
      vol.pesoB !== null && vol.pesoB !== undefined ? `<pesoB>${weight(vol.pesoB)}</pesoB>` : '',
    ])),
  ]);
}

function pagXml(pag: NFePag): string {
  const lines: NFeDetPag[] = pag.detPag.length > 0 ? pag.detPag : [{ tPag: '90', vPag: 0 }];
  return el('pag', [
    ...lines.map((p) => {
      const tPag = p.tPag.padStart(2, '0');
      const card = p.card;
      return el('detPag', [
        p.indPag !== undefined ? txt('indPag', p.indPag) : '',
        txt('tPag', tPag),
        opt('xPag', p.xPag ?? (tPag === '99' ? 'Outros' : null), 60),
        `<vPag>${money(p.vPag)}</vPag>`,
        card
          ? el('card', [txt('tpIntegra', card.tpIntegra), opt('CNPJ', card.CNPJ ? normalizeCnpj(card.CNPJ) : null), opt('tBand', card.tBand), opt('cAut', card.cAut, 128)])
          : '',
      ]);
    }),
    pag.vTroco ? `<vTroco>${money(pag.vTroco)}</vTroco>` : '',
  ]);
}

function check(input: NFeInput): void {
  const { ide, emit, dest } = input;
  if (!ide.natOp || ide.natOp.trim() === '') throw new ValidationError(FISCAL_MESSAGES.natureMissing, 'natOp');
  if (!Number.isInteger(ide.serie) || ide.serie < 0 || ide.serie > 999) throw new ValidationError(FISCAL_MESSAGES.seriesMissing, 'serie');
  if (!Number.isInteger(ide.nNF) || ide.nNF < 1 || ide.nNF > 999_999_999) throw new ValidationError(`Número da nota fiscal inválido: ${ide.nNF}.`, 'nNF');
  if (!ufFromCode(ide.cUF)) throw new ValidationError(`Código da UF inválido: '${ide.cUF}'.`, 'cUF');
  if (!isValidCnpj(emit.CNPJ)) throw new ValidationError(`CNPJ do emitente inválido: '${emit.CNPJ}'.`, 'CNPJ');
  if (input.det.length === 0) throw new ValidationError('A nota fiscal precisa ter ao menos um item.', 'det');
  if (input.det.length > 990) throw new ValidationError('A nota fiscal pode ter no máximo 990 itens.', 'det');
  if (ide.mod === 55) {
    if (!dest) throw new ValidationError(FISCAL_MESSAGES.recipientMissing, 'dest');
    if (!dest.enderDest) throw new ValidationError(FISCAL_MESSAGES.recipientAddressMissing, 'enderDest');
    if (!dest.xNome || dest.xNome.trim() === '') throw new ValidationError('Nome do destinatário não informado.', 'xNome');
  }
  if (dest?.CNPJ && !isValidCnpj(dest.CNPJ)) throw new ValidationError(`CNPJ do destinatário inválido: '${dest.CNPJ}'.`, 'CNPJ');
  if (dest?.CPF && !isValidCpf(dest.CPF)) throw new ValidationError(`CPF do destinatário inválido: '${dest.CPF}'.`, 'CPF');
  if (dest && !dest.CNPJ && !dest.CPF && !dest.idEstrangeiro && ide.mod === 55) {
    throw new ValidationError('CPF ou CNPJ do destinatário não informado.', 'dest');
  }
  if (ide.tpEmis !== 1) {
    const just = (ide.xJust ?? '').trim();
    if (!ide.dhCont || just.length < 15 || just.length > 256) {
      throw new ValidationError('Emissão em contingência exige a data e hora de entrada (dhCont) e a justificativa (xJust) de 15 a 256 caracteres.', 'xJust');
    }
  }
  if (ide.mod === 65 && !input.csc) throw new ValidationError('CSC (código de segurança do contribuinte) não informado para NFC-e.', 'csc');
}

export interface BuiltNFe {
  /** The unsigned NFe. */
  xml: string;
  chave: string;
  cNF: string;
  /** The dhEmi written. */
  dhEmi: string;
  totals: NFeTotals;
  /** NFC-e: the QR code written in infNFeSupl. */
  qrCode: string | null;
  /** NFC-e offline (tpEmis 9): the DigestValue the signature will carry, already in the QR code. */
  digestValue: string | null;
}

/** The unsigned NF-e/NFC-e. Throws ValidationError (pt-BR) on input the schema or SEFAZ would refuse. */
export function buildNFeXml(input: NFeInput): BuiltNFe {
  check(input);
  const { ide } = input;
  const offset = input.utcOffset ?? '-03:00';
  const homologation = ide.tpAmb === 2;
  const dhEmi = dateText(ide.dhEmi, offset, 'dhEmi');
  const cNF = ide.cNF ?? randomCNF(ide.nNF);
  const chave = buildAccessKey({
    cUF: ide.cUF, aamm: dhEmi.slice(2, 4) + dhEmi.slice(5, 7), cnpj: input.emit.CNPJ, mod: ide.mod, serie: ide.serie,
    nNF: ide.nNF, tpEmis: ide.tpEmis, cNF,
  });
  const cDV = Number(chave.slice(43));

  const dets = input.det.map((d, i) => detXml(d, i + 1, { mod: ide.mod, homologation }));
  const totals = computeTotals(dets.map((d) => d.values));
  if (ide.mod === 65 && input.pag.detPag.length === 0 && totals.vNF > 0) {
    throw new ValidationError(FISCAL_MESSAGES.nfcePaymentMissing, 'pag');
  }
  const resp = input.infRespTec;
  const infNFe = el('infNFe', [
    ideXml(ide, cNF, cDV, dhEmi, offset),
    emitXml(input.emit),
    input.dest ? destXml(input.dest, homologation, ide.mod) : '',
    ...dets.map((d) => d.xml),
    totalXml(totals),
    transpXml(input.transp),
    pagXml(input.pag),
    input.infAdic && (input.infAdic.infAdFisco || input.infAdic.infCpl)
      ? el('infAdic', [opt('infAdFisco', input.infAdic.infAdFisco, 2000), opt('infCpl', input.infAdic.infCpl, 5000)])
      : '',
    resp ? el('infRespTec', [
      txt('CNPJ', normalizeCnpj(resp.CNPJ)), txt('xContato', resp.xContato, 60), txt('email', resp.email, 60), txt('fone', onlyDigits(resp.fone)),
      resp.CSRT ? txt('idCSRT', resp.CSRT.idCSRT.padStart(2, '0')) + txt('hashCSRT', createHash('sha1').update(resp.CSRT.token + chave).digest('base64')) : '',
    ]) : '',
  ], [['versao', NFE_VERSION], ['Id', `NFe${chave}`]]);

  let xml = `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}</NFe>`;
  let qrCode: string | null = null;
  let digestValue: string | null = null;
  if (ide.mod === 65) {
    const uf = ufFromCode(ide.cUF)!;
    if (ide.tpEmis === 9) digestValue = digestOf(xml, 'infNFe');
    qrCode = nfceQrCode({
      uf, chave, tpAmb: ide.tpAmb, idCSC: input.csc!.idCSC, csc: input.csc!.csc,
      offline: digestValue ? { day: Number(dhEmi.slice(8, 10)), vNF: money(totals.vNF), digestValue } : null,
    });
    const supl = el('infNFeSupl', [`<qrCode>${escapeText(qrCode)}</qrCode>`, txt('urlChave', urlChave(uf, ide.tpAmb))]);
    xml = `<NFe xmlns="${NFE_NAMESPACE}">${infNFe}${supl}</NFe>`;
  }
  return { xml, chave, cNF, dhEmi, totals, qrCode, digestValue };
}
