/**
 * Inputs with Brazilian masks over Mantine's TextInput: a masked text (CPF, CNPJ, CEP, phone), money typed from the
 * right (R$ 1.234,56), a pt-BR decimal (quantity, percent) and a date dd/mm/aaaa whatever the browser's locale.
 */
import { useState, type Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { parseScaledBR } from './decimal.ts';
import { dateFromBR, dateToBR, maskDate, moneyFromTyped, moneyText } from './masks.ts';

type BaseProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & { ref?: Ref<HTMLInputElement> };

/** A text shown through a mask; `onChange` gets the masked text. */
export function MaskedInput({ mask, value, onChange, ...props }: BaseProps & { mask: (raw: string) => string; value: string; onChange: (masked: string) => void }) {
  return <TextInput {...props} value={mask(value)} onChange={(e) => onChange(mask(e.currentTarget.value))} />;
}

/** Money typed from the right; the value is in centavos (null: empty). */
export function MoneyInput({ value, onChange, ...props }: BaseProps & { value: number | null; onChange: (cents: number | null) => void }) {
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      value={moneyText(value)}
      placeholder={props.placeholder ?? 'R$ 0,00'}
      // A paste: its digits as centavos.
      onChange={(e) => onChange(moneyFromTyped(e.currentTarget.value))}
      onKeyDown={(e) => {
        props.onKeyDown?.(e);
        if (e.ctrlKey || e.metaKey || e.altKey || props.readOnly) return;
        // Typing from the right whatever the caret: a digit enters as the last centavo, Backspace drops the last one.
        if (/^\d$/.test(e.key)) {
          e.preventDefault();
          onChange(moneyFromTyped(`${value ?? 0}${e.key}`));
        } else if (e.key === 'Backspace' || e.key === 'Delete') {
          e.preventDefault();
          onChange(value === null || value < 10 ? null : Math.floor(value / 10));
        }
      }}
    />
  );
}

/**
 * A pt-BR decimal ('1.234,5') with `decimals` places: typed freely, shown with its places when the field is left. The
 * value is the number (null: empty; NaN: not a number, which the schema refuses).
 */
export function DecimalInput({
  value,
  onChange,
  decimals,
  ...props
}: BaseProps & { value: number | null; onChange: (value: number | null) => void; decimals: number }) {
  const shown = (v: number | null) => (v === null || Number.isNaN(v) ? '' : v.toLocaleString('pt-BR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
  const [text, setText] = useState(() => shown(value));
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        onChange(next.trim() === '' ? null : parseScaledBR(next, decimals));
      }}
      onBlur={() => setText(shown(value))}
    />
  );
}

/** A date typed as dd/mm/aaaa; the value is 'aaaa-mm-dd' when complete (null: empty; the typed text while incomplete). */
export function DateInputBR({ value, onChange, ...props }: BaseProps & { value: string | null; onChange: (value: string | null) => void }) {
  const [text, setText] = useState(() => (value ? dateToBR(value) : ''));
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      value={text}
      onChange={(e) => {
        const masked = maskDate(e.currentTarget.value);
        setText(masked);
        onChange(masked === '' ? null : (dateFromBR(masked) ?? masked));
      }}
    />
  );
}

/**
 * A date of a filter or a document, dd/mm/aaaa whatever the browser's locale; the value is ISO (YYYY-MM-DD) or ''.
 * `onChange` hears only a whole valid date or '' (a half-typed one stays in the input, marked on leaving it), and a
 * value changed from outside (a filter reset) shows at once.
 */
export function DateField({ value, onChange, error, ...props }: BaseProps & { value: string; onChange: (iso: string) => void }) {
  const [text, setText] = useState(() => (value ? dateToBR(value) : ''));
  const [invalid, setInvalid] = useState(false);
  // A value changed from outside (not by what was typed here) replaces the text, during the render that sees it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if ((dateFromBR(text) ?? '') !== value) setText(value ? dateToBR(value) : '');
  }
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      placeholder="dd/mm/aaaa"
      value={text}
      error={error ?? (invalid ? 'Data inválida.' : undefined)}
      onChange={(e) => {
        const masked = maskDate(e.currentTarget.value);
        setText(masked);
        setInvalid(false);
        const iso = masked === '' ? '' : dateFromBR(masked);
        if (iso !== null && iso !== value) onChange(iso);
      }}
      onBlur={(e) => {
        props.onBlur?.(e);
        setInvalid(text !== '' && dateFromBR(text) === null);
      }}
    />
  );
}
