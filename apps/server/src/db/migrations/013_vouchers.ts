/**
 * Credit vouchers at the point of sale (000 §1 mode vale crédito, §3.4 payment id_vale_credito; issue 6).
 * - A payment made with a voucher names it (pedido_pagamento / nota_fiscal_pagamento.id_vale_credito); the voucher's
 *   balance is taken in the same transaction (vale_credito_movimentacao 'Resgate', 009).
 * - The payment method "Vale Crédito" (NF-e tPag 12) asks for the voucher's code: organizations created before it
 *   get one, offered in all their branches (the demo seed has it already).
 */
export const sql = /* sql */ `
ALTER TABLE pedido_pagamento ADD COLUMN id_vale_credito integer,
  ADD FOREIGN KEY (id_organization, id_vale_credito) REFERENCES vale_credito (id_organization, id_vale_credito);
ALTER TABLE nota_fiscal_pagamento ADD COLUMN id_vale_credito integer,
  ADD FOREIGN KEY (id_organization, id_vale_credito) REFERENCES vale_credito (id_organization, id_vale_credito);

INSERT INTO meio_pagamento (id_organization, descricao, meio_pagamento, tecla_atalho)
SELECT o.id_organization, 'Vale Crédito', '12', 'F8' FROM organization o
 WHERE NOT EXISTS (SELECT 1 FROM meio_pagamento m WHERE m.id_organization = o.id_organization AND m.meio_pagamento = '12');
INSERT INTO meio_pagamento_filial (id_organization, id_meio_pagamento, id_filial)
SELECT m.id_organization, m.id_meio_pagamento, f.id_filial
  FROM meio_pagamento m JOIN filial f ON f.id_organization = m.id_organization
 WHERE m.meio_pagamento = '12'
   AND NOT EXISTS (SELECT 1 FROM meio_pagamento_filial x
                    WHERE x.id_organization = m.id_organization AND x.id_meio_pagamento = m.id_meio_pagamento AND x.id_filial = f.id_filial);
`;
