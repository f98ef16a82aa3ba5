/**
 * The catalogue registers' parts of the side panel (002 §2-§3): an attribute's items ('Editar Atributos': descrição and
 * valor per item, added and removed in the panel, sent as `itens`; a removed item becomes a tombstone on the server,
 * refused there when a product variation uses it) and a service's prices (one per price table of the local copy, and
 * its own ones, one of them the default; sent as `precos`).
 */
import { ActionIcon, Button, Group, NativeSelect, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { MoneyInput } from '../../ui/MaskedInputs.tsx';
import type { ExtensionTabProps, RegisterExtension } from './extensions.ts';
import { textOf } from './fields.ts';

interface Item {
  id_atributo_item?: number;
  descricao: string;
  valor?: string | null;
}

export function AttributeItemsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const items = (values['itens'] as Item[] | undefined) ?? [];
  const change = (next: Item[]) => set('itens', next);
  const update = (index: number, patch: Partial<Item>) => change(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Stack gap="xs">
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Nenhum item.
        </Text>
      )}
      {items.map((item, index) => (
        <Group key={item.id_atributo_item ?? `novo-${index}`} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={index === 0 ? 'Item' : undefined}
            aria-label={`Descrição do item ${index + 1}`}
            value={item.descricao}
            maxLength={100}
            readOnly={readOnly}
            onChange={(e) => update(index, { descricao: e.currentTarget.value })}
            style={{ flex: 2 }}
          />
          <TextInput
            label={index === 0 ? 'Valor' : undefined}
            aria-label={`Valor do item ${index + 1}`}
            value={item.valor ?? ''}
            maxLength={100}
            readOnly={readOnly}
            onChange={(e) => update(index, { valor: e.currentTarget.value === '' ? null : e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remover item ${index + 1}`} onClick={() => change(items.filter((_, i) => i !== index))}>
              ✕
            </ActionIcon>
          )}
        </Group>
      ))}
      {errors['itens'] && (
        <Text size="sm" c="red" role="alert">
          {errors['itens']}
        </Text>
      )}
      {!readOnly && (
        <Button variant="light" size="xs" onClick={() => change([...items, { descricao: '', valor: null }])} style={{ alignSelf: 'flex-start' }}>
          Adicionar item
        </Button>
      )}
    </Stack>
  );
}

interface Price {
  id_tabela_preco?: number | null;
  valor: number;
  is_padrao?: boolean;
}

const readPriceTables = async () => {
  const db = localDb();
  if (!db.hasStore('table_price')) return [];
  const rows = await db.rows('table_price').toArray();
  return rows
    .filter((r) => r['situacao'] !== 'Inativo' && !r['data_exclusao'])
    .map((r) => ({ id: Number(r['id_tabela_preco']), descricao: String(r['descricao']) }));
};

export function ServicePricesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const prices = (values['precos'] as Price[] | undefined) ?? [];
  const tables = useLiveQuery(readPriceTables, []);
  const change = (next: Price[]) => set('precos', next);
  const update = (index: number, patch: Partial<Price>) => change(prices.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      {prices.length > 0 && (
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Tabela de preço</Table.Th>
              <Table.Th>Preço</Table.Th>
              <Table.Th>Padrão</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prices.map((price, index) => (
              <Table.Tr key={index}>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Tabela de preço do preço ${index + 1}`}
                    value={price.id_tabela_preco == null ? '' : String(price.id_tabela_preco)}
                    disabled={readOnly}
                    miw={170}
                    data={[{ value: '', label: 'Preço próprio' }, ...tables.map((t) => ({ value: String(t.id), label: t.descricao }))]}
                    onChange={(e) => update(index, { id_tabela_preco: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={`Preço ${index + 1}`}
                    w={120}
                    value={Math.round(price.valor * 100)}
                    readOnly={readOnly}
                    onChange={(cents) => update(index, { valor: (cents ?? 0) / 100 })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Preço ${index + 1} padrão`}
                    checked={price.is_padrao === true}
                    onChange={(e) => !readOnly && change(prices.map((p, i) => ({ ...p, is_padrao: i === index ? e.currentTarget.checked : false })))}
                  />
                </Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <ActionIcon variant="subtle" color="red" aria-label={`Remover preço ${index + 1}`} onClick={() => change(prices.filter((_, i) => i !== index))}>
                      ✕
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {errors['precos'] && (
        <Text size="sm" c="red" role="alert">
          {errors['precos']}
        </Text>
      )}
      {!readOnly && (
        <Button variant="light" size="xs" onClick={() => change([...prices, { id_tabela_preco: null, valor: 0, is_padrao: prices.length === 0 }])} style={{ alignSelf: 'flex-start' }}>
          Adicionar preço
        </Button>
      )}
    </Stack>
  );
}

/** A category's depth in the tree: the dots of its referencia_exibicao ('1.2.3' is two levels down). */
export const depthOf = (referencia: unknown): number => (typeof referencia === 'string' ? referencia.split('.').length - 1 : 0);

/**
 * A tree's list (categories, cost centres, chart of accounts: a referencia_exibicao '1.2.3' written by the server, the
 * list sorted by the tree): each description indented under its parent.
 */
export const treeCell: NonNullable<RegisterExtension['cell']> = (name, row) => {
  if (name !== 'descricao') return undefined;
  const depth = depthOf(row['referencia_exibicao']);
  return (
    <span style={{ paddingLeft: depth * 20 }}>
      {depth > 0 && (
        <span aria-hidden="true" style={{ color: 'var(--mantine-color-dimmed)', marginRight: 6 }}>
          └
        </span>
      )}
      {textOf(row['descricao'])}
    </span>
  );
};

/** The category list shows the tree. */
export const categoryExtension: RegisterExtension = { cell: treeCell };

export const attributeExtension: RegisterExtension = {
  tabs: [{ label: 'Itens', Component: AttributeItemsTab }],
  initial: () => ({ itens: [] }),
};

export const serviceExtension: RegisterExtension = {
  tabs: [{ label: 'Preços', Component: ServicePricesTab }],
  initial: () => ({ precos: [] }),
};
