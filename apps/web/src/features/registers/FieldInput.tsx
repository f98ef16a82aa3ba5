/** One input of a register form, picked by the field's kind. */
import { ColorInput, NativeSelect, PasswordInput, Switch, Textarea, TextInput } from '@mantine/core';
import type { FieldDef } from '@pdv/contract/registers/descriptor';
import { DateInputBR, DecimalInput, MaskedInput, MoneyInput } from '../../ui/MaskedInputs.tsx';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '../../ui/masks.ts';
import { RefSelect } from './RefSelect.tsx';

interface Props {
  name: string;
  field: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  error: string | undefined;
  readOnly: boolean;
  autoFocus?: boolean;
}

const MASKS: Partial<Record<FieldDef['kind'], (raw: string) => string>> = { cpf: maskCpf, cnpj: maskCnpj, cep: maskCep, phone: maskPhone };

export function FieldInput({ name, field, value, onChange, error, readOnly, autoFocus }: Props) {
  const common = {
    label: field.label,
    name,
    error,
    withAsterisk: field.required === true,
    readOnly,
    'data-autofocus': autoFocus || undefined,
  };
  const text = typeof value === 'string' ? value : '';
  const num = typeof value === 'number' ? value : null;
  const mask = MASKS[field.kind];
  if (field.secret) {
    // Never read back: empty keeps the stored one.
    return (
      <PasswordInput
        {...common}
        autoComplete="new-password"
        placeholder="•••••• (mantido se vazio)"
        maxLength={field.max ?? 255}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  if (mask) return <MaskedInput {...common} mask={mask} value={text} onChange={onChange} />;
  switch (field.kind) {
    case 'money':
      return <MoneyInput {...common} value={num} onChange={onChange} />;
    case 'percent':
      return <DecimalInput {...common} value={num} onChange={onChange} decimals={field.decimals ?? 2} rightSection="%" />;
    case 'quantity':
      return <DecimalInput {...common} value={num} onChange={onChange} decimals={field.decimals ?? 3} />;
    case 'integer':
      // A code with pt-BR labels (a tax regime, an operation): a select of them.
      if (field.options)
        return (
          <NativeSelect
            {...common}
            disabled={readOnly}
            value={num === null || Number.isNaN(num) ? '' : String(num)}
            data={[
              ...(field.required || field.default !== undefined ? [] : [{ value: '', label: '—' }]),
              ...Object.entries(field.options).map(([v, label]) => ({ value: v, label })),
            ]}
            onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
          />
        );
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          value={num === null || Number.isNaN(num) ? '' : String(num)}
          onChange={(e) => {
            const t = e.currentTarget.value.replace(/[^\d-]/g, '');
            onChange(t === '' ? null : t === '-' ? Number.NaN : Number(t));
          }}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={field.label}
          name={name}
          checked={value === true}
          onChange={(e) => !readOnly && onChange(e.currentTarget.checked)}
          error={error}
        />
      );
    case 'enum':
      return (
        <NativeSelect
          {...common}
          disabled={readOnly}
          value={text}
          // No empty choice when the value cannot be null (required, or stored with a default).
          data={[
            ...(field.required || field.default !== undefined ? [] : [{ value: '', label: '—' }]),
            ...(field.values ?? []).map((v) => ({ value: v, label: field.options?.[v] ?? v })),
          ]}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}
        />
      );
    case 'date':
      return <DateInputBR {...common} value={typeof value === 'string' ? value : null} onChange={onChange} />;
    case 'color':
      return <ColorInput {...common} format="hex" value={text} onChange={onChange} />;
    case 'email':
      return <TextInput {...common} type="email" value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'ref':
      return <RefSelect {...common} field={field} value={num} onChange={onChange} />;
    default:
      // A long text (a thermal label's printer commands): several lines.
      if ((field.max ?? 255) > 1000)
        return <Textarea {...common} autosize minRows={3} maxRows={12} maxLength={field.max} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
      return <TextInput {...common} maxLength={field.max ?? 255} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
