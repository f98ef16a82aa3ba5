/**
 * From a sale's facts (emitter, items with their fiscal scenario, payments, recipient) to the typed input of the
 * NF-e / NFC-e: ONE rule, run by the server for an invoice in its database (apps/server fiscal/document.ts) and by the
 * point of sale for an NFC-e issued with the network off from its local copy (issue 29; the connector signs it).
 *
 * Browser-safe: imports only @pdv/domain and this package's types (no node: module), so the web app can import it.
 * Refusals are ValidationError with the spec's pt-BR messages (the server turns them into 400).
 */
import { ValidationError } from '@pdv/domain/errors';
import { FISCAL_MESSAGES as M } from '@pdv/domain/fiscal-messages';
import { chargesSt, itemIcms } from '@pdv/domain/icms-st';
import { itemIbsCbs } from '@pdv/domain/ibscbs';
import { fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { applyScenarioException, type ScenarioExceptionRow } from '@pdv/domain/scenario-exception';
import { transferCfop, transferTaxes } from '@pdv/domain/stock-transfer';
import type { Endereco, NFeDet, NFeDetPag, NFeInput } from './types.ts';

/** IBGE codes of the states. */
export const UF_IBGE: Record<string, string> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24', PB: '25',
  PE: '26', AL: '27', SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50',
  MT: '51', GO: '52', DF: '53',
};

type Num = string | number;

/** An address as the branch and person tables hold it. */
export interface AddressFacts {
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  id_cidade: number | null;
  cidade: string | null;
  uf: string | null;
  cep: string | null;
  telefone?: string | null;
}

/** The document's address, or null when a required part is missing. */
export function documentAddress(a: AddressFacts): Endereco | null {
  if (!a.endereco || !a.bairro || !a.id_cidade || !a.cidade || !a.uf) return null;
  return { xLgr: a.endereco, nro: a.numero || 'S/N', xCpl: a.complemento, xBairro: a.bairro, cMun: String(a.id_cidade),
    xMun: a.cidade, UF: a.uf, CEP: a.cep, fone: a.telefone ?? null };
}

/** The issuing branch (filial + filial_configuracao), without its CSC. */
export interface EmitterFacts extends AddressFacts {
  cnpj: string;
  razao_social: string;
  nome_fantasia: string | null;
  ie: string | null;
  codigo_regime_tributario: number;
  ambiente_emissao: number;
}

/** One line of the document with the fiscal scenario it takes (rates as the columns hold them: percent). */
export interface DocumentItemFacts {
  codigo: string;
  descricao: string;
  codigo_barras: string | null;
  codigo_ncm: string | null;
  cest: string | null;
  origem_produto: number | null;
  unidade_comercial: string | null;
  quantidade: Num;
  valor_unitario: Num;
  valor_desconto: Num;
  frete: Num;
  seguro: Num;
  outros: Num;
  id_cenario_fiscal: number | null;
  cfop_interno: string | null;
  cfop_externo: string | null;
  icms_cst: string | null;
  icms_csosn: string | null;
  icms_aliquota: Num;
  icms_percentual_reducao_base_calculo: Num;
  icmsst_aliquota: Num;
  icmsst_mva: Num;
  fcp_percentual: Num;
  pis_cst: string | null;
  pis_aliquota: Num;
  cofins_cst: string | null;
  cofins_aliquota: Num;
  ibscbs_cst: string | null;
  ibscbs_classificacao: string | null;
  cbs_aliquota: Num;
  ibsuf_aliquota: Num;
  ibsmun_aliquota: Num;
  ibs_percentual_reducao: Num;
  cbs_percentual_reducao: Num;
}

export type DocumentException = ScenarioExceptionRow & { id_cenario_fiscal: number };

export interface DetFacts {
  modelo: '55' | '65';
  /** The emitter's CRT (3: normal regime; else Simples). */
  crt: number;
  emitterUf: string;
  /** The recipient's state, the emitter's at the counter. */
  destinationUf: string;
  interstate: boolean;
  /** A transfer between branches (CFOP 5152/6152, no ICMS, PIS nor COFINS). */
  transfer: boolean;
  exceptions: readonly DocumentException[];
}

const bp = (value: Num) => Math.round(Number(value) * 100);

type ICMS = NFeDet['imposto']['ICMS'];

