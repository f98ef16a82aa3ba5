/**
 * Itens: a product from the local copy (description, SKU or barcode), quantity, unit value, discount, stock address
 * and fiscal scenario; Enter adds the line (or updates the one being edited). A click on a line edits it.
 */
import { useState, type RefObject } from 'react';
import { Grid, Kbd, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatDecimalBR, formatMoney, formatQuantity, parseMoneyBR, parseQuantityBR } from '@pdv/domain/money';
import { localDb } from '../../../db/database.ts';
import { LineForm } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import { searchProducts, type ProductHit } from '../../checkout/catalog.ts';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { invoiceLineTotals } from '@pdv/domain/invoice-totals';
import { invoiceItemErrors } from '@pdv/domain/invoice-validation';
import { lineKey, type ItemLine } from '../form.ts';
import type { InvoiceContext } from '../localData.ts';
import { TEXTS } from '../texts.ts';
import { AsyncSearchSelect, type SearchOption } from './AsyncSearchSelect.tsx';

interface Picked {
  id_produto_grade_filial: number;
  descricao: string;
  codigo_produto: string | null;
  unidade: string | null;
}

export async function searchItems(text: string): Promise<SearchOption<{ picked: Picked; preco: number }>[]> {
  const { hits } = await searchProducts(localDb(), text);
  return hits.map((hit: ProductHit) => ({
    value: String(hit.id_produto_grade_filial),
    label: `${hit.descricao}${hit.sku ? ` — ${hit.sku}` : ''} — ${formatMoney(hit.preco_venda)}`,
    data: {
      picked: {
        id_produto_grade_filial: hit.id_produto_grade_filial,
        descricao: hit.descricao,
        codigo_produto: hit.sku,
        unidade: hit.unidade,
      },
      preco: hit.preco_venda,
    },
  }));
}

interface Props {
  items: ItemLine[];
  context: InvoiceContext;
  editable: boolean;
  productRef: RefObject<HTMLInputElement | null>;
  onChange: (items: ItemLine[]) => void;
}

