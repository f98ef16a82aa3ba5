/**
 * The SAT (CF-e, model 59) result on its invoice (issue 27; 001 §3 Invoice "SAT fields: timestamp, qrcode signature,
 * session number, cancel document number", §4, §7 Local fiscal device). The key goes in chave_acesso, the CF-e number
 * in numero_nota_fiscal and the signed CF-e in xml_autorizado, as an NF-e's; these hold what only a SAT answers: the
 * session, the time stamp, the QR code signature, and the cancellation CF-e (its key and XML).
 */
export const sql = /* sql */ `
ALTER TABLE nota_fiscal
  ADD COLUMN sat_numero_sessao text CHECK (sat_numero_sessao IS NULL OR sat_numero_sessao ~ '^[0-9]{1,6}$'),
  ADD COLUMN sat_timestamp text CHECK (sat_timestamp IS NULL OR sat_timestamp ~ '^[0-9]{14}$'),
  ADD COLUMN sat_assinatura_qrcode text CHECK (sat_assinatura_qrcode IS NULL OR length(sat_assinatura_qrcode) <= 344),
  ADD COLUMN sat_chave_cancelamento text CHECK (sat_chave_cancelamento IS NULL OR sat_chave_cancelamento ~ '^[0-9]{44}$'),
  ADD COLUMN sat_xml_cancelamento text;
`;
