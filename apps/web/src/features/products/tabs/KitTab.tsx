/**
 * Kit (001 §3 Product "kit"): the variations a kit is made of, with the quantity one kit takes. Selling the kit takes
 * these components' stock (the server's stock owner). The list is edited here and saved whole.
 */
import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { call } from '../../../api/client.ts';
import { TabError, TabPending } from './TabError.tsx';
import { useOptions } from './useOptions.ts';
import { useTabCall } from './useTabCall.ts';

interface Line {
  id_produto_grade: number;
  descricao: string;
  sku: string | null;
  quantidade: number;
}

export function KitTab({ id_produto, readOnly }: { id_produto: number; readOnly: boolean }) {
  const tab = useTabCall('productKitFind', { id_produto }, String(id_produto));
  const [lines, setLines] = useState<Line[]>([]);
  const [dirty, setDirty] = useState(false);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantidade, setQuantidade] = useState<number>(1);
  const options = useOptions('productKitOptions', search);
  // The chosen row, kept: once chosen, the box shows its label, which is searched in turn, and that answer need not
  // hold the row ('Selecione o produto componente.' with the component in the box, found by product-tabs.spec).
  const [picked, setPicked] = useState<(typeof options)[number] | null>(null);
  // The list starts from each answer of the server (React's "adjust state while rendering" for a changed input).
  const [shown, setShown] = useState(tab.data);
  if (tab.data !== shown) {
    setShown(tab.data);
    if (tab.data) {
      setLines(tab.data.rows.map((r) => ({ id_produto_grade: r.id_produto_grade, descricao: r.descricao, sku: r.sku, quantidade: r.quantidade })));
      setDirty(false);
    }
  }
  const parents = tab.data?.componente_de ?? [];
  const change = (next: Line[]) => {
    setLines(next);
    setDirty(true);
  };

  const add = () => {
    const o = picked && String(picked.id_produto_grade) === chosen ? picked : options.find((x) => String(x.id_produto_grade) === chosen);
    if (!o) {
      tab.setError('Selecione o produto componente.');
      return;
    }
    if (!(quantidade > 0)) {
      tab.setError('Quantidade: deve ser maior que zero.');
      return;
    }
    tab.setError(null);
    const existing = lines.find((l) => l.id_produto_grade === o.id_produto_grade);
    change(existing
      ? lines.map((l) => (l === existing ? { ...l, quantidade: l.quantidade + quantidade } : l))
      : [...lines, { id_produto_grade: o.id_produto_grade, descricao: o.descricao, sku: o.sku, quantidade }]);
    setChosen(null);
    setPicked(null);
    setQuantidade(1);
  };
  const offered = picked && !options.some((o) => o.id_produto_grade === picked.id_produto_grade) ? [picked, ...options] : options;
  const save = () => void tab.run(() => call('productKitSave', {
    id_produto, itens: lines.map((l) => ({ id_produto_grade: l.id_produto_grade, quantidade: l.quantidade })),
  }), 'Kit salvo.', (r) => r);
  if (!tab.data) return <TabPending error={tab.error} />;

  return (
    <Stack gap="sm">
      {parents.length > 0 && (
        <Alert variant="light" color="blue">{`Este produto é componente do kit ${parents.join(', ')}: ele não pode ter componentes.`}</Alert>
      )}
      <Text size="sm" c="dimmed">Ao vender o kit, o estoque baixado é o dos componentes, nas quantidades abaixo por kit vendido.</Text>
      {!readOnly && parents.length === 0 && (
        <Group align="flex-end">
          <Select label="Componente" placeholder="Descrição ou SKU" searchable w={420} value={chosen} onSearchChange={setSearch}
            onChange={(v) => {
              setChosen(v);
              setPicked(offered.find((o) => String(o.id_produto_grade) === v) ?? null);
            }}
            nothingFoundMessage="Nenhum produto encontrado"
            data={offered.filter((o) => o.id_produto !== id_produto).map((o) => ({ value: String(o.id_produto_grade), label: o.sku ? `${o.descricao} (${o.sku})` : o.descricao }))} />
          <NumberInput label="Quantidade" w={140} min={0.001} decimalScale={3} decimalSeparator="," value={quantidade}
            onChange={(v) => setQuantidade(Number(v) || 0)} onKeyDown={(e) => e.key === 'Enter' && add()} />
          <Button variant="light" onClick={add}>Adicionar</Button>
        </Group>
      )}
      <TabError error={tab.error} />
      {lines.length === 0 ? (
        <Text c="dimmed">Este produto não é um kit: nenhum componente.</Text>
      ) : (
        <Table striped aria-label="Componentes do kit">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Componente</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th w={160}>Quantidade por kit</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.id_produto_grade}>
                <Table.Td>{l.descricao}</Table.Td>
                <Table.Td>{l.sku ?? '—'}</Table.Td>
                <Table.Td>
                  <NumberInput aria-label={`Quantidade de ${l.descricao}`} size="xs" min={0.001} decimalScale={3} decimalSeparator="," readOnly={readOnly}
                    value={l.quantidade} onChange={(v) => change(lines.map((x) => (x === l ? { ...x, quantidade: Number(v) || 0 } : x)))} />
                </Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <Group justify="flex-end">
                      <Button size="xs" variant="subtle" color="red" onClick={() => change(lines.filter((x) => x !== l))}>Remover</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          {dirty && <Text size="sm" c="orange">Alterações não salvas.</Text>}
          <Button loading={tab.busy} disabled={!dirty} onClick={save}>Salvar kit</Button>
        </Group>
      )}
    </Stack>
  );
}
