/** The card operator form's rates per installment (taxas_parcela): the rate charged when paid in that many installments. */
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { ChildRowsEditor, type ChildColumn } from '../settings/ChildRowsEditor.tsx';
import { addRate, rateRows } from './values.ts';

const RATE_COLUMNS: readonly ChildColumn[] = [
  { name: 'taxa', label: 'Taxa (%)', kind: 'decimal', decimals: 2, cellLabel: (r) => `Taxa em ${String(r['parcela'])}x` },
];

export function RatesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = rateRows(values['taxas_parcela']);
  const added = addRate(rows);
  return (
    <ChildRowsEditor
      layout="table"
      title="Taxas por parcela"
      hint="A taxa por número de parcelas; sem taxa para um número, vale a taxa da operadora."
      lead={{ label: 'Parcelas', text: (r) => `${String(r['parcela'])}x` }}
      columns={RATE_COLUMNS}
      rows={rows.map((r) => ({ ...r }))}
      // Read back through rateRows: an emptied input is 0.
      onChange={(next) => set('taxas_parcela', rateRows(next))}
      blank={() => ({ ...added[added.length - 1] })}
      maxRows={99}
      readOnly={readOnly}
      error={errors['taxas_parcela']}
      noun="taxa"
      empty="Nenhuma taxa por parcela: vale a taxa da operadora."
    />
  );
}
