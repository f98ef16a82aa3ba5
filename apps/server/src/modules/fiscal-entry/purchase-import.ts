/**
 * Purchase invoice import (issue 32): the supplier's NF-e XML becomes an entry of the active branch.
 *
 * preview: reads and schema-checks the XML (packages/fiscal purchase-nfe.ts), refuses what is not the branch's to
 * import (another recipient CNPJ, not the supplier's exit, a key imported before), finds the supplier by CNPJ, proposes
 * each item's product (the supplier's code remembered from an earlier import first, then the GTIN) with its unit
 * multiplier (the remembered one, the barcode's logistics unit, or the product's logistics unit whose sigla is the
 * commercial unit), and computes the net acquisition cost of each line (packages/domain purchase-import.ts). Writes
 * nothing.
 *
 * confirm: the same checks again, the hand matches of the body applied, then in the request's one transaction:
 * the supplier found or created (people's supplierOfEmitter), the invoice row (the key's unique index refuses a second
 * import, also a concurrent one), the matches remembered, a stock entry document created and processed through the
 * stock owner at the net unit costs (which updates the average cost through the catalog's cost book), the payables
 * made from cobr/dup through the finance owner, and the invoice marked Importada. Any refusal rolls all of it back.
 */
import type { z } from 'zod';
import type { purchaseImportConfirmBody, purchaseImportPreviewBody, PurchaseImportDetail, PurchaseImportPreview } from '@pdv/contract/purchase-import';
import { onlyDigits } from '@pdv/domain/documents';
import { quantityFromDecimal, quantityToDecimal, quantityToDecimalString, toDecimal, toDecimalString, type Cents, type Milli } from '@pdv/domain/money';
import { MAX_STOCK_QUANTITY, netAcquisitionCost, PURCHASE_IMPORT_MESSAGES as M, stockQuantity, unitCost, type NetCost } from '@pdv/domain/purchase-import';
import { checkPurchaseNFe, PurchaseNFeError, type PurchaseItem, type PurchaseNFe } from '@pdv/fiscal/purchase-nfe';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { applyEntryAverageCost } from '../catalog/average-cost.ts';
import { createDocument as createFinancialDocument, details as financialDetails } from '../finance/documents.ts';
import { findSupplierByCnpj, supplierOfEmitter } from '../people/supplier.ts';
import { createDocument as createStockDocument, moveDocument } from '../stock/documents.ts';
import * as q from './queries.ts';

type PreviewBody = z.output<typeof purchaseImportPreviewBody>;
type ConfirmBody = z.output<typeof purchaseImportConfirmBody>;

const scope = (c: Caller): q.Scope => ({ org: c.id_organization, id_filial: c.id_filial });

async function readXml(xml: string): Promise<PurchaseNFe> {
  try {
    return await checkPurchaseNFe(xml);
  } catch (e) {
    if (!(e instanceof PurchaseNFeError)) throw e;
    if (e.kind === 'notNFe') throw badRequest(M.notNFe);
    if (e.kind === 'key') throw badRequest(M.keyInvalid);
    throw badRequest(M.xmlInvalid(e.message));
  }
}

interface Checked {
  nfe: PurchaseNFe;
  branch: q.BranchFacts;
  supplierCnpj: string;
}

/** The XML read and every refusal that does not depend on the items. */
async function check(tx: Tx, s: q.Scope, xml: string): Promise<Checked> {
  const nfe = await readXml(xml);
  const branch = await q.branchFacts(tx, s);
  if (!branch) throw notFound();
  const dest = nfe.destinatario?.cnpj ?? null;
  if (dest === null || onlyDigits(dest) !== onlyDigits(branch.cnpj)) throw badRequest(M.notRecipient);
  if (nfe.tpNF !== 1) throw badRequest(M.notEntry);
  const supplierCnpj = nfe.emitente.cnpj;
  if (!supplierCnpj) throw badRequest(M.notNFe);
  if (await q.keyImported(tx, s.org, nfe.chave)) throw badRequest(M.alreadyImported(nfe.chave));
  return { nfe, branch, supplierCnpj };
}

interface Proposal {
  item: PurchaseItem;
  cost: NetCost;
  match: (q.VariationMatch & { origem: 'fornecedor' | 'gtin' | 'manual'; mult: Milli }) | null;
}

