/** The fields of a volume line, the same in the order and the invoice registers (000 §5 "Volume"). */
import type { ChangeEvent } from 'react';
import { Grid, TextInput } from '@mantine/core';
import type { VolumeForm } from '../order/form.ts';

/** The strings typed (the order's form; the invoice's is the same). */
export type VolumeFieldValues = VolumeForm;

interface Props {
  form: VolumeFieldValues;
  set: (name: keyof VolumeFieldValues) => (e: ChangeEvent<HTMLInputElement>) => void;
  /** Quantity and both weights marked as required (the order's rule). */
  required?: boolean;
}

export function VolumeFields({ form, set, required = false }: Props) {
  return (
    <Grid gap="xs">
      <Grid.Col span={{ base: 4, lg: 1.5 }}>
        <TextInput
          label="Quantidade"
          value={form.quantidade}
          onChange={set('quantidade')}
          inputMode="numeric"
          withAsterisk={required}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 8, lg: 2.5 }}>
        <TextInput label="Espécie" placeholder="Caixa" value={form.especie} onChange={set('especie')} maxLength={60} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, lg: 2 }}>
        <TextInput label="Marca" value={form.marca} onChange={set('marca')} maxLength={60} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, lg: 2 }}>
        <TextInput label="Numeração" value={form.numeracao} onChange={set('numeracao')} maxLength={60} />
      </Grid.Col>
      <Grid.Col span={{ base: 6, lg: 2 }}>
        <TextInput
          label="Peso líquido (kg)"
          value={form.peso_liquido}
          onChange={set('peso_liquido')}
          inputMode="decimal"
          withAsterisk={required}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, lg: 2 }}>
        <TextInput
          label="Peso bruto (kg)"
          value={form.peso_bruto}
          onChange={set('peso_bruto')}
          inputMode="decimal"
          withAsterisk={required}
        />
      </Grid.Col>
    </Grid>
  );
}
