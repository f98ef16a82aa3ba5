/**
 * Combustível (ANP) (001 §3 Product "ANP fuel data"): the NF-e fuel group of the product: ANP product code and
 * description, the shares of LPG and natural gas, the starting value, CODIF, the state of consumption and the
 * biodiesel share. Removing it makes the product no fuel again.
 */
import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { AnpData } from '@pdv/contract/product-tabs';
import { call } from '../../../api/client.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { TabError, TabPending } from './TabError.tsx';
import { useTabCall } from './useTabCall.ts';

const EMPTY: AnpData = {
  codigo_anp: '', descricao_anp: '', percentual_glp: null, percentual_gas_natural_nacional: null, percentual_gas_natural_importado: null,
  valor_partida: null, codif: null, uf_consumo: null, percentual_biodiesel: null,
};
const numberOrNull = (v: string | number) => (v === '' ? null : Number(v));

export function CombustivelAnpTab({ id_produto, readOnly }: { id_produto: number; readOnly: boolean }) {
  const tab = useTabCall('productAnpGet', { id_produto }, String(id_produto));
  const [values, setValues] = useState<AnpData>(EMPTY);
  // The form starts from each answer of the server (React's "adjust state while rendering" for a changed input).
  const [shown, setShown] = useState(tab.data);
  if (tab.data !== shown) {
    setShown(tab.data);
    if (tab.data) setValues(tab.data.anp ?? EMPTY);
  }
  const set = (patch: Partial<AnpData>) => setValues({ ...values, ...patch });
  const percent = (label: string, key: 'percentual_glp' | 'percentual_gas_natural_nacional' | 'percentual_gas_natural_importado' | 'percentual_biodiesel') => (
    <NumberInput label={label} decimalSeparator="," decimalScale={4} min={0} max={100} suffix=" %" readOnly={readOnly}
      value={values[key] ?? ''} onChange={(v) => set({ [key]: numberOrNull(v) })} />
  );

  const save = () => void tab.run(() => call('productAnpSave', {
    id_produto, ...values, codif: values.codif?.trim() || null, uf_consumo: values.uf_consumo?.trim().toUpperCase() || null,
  }), 'Dados ANP salvos.', (r) => r);
  const remove = async () => {
    if (!(await confirm('Remover os dados ANP deste produto?'))) return;
    await tab.run(() => call('productAnpDelete', { id_produto }), 'Dados ANP removidos.', (r) => r);
  };
  if (!tab.data) return <TabPending error={tab.error} />;

  return (
    <Stack gap="sm" maw={720}>
      {!tab.data.anp && <Text size="sm" c="dimmed">Preencha somente para combustíveis (grupo de combustível da NF-e).</Text>}
      <Group align="flex-end" grow>
        <TextInput label="Código ANP" required maxLength={9} inputMode="numeric" readOnly={readOnly} value={values.codigo_anp}
          onChange={(e) => set({ codigo_anp: e.currentTarget.value.replace(/\D/g, '') })} />
        <TextInput label="Descrição ANP" required maxLength={95} readOnly={readOnly} value={values.descricao_anp}
          onChange={(e) => set({ descricao_anp: e.currentTarget.value })} />
      </Group>
      <Group align="flex-end" grow>
        {percent('GLP derivado de petróleo', 'percentual_glp')}
        {percent('Gás natural nacional', 'percentual_gas_natural_nacional')}
        {percent('Gás natural importado', 'percentual_gas_natural_importado')}
      </Group>
      <Group align="flex-end" grow>
        <NumberInput label="Valor de partida" decimalSeparator="," thousandSeparator="." decimalScale={2} fixedDecimalScale min={0} prefix="R$ "
          readOnly={readOnly} value={values.valor_partida ?? ''} onChange={(v) => set({ valor_partida: numberOrNull(v) })} />
        <TextInput label="CODIF" maxLength={21} inputMode="numeric" readOnly={readOnly} value={values.codif ?? ''}
          onChange={(e) => set({ codif: e.currentTarget.value.replace(/\D/g, '') })} />
        <TextInput label="UF de consumo" maxLength={2} readOnly={readOnly} value={values.uf_consumo ?? ''}
          onChange={(e) => set({ uf_consumo: e.currentTarget.value.toUpperCase() })} />
        {percent('Biodiesel', 'percentual_biodiesel')}
      </Group>
      <TabError error={tab.error} />
      {!readOnly && (
        <Group justify="flex-end">
          {tab.data.anp && <Button variant="subtle" color="red" disabled={tab.busy} onClick={() => void remove()}>Remover dados ANP</Button>}
          <Button loading={tab.busy} onClick={save}>Salvar dados ANP</Button>
        </Group>
      )}
    </Stack>
  );
}
