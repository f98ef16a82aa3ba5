/**
 * The SAT's own interface (the ER's "biblioteca" functions every vendor's library exposes: EnviarDadosVenda,
 * CancelarUltimaVenda, ConsultarSAT), answering the ER's pipe-separated lines. Two implementations:
 *
 * - SatEmulator: a FAKE SAT of ours (no hardware, no SEFAZ): it checks the activation code and the software house's
 *   binding, validates the CF-e against CfeDadosVendaAPL_0008, numbers it, totals it, builds the key (cUF AAMM CNPJ 59
 *   nserieSAT nCFe cNF cDV), signs the QR code with its own RSA key, and answers with the signed CF-e in base64
 *   exactly as a SAT does (CfeDadosVendaSAT_0008, checked in the tests). It cancels only the last sale, within 30
 *   minutes (the ER's rule). It signs infCFe with a throw-away self-signed certificate made at start (xmldsig with
 *   RSA-SHA1 as packages/fiscal signs the NF-e; a real SAT signs with RSA-SHA256 and its ICP-Brasil certificate).
 *   `enqueue` scripts the next outcomes for tests (a refusal, no answer).
 * - SatBridgeLibrary: a real SAT. Each vendor ships a native library (Windows DLL, Linux .so: libsat.so, SAT.dll,
 *   dllsat.dll) with the ER's functions; Node cannot load it without a native module, so the connector runs the
 *   vendor's library through a small bridge program the shop installs beside it (a command that takes the function
 *   and its arguments and prints the function's answer line): `comando` in the configuration. docs/connector.md.
 */
import { execFile } from 'node:child_process';
import { createSign } from 'node:crypto';
import { accessKeyCheckDigit } from '@pdv/fiscal/access-key';
import { loadCertificate, type Certificate } from '@pdv/fiscal/certificate';
import { signXml } from '@pdv/fiscal/sign';
import { createTestCertificate, TEST_CERTIFICATE_PASSWORD } from '@pdv/fiscal/testing/test-certificate';
import { cfeItemTaxes, cfeItemValue, type CFeItem } from '@pdv/fiscal/cfe-xml';
import { validateXml } from '@pdv/fiscal/validate';
import { attributeValue, childElement, childElements, parseXml, textContent, type XmlElement } from '@pdv/fiscal/xml-parse';
import { el, escapeAttribute, escapeText, money, txt } from '@pdv/fiscal/xml-writer';
import { SAT_CODES, SAT_SOFTWARE_HOUSE_CNPJ } from '@pdv/domain/sat';

export interface SatLibrary {
  enviarDadosVenda(numeroSessao: number, codigoAtivacao: string, dadosVenda: string): Promise<string>;
  cancelarUltimaVenda(numeroSessao: number, codigoAtivacao: string, chave: string, dadosCancelamento: string): Promise<string>;
  consultarSat(numeroSessao: number): Promise<string>;
}

/** A vendor library reached through its bridge program: `comando funcao arg1 arg2 ...` prints the answer line. */
export class SatBridgeLibrary implements SatLibrary {
  constructor(private readonly command: string, private readonly args: string[] = [], private readonly timeoutMs = 30_000) {}

  private call(fn: string, ...params: Array<string | number>): Promise<string> {
    return new Promise((done, fail) => {
      execFile(this.command, [...this.args, fn, ...params.map(String)], { timeout: this.timeoutMs, maxBuffer: 8 * 1024 * 1024, encoding: 'utf8' },
        (error, stdout) => (error ? fail(new Error(error.message)) : done(stdout.trim())));
    });
  }

  enviarDadosVenda(numeroSessao: number, codigoAtivacao: string, dadosVenda: string): Promise<string> {
    return this.call('EnviarDadosVenda', numeroSessao, codigoAtivacao, dadosVenda);
  }

  cancelarUltimaVenda(numeroSessao: number, codigoAtivacao: string, chave: string, dadosCancelamento: string): Promise<string> {
    return this.call('CancelarUltimaVenda', numeroSessao, codigoAtivacao, chave, dadosCancelamento);
  }

  consultarSat(numeroSessao: number): Promise<string> {
    return this.call('ConsultarSAT', numeroSessao);
  }
}

