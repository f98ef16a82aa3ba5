/**
 * Hybrid boletos (issue 25): a boleto configuration may issue boletos with a PIX QR code (is_hibrido); the boleto keeps
 * the static BR Code it was issued with (pix_brcode: the account's chave_pix, the boleto's value and a txid derived
 * from its nosso número), printed on its PDF and shown in its list. Written by the finance module only.
 */
export const sql = /* sql */ `
ALTER TABLE configuracao_boleto ADD COLUMN is_hibrido boolean NOT NULL DEFAULT false;
ALTER TABLE boleto ADD COLUMN pix_brcode text;
`;
