/**
 * Grade/Variações: the product's variations (the default 'Geral' one hidden), and their generation from attribute
 * items (every combination; the ones already in the grid left out with the spec's message, singular or plural).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ActionIcon, Alert, Button, Fieldset, Group, MultiSelect, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { generateVariations, type AttributeChoice } from '@pdv/domain/product-rules';
import { call } from '../../../api/client.ts';
import { showWarning } from '../../../ui/warning.tsx';
import type { ProductTabProps } from '../product-tabs.tsx';
import { newKey, useProductForm, type GradeValues } from '../useProductForm.ts';

interface Attribute {
  id_atributo: number;
  descricao: string;
  itens: Array<{ id_atributo_item: number; descricao: string }>;
}

async function loadAttributes(): Promise<Attribute[]> {
  // Register routes are typed by their rows' shape at run time (registers/api.ts): the attribute's are these.
  const list = (await call('attributeFind', { take: 200, skip: 0 })) as { rows: Array<{ id_atributo: number; descricao: string; situacao: string }> };
  const active = list.rows.filter((r) => r.situacao !== 'Inativo');
  return Promise.all(active.map(async (a) => {
    const row: unknown = await call('attributeFindById', { id_atributo: Number(a.id_atributo) });
    return { id_atributo: Number(a.id_atributo), descricao: String(a.descricao), itens: (row as Partial<Attribute>).itens ?? [] };
  }));
}

export function GridTab({ readOnly }: ProductTabProps) {
  const { values: v, set } = useProductForm();
  const attributes = useQuery({ queryKey: ['product-attributes'], queryFn: loadAttributes, enabled: !readOnly });
  const [chosen, setChosen] = useState<Record<number, string[]>>({});
  const grades = v.grades ?? [];
  const visible = grades.map((g, i) => ({ g, i })).filter(({ g }) => !g.is_padrao);
  const setGrade = (i: number, patch: Partial<GradeValues>) => set('grades', grades.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  const remove = (i: number) => {
    const chave = grades[i]?.chave;
    set('grades', grades.filter((_, j) => j !== i));
    set('codigos_barra', (v.codigos_barra ?? []).filter((c) => c.chave_grade !== chave));
  };

  const generate = () => {
    const choices: AttributeChoice[] = (attributes.data ?? []).map((a) => ({
      id_atributo: a.id_atributo,
      itens: a.itens.filter((item) => (chosen[a.id_atributo] ?? []).includes(String(item.id_atributo_item))),
    }));
    const existing = grades.filter((g) => !g.is_padrao).map((g) => ({ descricao: g.descricao, itens: g.itens ?? [] }));
    const result = generateVariations(choices, existing);
    if (result.variations.length > 0) {
      // The generated variations replace the hidden default one (the server drops it too).
      const kept = grades.filter((g) => !g.is_padrao);
      set('grades', [...kept, ...result.variations.map((nv) => ({
        chave: newKey('g'), descricao: nv.descricao, itens: nv.itens, sku: null, is_padrao: false, situacao: 'Ativo' as const,
        preco_venda: v.preco_venda ?? 0, preco_atacado: v.preco_atacado ?? 0, preco_custo: v.preco_custo ?? 0, preco_custo_medio: v.preco_custo_medio ?? 0,
      }))]);
      setChosen({});
    }
    if (result.message) void showWarning(result.message);
  };

  return (
    <Stack gap="md">
      {!readOnly && (
        <Fieldset legend="Gerar variações a partir dos atributos">
          {attributes.isSuccess && attributes.data.length === 0 && (
            <Alert color="yellow" variant="light">Nenhum atributo cadastrado. Cadastre os atributos (cor, tamanho, ...) em Atributos.</Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {(attributes.data ?? []).map((a) => (
              <MultiSelect
                key={a.id_atributo}
                label={a.descricao}
                data={a.itens.map((item) => ({ value: String(item.id_atributo_item), label: item.descricao }))}
                value={chosen[a.id_atributo] ?? []}
                onChange={(items) => setChosen((c) => ({ ...c, [a.id_atributo]: items }))}
                searchable
                placeholder="Itens"
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button onClick={generate} disabled={!attributes.isSuccess}>Gerar variações</Button>
          </Group>
        </Fieldset>
      )}
      <Table withTableBorder aria-label="Variações" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Variação</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th w={140}>Situação</Table.Th>
            {!readOnly && <Table.Th w={60} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visible.map(({ g, i }) => (
            <Table.Tr key={g.chave}>
              <Table.Td>
                <TextInput aria-label="Descrição da variação" value={g.descricao} readOnly={readOnly} onChange={(e) => setGrade(i, { descricao: e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <TextInput aria-label={`SKU de ${g.descricao}`} value={g.sku ?? ''} readOnly={readOnly}
                  onChange={(e) => setGrade(i, { sku: e.currentTarget.value === '' ? null : e.currentTarget.value })} />
              </Table.Td>
              <Table.Td>
                <Select aria-label={`Situação de ${g.descricao}`} data={['Ativo', 'Inativo']} value={g.situacao ?? 'Ativo'} allowDeselect={false} readOnly={readOnly}
                  onChange={(s) => setGrade(i, { situacao: s === 'Inativo' ? 'Inativo' : 'Ativo' })} />
              </Table.Td>
              {!readOnly && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remover ${g.descricao}`} onClick={() => remove(i)}>✕</ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {visible.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}><Text c="dimmed" ta="center">Produto sem variações (simples).</Text></Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
