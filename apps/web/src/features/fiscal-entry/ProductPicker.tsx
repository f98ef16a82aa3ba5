/**
 * An item's product in the import grid, keyboard first: type a SKU, barcode or description and press Enter (one match
 * is taken at once; several are listed below, ↑/↓ choose and Enter takes; Esc closes the list). The chosen product is
 * shown in the field; typing again searches again.
 */
import { forwardRef, useState } from 'react';
import { Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { StockProductOption } from '@pdv/contract/stock-document';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';

export interface Picked {
  id_produto_grade_filial: number;
  label: string;
}

const labelOf = (p: StockProductOption) => `${p.sku} - ${p.descricao} ${p.variacao}`.trim();

export const ProductPicker = forwardRef<HTMLInputElement, { value: Picked | null; onPick: (p: Picked) => void; label: string; onDone?: () => void }>(
  function ProductPicker({ value, onPick, label, onDone }, ref) {
    const [text, setText] = useState<string | null>(null);
    const [options, setOptions] = useState<StockProductOption[]>([]);
    const [highlight, setHighlight] = useState(0);
    const shown = text ?? value?.label ?? '';
    const take = (p: StockProductOption) => {
      onPick({ id_produto_grade_filial: p.id_produto_grade_filial, label: labelOf(p) });
      setText(null);
      setOptions([]);
      onDone?.();
    };
    const search = async () => {
      const term = (text ?? '').trim();
      if (!term) return onDone?.();
      try {
        const { rows } = await call('stockMovementSearchProduct', { search: term });
        const first = rows[0];
        if (!first) return toast.warning('Nenhum produto encontrado.');
        if (rows.length === 1 || first.sku === term || first.codigo_barras === term) return take(first);
        setOptions(rows);
        setHighlight(0);
      } catch (error) {
        showError(error);
      }
    };
    return (
      <Stack gap={2}>
        <TextInput
          ref={ref}
          size="xs"
          aria-label={label}
          placeholder="SKU, código de barras ou descrição + Enter"
          value={shown}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (options.length > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
              e.preventDefault();
              e.stopPropagation();
              setHighlight((h) => Math.max(0, Math.min(options.length - 1, h + (e.key === 'ArrowDown' ? 1 : -1))));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              e.stopPropagation();
              const o = options[highlight];
              if (options.length > 0 && o) take(o);
              else void search();
            } else if (e.key === 'Escape' && options.length > 0) {
              e.stopPropagation();
              setOptions([]);
            }
          }}
        />
        {options.length > 0 && (
          <Paper withBorder p={4} role="listbox" aria-label={`Produtos para ${label}`}>
            {options.map((o, i) => (
              <UnstyledButton key={o.id_produto_grade_filial} role="option" aria-selected={i === highlight} onClick={() => take(o)}
                bg={i === highlight ? 'var(--mantine-primary-color-light)' : undefined} w="100%" px={4}>
                <Text size="xs">{labelOf(o)}</Text>
              </UnstyledButton>
            ))}
          </Paper>
        )}
      </Stack>
    );
  },
);
