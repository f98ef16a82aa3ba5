/**
 * Códigos de barras: a code per variation (and per logistics unit, for a box). Only a valid GTIN is accepted, or a
 * code the user marks as internal; a code repeated in the product is refused here, one used by another product by
 * the server on save.
 */
import { useRef, useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { checkBarcode, PRODUCT_MESSAGES } from '@pdv/domain/product-rules';
import { variationName } from '@pdv/domain/variation';
import type { ProductTabProps } from '../product-tabs.tsx';
import { useProductForm, type CodeValues } from '../useProductForm.ts';

/** The key of a simple product's one variation before the server made it (product-service's default 'Geral'). */
const DEFAULT_GRADE_KEY = 'geral';

export function BarcodesTab({ readOnly }: ProductTabProps) {
  const { values: v, set } = useProductForm();
  const codes = v.codigos_barra ?? [];
  const grades = v.grades ?? [];
  const own = grades.filter((g) => !g.is_padrao);
  const gradeOptions = own.length > 0
    ? own.map((g) => ({ value: g.chave, label: g.descricao }))
    : [{ value: grades.find((g) => g.is_padrao)?.chave ?? DEFAULT_GRADE_KEY, label: 'Produto (sem variação)' }];
  const units = v.unidades_logisticas ?? [];
  const unitOptions = [{ value: '', label: 'Unidade (1)' }, ...units.map((u, i) => ({ value: u.chave, label: `Unidade logística ${i + 1} (× ${u.multiplicador.toLocaleString('pt-BR')})` }))];
  const [codigo, setCodigo] = useState('');
  const [interno, setInterno] = useState(false);
  const [grade, setGrade] = useState<string | null>(null);
  const [unit, setUnit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const chosenGrade = grade && gradeOptions.some((o) => o.value === grade) ? grade : (gradeOptions[0]?.value ?? DEFAULT_GRADE_KEY);

  const add = () => {
    const code = codigo.trim();
    const problem = checkBarcode({ codigo: code, codigo_interno: interno })
      ?? (codes.some((c) => c.codigo === code) ? PRODUCT_MESSAGES.barcodeRepeated(code) : null);
    setError(problem);
    if (problem) return;
    set('codigos_barra', [...codes, { codigo: code, codigo_interno: interno, situacao: 'Ativo', chave_grade: chosenGrade, chave_unidade: unit || null }]);
    setCodigo('');
    setInterno(false);
    input.current?.focus();
  };
  const setCode = (i: number, patch: Partial<CodeValues>) => set('codigos_barra', codes.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const gradeLabel = (chave: string) => {
    const g = grades.find((x) => x.chave === chave);
    return g ? (variationName({ descricao: g.descricao, is_padrao: g.is_padrao ?? false }) ?? 'Produto (sem variação)') : 'Produto (sem variação)';
  };

  return (
    <Stack gap="md">
      {!readOnly && (
        <Group align="flex-end" gap="sm">
          <TextInput ref={input} label="Código de barras" value={codigo} error={error} w={220} maw="100%"
            onChange={(e) => setCodigo(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }} />
          <Select label="Variação" data={gradeOptions} value={chosenGrade} allowDeselect={false} onChange={setGrade} w={200} searchable />
          <Select label="Unidade" data={unitOptions} value={unit} allowDeselect={false} onChange={(u) => setUnit(u ?? '')} w={240} />
          <Checkbox label="Código interno" checked={interno} onChange={(e) => setInterno(e.currentTarget.checked)} mb={8} />
          <Button onClick={add}>Adicionar código</Button>
        </Group>
      )}
      <Table withTableBorder aria-label="Códigos de barras" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Th>Variação</Table.Th>
            <Table.Th>Unidade</Table.Th>
            <Table.Th>Interno</Table.Th>
            <Table.Th w={140}>Situação</Table.Th>
            {!readOnly && <Table.Th w={60} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((c, i) => (
            <Table.Tr key={`${c.id_produto_codigo_barra ?? 'n'}-${c.codigo}`}>
              <Table.Td>{c.codigo}</Table.Td>
              <Table.Td>{gradeLabel(c.chave_grade)}</Table.Td>
              <Table.Td>{unitOptions.find((o) => o.value === (c.chave_unidade ?? ''))?.label ?? ''}</Table.Td>
              <Table.Td>{c.codigo_interno ? 'Sim' : 'Não'}</Table.Td>
              <Table.Td>
                <Select aria-label={`Situação de ${c.codigo}`} data={['Ativo', 'Inativo']} value={c.situacao ?? 'Ativo'} allowDeselect={false} readOnly={readOnly}
                  onChange={(s) => setCode(i, { situacao: s === 'Inativo' ? 'Inativo' : 'Ativo' })} />
              </Table.Td>
              {!readOnly && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remover ${c.codigo}`}
                    onClick={() => set('codigos_barra', codes.filter((_, j) => j !== i))}>✕</ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {codes.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}><Text c="dimmed" ta="center">Nenhum código de barras.</Text></Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
