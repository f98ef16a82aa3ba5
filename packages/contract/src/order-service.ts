/**
 * Service orders (000 §3.6, §7.3): the services of an order (/order_service/save, /order_service/delete) and the
 * objects left for service with their images (/order_object/save, delete, save_images {list_images}, delete_image,
 * and /order_object/image to read one back). Amounts are decimals with 2 places, quantities with 3.
 */
import { z } from 'zod';
import { id } from './common.ts';
import { moneyInput, optionalText, percentInput, quantityInput } from './order-inputs.ts';

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();
/** A service line of an order. valor_desconto is the discount per unit; valor_total = (unit - discount) × quantity. */
export const orderService = z.object({
  id_pedido_servico: z.number().int(),
  id_pedido: z.number().int(),
  id_servico: nullableId,
  descricao: z.string(),
  quantidade: z.number(),
  valor_unitario: z.number(),
  valor_desconto: z.number(),
  valor_sub_total: z.number(),
  valor_total: z.number(),
  id_usuario_tecnico: nullableId,
  tecnico_nome: nullableText,
  observacao: nullableText,
});
export type OrderService = z.infer<typeof orderService>;

/** An image of an object: its content is read with /order_object/image. */
export const orderObjectImage = z.object({
  id_pedido_objeto_imagem: z.number().int(),
  id_pedido_objeto: z.number().int(),
  nome: z.string(),
  mime: z.string(),
  tamanho: z.number().int(),
  data_cadastro: z.string(),
});
export type OrderObjectImage = z.infer<typeof orderObjectImage>;

/** An object the customer left for service. */
export const orderObject = z.object({
  id_pedido_objeto: z.number().int(),
  id_pedido: z.number().int(),
  descricao: z.string(),
  marca: nullableText,
  modelo: nullableText,
  numero_serie: nullableText,
  defeito_relatado: nullableText,
  observacao: nullableText,
  imagens: z.array(orderObjectImage),
});
export type OrderObject = z.infer<typeof orderObject>;

/**
 * POST /order_service/save: a new service line (without id_pedido_servico) or a change of one. The price is the
 * typed one, else the catalogue's by the service-price rule (the customer's price list, else the branch's). The
 * discount is per unit: a value (valor_desconto) or a percentage of the unit price (desconto_percentual).
 */
export const orderServiceSaveBody = z.object({
  id_pedido: id,
  id_pedido_servico: id.optional(),
  id_servico: id.nullable().optional(),
  descricao: z.string().trim().max(200, { error: 'Texto com mais de 200 caracteres.' }).nullable().optional(),
  quantidade: quantityInput.optional().default(1),
  valor_unitario: moneyInput.optional(),
  valor_desconto: moneyInput.optional(),
  desconto_percentual: percentInput.optional(),
  id_usuario_tecnico: id.nullable().optional(),
  observacao: optionalText(500),
}).strict();
export const orderServiceDeleteBody = z.object({ id_pedido_servico: id }).strict();

const objectFields = {
  descricao: z.string().trim().max(200, { error: 'Texto com mais de 200 caracteres.' }).nullable().optional(),
  marca: optionalText(100),
  modelo: optionalText(100),
  numero_serie: optionalText(100),
  defeito_relatado: optionalText(2000),
  observacao: optionalText(2000),
};
/** POST /order_object/save: a new object of the order (without id_pedido_objeto) or a change of one. */
export const orderObjectSaveBody = z.object({ id_pedido: id, id_pedido_objeto: id.optional(), ...objectFields }).strict();
export const orderObjectDeleteBody = z.object({ id_pedido_objeto: id }).strict();

/** Images accepted: JPEG, PNG or WebP, at most this many bytes each (the body of a call stays under 1 MB). */
export const OBJECT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const OBJECT_IMAGE_MAX_BYTES = 700 * 1024;
/** At most this many images per object. */
export const OBJECT_IMAGE_MAX_COUNT = 10;

/** An uploaded image: its type and its bytes in base64 (the type and size are checked against the bytes). */
export const objectImageUpload = z.object({
  nome: z.string().trim().max(200, { error: 'Texto com mais de 200 caracteres.' }).optional(),
  mime: z.string().max(100),
  image: z.string().max(Math.ceil((OBJECT_IMAGE_MAX_BYTES * 4) / 3) + 1024, {
    error: 'A imagem ultrapassa o tamanho máximo de 700 KB.',
  }),
}).strict();
/** POST /order_object/save_images {id_pedido_objeto, list_images}. */
export const orderObjectSaveImagesBody = z.object({
  id_pedido_objeto: id,
  list_images: z.array(objectImageUpload).min(1, { error: 'Selecione ao menos uma imagem.' })
    .max(OBJECT_IMAGE_MAX_COUNT, { error: `Envie no máximo ${OBJECT_IMAGE_MAX_COUNT} imagens.` }),
}).strict();
export const orderObjectImageBody = z.object({ id_pedido_objeto_imagem: id }).strict();
/** POST /order_object/image: one image's content. */
export const orderObjectImageContent = orderObjectImage.extend({ image: z.string() });
