/**
 * Informação nutricional (001 §3 Product; law 360 by default, 002 §9): the portion and every nutrient with its %VD.
 * Typing an amount fills its %VD from the law's daily value (@pdv/domain/nutrition); the percent can still be
 * corrected by hand. A nutrient the law gives no daily value has its percent left empty.
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { NutritionResult } from '@pdv/contract/product-tabs';
import { DAILY_VALUES, NUTRIENT_LABELS, NUTRIENTS, dailyValuePercent, type Nutrient, type NutritionLaw } from '@pdv/domain/nutrition';
import { call } from '../../../api/client.ts';
import { TabError, TabPending } from './TabError.tsx';
import { useTabCall } from './useTabCall.ts';

type Values = Omit<NutritionResult, 'id_produto' | 'cadastrada'>;
const pct = (n: Nutrient) => `${n}_percentual` as const;
const numberOrNull = (v: string | number) => (v === '' || v === null ? null : Number(v));

export function InformacaoNutricionalTab({ id_produto, readOnly }: { id_produto: number; readOnly: boolean }) {
  const tab = useTabCall('productNutritionGet', { id_produto }, String(id_produto));
  const [values, setValues] = useState<Values | null>(null);
  // The form starts from each answer of the server (React's "adjust state while rendering" for a changed input).
  const [shown, setShown] = useState(tab.data);
  if (tab.data !== shown) {
    setShown(tab.data);
    if (tab.data) {
      const { id_produto: _id, cadastrada: _c, ...rest } = tab.data;
      setValues(rest);
    }
  }
  if (!values) return <TabPending error={tab.error} />;

  const setAmount = (n: Nutrient, amount: number | null) =>
    setValues({ ...values, [n]: amount, [pct(n)]: dailyValuePercent(values.tipo_lei, n, amount) });
  const setLaw = (law: NutritionLaw) => {
    const next: Values = { ...values, tipo_lei: law };
    for (const n of NUTRIENTS) next[pct(n)] = dailyValuePercent(law, n, values[n]);
    setValues(next);
  };
  const save = () => void tab.run(() => call('productNutritionSave', { id_produto, ...values }), 'Informação nutricional salva.', (r) => r);

  return (
    <Stack gap="sm" maw={720}>
      <Group align="flex-end" grow>
        <Select label="Legislação" value={values.tipo_lei} disabled={readOnly} allowDeselect={false}
          data={[{ value: '360', label: 'RDC 360/2003' }, { value: '429', label: 'RDC 429/2020' }]} onChange={(v) => v && setLaw(v === '429' ? '429' : '360')} />
        <TextInput label="Porção" placeholder="30 g (1 unidade)" maxLength={60} readOnly={readOnly} value={values.porcao ?? ''}
          onChange={(e) => setValues({ ...values, porcao: e.currentTarget.value })} />
      </Group>
      <Group align="flex-end" grow>
        <NumberInput label="Quantidade da porção" decimalSeparator="," thousandSeparator="." decimalScale={3} min={0} readOnly={readOnly}
          value={values.quantidade_porcao ?? ''} onChange={(v) => setValues({ ...values, quantidade_porcao: numberOrNull(v) })} />
        <Select label="Unidade" value={values.unidade_porcao} disabled={readOnly} allowDeselect={false} data={['g', 'ml']}
          onChange={(v) => v && setValues({ ...values, unidade_porcao: v === 'ml' ? 'ml' : 'g' })} />
        <TextInput label="Medida caseira" placeholder="1 unidade" maxLength={60} readOnly={readOnly} value={values.medida_caseira ?? ''}
          onChange={(e) => setValues({ ...values, medida_caseira: e.currentTarget.value })} />
      </Group>
      <Table aria-label="Nutrientes por porção" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nutriente</Table.Th>
            <Table.Th>Quantidade por porção</Table.Th>
            <Table.Th>%VD (*)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {NUTRIENTS.map((n) => (
            <Table.Tr key={n}>
              <Table.Td>{NUTRIENT_LABELS[n].label}</Table.Td>
              <Table.Td>
                <NumberInput aria-label={NUTRIENT_LABELS[n].label} size="xs" decimalSeparator="," thousandSeparator="." decimalScale={3} min={0}
                  readOnly={readOnly} rightSection={<Text size="xs" c="dimmed">{NUTRIENT_LABELS[n].unit}</Text>} rightSectionWidth={40}
                  value={values[n] ?? ''} onChange={(v) => setAmount(n, numberOrNull(v))} />
              </Table.Td>
              <Table.Td>
                <NumberInput aria-label={`%VD ${NUTRIENT_LABELS[n].label}`} size="xs" decimalSeparator="," decimalScale={2} min={0} suffix=" %"
                  readOnly={readOnly || DAILY_VALUES[values.tipo_lei][n] === undefined}
                  placeholder={DAILY_VALUES[values.tipo_lei][n] === undefined ? '**' : undefined}
                  value={values[pct(n)] ?? ''} onChange={(v) => setValues({ ...values, [pct(n)]: numberOrNull(v) })} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        (*) % Valores Diários de referência com base em uma dieta de 2.000 kcal. (**) VD não estabelecido nesta legislação.
      </Text>
      <TabError error={tab.error} />
      {!readOnly && (
        <Group justify="flex-end">
          <Button loading={tab.busy} onClick={save}>Salvar informação nutricional</Button>
        </Group>
      )}
    </Stack>
  );
}
