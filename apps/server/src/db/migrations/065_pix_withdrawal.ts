/**
 * A PIX charge confirmed by hand (supervisor, FncAutorizarPixManual) is withdrawn at the bank (API Pix PATCH /cob
 * status REMOVIDA_PELO_USUARIO_RECEBEDOR) so the customer cannot pay it later (issue 26). The call runs after the
 * confirmation's transaction; while the bank does not answer the withdrawal stays 'Pendente' and the server's
 * background sender (bank/pix.ts withdrawDue) retries it at remocao_proxima. 'Removida': the bank withdrew it;
 * 'PagaNoBanco': the bank says the customer paid it anyway (before the withdrawal; end_to_end_id holds the Pix, the shop
 * must give it back or keep it as the sale's payment).
 */
export const sql = /* sql */ `
ALTER TABLE pix_cobranca
  ADD COLUMN remocao_situacao text CHECK (remocao_situacao IN ('Pendente', 'Removida', 'PagaNoBanco')),
  ADD COLUMN remocao_tentativas integer NOT NULL DEFAULT 0,
  ADD COLUMN remocao_proxima timestamptz,
  ADD COLUMN data_remocao timestamptz,
  ADD CONSTRAINT pix_cobranca_remocao_manual CHECK (remocao_situacao IS NULL OR situacao = 'ConfirmadaManual');

CREATE INDEX pix_cobranca_remocao_pendente ON pix_cobranca (remocao_proxima) WHERE remocao_situacao = 'Pendente';
`;
