/**
 * The sale's shipment (000 §2 shipment side panel, §3.2 tipo_frete, frete, seguro, outros; §9 default freight type 9,
 * none) and its carrier (id_transportadora, a person marked is_transportadora): what POST /api/operacao takes of it. The costs add to the sale's total (surcharge = frete + seguro + outros)
 * and are spread over the lines by the domain's totals.
 */
import { formatDecimalBR, parseMoneyBR, type Cents } from '@pdv/domain/money';
import type { OperationBundle } from '../../outbox/types.ts';
import { recompute } from '../draft.ts';

export interface Shipment {
  tipo_frete: number;
  frete: Cents;
  seguro: Cents;
  outros: Cents;
  /** The carrier (a person of the local copy with is_transportadora); null: none. */
  id_transportadora: number | null;
}

export const NO_FREIGHT = 9;
export const FREIGHT_NEEDS_TYPE = 'Escolha quem paga o frete (tipo de frete) para informar o valor do frete.';
/** 000 §9: number input max 999999.99. */
const MAX_CENTS = 99_999_999;

export function shipmentOf(bundle: OperationBundle): Shipment {
  const { tipo_frete, frete, seguro, outros } = bundle.operation;
  // Operations stored before the carrier existed have none.
  return { tipo_frete, frete, seguro, outros, id_transportadora: bundle.operation.id_transportadora ?? null };
}

/** The sale with its shipment, totals recomputed. */
export function setShipment(bundle: OperationBundle, shipment: Shipment): OperationBundle {
  return recompute({ ...bundle, operation: { ...bundle.operation, ...shipment } });
}

export interface ShipmentText {
  tipo_frete: string;
  frete: string;
  seguro: string;
  outros: string;
  /** The carrier picked (not typed). */
  id_transportadora: number | null;
}

export function shipmentText(s: Shipment): ShipmentText {
  const text = (c: Cents) => (c === 0 ? '' : formatDecimalBR(c));
  return {
    tipo_frete: String(s.tipo_frete), frete: text(s.frete), seguro: text(s.seguro), outros: text(s.outros),
    id_transportadora: s.id_transportadora,
  };
}

const LABEL: Record<'frete' | 'seguro' | 'outros', string> = { frete: 'frete', seguro: 'seguro', outros: 'outras despesas' };

/** The typed shipment, or why it cannot apply (an empty value is zero). */
export function parseShipment(text: ShipmentText): { ok: true; shipment: Shipment } | { ok: false; error: string } {
  const values = { frete: 0, seguro: 0, outros: 0 };
  for (const field of ['frete', 'seguro', 'outros'] as const) {
    const typed = text[field].trim();
    const cents = typed === '' ? 0 : parseMoneyBR(typed);
    if (cents === null || cents < 0) return { ok: false, error: `Valor de ${LABEL[field]} inválido.` };
    if (cents > MAX_CENTS) return { ok: false, error: `Valor de ${LABEL[field]} acima do permitido (R$ 999.999,99).` };
    values[field] = cents;
  }
  const tipo_frete = Number(text.tipo_frete);
  if (tipo_frete === NO_FREIGHT && values.frete > 0) return { ok: false, error: FREIGHT_NEEDS_TYPE };
  return { ok: true, shipment: { tipo_frete, ...values, id_transportadora: text.id_transportadora } };
}