export interface EmulatorSettings {
  /** The code the connector sends. */
  codigo_ativacao: string;
  /** The code the emulated SAT was activated with (absent: the same); a test sets another to see 06001. */
  codigo_ativacao_sat?: string | undefined;
  /** The taxpayer the SAT is activated for. */
  cnpj: string;
  ie: string;
  razao_social: string;
  nome_fantasia?: string | undefined;
  endereco: { xLgr: string; nro?: string | undefined; xBairro: string; xMun: string; CEP: string };
  /** cRegTrib: 1 Simples Nacional, 3 normal. */
  regime: 1 | 3;
  /** The SAT's serial number, 9 digits. */
  numero_serie: string;
  /** IBGE code of the state (35 São Paulo). */
  cuf: string;
  /** 1 production, 2 tests. */
  ambiente: 1 | 2;
  /** The software house bound to this SAT (001 §7: the fixed 14-digit number). */
  cnpj_software_house?: string | undefined;
}

export const EMULATOR_OUTCOMES = ['autorizar', 'recusar', 'sem_resposta'] as const;
export type EmulatorOutcome = (typeof EMULATOR_OUTCOMES)[number];

const CANCEL_WINDOW_MS = 30 * 60 * 1000;

const pad = (n: number, size: number) => String(n).padStart(size, '0');

function stamp(d: Date): { dEmi: string; hEmi: string } {
  // The SAT's clock is the shop's wall clock (Brasília, -03:00).
  const local = new Date(d.getTime() - 3 * 3600_000);
  return {
    dEmi: `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1, 2)}${pad(local.getUTCDate(), 2)}`,
    hEmi: `${pad(local.getUTCHours(), 2)}${pad(local.getUTCMinutes(), 2)}${pad(local.getUTCSeconds(), 2)}`,
  };
}

const text = (parent: XmlElement | undefined, name: string) => {
  const child = parent ? childElement(parent, name) : undefined;
  return child ? textContent(child) : null;
};

/** The CF-e item as the application wrote it, read back (the emulator totals what it received). */
function readItem(det: XmlElement): { item: CFeItem; det: XmlElement; prodXml: XmlElement; impostoXml: XmlElement } {
  const prod = childElement(det, 'prod')!;
  const imposto = childElement(det, 'imposto')!;
  const scaled = (v: string | null, places: number) => Math.round(Number(v ?? '0') * 10 ** places);
  const icms = childElements(childElement(imposto, 'ICMS')!)[0]!;
  const pis = childElements(childElement(imposto, 'PIS')!)[0]!;
  const cofins = childElements(childElement(imposto, 'COFINS')!)[0]!;
  const item: CFeItem = {
    cProd: text(prod, 'cProd') ?? '', xProd: text(prod, 'xProd') ?? '', CFOP: text(prod, 'CFOP') ?? '', uCom: text(prod, 'uCom') ?? '',
    qCom: scaled(text(prod, 'qCom'), 3), vUnCom: scaled(text(prod, 'vUnCom'), 2), vDesc: scaled(text(prod, 'vDesc'), 2), vOutro: scaled(text(prod, 'vOutro'), 2),
    ICMS: { orig: Number(text(icms, 'Orig')), CST: text(icms, 'CST'), CSOSN: text(icms, 'CSOSN'), pICMS: scaled(text(icms, 'pICMS'), 2) },
    PIS: { CST: text(pis, 'CST') ?? '', p: scaled(text(pis, 'pPIS'), 4) },
    COFINS: { CST: text(cofins, 'CST') ?? '', p: scaled(text(cofins, 'pCOFINS'), 4) },
  };
  return { item, det, prodXml: prod, impostoXml: imposto };
}

/** Rewrites a tax group with the amounts the SAT computes (vICMS, vPIS, vCOFINS after their rates). */
function taxGroupXml(group: XmlElement, amounts: Record<string, string>): string {
  const children = childElements(group).map((c) => txt(c.local, textContent(c)));
  const name = group.local;
  const extra = name === 'ICMS00' || name === 'ICMSSN900' ? txt('vICMS', amounts['vICMS']!)
    : /^PIS(Aliq|Outr)$/.test(name) ? txt('vPIS', amounts['vPIS']!)
      : /^COFINS(Aliq|Outr)$/.test(name) ? txt('vCOFINS', amounts['vCOFINS']!) : '';
  return el(name, [...children, extra]);
}

/** An element of the received CF-e written again as it was (text escaped, attributes kept). */
function copy(elm: XmlElement | undefined | null): string {
  if (!elm) return '';
  const kids = childElements(elm);
  const attrs = elm.attributes.map((a) => [a.local, a.value] as [string, string]);
  if (kids.length > 0) return el(elm.local, kids.map(copy), attrs);
  const attrText = attrs.map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
  return `<${elm.local}${attrText}>${escapeText(textContent(elm))}</${elm.local}>`;
}

