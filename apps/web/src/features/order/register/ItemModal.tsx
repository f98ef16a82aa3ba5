/**
 * The order item modal (000 §5 "Order item modal"): product from the local copy, quantity, unit value, discount,
 * stock address, fiscal scenario and seller. The screen checks what it can with the spec's texts; the server checks
 * the rest (stock, the address's branch) and its message is shown here, in the modal. Enter saves, Esc closes.
 */
import { useState } from 'react';
import { Alert, Button, Grid, Group, Kbd, List, Modal, Select, Text, TextInput } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { formatDecimalBR, formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { errorDisplayOf, isAbort } from '../../../api/errors.ts';
import { localDb } from '../../../db/database.ts';
import { searchProducts, type ProductHit } from '../../checkout/catalog.ts';
import { AsyncSearchSelect, type SearchOption } from '../../invoice/register/AsyncSearchSelect.tsx';
import { TEXTS } from '../../invoice/texts.ts';
import {
  itemCreateBody,
  itemErrors,
  itemTotal,
  itemUpdateBody,
  parseItem,
  type ItemForm,
  type OrderLine,
} from '../form.ts';
import type { OrderContext } from '../localData.ts';
import { orderLinePrice } from '../linePrice.ts';

async function searchItems(text: string): Promise<SearchOption<ProductHit>[]> {
  const { hits } = await searchProducts(localDb(), text);
  return hits.map((hit) => ({
    value: String(hit.id_produto_grade_filial),
    label: `${hit.descricao}${hit.sku ? ` — ${hit.sku}` : ''} — ${formatMoney(hit.preco_venda)}`,
    data: hit,
  }));
}

const quantityText = (value: number) => formatQuantity(quantityFromDecimal(value)).replace(/,?0+$/, '') || '0';

function formOf(item: OrderLine | null, context: OrderContext, seller: number | null): ItemForm {
  if (!item) {
    return {
      id_produto_grade_filial: null,
      descricao: '',
      quantidade: '1',
      valor_unitario: '',
      valor_desconto: '0,00',
      id_endereco_estoque: context.defaultAddress,
      id_cenario_fiscal: context.defaultScenario,
      id_usuario_vendedor: seller,
    };
  }
  return {
    id_produto_grade_filial: item.id_produto_grade_filial,
    descricao: item.descricao,
    quantidade: quantityText(item.quantidade),
    valor_unitario: formatDecimalBR(fromDecimal(item.valor_unitario)),
    valor_desconto: formatDecimalBR(fromDecimal(item.valor_desconto_item)),
    id_endereco_estoque: item.id_endereco_estoque,
    id_cenario_fiscal: null,
    id_usuario_vendedor: item.id_usuario_vendedor,
  };
}

interface Props {
  opened: boolean;
  /** The line being edited; null: a new line. */
  item: OrderLine | null;
  order: OrderFull;
  context: OrderContext;
  onClose: () => void;
  onSaved: (order: OrderFull) => void;
}

export function ItemModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.item ? `Editar item: ${props.item.descricao}` : 'Novo item do pedido'}
      size="xl"
      centered
      // Not in the tab order: the modal opens on its first field (the product, or the quantity of a saved line).
      closeButtonProps={{ tabIndex: -1, 'aria-label': 'Fechar' }}
    >
      {props.opened && <ItemFormBody {...props} />}
    </Modal>
  );
}

