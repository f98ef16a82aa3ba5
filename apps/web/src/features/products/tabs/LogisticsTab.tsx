/**
 * Unidades logísticas: the units the product is sold or bought in (a box of 12) with their multipliers. A unit a
 * saved barcode names cannot be removed ('Esta unidade logística contém codigo de barras vinculado!').
 */
import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { checkRemoveLogisticsUnit } from '@pdv/domain/product-rules';
import { showWarning } from '../../../ui/warning.tsx';
import { Decimal, Ref } from '../fields.tsx';
import type { ProductTabProps } from '../product-tabs.tsx';
import { newKey, useProductForm, type UnitValues } from '../useProductForm.ts';

export function LogisticsTab({ readOnly }: ProductTabProps) {
  const { values: v, set } = useProductForm();
  const units = v.unidades_logisticas ?? [];
  const setUnit = (i: number, patch: Partial<UnitValues>) => set('unidades_logisticas', units.map((u, j) => (j === i ? { ...u, ...patch } : u)));
  const add = () => set('unidades_logisticas', [...units, { chave: newKey('u'), id_unidade_medida: v.id_unidade_medida, multiplicador: 1 }]);
  const remove = (i: number) => {
    const unit = units[i];
    if (!unit) return;
    const barcodes = (v.codigos_barra ?? []).map((c) => ({ unidade: c.chave_unidade ?? null, saved: c.id_produto_codigo_barra !== undefined }));
    const refusal = checkRemoveLogisticsUnit(unit.chave, barcodes);
    if (refusal) {
      void showWarning(refusal);
      return;
    }
    set('unidades_logisticas', units.filter((_, j) => j !== i));
    set('codigos_barra', (v.codigos_barra ?? []).filter((c) => c.chave_unidade !== unit.chave));
  };
  return (
    <Stack gap="md">
      <Table withTableBorder aria-label="Unidades logísticas" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Unidade de medida</Table.Th>
            <Table.Th w={200}>Multiplicador</Table.Th>
            {!readOnly && <Table.Th w={60} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((u, i) => (
            <Table.Tr key={u.chave}>
              <Table.Td>
                <Ref label="" register="measureUnit" value={u.id_unidade_medida} readOnly={readOnly} onChange={(id) => id && setUnit(i, { id_unidade_medida: id })} />
              </Table.Td>
              <Table.Td>
                <Decimal label="" aria-label="Multiplicador" decimals={3} value={u.multiplicador} readOnly={readOnly}
                  onChange={(n) => setUnit(i, { multiplicador: n ?? 0 })} />
              </Table.Td>
              {!readOnly && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remover unidade ${i + 1}`} onClick={() => remove(i)}>✕</ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {units.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}><Text c="dimmed" ta="center">Nenhuma unidade logística.</Text></Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {!readOnly && (
        <Group justify="flex-end">
          <Button variant="light" onClick={add} disabled={!v.id_unidade_medida}>Adicionar unidade</Button>
        </Group>
      )}
    </Stack>
  );
}
