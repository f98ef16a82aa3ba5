/**
 * The product's gallery (001 §7 /product/post_product_image, /product_galery/create, update, delete; issue 20).
 * An upload is an image by its bytes (sharp reads it: JPEG, PNG, WebP or GIF; anything else is refused whatever its
 * declared type) of at most 5 MB; the original and a thumbnail (WebP, longest side GALLERY_THUMBNAIL_SIZE) go to the
 * server's file storage (storage.ts: local folder or S3) under `produtos/<id_produto>/`. Rows keep the order (1 is the
 * main image, whose path is the product's url_imagem_principal); links are answered signed (GET /api/arquivo/...).
 *
 * The row is written before the files, in the request's transaction: a refused upload writes nothing, and a storage
 * failure rolls the row back. Files written just before a failed commit stay behind unreferenced (rare, harmless).
 */
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { z } from 'zod';
import type { galleryUploadBody, GalleryImage } from '@pdv/contract/product-tabs';
import {
  GALLERY_MAX_BYTES, GALLERY_MAX_IMAGES, GALLERY_THUMBNAIL_SIZE, PRODUCT_TAB_MESSAGES as M,
} from '@pdv/domain/product-tab-messages';
import type { Tx } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Deps, Handlers } from '../../http/handlers.ts';
import type { Caller } from '../auth/caller.ts';
import { storage } from '../../storage/storage.ts';
import { productOf } from './product-owner.ts';

type Upload = z.output<typeof galleryUploadBody>;

const FORMATS: Readonly<Record<string, { mime: string; ext: string }>> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
  gif: { mime: 'image/gif', ext: 'gif' },
};

interface Decoded {
  nome: string;
  mime: string;
  ext: string;
  bytes: Buffer;
  largura: number | null;
  altura: number | null;
  thumbnail: Buffer;
}

/** The upload's bytes checked as an image of at most 5 MB, with its thumbnail; a pt-BR refusal otherwise. */
export async function decodeImage(upload: Upload): Promise<Decoded> {
  const nome = upload.nome?.trim() || 'imagem';
  const data = upload.image.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (data.length === 0) throw badRequest(M.imageEmpty);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 === 1) throw badRequest(M.imageNotImage(nome));
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length > GALLERY_MAX_BYTES) throw badRequest(M.imageTooLarge(nome));
  let format: { mime: string; ext: string } | undefined;
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
    format = FORMATS[meta.format ?? ''];
  } catch {
    throw badRequest(M.imageNotImage(nome));
  }
  if (!format) throw badRequest(M.imageNotImage(nome));
  let thumbnail: Buffer;
  try {
    thumbnail = await sharp(bytes).rotate()
      .resize(GALLERY_THUMBNAIL_SIZE, GALLERY_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 }).toBuffer();
  } catch {
    // Headers that look like an image over bytes that do not decode.
    throw badRequest(M.imageNotImage(nome));
  }
  return { nome, mime: format.mime, ext: format.ext, bytes, largura: meta.width ?? null, altura: meta.height ?? null, thumbnail };
}

interface Row {
  id_produto_galeria: number;
  id_produto: number;
  nome: string;
  mime: string;
  tamanho: number;
  largura: number | null;
  altura: number | null;
  ordem: number;
  caminho: string;
  caminho_miniatura: string;
}

async function rowsOf(tx: Tx, org: number, id_produto: number): Promise<Row[]> {
  const { rows } = await tx.query<Row>(
    `SELECT id_produto_galeria, id_produto, nome, mime, tamanho, largura, altura, ordem, caminho, caminho_miniatura
       FROM produto_galeria WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL
      ORDER BY ordem, id_produto_galeria`,
    [org, id_produto],
  );
  return rows;
}

/**
 * The gallery in order with signed links. After a change (`write`), renumbered 1..n and with the product's main image
 * following the first; a read writes nothing.
 */
async function settle(tx: Tx, org: number, id_produto: number, deps: Deps, write = true): Promise<{ rows: GalleryImage[] }> {
  const rows = await rowsOf(tx, org, id_produto);
  if (write) await renumber(tx, org, id_produto, rows);
  const now = deps.fiscal.now();
  return {
    rows: rows.map(({ caminho, caminho_miniatura, ...r }) => ({
      ...r,
      url: storage.url(deps.fiscal.linkSecret, org, caminho, now),
      url_miniatura: storage.url(deps.fiscal.linkSecret, org, caminho_miniatura, now),
    })),
  };
}