/** Each item's proposed product and multiplier and its net cost. */
async function propose(tx: Tx, s: q.Scope, c: Checked, id_pessoa: number | null, pisCofins: boolean): Promise<Proposal[]> {
  const items = c.nfe.itens;
  const remembered = id_pessoa === null ? new Map<string, q.VariationMatch>() : await q.rememberedMatches(tx, s, id_pessoa, items.map((i) => i.cProd));
  const byGtin = await q.barcodeMatches(tx, s, items.flatMap((i) => (i.cEAN ? [i.cEAN] : [])));
  const regime = { crt: c.branch.codigo_regime_tributario, revenda: true, pisCofinsNaoCumulativo: pisCofins };
  const proposals: Proposal[] = items.map((item) => {
    const cost = netAcquisitionCost(item.amounts, regime);
    const r = remembered.get(item.cProd);
    if (r) return { item, cost, match: { ...r, origem: 'fornecedor' as const, mult: quantityFromDecimal(r.multiplicador ?? '1') } };
    const g = item.cEAN ? byGtin.get(item.cEAN) : undefined;
    if (g) return { item, cost, match: { ...g, origem: 'gtin' as const, mult: g.multiplicador ? quantityFromDecimal(g.multiplicador) : 0 } };
    return { item, cost, match: null };
  });
  await fillUnitMultipliers(tx, s.org, proposals);
  return proposals;
}

/** A match without a multiplier yet (0) takes its product's logistics unit of the commercial unit's sigla, else 1. */
async function fillUnitMultipliers(tx: Tx, org: number, proposals: Proposal[]): Promise<void> {
  const open = proposals.filter((p) => p.match !== null && p.match.mult === 0);
  const units = await q.unitMultipliers(tx, org, open.map((p) => ({ id_produto: p.match!.id_produto, unidade: p.item.uCom })));
  for (const p of open) {
    const m = units.get(`${p.match!.id_produto}:${p.item.uCom.toUpperCase()}`);
    p.match!.mult = m ? quantityFromDecimal(m) : 1000;
  }
}

const money = (c: Cents) => toDecimal(c);

export async function previewImport(tx: Tx, caller: Caller, body: PreviewBody): Promise<PurchaseImportPreview> {
  const s = scope(caller);
  const c = await check(tx, s, body.xml);
  const supplier = await findSupplierByCnpj(tx, s.org, c.supplierCnpj);
  const proposals = await propose(tx, s, c, supplier?.id_pessoa ?? null, body.pis_cofins_nao_cumulativo);
  return {
    chave_acesso: c.nfe.chave, numero: c.nfe.numero, serie: c.nfe.serie, data_emissao: c.nfe.dhEmi, natureza_operacao: c.nfe.natOp,
    fornecedor: { cnpj: c.supplierCnpj, nome: c.nfe.emitente.nome, id_pessoa: supplier?.id_pessoa ?? null },
    valor_produtos: money(c.nfe.vProd), valor_total: money(c.nfe.vNF),
    duplicatas: c.nfe.duplicatas.map((d) => ({ numero: d.nDup, data_vencimento: d.dVenc, valor: money(d.vDup) })),
    itens: proposals.map(({ item, cost, match }) => ({
      n_item: item.nItem, codigo_fornecedor: item.cProd, gtin: item.cEAN, descricao: item.xProd, unidade: item.uCom,
      quantidade_comercial: quantityToDecimal(item.qCom), valor_produtos: money(item.amounts.vProd), valor_custo_bruto: money(cost.gross),
      credito_icms: money(cost.icmsCredit), credito_pis_cofins: money(cost.pisCofinsCredit), valor_custo_liquido: money(cost.net),
      produto: match ? { id_produto_grade_filial: match.id_produto_grade_filial, sku: match.sku, descricao: match.descricao, multiplicador: quantityToDecimal(match.mult), origem: match.origem } : null,
    })),
  };
}

