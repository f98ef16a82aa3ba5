/**
 * The order screen's service-order parts as plain data: the service line form (description, quantity, unit price,
 * discount per unit as a value or a percentage, technician), the object form, the checks of an image file before it
 * is sent (the server's limits and texts), and which tabs an order shows (domain service-order-rules.ts).
 */
import type { z } from 'zod';
import {
  OBJECT_IMAGE_MAX_BYTES,
  OBJECT_IMAGE_TYPES,
  type OrderObject,
  type OrderService,
  type orderObjectSaveBody,
  type orderServiceSaveBody,
} from '@pdv/contract/order-service';
import { MESSAGES } from '@pdv/domain/messages';
import {
  formatDecimalBR,
  formatQuantity,
  parseMoneyBR,
  parsePercentBR,
  parseQuantityBR,
  quantityFromDecimal,
  quantityToDecimal,
  fromDecimal,
  percentToDecimal,
  toDecimal,
  type Cents,
} from '@pdv/domain/money';
import {
  SERVICE_ORDER_MESSAGES,
  serviceLineAmounts,
  serviceUnitDiscountFromPercent,
  takesObjects,
  takesServices,
} from '@pdv/domain/service-order-rules';
import { QUANTITY_INVALID } from './form.ts';

/** The routes of the order editor: /order/register and its spec name /operation-order (000 §2). */
export const ORDER_EDITOR_PATHS = ['/order/register', '/operation-order'] as const;

/** The tabs of the order editor after Produtos, for an operation. */
export function serviceTabsFor(operacao: string): Array<'servicos' | 'objetos'> {
  return [
    ...(takesServices(operacao) ? (['servicos'] as const) : []),
    ...(takesObjects(operacao) ? (['objetos'] as const) : []),
  ];
}

export interface ServiceForm {
  descricao: string;
  quantidade: string;
  valor_unitario: string;
  tipo_desconto: 'Valor' | 'Percentual';
  desconto: string;
  id_usuario_tecnico: number | null;
  observacao: string;
}

export const EMPTY_SERVICE: ServiceForm = {
  descricao: '',
  quantidade: '1',
  valor_unitario: '',
  tipo_desconto: 'Valor',
  desconto: '',
  id_usuario_tecnico: null,
  observacao: '',
};

export function serviceFormOf(line: OrderService): ServiceForm {
  return {
    descricao: line.descricao,
    quantidade: formatQuantity(quantityFromDecimal(line.quantidade)),
    valor_unitario: formatDecimalBR(fromDecimal(line.valor_unitario)),
    tipo_desconto: 'Valor',
    desconto: line.valor_desconto > 0 ? formatDecimalBR(fromDecimal(line.valor_desconto)) : '',
    id_usuario_tecnico: line.id_usuario_tecnico,
    observacao: line.observacao ?? '',
  };
}

interface ParsedService {
  quantidade: number | null;
  valor_unitario: Cents | null;
  /** Basis points when Percentual, centavos when Valor; 0 when empty. */
  desconto: number | null;
}

function parseService(form: ServiceForm): ParsedService {
  const empty = form.desconto.trim() === '';
  return {
    quantidade: parseQuantityBR(form.quantidade),
    valor_unitario: parseMoneyBR(form.valor_unitario),
    desconto: empty
      ? 0
      : form.tipo_desconto === 'Percentual'
        ? parsePercentBR(form.desconto)
        : parseMoneyBR(form.desconto),
  };
}

/** The discount per unit in centavos, or null when it cannot be read. */
function unitDiscount(form: ServiceForm, parsed: ParsedService): Cents | null {
  if (parsed.desconto === null || parsed.valor_unitario === null) return null;
  return form.tipo_desconto === 'Percentual'
    ? serviceUnitDiscountFromPercent(parsed.valor_unitario, parsed.desconto)
    : parsed.desconto;
}

/** The line's net total as typed (000 §5: (unit - discount) × quantity), or null while a field is unreadable. */
export function serviceFormTotal(form: ServiceForm): Cents | null {
  const parsed = parseService(form);
  const desconto = unitDiscount(form, parsed);
  if (parsed.quantidade === null || parsed.valor_unitario === null || desconto === null) return null;
  return serviceLineAmounts({
    quantidade: parsed.quantidade,
    valor_unitario: parsed.valor_unitario,
    valor_desconto: desconto,
  }).valor_total;
}

