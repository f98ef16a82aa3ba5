/** Cenários fiscais (001 §3 "Fiscal scenarios per product"): the scenarios linked to this product, added and removed here. */
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { ProductFiscalScenario } from '@pdv/contract/product-tabs';
import { call } from '../../../api/client.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { TabError } from './TabError.tsx';
import { useOptions } from './useOptions.ts';
import { useTabCall } from './useTabCall.ts';

const operacao = (o: number) => (o === 0 ? 'Entrada' : 'Saída');

export function CenariosFiscaisTab({ id_produto, readOnly }: { id_produto: number; readOnly: boolean }) {
  const tab = useTabCall('productFiscalScenarioFind', { id_produto }, String(id_produto));
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const options = useOptions('productFiscalScenarioOptions', search);
  const rows = tab.data?.rows ?? [];
  const linked = new Set(rows.map((r) => r.id_cenario_fiscal));

  const add = async () => {
    if (!chosen) {
      tab.setError('Selecione o cenário fiscal.');
      return;
    }
    const ok = await tab.run(() => call('productFiscalScenarioCreate', { id_produto, id_cenario_fiscal: Number(chosen) }), 'Cenário fiscal vinculado.', (r) => r);
    if (ok) setChosen(null);
  };

  const remove = async (r: ProductFiscalScenario) => {
    if (!(await confirm(`Desvincular o cenário fiscal ${r.descricao}?`))) return;
    await tab.run(() => call('productFiscalScenarioDelete', { id_produto_cenario_fiscal: r.id_produto_cenario_fiscal }), 'Cenário fiscal desvinculado.', (x) => x);
  };

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Group align="flex-end">
          <Select label="Cenário fiscal" placeholder="Pesquisar pela descrição" searchable w={420} value={chosen} onChange={setChosen}
            onSearchChange={setSearch} nothingFoundMessage="Nenhum cenário fiscal encontrado"
            data={options.filter((o) => !linked.has(o.id_cenario_fiscal)).map((o) => ({ value: String(o.id_cenario_fiscal), label: `${o.descricao} (${operacao(o.operacao)})` }))} />
          <Button loading={tab.busy} onClick={() => void add()}>Vincular</Button>
        </Group>
      )}
      <TabError error={tab.error} />
      {!tab.data ? null : rows.length === 0 ? (
        <Text c="dimmed">Nenhum cenário fiscal vinculado a este produto.</Text>
      ) : (
        <Table striped aria-label="Cenários fiscais do produto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cenário fiscal</Table.Th>
              <Table.Th>Operação</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id_produto_cenario_fiscal}>
                <Table.Td>{r.descricao}</Table.Td>
                <Table.Td>{operacao(r.operacao)}</Table.Td>
                <Table.Td><Badge variant="light" color={r.situacao === 'Ativo' ? 'green' : 'gray'}>{r.situacao}</Badge></Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <Group justify="flex-end">
                      <Button size="xs" variant="subtle" color="red" disabled={tab.busy} onClick={() => void remove(r)}>Desvincular</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