/** A FAKE SAT (see the file's comment). */
export class SatEmulator implements SatLibrary {
  private nCFe = 0;
  private last: { chave: string; at: number; valor: string; cpfCnpj: string; dest: string; dEmi: string; hEmi: string; cancelled: boolean } | null = null;
  private readonly queue: EmulatorOutcome[] = [];
  /** The emulated SAT's own certificate: a throw-away self-signed one made at start (a real SAT holds an ICP-Brasil one). */
  private readonly cert: Certificate;

  constructor(private readonly settings: EmulatorSettings, private readonly now: () => Date = () => new Date()) {
    this.cert = loadCertificate(createTestCertificate({ cnpj: settings.cnpj, name: 'EMULADOR SAT' }), TEST_CERTIFICATE_PASSWORD);
  }

  enqueue(...outcomes: EmulatorOutcome[]): void {
    this.queue.push(...outcomes);
  }

  /** The code this SAT was activated with (the emulator's own setting, else the connector's). */
  private get activation(): string {
    return this.settings.codigo_ativacao_sat ?? this.settings.codigo_ativacao;
  }

  consultarSat(numeroSessao: number): Promise<string> {
    return Promise.resolve(`${numeroSessao}|08000|SAT em operação||`);
  }

  private qrSignature(chave: string, timeStamp: string, valor: string, cpfCnpj: string): string {
    return createSign('RSA-SHA256').update(`${chave}${timeStamp}${valor}${cpfCnpj}`).sign(this.cert.privateKeyPem, 'base64');
  }

  /** infCFe signed (xmldsig enveloped, as the NF-e family: RSA-SHA1; a real SAT signs with RSA-SHA256). */
  private sign(xml: string): string {
    return signXml(xml, { tag: 'infCFe', certificate: this.cert });
  }

  private chave(nCFe: number, cNF: number, at: Date): string {
    const { dEmi } = stamp(at);
    const body = `${this.settings.cuf}${dEmi.slice(2, 6)}${this.settings.cnpj}59${this.settings.numero_serie}${pad(nCFe, 6)}${pad(cNF, 6)}`;
    return `${body}${accessKeyCheckDigit(body)}`;
  }

  private binding(ide: XmlElement | undefined, emit: XmlElement | undefined): string | null {
    if (text(ide, 'CNPJ') !== (this.settings.cnpj_software_house ?? SAT_SOFTWARE_HOUSE_CNPJ) || !text(ide, 'signAC')) return 'Vinculação do AC não confere';
    if (emit && text(emit, 'CNPJ') !== this.settings.cnpj) return 'Vinculação do AC não confere';
    return null;
  }

