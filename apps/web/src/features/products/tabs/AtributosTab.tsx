/**
 * Atributos (002 §2 product register tab, after the logistics units): the attribute items the product is made of. The
 * table shows, per attribute, the items its variations use (produto_grade_atributo, saved with the grid); the chooser
 * picks more items and generates the variations of every combination into Grade/Variações (the ones already in the
 * grid left out with the spec's message, singular or plural).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Fieldset, Group, MultiSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { generateVariations, type AttributeChoice } from '@pdv/domain/product-rules';
import { call } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.ts';
import { showWarning } from '../../../ui/warning.tsx';
import type { ProductTabProps } from '../product-tabs.tsx';
import { newKey, useProductForm } from '../useProductForm.ts';

export interface Attribute {
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

/** The attributes whose items the product's variations use, with those items in the attribute's order. */
export function usedAttributes(attributes: readonly Attribute[], used: ReadonlySet<number>): Array<{ atributo: Attribute; itens: string[] }> {
  return attributes
    .map((a) => ({ atributo: a, itens: a.itens.filter((i) => used.has(i.id_atributo_item)).map((i) => i.descricao) }))
    .filter((a) => a.itens.length > 0);
}

export function AtributosTab({ readOnly }: ProductTabProps) {
  const { values: v, set } = useProductForm();
  const attributes = useQuery({ queryKey: ['product-attributes'], queryFn: loadAttributes });
  const [chosen, setChosen] = useState<Record<number, string[]>>({});
  const grades = v.grades ?? [];
  const used = new Set(grades.filter((g) => !g.is_padrao).flatMap((g) => g.itens ?? []));

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
      toast.success(result.variations.length === 1 ? '1 variação gerada na grade.' : `${result.variations.length} variações geradas na grade.`);
    }
    if (result.message) void showWarning(result.message);
  };

  const rows = usedAttributes(attributes.data ?? [], used);
  return (
    <Stack gap="md">
      <Table withTableBorder aria-label="Atributos do produto" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={220}>Atributo</Table.Th>
            <Table.Th>Itens usados nas variações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ atributo, itens }) => (
            <Table.Tr key={atributo.id_atributo}>
              <Table.Td>{atributo.descricao}</Table.Td>
              <Table.Td>
                <Group gap={4}>{itens.map((i) => <Badge key={i} variant="light">{i}</Badge>)}</Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}><Text c="dimmed" ta="center">Nenhum atributo nas variações deste produto.</Text></Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
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
    </Stack>
  );
}