export async function confirmImport(tx: Tx, caller: Caller, body: ConfirmBody): Promise<PurchaseImportDetail> {
  const s = scope(caller);
  const c = await check(tx, s, body.xml);
  const known = await findSupplierByCnpj(tx, s.org, c.supplierCnpj);
  const proposals = await propose(tx, s, c, known?.id_pessoa ?? null, body.pis_cofins_nao_cumulativo);
  // The hand matches: each names an item of the invoice and a live variation of the branch.
  const chosen = await q.variations(tx, s, body.itens.map((m) => m.id_produto_grade_filial));
  const byItem = new Map(proposals.map((p) => [p.item.nItem, p]));
  const manual: Proposal[] = [];
  for (const m of body.itens) {
    const p = byItem.get(m.n_item);
    if (!p) throw badRequest(M.itemMatchUnknown(m.n_item));
    const v = chosen.get(m.id_produto_grade_filial);
    if (!v) throw badRequest(M.productNotFound(m.n_item));
    const same = p.match?.id_produto_grade_filial === v.id_produto_grade_filial;
    p.match = { ...v, origem: same ? p.match!.origem : 'manual', mult: m.multiplicador !== undefined ? quantityFromDecimal(m.multiplicador) : same ? p.match!.mult : 0 };
    manual.push(p);
  }
  await fillUnitMultipliers(tx, s.org, manual);
  const unmatched = proposals.find((p) => p.match === null);
  if (unmatched) throw badRequest(M.itemNotMatched(unmatched.item.nItem));
  const lines = proposals.map((p) => {
    const quantidade = stockQuantity(p.item.qCom, p.match!.mult);
    if (quantidade <= 0) throw badRequest(M.quantityNotPositive(p.item.nItem));
    if (quantidade > MAX_STOCK_QUANTITY) throw badRequest(M.quantityTooLarge(p.item.nItem));
    return { ...p, match: p.match!, quantidade, unit: unitCost(p.cost.net, quantidade) };
  });
  const address = await q.entryAddress(tx, s, c.branch.id_endereco_estoque_venda);
  if (address === null) throw badRequest(M.stockAddressMissing);
  const type = await q.entryMovementType(tx, s.org);
  if (type === null) throw badRequest(M.entryTypeMissing);

  const e = c.nfe.emitente;
  const supplier = await supplierOfEmitter(tx, s.org, s.id_filial, { cnpj: c.supplierCnpj, nome: e.nome, fantasia: e.fantasia, ie: e.ie, endereco: e.endereco });
  const net = lines.reduce((sum, l) => sum + l.cost.net, 0);
  const id = await q.insertImport(tx, s, caller.id_usuario, {
    chave_acesso: c.nfe.chave, serie: c.nfe.serie, numero: c.nfe.numero, data_emissao: c.nfe.dhEmi, natureza_operacao: c.nfe.natOp,
    protocolo: c.nfe.protocolo, id_fornecedor: supplier.id_pessoa, fornecedor_nome: e.nome, fornecedor_cnpj: c.supplierCnpj,
    fornecedor_criado: supplier.created, pis_cofins_nao_cumulativo: body.pis_cofins_nao_cumulativo,
    codigo_regime_tributario: c.branch.codigo_regime_tributario, valor_produtos: toDecimalString(c.nfe.vProd), valor_total: toDecimalString(c.nfe.vNF),
    valor_custo_liquido: toDecimalString(net), xml: body.xml,
  });
  if (id === null) throw badRequest(M.alreadyImported(c.nfe.chave));
  await q.rememberMatches(tx, s.org, supplier.id_pessoa, lines.map((l) => ({
    codigo: l.item.cProd, id_produto_grade_filial: l.match.id_produto_grade_filial, multiplicador: quantityToDecimalString(l.match.mult),
  })));
  await q.insertItems(tx, s.org, id, lines.map((l) => ({
    n_item: l.item.nItem, codigo_fornecedor: l.item.cProd, gtin: l.item.cEAN, descricao: l.item.xProd, ncm: l.item.NCM, cfop: l.item.CFOP,
    unidade: l.item.uCom, quantidade_comercial: quantityToDecimalString(l.item.qCom), id_produto_grade_filial: l.match.id_produto_grade_filial,
    multiplicador: quantityToDecimalString(l.match.mult), quantidade: quantityToDecimalString(l.quantidade), valor_produtos: toDecimalString(l.item.amounts.vProd),
    valor_custo_bruto: toDecimalString(l.cost.gross), credito_icms: toDecimalString(l.cost.icmsCredit), credito_pis_cofins: toDecimalString(l.cost.pisCofinsCredit),
    valor_custo_liquido: toDecimalString(l.cost.net), valor_custo_unitario: toDecimalString(l.unit),
  })));

  // Stock, at the net unit cost, through the stock owner (its processing keeps the average cost).
  const actor = { ...s, id_usuario: caller.id_usuario };
  const doc = await createStockDocument(tx, actor, {
    id_tipo_movimentacao_estoque: type, data_documento: c.nfe.dhEmi.slice(0, 10), id_filial_destino: null,
    descricao: `NF-e ${c.nfe.numero}/${c.nfe.serie} ${e.nome}`.slice(0, 100), observacao: `Chave ${c.nfe.chave}`,
    itens: lines.map((l) => ({
      id_produto_grade_filial: l.match.id_produto_grade_filial, id_endereco_estoque: address, id_endereco_estoque_destino: null,
      quantidade: quantityToDecimal(l.quantidade), valor_unitario: toDecimal(l.unit),
    })),
  });
  await moveDocument(tx, actor, doc.id_documento_estoque, 'process', applyEntryAverageCost);

  // Payables from the duplicates, through the finance owner.
  const payables: number[] = [];
  for (const [n, d] of c.nfe.duplicatas.entries()) {
    const created = await createFinancialDocument(tx, s, 'Saida', {
      numero: `NFE${c.nfe.numero}-${c.supplierCnpj.slice(0, 8)}`, sequencia: n + 1, valor_documento: toDecimal(d.vDup),
      data_emissao: c.nfe.dhEmi.slice(0, 10), data_vencimento: d.dVenc, id_pessoa: supplier.id_pessoa, observacao: M.payableNote(c.nfe.numero, c.nfe.serie),
    }, caller.id_usuario);
    payables.push(created.id_documento_financeiro);
  }
  await q.finishImport(tx, s, id, doc.id_documento_estoque, payables);
  return importDetail(tx, caller, id);
}

