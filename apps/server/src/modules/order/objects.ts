/**
 * Objects left for service and their images (000 §3.6, §7.3 /order_object/save, delete, save_images {list_images},
 * delete_image; /order_object/image reads one back). Only a service order takes objects; they change while the
 * order's data may (000 §4.2 locking) and do not move its totals or status. An image is JPEG, PNG or WebP by its
 * bytes (not by the name or the declared type) and at most OBJECT_IMAGE_MAX_BYTES; its bytes go to the file store
 * (object-image-store.ts) in the request's transaction, so a refused list writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { OrderFull } from '@pdv/contract/order';
import {
  OBJECT_IMAGE_MAX_BYTES, OBJECT_IMAGE_MAX_COUNT, OBJECT_IMAGE_TYPES, type objectImageUpload, type orderObjectSaveBody,
  type orderObjectSaveImagesBody,
} from '@pdv/contract/order-service';
import { orderEditError } from '@pdv/domain/order-rules';
import { SERVICE_ORDER_MESSAGES as M, takesObjects } from '@pdv/domain/service-order-rules';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { Caller } from '../auth/caller.ts';
import { dropImageBytes, getImageBytes, putImageBytes } from './object-image-store.ts';
import * as q from './service-queries.ts';
import { loadOrThrow } from './service.ts';
import { lockOrder, type LockedOrder } from './writes.ts';

type SaveBody = z.output<typeof orderObjectSaveBody>;
type ImagesBody = z.output<typeof orderObjectSaveImagesBody>;
type Upload = z.output<typeof objectImageUpload>;

const objectNotFound = () => new HttpError(404, M.objectNotFound);
const imageNotFound = () => new HttpError(404, M.imageNotFound);

/** The branch's order, locked, whose data may change now and which takes objects. */
async function lockForObjects(tx: Tx, caller: Caller, id_pedido: number): Promise<LockedOrder> {
  const order = await lockOrder(tx, caller.id_organization, caller.id_filial, id_pedido);
  if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
  const locked = orderEditError(order);
  if (locked) throw badRequest(locked);
  if (!takesObjects(order.operacao)) throw badRequest(M.objectsRefused(order.operacao));
  return order;
}

const clean = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : v.trim() || null);

/** POST /order_object/save: a new object of the order (no id_pedido_objeto) or a change of one. */
export async function saveObject(tx: Tx, caller: Caller, body: SaveBody): Promise<OrderFull> {
  const org = caller.id_organization;
  const existing = body.id_pedido_objeto === undefined ? null : await q.findObject(tx, org, caller.id_filial, body.id_pedido_objeto);
  if (body.id_pedido_objeto !== undefined && (!existing || existing.id_pedido !== body.id_pedido)) throw objectNotFound();
  const order = await lockForObjects(tx, caller, body.id_pedido);
  const pick = (field: Exclude<keyof q.ObjectFields, 'descricao'>) => {
    const given = clean(body[field]);
    return given !== undefined ? given : (existing?.[field] ?? null);
  };
  const descricao = clean(body.descricao) ?? (body.descricao === undefined ? existing?.descricao : null) ?? null;
  if (!descricao) throw badRequest(M.objectDescriptionMissing);
  const fields: q.ObjectFields = {
    descricao, marca: pick('marca'), modelo: pick('modelo'), numero_serie: pick('numero_serie'),
    defeito_relatado: pick('defeito_relatado'), observacao: pick('observacao'),
  };
  if (body.id_pedido_objeto !== undefined) await q.updateObject(tx, org, body.id_pedido_objeto, fields);
  else await q.insertObject(tx, org, order.id_pedido, fields);
  return loadOrThrow(tx, caller, caller.id_filial, order.id_pedido);
}

/** POST /order_object/delete {id_pedido_objeto}: the object and its images (tombstones; the bytes are freed). */
export async function deleteObject(tx: Tx, caller: Caller, id_pedido_objeto: number): Promise<OrderFull> {
  const org = caller.id_organization;
  const object = await q.findObject(tx, org, caller.id_filial, id_pedido_objeto);
  if (!object) throw objectNotFound();
  await lockForObjects(tx, caller, object.id_pedido);
  await dropImageBytes(tx, org, await q.tombstoneImages(tx, org, { id_objeto: id_pedido_objeto }));
  await q.deleteObject(tx, org, id_pedido_objeto);
  return loadOrThrow(tx, caller, caller.id_filial, object.id_pedido);
}

