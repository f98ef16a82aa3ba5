/** SQL of the boletos issued by the local connector: the reservations of nosso números (migration 053). */
import type { Tx } from '../../db/database.ts';
import type { Scope } from './document-queries.ts';

export interface Reservation {
  id_boleto_reserva: number; id_documento_financeiro: number; id_configuracao_boleto: number; id_conta: number; nosso_numero: number;
  data_documento: string; data_vencimento: string; valor: string;
  tipo_multa: 'Percentual' | 'Valor'; valor_multa: number; dias_multa: number; tipo_juro: 'Percentual' | 'Valor'; valor_juro: number;
  id_boleto: number | null;
}

const COLS = `id_boleto_reserva, id_documento_financeiro, id_configuracao_boleto, id_conta, nosso_numero::float8 AS nosso_numero,
  data_documento::text AS data_documento, data_vencimento::text AS data_vencimento, valor::text AS valor, tipo_multa, valor_multa::float8 AS valor_multa,
  dias_multa, tipo_juro, valor_juro::float8 AS valor_juro, id_boleto`;

/** The document's open reservation in the branch (locked). */
export async function openReservation(tx: Tx, s: Scope, id_documento_financeiro: number): Promise<Reservation | undefined> {
  const { rows } = await tx.query<Reservation>(
    `SELECT ${COLS} FROM boleto_reserva WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = $3 AND id_boleto IS NULL AND data_descarte IS NULL FOR UPDATE`,
    [s.org, s.id_filial, id_documento_financeiro],
  );
  return rows[0];
}

/** The reservation of that nosso número for the document in the branch, open or recorded (locked). */
export async function reservationOf(tx: Tx, s: Scope, id_documento_financeiro: number, nosso_numero: number): Promise<Reservation | undefined> {
  const { rows } = await tx.query<Reservation>(
    `SELECT ${COLS} FROM boleto_reserva WHERE id_organization = $1 AND id_filial = $2 AND id_documento_financeiro = $3 AND nosso_numero = $4 AND data_descarte IS NULL
      ORDER BY id_boleto_reserva DESC LIMIT 1 FOR UPDATE`,
    [s.org, s.id_filial, id_documento_financeiro, nosso_numero],
  );
  return rows[0];
}

export type ReservationValues = Omit<Reservation, 'id_boleto_reserva' | 'id_boleto' | 'id_documento_financeiro'> & { id_usuario: number };

export async function insertReservation(tx: Tx, s: Scope, id_documento_financeiro: number, v: ReservationValues): Promise<void> {
  await tx.query(
    `INSERT INTO boleto_reserva (id_organization, id_filial, id_documento_financeiro, id_configuracao_boleto, id_conta, nosso_numero, data_documento, data_vencimento,
       valor, tipo_multa, valor_multa, dias_multa, tipo_juro, valor_juro, id_usuario)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [s.org, s.id_filial, id_documento_financeiro, v.id_configuracao_boleto, v.id_conta, v.nosso_numero, v.data_documento, v.data_vencimento, v.valor,
      v.tipo_multa, v.valor_multa, v.dias_multa, v.tipo_juro, v.valor_juro, v.id_usuario],
  );
}

/** The same number again with today's data (value, due date, configuration and its fine and interest). */
export async function refreshReservation(tx: Tx, org: number, id: number, v: ReservationValues): Promise<void> {
  await tx.query(
    `UPDATE boleto_reserva SET id_configuracao_boleto = $3, data_documento = $4, data_vencimento = $5, valor = $6, tipo_multa = $7, valor_multa = $8,
            dias_multa = $9, tipo_juro = $10, valor_juro = $11, id_usuario = $12, data_alteracao = now()
      WHERE id_organization = $1 AND id_boleto_reserva = $2`,
    [org, id, v.id_configuracao_boleto, v.data_documento, v.data_vencimento, v.valor, v.tipo_multa, v.valor_multa, v.dias_multa, v.tipo_juro, v.valor_juro, v.id_usuario],
  );
}

/** A reservation given up (another account chosen, the document no longer eligible): its number is never reused. */
export async function discardReservation(tx: Tx, org: number, id: number): Promise<void> {
  await tx.query(`UPDATE boleto_reserva SET data_descarte = now(), data_alteracao = now() WHERE id_organization = $1 AND id_boleto_reserva = $2`, [org, id]);
}

export async function markRecorded(tx: Tx, org: number, id: number, id_boleto: number): Promise<void> {
  await tx.query(`UPDATE boleto_reserva SET id_boleto = $3, data_alteracao = now() WHERE id_organization = $1 AND id_boleto_reserva = $2`, [org, id, id_boleto]);
}

export async function boletoCodes(tx: Tx, s: Scope, id_boleto: number): Promise<{ codigo_barra: string; linha_digitavel: string } | undefined> {
  const { rows } = await tx.query<{ codigo_barra: string; linha_digitavel: string }>(
    `SELECT codigo_barra, linha_digitavel FROM boleto WHERE id_organization = $1 AND id_filial = $2 AND id_boleto = $3`, [s.org, s.id_filial, id_boleto],
  );
  return rows[0];
}