function ItemFormBody({ item, order, context, onClose, onSaved }: Props) {
  const [form, setForm] = useState<ItemForm>(() => formOf(item, context, order.id_usuario_vendedor));
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<ItemForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors([]);
  };
  const parsed = parseItem(form);
  const total = itemTotal({ ...parsed, valor_desconto: Math.max(0, parsed.valor_desconto) });
  const [picked, setPicked] = useState<SearchOption<ProductHit> | null>(null);

  const submit = async () => {
    if (busy) return;
    const problems = itemErrors(form, order.id_cliente);
    if (problems.length > 0) return setErrors(problems);
    setBusy(true);
    try {
      const saved = item
        ? await call('orderItemUpdate', itemUpdateBody(form, item.id_pedido_item))
        : await call('orderItemCreate', itemCreateBody(form, order.id_pedido));
      onSaved(saved);
      onClose();
    } catch (error) {
      if (isAbort(error)) return;
      const { text, details } = errorDisplayOf(error);
      setErrors(details.length > 0 ? details : [text]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Grid gap="sm">
        <Grid.Col span={12}>
          {item ? (
            <TextInput
              label="Produto"
              value={item.descricao}
              readOnly
              variant="filled"
              description={item.sku ?? undefined}
            />
          ) : (
            <AsyncSearchSelect
              label="Produto"
              aria-label="Produto"
              placeholder="Descrição, SKU ou código de barras"
              selected={picked}
              search={searchItems}
              onPick={(option) => {
                setPicked(option);
                change(
                  option
                    ? {
                        id_produto_grade_filial: option.data.id_produto_grade_filial,
                        descricao: option.data.descricao,
                        valor_unitario: formatDecimalBR(option.data.preco_venda),
                      }
                    : { id_produto_grade_filial: null, descricao: '' },
                );
                // The price of the order's table and promotions (linePrice.ts), as the server prices the line.
                if (option) {
                  const picked = option.data.id_produto_grade_filial;
                  void orderLinePrice(localDb(), order, option.data).then((price) =>
                    setForm((f) => (f.id_produto_grade_filial === picked ? { ...f, valor_unitario: formatDecimalBR(price) } : f)),
                  );
                }
              }}
              nothingFound="Nenhum produto encontrado."
              description={context.loaded && context.productCount === 0 ? TEXTS.localCopyEmpty('produtos') : undefined}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 4 }}>
          <TextInput
            label="Quantidade"
            value={form.quantidade}
            onChange={(e) => change({ quantidade: e.currentTarget.value })}
            inputMode="decimal"
            data-autofocus={item ? true : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4 }}>
          <TextInput
            label="Valor unitário"
            value={form.valor_unitario}
            onChange={(e) => change({ valor_unitario: e.currentTarget.value })}
            inputMode="decimal"
            leftSection={<Text size="xs">R$</Text>}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4 }}>
          <TextInput
            label="Desconto"
            value={form.valor_desconto}
            onChange={(e) => change({ valor_desconto: e.currentTarget.value })}
            inputMode="decimal"
            leftSection={<Text size="xs">R$</Text>}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="Endereço de estoque"
            data={context.addresses}
            value={form.id_endereco_estoque === null ? null : String(form.id_endereco_estoque)}
            onChange={(v) => change({ id_endereco_estoque: v === null ? null : Number(v) })}
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="Cenário fiscal"
            data={context.scenarios}
            value={form.id_cenario_fiscal === null ? null : String(form.id_cenario_fiscal)}
            onChange={(v) => change({ id_cenario_fiscal: v === null ? null : Number(v) })}
            placeholder={item ? 'Manter o atual' : undefined}
            searchable
            clearable
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="Vendedor"
            placeholder="Sem vendedor"
            data={context.sellers.map((s) => ({ value: String(s.id_usuario), label: s.nome }))}
            value={form.id_usuario_vendedor === null ? null : String(form.id_usuario_vendedor)}
            onChange={(v) => change({ id_usuario_vendedor: v === null ? null : Number(v) })}
            searchable
            clearable
          />
        </Grid.Col>
      </Grid>
      {errors.length > 0 && (
        <Alert color="red" variant="light" mt="sm" role="alert" title="Não foi possível salvar o item">
          <List size="sm" spacing={2}>
            {errors.map((error) => (
              <List.Item key={error}>{error}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="space-between" mt="md">
        <Text size="sm" aria-label="Total do item">
          Total do item: <b>{formatMoney(Math.max(0, total))}</b>
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={onClose} rightSection={<Kbd size="xs">Esc</Kbd>}>
            Voltar
          </Button>
          <Button type="submit" loading={busy} rightSection={<Kbd size="xs">Enter</Kbd>}>
            {item ? 'Salvar item' : 'Adicionar item'}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