async function renumber(tx: Tx, org: number, id_produto: number, rows: Row[]): Promise<void> {
  for (const [i, r] of rows.entries()) {
    if (r.ordem === i + 1) continue;
    await tx.query('UPDATE produto_galeria SET ordem = $3, data_alteracao = now() WHERE id_organization = $1 AND id_produto_galeria = $2',
      [org, r.id_produto_galeria, i + 1]);
    r.ordem = i + 1;
  }
  await tx.query(
    `UPDATE produto SET url_imagem_principal = $3 WHERE id_organization = $1 AND id_produto = $2
        AND url_imagem_principal IS DISTINCT FROM $3`,
    [org, id_produto, rows[0]?.caminho ?? null],
  );
}

/** Adds the image at `position` ('first': becomes the main image; 'last': the end of the gallery). */
async function addImage(tx: Tx, caller: Caller, deps: Deps, body: Upload, position: 'first' | 'last') {
  const org = caller.id_organization;
  await productOf(tx, org, body.id_produto);
  const image = await decodeImage(body);
  const current = await rowsOf(tx, org, body.id_produto);
  if (current.length >= GALLERY_MAX_IMAGES) throw badRequest(M.galleryFull(GALLERY_MAX_IMAGES));
  const key = randomUUID();
  const caminho = `produtos/${body.id_produto}/${key}.${image.ext}`;
  const caminho_miniatura = `produtos/${body.id_produto}/${key}-miniatura.webp`;
  if (position === 'first') {
    await tx.query('UPDATE produto_galeria SET ordem = ordem + 1 WHERE id_organization = $1 AND id_produto = $2 AND data_exclusao IS NULL',
      [org, body.id_produto]);
  }
  await tx.query(
    `INSERT INTO produto_galeria (id_organization, id_produto, nome, mime, tamanho, largura, altura, caminho, caminho_miniatura, ordem)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [org, body.id_produto, image.nome.slice(0, 200), image.mime, image.bytes.length, image.largura, image.altura, caminho,
      caminho_miniatura, position === 'first' ? 1 : current.length + 1],
  );
  await storage.put(org, caminho, image.bytes, image.mime);
  await storage.put(org, caminho_miniatura, image.thumbnail, 'image/webp');
  return settle(tx, org, body.id_produto, deps);
}

async function imageRow(tx: Tx, org: number, id: number): Promise<Row> {
  const { rows } = await tx.query<Row>(
    `SELECT id_produto_galeria, id_produto, nome, mime, tamanho, largura, altura, ordem, caminho, caminho_miniatura
       FROM produto_galeria WHERE id_organization = $1 AND id_produto_galeria = $2 AND data_exclusao IS NULL`,
    [org, id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

export const productGalleryHandlers = {
  productPostImage: ({ tx, caller, deps, body }) => addImage(tx, caller, deps, body, 'first'),
  productGaleryCreate: ({ tx, caller, deps, body }) => addImage(tx, caller, deps, body, 'last'),
  productGaleryFind: async ({ tx, caller, deps, body }) => {
    await productOf(tx, caller.id_organization, body.id_produto);
    return settle(tx, caller.id_organization, body.id_produto, deps, false);
  },
  /** Moves one image to position `ordem` (1: the main image); the others keep their relative order. */
  productGaleryUpdate: async ({ tx, caller, deps, body }) => {
    const org = caller.id_organization;
    const row = await imageRow(tx, org, body.id_produto_galeria);
    const rows = await rowsOf(tx, org, row.id_produto);
    if (body.ordem > rows.length) throw badRequest(M.galleryOrderOutOfRange(rows.length));
    const others = rows.filter((r) => r.id_produto_galeria !== row.id_produto_galeria);
    others.splice(body.ordem - 1, 0, row);
    for (const [i, r] of others.entries()) {
      await tx.query('UPDATE produto_galeria SET ordem = $3, data_alteracao = now() WHERE id_organization = $1 AND id_produto_galeria = $2',
        [org, r.id_produto_galeria, i + 1]);
    }
    return settle(tx, org, row.id_produto, deps);
  },
  /** A tombstone for the row; the files are removed from the storage. */
  productGaleryDelete: async ({ tx, caller, deps, body }) => {
    const org = caller.id_organization;
    const row = await imageRow(tx, org, body.id_produto_galeria);
    await tx.query('UPDATE produto_galeria SET data_exclusao = now(), data_alteracao = now() WHERE id_organization = $1 AND id_produto_galeria = $2',
      [org, row.id_produto_galeria]);
    await storage.delete(org, row.caminho);
    await storage.delete(org, row.caminho_miniatura);
    return settle(tx, org, row.id_produto, deps);
  },
} satisfies Partial<Handlers>;
