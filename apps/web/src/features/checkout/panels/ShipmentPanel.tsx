/**
 * Alt+T: the sale's shipment (000 §2): who pays the freight (tipo_frete, 9 = none by default), the carrier (a person
 * marked transportadora, CarrierPicker) and the freight, insurance and other costs, which add to the total. Enter
 * applies (in the carrier's field while its list is open, Enter picks from it); Esc closes.
 */
import { useState } from 'react';
import { Button, Drawer, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { TIPOS_FRETE } from '../../order/form.ts';
import { CarrierPicker } from './CarrierPicker.tsx';
import { parseShipment, shipmentText, type Shipment } from './shipment.ts';

interface Props {
  opened: boolean;
  current: Shipment;
  onClose: () => void;
  onApply: (shipment: Shipment) => void;
}

export function ShipmentPanel({ opened, current, onClose, onApply }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Frete (Alt+T)">
      {opened && <ShipmentForm current={current} onApply={onApply} />}
    </Drawer>
  );
}

function ShipmentForm({ current, onApply }: Pick<Props, 'current' | 'onApply'>) {
  const [text, setText] = useState(() => shipmentText(current));
  const [error, setError] = useState<string | null>(null);
  const field = (name: 'frete' | 'seguro' | 'outros', label: string) => (
    <TextInput
      label={label}
      aria-label={label}
      inputMode="decimal"
      placeholder="0,00"
      value={text[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setText((t) => ({ ...t, [name]: value }));
      }}
    />
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseShipment(text);
        if (!parsed.ok) return setError(parsed.error);
        onApply(parsed.shipment);
      }}
    >
      <Stack>
        <NativeSelect
          label="Tipo de frete"
          aria-label="Tipo de frete"
          data-autofocus
          data={TIPOS_FRETE.map((t) => ({ value: String(t.value), label: t.label }))}
          value={text.tipo_frete}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText((t) => ({ ...t, tipo_frete: value }));
          }}
          onKeyDown={(event) => {
            // A select takes Enter as its own: here it applies, as in the other fields.
            if (event.key === 'Enter') {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <CarrierPicker value={text.id_transportadora} onChange={(id_transportadora) => setText((t) => ({ ...t, id_transportadora }))} />
        {field('frete', 'Frete')}
        {field('seguro', 'Seguro')}
        {field('outros', 'Outras despesas')}
        {error && (
          <Text role="alert" c="red" size="sm">
            {error}
          </Text>
        )}
        <Button type="submit">Aplicar (Enter)</Button>
      </Stack>
    </form>
  );
}