export function serviceFormErrors(form: ServiceForm): string[] {
  const parsed = parseService(form);
  const errors: string[] = [];
  if (form.descricao.trim() === '') errors.push(SERVICE_ORDER_MESSAGES.serviceDescriptionMissing);
  if (parsed.quantidade === null || parsed.quantidade <= 0) errors.push(QUANTITY_INVALID);
  const desconto = unitDiscount(form, parsed);
  if (parsed.desconto === null || (desconto !== null && desconto < 0)) errors.push(MESSAGES.discountNegative);
  if (
    parsed.valor_unitario === null ||
    parsed.valor_unitario <= 0 ||
    (desconto !== null && parsed.valor_unitario - desconto <= 0)
  ) {
    errors.push(MESSAGES.itemValueNotPositive);
  }
  return errors;
}

/** The body of /order_service/save for the form (a new line, or the line `id_pedido_servico`). */
export function serviceBody(
  form: ServiceForm,
  id_pedido: number,
  id_pedido_servico?: number,
): z.input<typeof orderServiceSaveBody> {
  const parsed = parseService(form);
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    id_pedido,
    ...(id_pedido_servico !== undefined ? { id_pedido_servico } : {}),
    descricao: form.descricao.trim(),
    quantidade: quantityToDecimal(parsed.quantidade ?? 0),
    valor_unitario: toDecimal(parsed.valor_unitario ?? 0),
    ...(form.tipo_desconto === 'Percentual'
      ? { desconto_percentual: percentToDecimal(parsed.desconto ?? 0) }
      : { valor_desconto: toDecimal(parsed.desconto ?? 0) }),
    id_usuario_tecnico: form.id_usuario_tecnico,
    observacao: text(form.observacao),
  };
}

// Objects ---------------------------------------------------------------------------------------------------------

export interface ObjectForm {
  descricao: string;
  marca: string;
  modelo: string;
  numero_serie: string;
  defeito_relatado: string;
  observacao: string;
}

export const EMPTY_OBJECT: ObjectForm = {
  descricao: '',
  marca: '',
  modelo: '',
  numero_serie: '',
  defeito_relatado: '',
  observacao: '',
};

export function objectFormOf(object: OrderObject): ObjectForm {
  return {
    descricao: object.descricao,
    marca: object.marca ?? '',
    modelo: object.modelo ?? '',
    numero_serie: object.numero_serie ?? '',
    defeito_relatado: object.defeito_relatado ?? '',
    observacao: object.observacao ?? '',
  };
}

export function objectFormErrors(form: ObjectForm): string[] {
  return form.descricao.trim() === '' ? [SERVICE_ORDER_MESSAGES.objectDescriptionMissing] : [];
}

export function objectBody(
  form: ObjectForm,
  id_pedido: number,
  id_pedido_objeto?: number,
): z.input<typeof orderObjectSaveBody> {
  const text = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    id_pedido,
    ...(id_pedido_objeto !== undefined ? { id_pedido_objeto } : {}),
    descricao: form.descricao.trim(),
    marca: text(form.marca),
    modelo: text(form.modelo),
    numero_serie: text(form.numero_serie),
    defeito_relatado: text(form.defeito_relatado),
    observacao: text(form.observacao),
  };
}

/** Why a chosen file cannot be sent as an object image (the server's texts), or null. */
export function imageFileError(file: { name: string; type: string; size: number }): string | null {
  if (!(OBJECT_IMAGE_TYPES as readonly string[]).includes(file.type))
    return SERVICE_ORDER_MESSAGES.imageTypeRefused(file.name);
  if (file.size === 0) return SERVICE_ORDER_MESSAGES.imageEmpty(file.name);
  if (file.size > OBJECT_IMAGE_MAX_BYTES)
    return SERVICE_ORDER_MESSAGES.imageTooLarge(file.name, OBJECT_IMAGE_MAX_BYTES / 1024);
  return null;
}

/** Bytes as base64 (what /order_object/save_images carries), in chunks so a large image does not blow the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A size for people: "12 KB", "1,2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/**
 * The editor's address for an order (or a new one) under the path it was opened with: /operation-order keeps its
 * own path (000 §2: the socket `process` rule tells the two screens apart), anything else is /order/register.
 */
export function editorPath(pathname: string, id_pedido?: number): string {
  const base = /^\/operation-order(\/|$)/.test(pathname) ? '/operation-order' : '/order/register';
  return id_pedido === undefined ? base : `${base}/${id_pedido}`;
}