function rowOut(r: q.ImportRow) {
  return {
    id_nota_fiscal_entrada: r.id_nota_fiscal_entrada, chave_acesso: r.chave_acesso, numero: r.numero, serie: r.serie,
    data_emissao: new Date(r.data_emissao).toISOString(), id_fornecedor: r.id_fornecedor, fornecedor_nome: r.fornecedor_nome,
    fornecedor_cnpj: r.fornecedor_cnpj, valor_total: Number(r.valor_total), valor_custo_liquido: Number(r.valor_custo_liquido),
    situacao: r.situacao, id_documento_estoque: r.id_documento_estoque, data_cadastro: new Date(r.data_cadastro).toISOString(),
  };
}

export async function findImports(tx: Tx, caller: Caller, body: { search: string; skip: number; take: number }) {
  const { rows, count } = await q.findImports(tx, scope(caller), body.search, body);
  return { rows: rows.map(rowOut), count };
}

export async function importDetail(tx: Tx, caller: Caller, id: number): Promise<PurchaseImportDetail> {
  const s = scope(caller);
  const row = await q.findImport(tx, s, id);
  if (!row) throw notFound();
  const items = await q.findImportItems(tx, s.org, id);
  const docs = row.ids_documento_financeiro.length > 0 ? await financialDetails(tx, s, row.ids_documento_financeiro) : [];
  return {
    ...rowOut(row),
    itens: items.map((i) => ({
      ...i, quantidade_comercial: Number(i.quantidade_comercial), multiplicador: Number(i.multiplicador), quantidade: Number(i.quantidade),
      valor_produtos: Number(i.valor_produtos), valor_custo_bruto: Number(i.valor_custo_bruto), credito_icms: Number(i.credito_icms),
      credito_pis_cofins: Number(i.credito_pis_cofins), valor_custo_liquido: Number(i.valor_custo_liquido), valor_custo_unitario: Number(i.valor_custo_unitario),
    })),
    documentos_financeiros: docs.map((d) => ({
      id_documento_financeiro: d.id_documento_financeiro, numero: d.numero, sequencia: d.sequencia, valor: d.valor_documento, data_vencimento: d.data_vencimento,
    })),
  };
}