/** The det groups: each line's product and taxes from its scenario (or the exception that won, or a transfer's). */
export function documentDet(rows: readonly DocumentItemFacts[], f: DetFacts): NFeDet[] {
  if (rows.length === 0) throw new ValidationError(M.itemProductMissing);
  const simples = f.crt !== 3;
  return rows.map((row) => {
    const ncm = row.codigo_ncm;
    if (!ncm) throw new ValidationError(M.ncmMissing(row.descricao));
    const r = f.transfer
      // A transfer: CFOP 5152/6152 and no ICMS, PIS nor COFINS (domain stock-transfer.ts), whatever the scenario says.
      ? { ...row, ...transferTaxes(simples), cfop: transferCfop(f.emitterUf, f.destinationUf), icms_aliquota: '0', icmsst_aliquota: '0', icmsst_mva: '0',
          fcp_percentual: '0', icms_percentual_reducao_base_calculo: '0', pis_aliquota: '0', cofins_aliquota: '0' }
      : applyScenarioException(
        { ...row, cfop: f.interstate ? row.cfop_externo : row.cfop_interno },
        f.exceptions.filter((e) => e.id_cenario_fiscal === row.id_cenario_fiscal),
        { uf: f.destinationUf, codigo_ncm: ncm },
      );
    const cfop = r.cfop;
    if (!cfop || (!r.icms_csosn && !r.icms_cst) || !r.pis_cst || !r.cofins_cst) throw new ValidationError(M.fiscalScenarioMissing(r.descricao));
    const orig = (r.origem_produto ?? 0) as ICMS['orig'];
    // The ICMS group from the scenario (or the exception that won): CST or CSOSN, rates, ST with MVA and FCP.
    const icms = itemIcms(r, simples);
    // An NFC-e is paid at the counter for what it shows: ST charged in the operation would raise vNF above what the
    // customer paid, and SEFAZ's NFC-e rules refuse it (docs/decisions.md, "ICMS-ST and FCP from the scenario").
    if (f.modelo === '65' && chargesSt(icms.CST ?? icms.CSOSN ?? '', icms.pICMSST ?? 0)) throw new ValidationError(M.nfceStCharged(r.descricao));
    return {
      prod: {
        cProd: r.codigo, cEAN: r.codigo_barras, xProd: r.descricao, NCM: ncm, CEST: r.cest, CFOP: cfop,
        uCom: r.unidade_comercial ?? 'UN', qCom: quantityFromDecimal(r.quantidade), vUnCom: fromDecimal(r.valor_unitario),
        vDesc: fromDecimal(r.valor_desconto), vFrete: fromDecimal(r.frete), vSeg: fromDecimal(r.seguro), vOutro: fromDecimal(r.outros),
      },
      imposto: {
        ICMS: { ...icms, orig, CST: icms.CST as ICMS['CST'], CSOSN: icms.CSOSN as ICMS['CSOSN'] },
        PIS: { CST: r.pis_cst, p: bp(r.pis_aliquota) },
        COFINS: { CST: r.cofins_cst, p: bp(r.cofins_aliquota) },
        // The tax reform's IBS/CBS from the same scenario, for CRT 3 issuers only (domain ibscbs.ts).
        IBSCBS: itemIbsCbs(r, f.crt, r.descricao),
      },
    };
  });
}

/** A payment of the sale (the method's fiscal code, amount, card fields). */
export interface PaymentFacts {
  meio_pagamento: string;
  valor_total: Num;
  quantidade_parcelas: number;
  cartao_codigo_autorizacao: string | null;
  cartao_bandeira: string | null;
  cartao_cnpj_instituicao: string | null;
  cartao_tipo_integracao: string | null;
}

export function documentDetPag(payments: readonly PaymentFacts[]): NFeDetPag[] {
  return payments.map((p) => {
    const card = p.meio_pagamento === '03' || p.meio_pagamento === '04';
    return {
      tPag: /^\d{2}$/.test(p.meio_pagamento) ? p.meio_pagamento : '99', vPag: fromDecimal(p.valor_total),
      indPag: p.quantidade_parcelas > 1 ? 1 : 0,
      card: card ? { tpIntegra: p.cartao_tipo_integracao === '1' ? 1 : 2, CNPJ: p.cartao_cnpj_instituicao, tBand: p.cartao_bandeira,
        cAut: p.cartao_codigo_autorizacao } : null,
    };
  });
}

/** A recipient (person, or the destination branch of a transfer). */
export interface RecipientFacts extends AddressFacts {
  nome: string;
  cpf: string | null;
  cnpj: string | null;
  ie: string | null;
  indicador_ie: number;
  email: string | null;
}

/** The invoice header fields the document reads (nota_fiscal's columns). */
export interface InvoiceFacts {
  modelo: '55' | '65';
  natureza_operacao: string;
  operacao: string;
  finalidade: number;
  indicador_presenca: number;
  tipo_frete: number;
  valor_nota_fiscal: Num;
  cliente_cpf_cnpj: string | null;
  informacoes_adicionais: string | null;
  placa_veiculo: string | null;
  uf_placa_veiculo: string | null;
}

export interface DocumentFacts {
  invoice: InvoiceFacts;
  emitter: EmitterFacts;
  recipient: RecipientFacts | null;
  carrier: RecipientFacts | null;
  /** A transfer's destination branch is the recipient. */
  transfer: boolean;
  items: readonly DocumentItemFacts[];
  exceptions: readonly DocumentException[];
  payments: readonly PaymentFacts[];
  volumes: ReadonlyArray<{ quantidade: number; especie: string | null; marca: string | null; numeracao: string | null; peso_liquido: Num; peso_bruto: Num }>;
  /** Keys of the referenced documents. */
  referenced: readonly string[];
}

