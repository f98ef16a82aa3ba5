/** Small inputs of the product register: a money field in reais, a decimal field, a ref select by register name. */
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { fromDecimal, toDecimal } from '@pdv/domain/money';
import { DecimalInput, MoneyInput } from '../../ui/MaskedInputs.tsx';
import { RefSelect } from '../registers/RefSelect.tsx';

export function Money({ label, value, onChange, readOnly, ...rest }: {
  label: string; value: number | null | undefined; onChange: (v: number) => void; readOnly: boolean; 'aria-label'?: string; w?: number;
}) {
  return (
    <MoneyInput
      {...rest}
      label={label}
      value={value === null || value === undefined ? null : fromDecimal(value)}
      onChange={(cents) => onChange(toDecimal(cents ?? 0))}
      readOnly={readOnly}
    />
  );
}

export function Decimal({ label, value, onChange, readOnly, decimals, ...rest }: {
  label: string; value: number | null | undefined; onChange: (v: number | null) => void; readOnly: boolean; decimals: number;
  'aria-label'?: string; w?: number; description?: string;
}) {
  return <DecimalInput {...rest} label={label} value={value ?? null} onChange={onChange} decimals={decimals} readOnly={readOnly} />;
}

export function Ref({ label, register, value, onChange, readOnly, required = false }: {
  label: string; register: string; value: number | null | undefined; onChange: (v: number | null) => void; readOnly: boolean; required?: boolean;
}) {
  const field: FieldDef = { kind: 'ref', label, ref: register, required };
  return (
    <RefSelect
      name={register}
      field={field}
      label={label}
      value={value ? value : null}
      onChange={onChange}
      error={undefined}
      withAsterisk={required}
      readOnly={readOnly}
    />
  );
}