const EXTENSION: Readonly<Record<(typeof OBJECT_IMAGE_TYPES)[number], string>> = {
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp',
};

/** The image type by its first bytes (JPEG, PNG, WebP), or null. */
export function sniffImageType(bytes: Buffer): (typeof OBJECT_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The bytes of an upload (base64, optionally as a data: URL), or a pt-BR refusal. */
export function decodeUpload(upload: Upload, index: number): { nome: string; mime: (typeof OBJECT_IMAGE_TYPES)[number]; bytes: Buffer } {
  const nome = upload.nome?.trim() || `imagem ${index + 1}`;
  const data = upload.image.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!(OBJECT_IMAGE_TYPES as readonly string[]).includes(upload.mime)) throw badRequest(M.imageTypeRefused(nome));
  if (data.length === 0) throw badRequest(M.imageEmpty(nome));
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 === 1) throw badRequest(M.imageTypeRefused(nome));
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > OBJECT_IMAGE_MAX_BYTES) throw badRequest(M.imageTooLarge(nome, OBJECT_IMAGE_MAX_BYTES / 1024));
  const sniffed = sniffImageType(bytes);
  // The bytes decide: a declared type that does not match them is refused like any other non-image.
  if (sniffed === null || sniffed !== upload.mime) throw badRequest(M.imageTypeRefused(nome));
  return { nome, mime: sniffed, bytes };
}

/** POST /order_object/save_images {id_pedido_objeto, list_images}: all images of the list, or none. */
export async function saveImages(tx: Tx, caller: Caller, body: ImagesBody): Promise<OrderFull> {
  const org = caller.id_organization;
  const object = await q.findObject(tx, org, caller.id_filial, body.id_pedido_objeto);
  if (!object) throw objectNotFound();
  await lockForObjects(tx, caller, object.id_pedido);
  const uploads = body.list_images.map(decodeUpload);
  if ((await q.countImages(tx, org, body.id_pedido_objeto)) + uploads.length > OBJECT_IMAGE_MAX_COUNT) {
    throw badRequest(M.imagesTooMany(OBJECT_IMAGE_MAX_COUNT));
  }
  for (const upload of uploads) {
    const caminho = `pedidos/${object.id_pedido}/objetos/${body.id_pedido_objeto}/${randomUUID()}.${EXTENSION[upload.mime]}`;
    await q.insertImageRow(tx, org, {
      id_pedido_objeto: body.id_pedido_objeto, id_pedido: object.id_pedido, nome: upload.nome, mime: upload.mime,
      tamanho: upload.bytes.length, caminho,
    });
    await putImageBytes(tx, org, caminho, upload.bytes);
  }
  return loadOrThrow(tx, caller, caller.id_filial, object.id_pedido);
}

/** POST /order_object/delete_image {id_pedido_objeto_imagem}. */
export async function deleteImage(tx: Tx, caller: Caller, id: number): Promise<OrderFull> {
  const org = caller.id_organization;
  const image = await q.findImage(tx, org, caller.id_filial, id);
  if (!image) throw imageNotFound();
  await lockForObjects(tx, caller, image.id_pedido);
  await dropImageBytes(tx, org, await q.tombstoneImages(tx, org, { id_imagem: id }));
  return loadOrThrow(tx, caller, caller.id_filial, image.id_pedido);
}

/** POST /order_object/image {id_pedido_objeto_imagem}: the image with its bytes in base64 (reading needs no lock). */
export async function readImage(tx: Tx, caller: Caller, id: number) {
  const image = await q.findImage(tx, caller.id_organization, caller.id_filial, id);
  if (!image) throw imageNotFound();
  const bytes = await getImageBytes(tx, caller.id_organization, image.caminho);
  if (!bytes) throw imageNotFound();
  return {
    id_pedido_objeto_imagem: image.id_pedido_objeto_imagem, id_pedido_objeto: image.id_pedido_objeto, nome: image.nome,
    mime: image.mime, tamanho: image.tamanho, data_cadastro: image.data_cadastro, image: bytes.toString('base64'),
  };
}
