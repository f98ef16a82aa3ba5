/** F4: a discount on the selected line or on the sale's subtotal, as a percentage or a value (001 §5 limits). */
import { useState } from 'react';
import { Button, Drawer, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { formatMoney, formatPercent, parseMoneyBR, parsePercentBR, percentOf, type BasisPoints, type Cents } from '@pdv/domain/money';
import { validateDiscount, type TipoDesconto } from '@pdv/domain/price-limits';

export type DiscountTarget = 'item' | 'total';

interface Props {
  opened: boolean;
  /** Gross of the selected line and of the sale (what a discount applies to). */
  bases: { item: Cents | null; total: Cents };
  maxBp: BasisPoints;
  onClose: () => void;
  onApply: (target: DiscountTarget, value: Cents) => void;
}

export function DiscountPanel({ opened, bases, maxBp, onClose, onApply }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Desconto (F4)">
      {opened && <DiscountForm bases={bases} maxBp={maxBp} onApply={onApply} />}
    </Drawer>
  );
}

function DiscountForm({ bases, maxBp, onApply }: Pick<Props, 'bases' | 'maxBp' | 'onApply'>) {
  const [target, setTarget] = useState<DiscountTarget>(bases.item === null ? 'total' : 'item');
  const [tipo, setTipo] = useState<TipoDesconto>('Percentual');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const base = target === 'item' ? (bases.item ?? 0) : bases.total;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = tipo === 'Percentual' ? parsePercentBR(value) : parseMoneyBR(value);
        if (parsed === null) return setError('Informe o desconto.');
        const errors = validateDiscount({ tipo, valor: parsed, base }, maxBp);
        if (errors[0]) return setError(errors[0].message);
        onApply(target, tipo === 'Percentual' ? percentOf(base, parsed) : parsed);
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
          onChange={(e) => setValue(e.currentTarget.value)}
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
          Sobre {formatMoney(base)} · máximo {formatPercent(maxBp)}. Teclas: % percentual, $ valor.
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
