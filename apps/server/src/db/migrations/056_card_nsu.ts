/**
 * Card terminals (issue 28; 000 §3.4, 001 §3 Payment in the point of sale, §7 Card capture): the terminal's NSU of a
 * captured card payment, beside the card fields the payment rows already hold (authorization code, brand code,
 * integration type, acquirer CNPJ, date). A TEF payment is cancelled by {valor, nsu, data}; the reconciliation matches
 * the acquirer's statement by it. Never a card number: the column holds what the terminal calls NSU (digits and
 * letters, up to 20).
 */
export const sql = /* sql */ `
ALTER TABLE pedido_pagamento ADD COLUMN cartao_nsu text CHECK (cartao_nsu IS NULL OR length(cartao_nsu) <= 20);
ALTER TABLE nota_fiscal_pagamento ADD COLUMN cartao_nsu text CHECK (cartao_nsu IS NULL OR length(cartao_nsu) <= 20);
`;
