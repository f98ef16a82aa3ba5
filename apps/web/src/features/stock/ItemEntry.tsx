/**
 * The items grid's entry line, keyboard first: type a SKU, barcode or description in Produto and press Enter (one
 * match is taken at once; several are listed, ↑/↓ choose and Enter takes), then the quantity, the unit cost on an entry,
 * and Enter adds the line and goes back to Produto for the next one.
 */
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import type { StockProductOption } from '@pdv/contract/stock-document';
import { parseMoneyBR, parseQuantityBR, type Cents, type Milli } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';

export interface ItemEntryHandle {
  focus: () => void;
}

interface Props {
  withCost: boolean;
  disabled: boolean;
  onAdd: (product: StockProductOption, quantidade: Milli, valor_unitario: Cents) => boolean;
}

export const ItemEntry = forwardRef<ItemEntryHandle, Props>(function ItemEntry({ withCost, disabled, onAdd }, ref) {
  const productRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  const costRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<StockProductOption | null>(null);
  const [options, setOptions] = useState<StockProductOption[]>([]);
  const [highlight, setHighlight] = useState(0);
  const [quantity, setQuantity] = useState('1');
  const [cost, setCost] = useState('');
  useImperativeHandle(ref, () => ({ focus: () => productRef.current?.focus() }), []);

  const pick = (p: StockProductOption) => {
    setPicked(p);
    setOptions([]);
    setText(`${p.sku} - ${p.descricao} ${p.variacao}`.trim());
    if (!cost) setCost(p.preco_custo > 0 ? p.preco_custo.toFixed(2).replace('.', ',') : '');
    setTimeout(() => quantityRef.current?.select(), 0);
  };
  const search = async () => {
    const term = text.trim();
    if (!term) return;
    if (picked && text === `${picked.sku} - ${picked.descricao} ${picked.variacao}`.trim()) return quantityRef.current?.select();
    try {
      const { rows } = await call('stockMovementSearchProduct', { search: term });
      const first = rows[0];
      if (!first) return toast.warning('Nenhum produto encontrado.');
      if (rows.length === 1 || first.sku === term || first.codigo_barras === term) return pick(first);
      setOptions(rows);
      setHighlight(0);
    } catch (error) {
      showError(error);
    }
  };
  const add = () => {
    if (!picked) return productRef.current?.focus();
    const q = parseQuantityBR(quantity);
    if (q === null || q <= 0) {
      toast.warning(MESSAGES.quantityNotPositive);
      return quantityRef.current?.select();
    }
    const c = withCost ? parseMoneyBR(cost || '0') : 0;
    if (c === null || c < 0) return costRef.current?.select();
    if (!onAdd(picked, q, c)) return;
    setPicked(null);
    setText('');
    setQuantity('1');
    setCost('');
    productRef.current?.focus();
  };

  return (
    <Paper withBorder p="sm" aria-label="Novo item">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          ref={productRef}
          label="Produto"
          data-autofocus
          autoFocus
          placeholder="SKU, código de barras ou descrição"
          value={text}
          disabled={disabled}
          style={{ flex: 1 }}
          onChange={(e) => { setText(e.currentTarget.value); setPicked(null); }}
          onKeyDown={(e) => {
            if (options.length > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
              e.preventDefault();
              setHighlight((h) => Math.min(Math.max(h + (e.key === 'ArrowDown' ? 1 : -1), 0), options.length - 1));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const chosen = options[highlight];
              if (options.length > 0 && chosen) pick(chosen);
              else void search();
            } else if (e.key === 'Escape' && options.length > 0) {
              e.stopPropagation();
              setOptions([]);
            }
          }}
        />
        <TextInput
          ref={quantityRef}
          label="Quantidade"
          w={120}
          value={quantity}
          disabled={disabled}
          inputMode="decimal"
          onChange={(e) => setQuantity(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (withCost) costRef.current?.select();
            else add();
          }}
        />
        {withCost && (
          <TextInput
            ref={costRef}
            label="Custo unitário"
            w={140}
            value={cost}
            disabled={disabled}
            inputMode="decimal"
            onChange={(e) => setCost(e.currentTarget.value)}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); add(); } }}
          />
        )}
        <Button variant="light" onClick={add} disabled={disabled}>Adicionar (Enter)</Button>
      </Group>
      {options.length > 0 && (
        <Table mt="xs" withTableBorder aria-label="Produtos encontrados">
          <Table.Tbody>
            {options.map((o, i) => (
              <Table.Tr key={o.id_produto_grade_filial} aria-selected={i === highlight} bg={i === highlight ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={() => pick(o)} style={{ cursor: 'pointer' }}>
                <Table.Td w={120}><Text size="sm">{o.sku}</Text></Table.Td>
                <Table.Td><Text size="sm">{o.descricao}</Text></Table.Td>
                <Table.Td w={160}><Text size="sm">{o.variacao}</Text></Table.Td>
                <Table.Td w={150}><Text size="sm" c="dimmed">{o.codigo_barras ?? ''}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
});
