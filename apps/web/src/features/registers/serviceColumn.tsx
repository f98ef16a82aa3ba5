/**
 * A child row's catalogue service, searched in the service register as its list does: the commission group's rates
 * per service and the promotion's discounts per service.
 */
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import type { ChildColumn } from '../settings/ChildRowsEditor.tsx';
import { RefSelect } from './RefSelect.tsx';

const SERVICE_FIELD: FieldDef = { kind: 'ref', ref: 'service', label: 'Serviço', required: true };

export const SERVICE_COLUMN: ChildColumn = {
  name: 'id_servico', label: 'Serviço', kind: 'custom', required: true,
  input: (p) => (
    <RefSelect
      name="id_servico"
      field={SERVICE_FIELD}
      label={p.label ?? ''}
      aria-label={p.ariaLabel}
      value={typeof p.value === 'number' ? p.value : p.value == null || p.value === '' ? null : Number(p.value)}
      onChange={p.onChange}
      error={undefined}
      withAsterisk={false}
      readOnly={p.readOnly}
    />
  ),
};
