/**
 * Fornecedores (001 §3 Product suppliers): the people marked as suppliers who sell this product, each with its own
 * code of it (the code on its invoices) and a situação changed in place. A supplier is chosen by name or CNPJ/CPF.
 */
import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import type { ProductSupplier } from '@pdv/contract/product-tabs';
import { call } from '../../../api/client.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { TabError } from './TabError.tsx';
import { useOptions } from './useOptions.ts';
import { useTabCall } from './useTabCall.ts';

interface Draft {
  id_produto_fornecedor?: number;
  id_pessoa: number | null;
  nome: string;
  codigo: string;
}

export function FornecedoresTab({ id_produto, readOnly }: { id_produto: number; readOnly: boolean }) {
  const tab = useTabCall('productSupplierFind', { id_produto }, String(id_produto));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [search, setSearch] = useState('');
  const options = useOptions('productSupplierOptions', search);
  const rows = tab.data?.rows ?? [];

  const data = [
    ...options.map((o) => ({ value: String(o.id_pessoa), label: o.documento ? `${o.nome} (${o.documento})` : o.nome })),
    ...(draft?.id_pessoa && !options.some((o) => o.id_pessoa === draft.id_pessoa) ? [{ value: String(draft.id_pessoa), label: draft.nome }] : []),
  ];

  const save = async (d: Draft) => {
    if (d.id_pessoa === null) {
      tab.setError('Selecione o fornecedor.');
      return;
    }
    const ok = await tab.run(() => call('productSupplierSave', {
      id_produto, id_pessoa: d.id_pessoa!, codigo_produto_fornecedor: d.codigo.trim() || null,
      ...(d.id_produto_fornecedor ? { id_produto_fornecedor: d.id_produto_fornecedor } : {}),
    }), d.id_produto_fornecedor ? 'Fornecedor atualizado.' : 'Fornecedor vinculado.', (r) => r);
    if (ok) setDraft(null);
  };

  const toggle = (r: ProductSupplier) => void tab.run(() => call('productSupplierSave', {
    id_produto, id_produto_fornecedor: r.id_produto_fornecedor, id_pessoa: r.id_pessoa, codigo_produto_fornecedor: r.codigo_produto_fornecedor,
    situacao: r.situacao === 'Ativo' ? 'Inativo' : 'Ativo',
  }), 'Situação alterada.', (x) => x);

  const remove = async (r: ProductSupplier) => {
    if (!(await confirm(`Desvincular o fornecedor ${r.nome}?`))) return;
    await tab.run(() => call('productSupplierDelete', { id_produto_fornecedor: r.id_produto_fornecedor }), 'Fornecedor desvinculado.', (x) => x);
  };

  return (
    <Stack gap="sm">
      {!readOnly && !draft && (
        <Group justify="flex-end">
          <Button onClick={() => setDraft({ id_pessoa: null, nome: '', codigo: '' })}>Vincular fornecedor</Button>
        </Group>
      )}
      {draft && (
        <Group align="flex-end" wrap="nowrap">
          <Select label="Fornecedor" placeholder="Nome ou CNPJ/CPF" searchable data-autofocus autoFocus w={360} data={data}
            value={draft.id_pessoa ? String(draft.id_pessoa) : null} onSearchChange={setSearch} nothingFoundMessage="Nenhum fornecedor encontrado"
            onChange={(v, o) => setDraft((d) => d && { ...d, id_pessoa: v ? Number(v) : null, nome: o?.label ?? '' })} />
          <TextInput label="Código do produto no fornecedor" maxLength={60} value={draft.codigo}
            onChange={(e) => { const codigo = e.currentTarget.value; setDraft((d) => d && { ...d, codigo }); }}
            onKeyDown={(e) => e.key === 'Enter' && void save(draft)} />
          <Button loading={tab.busy} onClick={() => void save(draft)}>Salvar</Button>
          <Button variant="default" onClick={() => setDraft(null)}>Cancelar</Button>
        </Group>
      )}
      <TabError error={tab.error} />
      {!tab.data ? null : rows.length === 0 ? (
        <Text c="dimmed">Nenhum fornecedor vinculado.</Text>
      ) : (
        <Table striped aria-label="Fornecedores do produto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fornecedor</Table.Th>
              <Table.Th>CNPJ/CPF</Table.Th>
              <Table.Th>Código no fornecedor</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id_produto_fornecedor}>
                <Table.Td>{r.nome}</Table.Td>
                <Table.Td>{r.documento ?? '—'}</Table.Td>
                <Table.Td>{r.codigo_produto_fornecedor ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={r.situacao === 'Ativo' ? 'green' : 'gray'} variant="light" style={{ cursor: readOnly ? undefined : 'pointer' }}
                    onClick={readOnly || tab.busy ? undefined : () => toggle(r)}>{r.situacao}</Badge>
                </Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="subtle" disabled={tab.busy} onClick={() => setDraft({
                        id_produto_fornecedor: r.id_produto_fornecedor, id_pessoa: r.id_pessoa, nome: r.nome, codigo: r.codigo_produto_fornecedor ?? '',
                      })}>Editar</Button>
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
