/**
 * Receivables paid at the till (mode Recebimento) enter its shift's ledger as operations of type 'Recebimento'
 * (cashier module recordReceipt), once per operation UUID like a sale.
 */
export const sql = /* sql */ `
ALTER TABLE caixa_operacao DROP CONSTRAINT caixa_operacao_tipo_check;
ALTER TABLE caixa_operacao ADD CONSTRAINT caixa_operacao_tipo_check
  CHECK (tipo IN ('Abertura', 'Venda', 'Suprimento', 'Sangria', 'Devolucao', 'Estorno', 'Recebimento'));
CREATE UNIQUE INDEX caixa_operacao_recebimento ON caixa_operacao (id_organization, id_operacao) WHERE tipo = 'Recebimento';
`;
