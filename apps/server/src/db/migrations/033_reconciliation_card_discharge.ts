/**
 * A bank statement line confirmed against a card operator's expected credit made the discharge it is bound to: undoing
 * the line reverses that discharge too, so the operator's receivable is open again (before, it stayed paid).
 */
export const sql = /* sql */ `
ALTER TABLE conta_conciliacao ADD COLUMN is_baixa_gerada boolean NOT NULL DEFAULT false;
`;