export function ItemsTab({ items, context, editable, productRef, onChange }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [picked, setPicked] = useState<SearchOption<{ picked: Picked; preco: number }> | null>(null);
  const [quantidade, setQuantidade] = useState('1');
  const [unitario, setUnitario] = useState('');
  const [desconto, setDesconto] = useState('0,00');
  const [endereco, setEndereco] = useState<string | null>(null);
  const [cenario, setCenario] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // The product box is remounted (new key) when the form is reset or loads a line, so that it shows the new choice.
  const [generation, setGeneration] = useState(0);
  const address = endereco ?? (context.defaultAddress === null ? null : String(context.defaultAddress));
  const scenario = cenario ?? (context.defaultScenario === null ? null : String(context.defaultScenario));
  const labelOf = (list: Array<{ value: string; label: string }>, id: number | null) =>
    list.find((o) => o.value === String(id))?.label ?? '—';

  const reset = () => {
    setGeneration((g) => g + 1);
    setEditing(null);
    setPicked(null);
    setQuantidade('1');
    setUnitario('');
    setDesconto('0,00');
    setErrors([]);
  };

  const submit = () => {
    const line: Omit<ItemLine, 'key'> = {
      id_produto_grade_filial: picked?.data.picked.id_produto_grade_filial ?? null,
      descricao: picked?.data.picked.descricao ?? '',
      codigo_produto: picked?.data.picked.codigo_produto ?? null,
      unidade: picked?.data.picked.unidade ?? null,
      quantidade: parseQuantityBR(quantidade) ?? 0,
      valor_unitario: parseMoneyBR(unitario) ?? 0,
      valor_desconto: parseMoneyBR(desconto) ?? 0,
      id_endereco_estoque: address === null ? null : Number(address),
      id_cenario_fiscal: scenario === null ? null : Number(scenario),
    };
    const problems = invoiceItemErrors(line);
    if (problems.length > 0) return setErrors(problems);
    onChange(
      editing
        ? items.map((i) => (i.key === editing ? { ...line, key: editing } : i))
        : [...items, { ...line, key: lineKey() }],
    );
    reset();
    setTimeout(() => productRef.current?.focus(), 0);
  };

  const edit = (item: ItemLine) => {
    if (!editable) return;
    if (item.id_produto_grade_filial === null) return setErrors([FISCAL_MESSAGES.itemNotEditable]); // 001 §5: a line with no product is only removed.
    setGeneration((g) => g + 1);
    setEditing(item.key);
    setPicked({
      value: String(item.id_produto_grade_filial),
      label: item.descricao,
      data: {
        picked: {
          id_produto_grade_filial: item.id_produto_grade_filial,
          descricao: item.descricao,
          codigo_produto: item.codigo_produto,
          unidade: item.unidade,
        },
        preco: item.valor_unitario,
      },
    });
    setQuantidade(formatQuantity(item.quantidade).replace(/,?0+$/, '') || '0');
    setUnitario(formatDecimalBR(item.valor_unitario));
    setDesconto(formatDecimalBR(item.valor_desconto));
    setEndereco(item.id_endereco_estoque === null ? null : String(item.id_endereco_estoque));
    setCenario(item.id_cenario_fiscal === null ? null : String(item.id_cenario_fiscal));
    setErrors([]);
  };

  return (
    <Stack gap="sm">
      {editable && (
        <LineForm
          onSubmit={submit}
          errors={errors}
          submitLabel={editing ? 'Atualizar item' : 'Adicionar item'}
          onCancel={editing ? reset : undefined}
          cancelLabel="Desistir da edição"
        >
          <Grid gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <AsyncSearchSelect
                key={generation}
                ref={productRef}
                label={
                  <>
                    Produto <Kbd size="xs">F2</Kbd>
                  </>
                }
                aria-label="Produto"
                placeholder="Descrição, SKU ou código de barras"
                selected={picked}
                search={searchItems}
                onPick={(option) => {
                  setPicked(option);
                  if (option) setUnitario(formatDecimalBR(option.data.preco));
                  setErrors([]);
                }}
                nothingFound="Nenhum produto encontrado."
                description={
                  context.loaded && context.productCount === 0 ? TEXTS.localCopyEmpty('produtos') : undefined
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, lg: 1 }}>
              <TextInput
                label="Quantidade"
                value={quantidade}
                onChange={(e) => setQuantidade(e.currentTarget.value)}
                inputMode="decimal"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, lg: 1.5 }}>
              <TextInput
                label="Valor unitário"
                value={unitario}
                onChange={(e) => setUnitario(e.currentTarget.value)}
                inputMode="decimal"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, lg: 1.5 }}>
              <TextInput
                label="Desconto (R$)"
                value={desconto}
                onChange={(e) => setDesconto(e.currentTarget.value)}
                inputMode="decimal"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <Select label="Endereço de estoque" data={context.addresses} value={address} onChange={setEndereco} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, lg: 2 }}>
              <Select
                label="Cenário fiscal"
                data={context.scenarios}
                value={scenario}
                onChange={setCenario}
                searchable
              />
            </Grid.Col>
          </Grid>
        </LineForm>
      )}

      <LinesTable
        label="Itens da nota"
        highlightOnHover
        rows={items}
        rowKey={(item) => item.key}
        columns={[
          { header: '#', w: 40, cell: (_, index) => index + 1 },
          {
            header: 'Produto',
            cell: (item) => (
              <>
                <Text size="sm">{item.descricao}</Text>
                {item.codigo_produto && (
                  <Text size="xs" c="dimmed">
                    {item.codigo_produto}
                  </Text>
                )}
              </>
            ),
          },
          { header: 'Qtd.', ta: 'right', cell: (item) => `${formatQuantity(item.quantidade)} ${item.unidade ?? ''}` },
          { header: 'Unitário', ta: 'right', cell: (item) => formatMoney(item.valor_unitario) },
          {
            header: 'Desconto',
            ta: 'right',
            cell: (item) => (item.valor_desconto > 0 ? `-${formatMoney(item.valor_desconto)}` : ''),
          },
          { header: 'Total', ta: 'right', td: { fw: 500 }, cell: (item) => formatMoney(invoiceLineTotals(item).liquido) },
          {
            header: 'Estoque',
            cell: (item) => <Text size="xs">{labelOf(context.addresses, item.id_endereco_estoque)}</Text>,
          },
          {
            header: 'Cenário fiscal',
            cell: (item) => (
              <Text size="xs" lineClamp={1}>
                {labelOf(context.scenarios, item.id_cenario_fiscal)}
              </Text>
            ),
          },
        ]}
        empty="Nenhum item. Pesquise o produto (F2)."
        editable={editable}
        onRowClick={edit}
        selected={(item) => item.key === editing}
        remove={{
          label: (item) => `Remover ${item.descricao}`,
          onClick: (item) => {
            onChange(items.filter((i) => i.key !== item.key));
            if (editing === item.key) reset();
          },
        }}
      />
    </Stack>
  );
}
