/**
 * Grade/Variações: the product's variations (the default 'Geral' one hidden): description, SKU, situacao, removal.
 * They are generated from attribute items in the Atributos tab (AtributosTab.tsx).
 */
import { ActionIcon, Select, Table, Text, TextInput } from '@mantine/core';
import type { ProductTabProps } from '../product-tabs.tsx';
import { useProductForm, type GradeValues } from '../useProductForm.ts';

export function GridTab({ readOnly }: ProductTabProps) {
  const { values: v, set } = useProductForm();
  const grades = v.grades ?? [];
  const visible = grades.map((g, i) => ({ g, i })).filter(({ g }) => !g.is_padrao);
  const setGrade = (i: number, patch: Partial<GradeValues>) => set('grades', grades.map((g, j) => (j === i ? { ...g, ...patch } : g)));
  const remove = (i: number) => {
    const chave = grades[i]?.chave;
    set('grades', grades.filter((_, j) => j !== i));
    set('codigos_barra', (v.codigos_barra ?? []).filter((c) => c.chave_grade !== chave));
  };

  return (
    <>
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
              <Table.Td colSpan={4}><Text c="dimmed" ta="center">Produto sem variações (simples). Gere as variações na aba Atributos.</Text></Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </>
  );
}
