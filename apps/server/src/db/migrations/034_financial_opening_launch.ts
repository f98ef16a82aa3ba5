/**
 * The opening launch of a financial document (002 §3 Document launch tipo, §4 "Deleting an opening-type launch marks
 * all launches reversed"): every document gets, when it is created, one launch tipo 'Abertura' holding its original
 * amount (valor = valor_documento, nothing discharged, no bank account); its discharges are the 'Baixa' launches.
 * Reversing the opening launch reverses the whole document (finance/documents.ts reverseLaunch). This backfills the
 * opening launch of the documents made before it: reversed already when the document was (Estornado).
 * At most one opening launch per document.
 */
export const backfillOpeningLaunches = /* sql */ `
INSERT INTO documento_financeiro_lancamento (id_organization, id_documento_financeiro, id_filial, tipo, id_meio_pagamento, valor,
  valor_baixado, observacao, data_lancamento, data_efetivacao, is_estornado, data_estorno, observacao_estorno)
SELECT d.id_organization, d.id_documento_financeiro, d.id_filial, 'Abertura', d.id_meio_pagamento, d.valor_documento, 0,
       'Abertura do documento.', d.data_cadastro, d.data_emissao::date, d.situacao = 'Estornado',
       CASE WHEN d.situacao = 'Estornado' THEN coalesce(d.data_estorno, now()) END,
       CASE WHEN d.situacao = 'Estornado' THEN 'Estorno do documento.' END
  FROM documento_financeiro d
 WHERE NOT EXISTS (SELECT 1 FROM documento_financeiro_lancamento l WHERE l.id_organization = d.id_organization
                      AND l.id_documento_financeiro = d.id_documento_financeiro AND l.tipo = 'Abertura');
`;

export const sql = /* sql */ `${backfillOpeningLaunches}
CREATE UNIQUE INDEX documento_financeiro_lancamento_abertura ON documento_financeiro_lancamento (id_organization, id_documento_financeiro)
  WHERE tipo = 'Abertura';
`;