/** The ide fields fixed per emission attempt (number, dates, emission type). */
export type IdeFixed = 'serie' | 'nNF' | 'dhEmi' | 'tpEmis' | 'dhCont' | 'xJust' | 'cNF';

/** The document's input without the fixed ide fields nor the CSC. */
export type DocumentBase = Omit<NFeInput, 'ide' | 'csc'> & { ide: Omit<NFeInput['ide'], IdeFixed> };

/** The whole document but its number, dates, emission type and CSC: what the server signs and the connector signs. */
export function documentBase(d: DocumentFacts): DocumentBase {
  const { invoice: nf, emitter, recipient, carrier } = d;
  const modelo = nf.modelo;
  const ender = documentAddress(emitter);
  if (!ender || !emitter.cep) throw new ValidationError(M.branchAddressIncomplete);
  if (!emitter.ie || !/\d/.test(emitter.ie)) throw new ValidationError(M.branchIeMissing);
  const recipientAddress = recipient ? documentAddress(recipient) : null;
  if (modelo === '55') {
    if (!recipient) throw new ValidationError(M.recipientMissing);
    if (!recipientAddress) throw new ValidationError(M.recipientAddressMissing);
  }
  const cpfCnpj = nf.cliente_cpf_cnpj ?? recipient?.cpf ?? recipient?.cnpj ?? null;
  const interstate = recipientAddress !== null && recipientAddress.UF !== ender.UF;
  // The scenarios' exceptions by the destination's state (the recipient's; the branch's at the counter) and the NCM.
  const destinationUf = recipientAddress?.UF ?? ender.UF;
  const det = documentDet(d.items, {
    modelo, crt: emitter.codigo_regime_tributario, emitterUf: ender.UF, destinationUf, interstate, transfer: d.transfer, exceptions: d.exceptions,
  });
  const detPag = documentDetPag(d.payments);
  const total = fromDecimal(nf.valor_nota_fiscal);
  if (modelo === '65' && detPag.length === 0 && total > 0) throw new ValidationError(M.nfcePaymentMissing);
  const paid = detPag.reduce((sum, p) => sum + p.vPag, 0);
  const tpAmb = emitter.ambiente_emissao === 1 ? 1 : 2;
  return {
    ide: {
      cUF: UF_IBGE[ender.UF] ?? '35', natOp: nf.natureza_operacao, mod: modelo === '55' ? 55 : 65,
      tpNF: nf.operacao === 'Entrada' ? 0 : 1, idDest: interstate ? 2 : 1, cMunFG: ender.cMun, tpImp: modelo === '65' ? 4 : 1,
      tpAmb, finNFe: nf.finalidade as 1 | 2 | 3 | 4,
      indFinal: modelo === '65' || !recipient?.cnpj || recipient.indicador_ie === 9 ? 1 : 0,
      indPres: modelo === '65' ? 1 : (nf.indicador_presenca as NFeInput['ide']['indPres']),
      NFref: d.referenced.map((refNFe) => ({ refNFe })),
    },
    emit: { CNPJ: emitter.cnpj, xNome: emitter.razao_social, xFant: emitter.nome_fantasia, enderEmit: { ...ender, fone: emitter.telefone ?? null },
      IE: emitter.ie, CRT: emitter.codigo_regime_tributario as 1 | 2 | 3 | 4 },
    dest: cpfCnpj
      ? {
        ...(cpfCnpj.length === 11 ? { CPF: cpfCnpj } : { CNPJ: cpfCnpj }),
        xNome: recipient?.nome ?? null, enderDest: modelo === '55' ? recipientAddress : null,
        indIEDest: recipient?.indicador_ie === 1 && recipient.ie ? 1 : recipient?.indicador_ie === 2 ? 2 : 9,
        IE: recipient?.ie ?? null, email: recipient?.email ?? null,
      }
      : null,
    det,
    transp: {
      modFrete: nf.tipo_frete as 0 | 1 | 2 | 3 | 4 | 9,
      transporta: carrier
        ? {
          ...(carrier.cnpj ? { CNPJ: carrier.cnpj } : { CPF: carrier.cpf }), xNome: carrier.nome, IE: carrier.ie,
          xEnder: [carrier.endereco, carrier.numero].filter(Boolean).join(', ') || null, xMun: carrier.cidade, UF: carrier.uf,
        }
        : null,
      veicTransp: modelo === '55' && nf.placa_veiculo ? { placa: nf.placa_veiculo, UF: nf.uf_placa_veiculo ?? null } : null,
      vol: d.volumes.map((v) => ({
        qVol: v.quantidade, esp: v.especie, marca: v.marca, nVol: v.numeracao,
        pesoL: quantityFromDecimal(v.peso_liquido), pesoB: quantityFromDecimal(v.peso_bruto),
      })),
    },
    pag: { detPag: detPag.length > 0 ? detPag : [{ tPag: '90', vPag: 0 }], vTroco: Math.max(0, paid - total) },
    infAdic: nf.informacoes_adicionais ? { infCpl: nf.informacoes_adicionais } : null,
  };
}
