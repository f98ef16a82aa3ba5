/**
 * The point of sale's consignment mode in POST /api/operacao (000 §4.5): the operation becomes a Consignacao order
 * in Edicao whose items start pending send with their return and sale quantities at zero; the steps (send, return,
 * finish, invoice) are then the order module's consignment routes. No stock moves and no receivable is created here;
 * the mode's rules are the domain's (consignment-mode.ts, run by sale-build.ts).
 */
import type { Tx } from '../../db/database.ts';

/** 000 §4.5: "Items start as pending send, with quantidades at zero". */
export async function markPendingSend(tx: Tx, org: number, id_pedido: number): Promise<void> {
  await tx.query(
    `UPDATE pedido_item SET situacao_consignacao = 'PendenteEnvio', quantidade_retorno = 0, quantidade_venda = 0
      WHERE id_organization = $1 AND id_pedido = $2`,
    [org, id_pedido],
  );
}
