/** F3: quantity and unit price of the selected line (price override within the user's limits, 001 §5). */
import { useState } from 'react';
import { Button, Drawer, Stack, Text, TextInput } from '@mantine/core';
import { formatDecimalBR, formatQuantity, parseMoneyBR, parseQuantityBR, percentFromDecimal } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { referencePrice } from '@pdv/domain/price-check';
import { validatePriceOverride } from '@pdv/domain/price-limits';
import type { StoredItem } from '../../outbox/types.ts';

interface Props {
  item: StoredItem | null;
  limits: { perc_max_aumento_preco_produto: number; perc_max_reducao_preco_produto: number };
  onClose: () => void;
  onApply: (quantidade: number, valorUnitario: number | null) => Promise<boolean>;
}

export function QuantityPanel({ item, limits, onClose, onApply }: Props) {
  return (
    <Drawer opened={item !== null} onClose={onClose} position="right" title="Quantidade e preço (F3)">
      {item && <QuantityForm key={item.id_item} item={item} limits={limits} onApply={onApply} />}
    </Drawer>
  );
}

function QuantityForm({ item, limits, onApply }: { item: StoredItem } & Pick<Props, 'limits' | 'onApply'>) {
  const [quantity, setQuantity] = useState(formatQuantity(item.quantidade));
  const [price, setPrice] = useState(formatDecimalBR(item.valor_unitario));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const q = parseQuantityBR(quantity);
        const p = parseMoneyBR(price);
        if (q === null || q <= 0) return setError(MESSAGES.quantityNotPositive);
        if (p === null) return setError(MESSAGES.itemValueNotPositive);
        const reference = item.precos ? referencePrice(item, item.precos) : item.valor_unitario;
        const changed = p !== item.valor_unitario;
        if (changed) {
          const errors = validatePriceOverride(reference, p, {
            percentual_desconto_maximo: 0,
            perc_max_aumento_preco_produto: percentFromDecimal(limits.perc_max_aumento_preco_produto),
            perc_max_reducao_preco_produto: percentFromDecimal(limits.perc_max_reducao_preco_produto),
          });
          if (errors[0]) return setError(errors[0].message);
        }
        void onApply(q, changed ? p : null);
      }}
    >
      <Stack>
        <Text fw={500}>{item.descricao}</Text>
        <TextInput label="Quantidade" value={quantity} onChange={(e) => setQuantity(e.currentTarget.value)} data-autofocus />
        <TextInput label="Preço unitário" value={price} onChange={(e) => setPrice(e.currentTarget.value)} />
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit">Aplicar (Enter)</Button>
      </Stack>
    </form>
  );
}
