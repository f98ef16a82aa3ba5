/**
 * Volumes (packages) of an order or an invoice (000 §3.7, §5 "Volume"; 001 §7 /volume/create, update, delete
 * {id_volume}). Quantity, net and gross weight are required and the order or invoice must be saved first, with the
 * spec's texts; an order's volume also needs the order's client (001 §5). A volume changes only while its order
 * (000 §4.2) or invoice (a draft: EmEdicao or Rejeitada) can be edited. Delete is a tombstone.
 */
import type { z } from 'zod';
import type { volumeCreateBody, volumeUpdateBody } from '@pdv/contract/order';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { isDraftSituacao } from '@pdv/domain/invoice-rules';
import { volumeErrors } from '@pdv/domain/order-item-rules';
import { orderEditError } from '@pdv/domain/order-rules';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { lockPartsOrder } from './item-queries.ts';

type CreateBody = z.output<typeof volumeCreateBody>;
type UpdateBody = z.output<typeof volumeUpdateBody>;
type Fields = Omit<UpdateBody, 'id_volume'>;

const COLUMNS = 'id_volume, id_pedido, id_nota_fiscal, quantidade, especie, marca, numeracao, peso_liquido, peso_bruto';
const volumeNotFound = () => new HttpError(404, ORDER_MESSAGES.volumeNotFound);

function toVolume(r: Record<string, unknown>) {
  const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id_volume: Number(r['id_volume']),
    id_pedido: idOrNull(r['id_pedido']),
    id_nota_fiscal: idOrNull(r['id_nota_fiscal']),
    quantidade: Number(r['quantidade']),
    especie: (r['especie'] as string | null) ?? null,
    marca: (r['marca'] as string | null) ?? null,
    numeracao: (r['numeracao'] as string | null) ?? null,
    peso_liquido: Number(r['peso_liquido']),
    peso_bruto: Number(r['peso_bruto']),
  };
}

/** The parent (order or invoice of the caller's branch), locked, that may take volume changes now. */
async function lockParent(tx: Tx, caller: Caller, parent: { id_pedido: number | null; id_nota_fiscal: number | null }): Promise<void> {
  const org = caller.id_organization;
  if (parent.id_pedido !== null) {
    const order = await lockPartsOrder(tx, org, caller.id_filial, parent.id_pedido);
    if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
    const refused = orderEditError(order);
    if (refused) throw badRequest(refused);
    if (order.id_cliente === null) throw badRequest(ORDER_MESSAGES.itemCustomerMissing);
  }
  if (parent.id_nota_fiscal !== null) {
    const { rows } = await tx.query<{ situacao: string }>(
      `SELECT situacao FROM nota_fiscal WHERE id_organization = $1 AND id_filial = $2 AND id_nota_fiscal = $3 AND data_exclusao IS NULL
        FOR UPDATE`,
      [org, caller.id_filial, parent.id_nota_fiscal],
    );
    if (!rows[0]) throw new HttpError(404, FISCAL_MESSAGES.notFound);
    if (!isDraftSituacao(rows[0].situacao)) throw badRequest(ORDER_MESSAGES.volumeInvoiceLocked);
  }
}

function checkFields(f: Fields, parentSaved: boolean): void {
  const errors = volumeErrors({ quantidade: f.quantidade, peso_liquido: f.peso_liquido, peso_bruto: f.peso_bruto, parentSaved });
  if (errors.length > 0) throw badRequest(errors[0]!, undefined, errors);
}

/** POST /volume/create: a volume of an order (id_pedido) or of an invoice (id_nota_fiscal). */
export async function createVolume(tx: Tx, caller: Caller, body: CreateBody) {
  const parent = { id_pedido: body.id_pedido ?? null, id_nota_fiscal: body.id_nota_fiscal ?? null };
  checkFields(body, parent.id_pedido !== null || parent.id_nota_fiscal !== null);
  if (parent.id_pedido !== null && parent.id_nota_fiscal !== null) throw badRequest(ORDER_MESSAGES.volumeTwoParents);
  await lockParent(tx, caller, parent);
  const { rows } = await tx.query(
    `INSERT INTO volume (id_organization, id_pedido, id_nota_fiscal, quantidade, especie, marca, numeracao, peso_liquido, peso_bruto)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    [caller.id_organization, parent.id_pedido, parent.id_nota_fiscal, body.quantidade, body.especie ?? null, body.marca ?? null,
      body.numeracao ?? null, body.peso_liquido, body.peso_bruto],
  );
  return toVolume(rows[0]!);
}

/** The live volume of an order or invoice of the caller's branch, with its parent locked for changes. */
async function lockVolume(tx: Tx, caller: Caller, id_volume: number) {
  const { rows } = await tx.query<Record<string, unknown>>(
    `SELECT v.id_pedido, v.id_nota_fiscal FROM volume v
       LEFT JOIN pedido p ON p.id_organization = v.id_organization AND p.id_pedido = v.id_pedido
       LEFT JOIN nota_fiscal nf ON nf.id_organization = v.id_organization AND nf.id_nota_fiscal = v.id_nota_fiscal
      WHERE v.id_organization = $1 AND v.id_volume = $2 AND v.data_exclusao IS NULL
        AND coalesce(p.id_filial, nf.id_filial) = $3`,
    [caller.id_organization, id_volume, caller.id_filial],
  );
  const r = rows[0];
  if (!r) throw volumeNotFound();
  await lockParent(tx, caller, {
    id_pedido: r['id_pedido'] === null ? null : Number(r['id_pedido']),
    id_nota_fiscal: r['id_nota_fiscal'] === null ? null : Number(r['id_nota_fiscal']),
  });
}

/** POST /volume/update {id_volume, ...}: the volume's fields, with the same checks as create. */
export async function updateVolume(tx: Tx, caller: Caller, body: UpdateBody) {
  await lockVolume(tx, caller, body.id_volume);
  checkFields(body, true);
  const { rows } = await tx.query(
    `UPDATE volume SET quantidade = $3, especie = $4, marca = $5, numeracao = $6, peso_liquido = $7, peso_bruto = $8,
            data_alteracao = now()
      WHERE id_organization = $1 AND id_volume = $2 RETURNING ${COLUMNS}`,
    [caller.id_organization, body.id_volume, body.quantidade, body.especie ?? null, body.marca ?? null, body.numeracao ?? null,
      body.peso_liquido, body.peso_bruto],
  );
  return toVolume(rows[0]!);
}

/** POST /volume/delete {id_volume}: a tombstone; answers the volume removed. */
export async function deleteVolume(tx: Tx, caller: Caller, id_volume: number) {
  await lockVolume(tx, caller, id_volume);
  const { rows } = await tx.query(
    `UPDATE volume SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_volume = $2 RETURNING ${COLUMNS}`,
    [caller.id_organization, id_volume],
  );
  return toVolume(rows[0]!);
}