  async enviarDadosVenda(numeroSessao: number, codigoAtivacao: string, dadosVenda: string): Promise<string> {
    const outcome = this.queue.shift() ?? 'autorizar';
    if (outcome === 'sem_resposta') throw new Error('o SAT não respondeu');
    if (codigoAtivacao !== this.activation) return `${numeroSessao}|06001|Código de ativação inválido||`;
    if (outcome === 'recusar') return `${numeroSessao}|06010|Erro de validação do conteúdo||`;
    const valid = await validateXml(dadosVenda, 'cfe');
    if (!valid.valid) return `${numeroSessao}|06010|Erro de validação do conteúdo: ${valid.errors[0]?.message ?? ''}||`;
    const inf = childElement(parseXml(dadosVenda).root, 'infCFe')!;
    const ide = childElement(inf, 'ide');
    const emit = childElement(inf, 'emit');
    const refused = this.binding(ide, emit);
    if (refused) return `${numeroSessao}|06004|${refused}||`;

    const dets = childElements(inf).filter((c) => c.local === 'det').map(readItem);
    const values = dets.map(({ item }) => cfeItemValue(item));
    const gross = values.reduce((t, v) => t + v.vItem, 0);
    const descAcr = childElement(childElement(inf, 'total')!, 'DescAcrEntr');
    const desc = Math.round(Number(text(descAcr, 'vDescSubtot') ?? '0') * 100);
    const acr = Math.round(Number(text(descAcr, 'vAcresSubtot') ?? '0') * 100);
    // The subtotal's discount or surcharge shared among the items by value, the remainder on the last one.
    const share = (amount: number) => {
      let left = amount;
      return values.map((v, i) => {
        const part = i === values.length - 1 ? left : gross === 0 ? 0 : Math.floor((amount * v.vItem) / gross);
        left -= part;
        return part;
      });
    };
    const rDesc = share(desc);
    const rAcr = share(acr);
    let tICMS = 0, tPIS = 0, tCOFINS = 0, tProd = 0, tDesc = 0, tOutro = 0;
    const detXml = dets.map(({ item, det, prodXml, impostoXml }, i) => {
      const v = values[i]!;
      const base = v.vItem - rDesc[i]! + rAcr[i]!;
      const taxes = cfeItemTaxes(item, base);
      tICMS += taxes.vICMS; tPIS += taxes.vPIS; tCOFINS += taxes.vCOFINS; tProd += v.vProd; tDesc += item.vDesc ?? 0; tOutro += item.vOutro ?? 0;
      const amounts = { vICMS: money(taxes.vICMS), vPIS: money(taxes.vPIS), vCOFINS: money(taxes.vCOFINS) };
      const prodKids = childElements(prodXml);
      const at = prodKids.findIndex((c) => c.local === 'indRegra');
      const before = prodKids.slice(0, at).map(copy);
      const after = prodKids.slice(at).map(copy);
      return el('det', [
        // vProd comes after vUnCom (before holds cProd..vUnCom), vItem and the shares after vOutro.
        el('prod', [...before, txt('vProd', money(v.vProd)), ...after, txt('vItem', money(v.vItem)),
          rDesc[i] ? txt('vRatDesc', money(rDesc[i])) : null, rAcr[i] ? txt('vRatAcr', money(rAcr[i])) : null]),
        el('imposto', childElements(impostoXml).map((g) => el(g.local, childElements(g).map((x) => taxGroupXml(x, amounts))))),
        copy(childElement(det, 'infAdProd')),
      ], [['nItem', attributeValue(det, 'nItem') ?? String(i + 1)]]);
    });
    const vCFe = gross - desc + acr;
    const mps = childElements(childElement(inf, 'pgto')!);
    const paid = mps.reduce((t, mp) => t + Math.round(Number(text(mp, 'vMP')) * 100), 0);
    if (paid < vCFe) return `${numeroSessao}|06010|Erro de validação do conteúdo: pagamentos menores que o total||`;

    this.nCFe += 1;
    const at = this.now();
    const { dEmi, hEmi } = stamp(at);
    const cNF = 100000 + ((numeroSessao * 7919 + this.nCFe * 104729) % 900000);
    const chave = this.chave(this.nCFe, cNF, at);
    const dest = childElement(inf, 'dest');
    const cpfCnpj = text(dest, 'CNPJ') ?? text(dest, 'CPF') ?? '';
    const valor = money(vCFe);
    const timeStamp = `${dEmi}${hEmi}`;
    const qr = this.qrSignature(chave, timeStamp, valor, cpfCnpj);
    const s = this.settings;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>${el('CFe', el('infCFe', [
      el('ide', [txt('cUF', s.cuf), txt('cNF', pad(cNF, 6)), txt('mod', '59'), txt('nserieSAT', s.numero_serie), txt('nCFe', pad(this.nCFe, 6)),
        txt('dEmi', dEmi), txt('hEmi', hEmi), txt('cDV', chave.slice(-1)), txt('tpAmb', s.ambiente), txt('CNPJ', text(ide, 'CNPJ') ?? ''),
        copy(childElement(ide!, 'signAC')), txt('assinaturaQRCODE', qr), txt('numeroCaixa', text(ide, 'numeroCaixa') ?? '001')]),
      el('emit', [txt('CNPJ', s.cnpj), txt('xNome', s.razao_social, 60), s.nome_fantasia ? txt('xFant', s.nome_fantasia, 60) : null,
        el('enderEmit', [txt('xLgr', s.endereco.xLgr, 60), s.endereco.nro ? txt('nro', s.endereco.nro, 60) : null, txt('xBairro', s.endereco.xBairro, 60),
          txt('xMun', s.endereco.xMun, 60), txt('CEP', s.endereco.CEP)]),
        txt('IE', text(emit, 'IE') ?? s.ie), copy(childElement(emit!, 'IM')), txt('cRegTrib', s.regime), copy(childElement(emit!, 'cRegTribISSQN')),
        txt('indRatISSQN', text(emit, 'indRatISSQN') ?? 'N')]),
      copy(dest) || '<dest></dest>',
      ...detXml,
      el('total', [
        el('ICMSTot', [txt('vICMS', money(tICMS)), txt('vProd', money(tProd)), txt('vDesc', money(tDesc)), txt('vPIS', money(tPIS)),
          txt('vCOFINS', money(tCOFINS)), txt('vPISST', '0.00'), txt('vCOFINSST', '0.00'), txt('vOutro', money(tOutro))]),
        txt('vCFe', valor),
        copy(descAcr),
        copy(childElement(childElement(inf, 'total')!, 'vCFeLei12741')),
      ]),
      el('pgto', [...mps.map(copy), txt('vTroco', money(paid - vCFe))]),
      copy(childElement(inf, 'infAdic')),
    ], [['Id', `CFe${chave}`], ['versao', '0.08'], ['versaoDadosEnt', attributeValue(inf, 'versaoDadosEnt') ?? '0.08'], ['versaoSB', '010000']]))}`;
    this.last = { chave, at: at.getTime(), valor, cpfCnpj, dest: copy(dest), dEmi, hEmi, cancelled: false };
    const b64 = Buffer.from(this.sign(xml), 'utf8').toString('base64');
    return `${numeroSessao}|${SAT_CODES.saleAuthorized}|0000|Emitido com sucesso + conteúdo notas|||${b64}|${timeStamp}|CFe${chave}|${valor}|${cpfCnpj}|${qr}`;
  }

  cancelarUltimaVenda(numeroSessao: number, codigoAtivacao: string, chave: string, dadosCancelamento: string): Promise<string> {
    try {
      return Promise.resolve(this.cancel(numeroSessao, codigoAtivacao, chave, dadosCancelamento));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private cancel(numeroSessao: number, codigoAtivacao: string, chave: string, dadosCancelamento: string): string {
    const outcome = this.queue.shift() ?? 'autorizar';
    if (outcome === 'sem_resposta') throw new Error('o SAT não respondeu');
    if (codigoAtivacao !== this.activation) return `${numeroSessao}|07001|Código de ativação inválido||`;
    if (outcome === 'recusar') return `${numeroSessao}|07007|Erro de validação do conteúdo||`;
    const key = chave.replace(/^CFe/, '');
    const last = this.last;
    if (!last || last.cancelled || last.chave !== key) return `${numeroSessao}|07002|Cupom inválido||`;
    let doc: XmlElement;
    try {
      doc = parseXml(dadosCancelamento).root;
    } catch {
      return `${numeroSessao}|07007|Erro de validação do conteúdo||`;
    }
    const inf = childElement(doc, 'infCFe');
    if (doc.local !== 'CFeCanc' || !inf || attributeValue(inf, 'chCanc') !== `CFe${key}`) return `${numeroSessao}|07007|Erro de validação do conteúdo||`;
    const ide = childElement(inf, 'ide');
    const refused = this.binding(ide, undefined);
    if (refused) return `${numeroSessao}|07004|${refused}||`;
    const at = this.now();
    if (at.getTime() - last.at > CANCEL_WINDOW_MS) return `${numeroSessao}|07007|Erro de validação do conteúdo: prazo de 30 minutos para o cancelamento excedido||`;
    this.nCFe += 1;
    const cNF = 100000 + ((numeroSessao * 7919 + this.nCFe * 104729) % 900000);
    const newKey = this.chave(this.nCFe, cNF, at);
    const { dEmi, hEmi } = stamp(at);
    const timeStamp = `${dEmi}${hEmi}`;
    const qr = this.qrSignature(newKey, timeStamp, last.valor, last.cpfCnpj);
    const s = this.settings;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>${el('CFeCanc', el('infCFe', [
      txt('dEmi', last.dEmi), txt('hEmi', last.hEmi),
      el('ide', [txt('cUF', s.cuf), txt('cNF', pad(cNF, 6)), txt('mod', '59'), txt('nserieSAT', s.numero_serie), txt('nCFe', pad(this.nCFe, 6)),
        txt('dEmi', dEmi), txt('hEmi', hEmi), txt('cDV', newKey.slice(-1)), txt('CNPJ', text(ide, 'CNPJ') ?? ''), copy(childElement(ide!, 'signAC')),
        txt('assinaturaQRCODE', qr), txt('numeroCaixa', text(ide, 'numeroCaixa') ?? '001')]),
      el('emit', [txt('CNPJ', s.cnpj), txt('xNome', s.razao_social, 60), txt('IE', s.ie)]),
      last.dest || '<dest></dest>',
      el('total', txt('vCFe', last.valor)),
      '<infAdic></infAdic>',
    ], [['Id', `CFe${newKey}`], ['chCanc', `CFe${key}`], ['versao', '0.08']]))}`;
    last.cancelled = true;
    const b64 = Buffer.from(this.sign(xml), 'utf8').toString('base64');
    return `${numeroSessao}|${SAT_CODES.cancelled}|0000|Cupom cancelado com sucesso + conteúdo CF-e-SAT cancelado|||${b64}|${timeStamp}|CFe${newKey}|${last.valor}|${last.cpfCnpj}|${qr}`;
  }
}
