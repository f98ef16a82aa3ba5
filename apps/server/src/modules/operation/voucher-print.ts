/**
 * POST /gift_card/imprimir {id_vale_credito}: the voucher's PDF (000 §9: 200-unit roll, CODE39 barcode and QR code of
 * its code), rendered from the stored voucher with packages/documents. The voucher is read in a short transaction and
 * the PDF rendered after it (the route is in OUTSIDE_TRANSACTION: no transaction waits on the renderer).
 */
import type { VoucherData } from '@pdv/documents/voucher';
import type { GiftCardPrintResult } from '@pdv/contract/voucher';
import { fromDecimal } from '@pdv/domain/money';
import { branchOffset } from '@pdv/domain/time-zone';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { renderPdf } from '../../pdf/renderer.ts';
import { findBranchCard } from '../giftcard/queries.ts';

/** The voucher's print data, when it is a card of the branch (another branch's card is not found). */
export async function voucherData(tx: Tx, org: number, id_filial: number, id_vale_credito: number): Promise<VoucherData | null> {
  const card = await findBranchCard(tx, org, id_filial, { id_vale_credito });
  if (!card) return null;
  const { rows } = await tx.query<Record<string, string | null>>(
    `SELECT f.nome_fantasia, f.razao_social, f.cnpj, f.endereco, f.numero, f.bairro, f.cidade, f.uf, pe.nome AS cliente,
            pd.nsu::text AS nsu, fc.fuso_horario::text AS fuso_horario
       FROM vale_credito v
       JOIN filial f ON f.id_organization = v.id_organization AND f.id_filial = v.id_filial
       LEFT JOIN filial_configuracao fc ON fc.id_organization = v.id_organization AND fc.id_filial = v.id_filial
       LEFT JOIN pessoa pe ON pe.id_organization = v.id_organization AND pe.id_pessoa = v.id_pessoa
       LEFT JOIN pedido pd ON pd.id_organization = v.id_organization AND pd.id_pedido = v.id_pedido
      WHERE v.id_organization = $1 AND v.id_vale_credito = $2`,
    [org, id_vale_credito],
  );
  const r = rows[0] ?? {};
  const endereco = [r['endereco'], r['numero'], r['bairro'], r['cidade'], r['uf']].filter(Boolean).join(', ');
  return {
    loja: { nome: r['nome_fantasia'] ?? r['razao_social'] ?? 'Loja', cnpj: r['cnpj'] ?? null, endereco: endereco || null },
    codigo: card.codigo,
    valor: fromDecimal(card.valor),
    saldo: fromDecimal(card.saldo),
    data: card.data_cadastro,
    // Printed in the branch's time zone, not the server host's.
    fuso_horario: branchOffset(r['fuso_horario']),
    validade: card.data_validade,
    cliente: r['cliente'] ?? null,
    numero: r['nsu'] ?? null,
  };
}

export const voucherPrintHandlers = {
  giftCardPrint: async ({ run, caller, body }): Promise<GiftCardPrintResult> => {
    const data = await run((tx) => voucherData(tx, caller.id_organization, caller.id_filial, body.id_vale_credito));
    if (!data) throw new HttpError(404, VOUCHER_MESSAGES.notFound);
    const pdf = await renderPdf({ kind: 'voucher', data });
    return { id_vale_credito: body.id_vale_credito, codigo: data.codigo, pdf_base64: Buffer.from(pdf).toString('base64') };
  },
} satisfies Partial<Handlers>;
