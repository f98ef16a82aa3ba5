/**
 * F4: a discount on the selected line or on the sale's subtotal, as a percentage or a value (001 §5 limits). The line
 * is limited by its product's own maximum where it has one, else the user's; the subtotal by the user's (the page
 * passes both, from effectiveLimits). Whether a discount is above the limit is decided by the domain's
 * discountAboveLimitError, the function POST /api/operacao applies, so the till and the server agree to the centavo.
 * Above the limit the panel says why and, when `authorize` is given, asks a supervisor at once (the supervisor modal:
 * Esc declines and the cursor is back in the field); a grant applies the discount with its id.
 */
import { useEffect, useState } from 'react';
import { useAsking } from './useAsking.ts';
import { Button, Drawer, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  BASIS_POINTS_PER_UNIT,
  formatMoney,
  formatPercent,
  parseMoneyBR,
  parsePercentBR,
  percentOf,
  type BasisPoints,
  type Cents,
} from '@pdv/domain/money';
import { validateDiscount, type TipoDesconto } from '@pdv/domain/price-limits';
import { discountAboveLimitError } from '@pdv/domain/sale-build';

export type DiscountTarget = 'item' | 'total';

export const PRODUCT_LIMIT_LOADING = 'Aguarde: lendo o desconto máximo do produto.';

interface Props {
  opened: boolean;
  /** Gross of the selected line and what the lines are worth after their own discounts (what a discount applies to). */
  bases: { item: Cents | null; total: Cents };
  /**
   * The maximum of the line (its product's own, else the user's; undefined while the product is being read) and of the
   * subtotal (the user's).
   */
  maxBp: { item: BasisPoints | undefined; total: BasisPoints };
  onClose: () => void;
  /** `id_autorizacao`: the supervisor's grant when the discount is above the limit (null: within it). */
  onApply: (target: DiscountTarget, value: Cents, id_autorizacao: number | null) => void;
  /** Asks a supervisor for a discount above the limit (what it is for, in words); the grant's id or null. */
  authorize?: (observacao: string) => Promise<number | null>;
}

export function DiscountPanel({ opened, onClose, authorize, ...form }: Props) {
  const asking = useAsking(authorize);
  return (
    // While the supervisor modal is over the panel, Esc is the modal's (it declines; the panel stays).
    <Drawer opened={opened} onClose={onClose} position="right" title="Desconto (F4)" closeOnEscape={!asking.active}>
      {opened && <DiscountForm {...form} {...(asking.ask ? { authorize: asking.ask } : {})} />}
    </Drawer>
  );
}

function DiscountForm({ bases, maxBp, onApply, authorize }: Omit<Props, 'opened' | 'onClose'>) {
  const [target, setTarget] = useState<DiscountTarget>(bases.item === null ? 'total' : 'item');
  const [tipo, setTipo] = useState<TipoDesconto>('Percentual');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Enter pressed while the product's own limit was still being read: the discount goes on once it arrives.
  const [pending, setPending] = useState(false);
  const base = target === 'item' ? (bases.item ?? 0) : bases.total;
  const max = maxBp[target];

  const submit = async () => {
    if (max === undefined) {
      setPending(true);
      return setError(PRODUCT_LIMIT_LOADING);
    }
    setPending(false);
    const parsed = tipo === 'Percentual' ? parsePercentBR(value) : parseMoneyBR(value);
    if (parsed === null) return setError('Informe o desconto.');
    // Type, sign and at most the whole base: nothing a supervisor could release.
    const invalid = validateDiscount({ tipo, valor: parsed, base }, BASIS_POINTS_PER_UNIT)[0];
    if (invalid) return setError(invalid.message);
    const cents = tipo === 'Percentual' ? percentOf(base, parsed) : parsed;
    const above = discountAboveLimitError(cents, base, max);
    if (above === null) return onApply(target, cents, null);
    // The spec's message for what was typed (a percentage's or a value's).
    setError(validateDiscount({ tipo, valor: parsed, base }, max)[0]?.message ?? above);
    if (!authorize) return;
    const what = target === 'item' ? 'no item' : 'no total da venda';
    const id = await authorize(`Desconto de ${formatMoney(cents)} ${what} (sobre ${formatMoney(base)}, máximo ${formatPercent(max)})`);
    if (id !== null) onApply(target, cents, id);
  };

  // The Enter already pressed, run once when the limit arrives from the local copy (an outside answer, not derived
  // state: the effect is the place for it). submit reads this render's state.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (pending && max !== undefined) void submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, max]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <SegmentedControl
          aria-label="Aplicar a"
          value={target}
          onChange={setTarget}
          data={[
            { value: 'item', label: 'Item selecionado', disabled: bases.item === null },
            { value: 'total', label: 'Total da venda' },
          ]}
        />
        <SegmentedControl
          aria-label="Tipo de desconto"
          value={tipo}
          onChange={setTipo}
          data={[
            { value: 'Percentual', label: 'Percentual (%)' },
            { value: 'Valor', label: 'Valor (R$)' },
          ]}
        />
        <TextInput
          label={tipo === 'Percentual' ? 'Desconto (%)' : 'Desconto (R$)'}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setPending(false);
          }}
          onKeyDown={(e) => {
            // Keyboard: "%" and "$" switch the type, Tab/ArrowKeys are left to the controls.
            if (e.key === '%') {
              e.preventDefault();
              setTipo('Percentual');
            }
            if (e.key === '$') {
              e.preventDefault();
              setTipo('Valor');
            }
          }}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          Sobre {formatMoney(base)} · máximo {max === undefined ? '…' : formatPercent(max)}. Teclas: % percentual, $ valor.
          {authorize ? ' Acima do máximo, com autorização do supervisor.' : ''}
        </Text>
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit">Aplicar (Enter)</Button>
      </Stack>
    </form>
  );
}
