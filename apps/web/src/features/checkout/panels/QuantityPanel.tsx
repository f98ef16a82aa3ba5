/**
 * F3: quantity and unit price of the selected line (price override within the user's limits, 001 §5). Each field
 * opens selected, so typing replaces it and Enter applies; what cannot apply says why and the panel stays. A typed
 * price above the limits asks a supervisor at once when `authorize` is given (the supervisor modal: Esc declines and
 * the cursor is back in the field); a grant applies the price with its id. With a checkout scale chosen for the branch
 * on this machine (balanca_pdv), Ler balança (Alt+B) fills the quantity with the weight read through the connector.
 */
import { useState, type FocusEvent } from 'react';
import { Button, Drawer, Stack, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { PERIPHERAL_KEYS } from '@pdv/domain/print-connector';
import { formatDecimalBR, formatMoney, formatQuantity, parseMoneyBR, parseQuantityBR, percentFromDecimal } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { referencePrice } from '@pdv/domain/price-check';
import { validatePriceOverride } from '@pdv/domain/price-limits';
import type { StoredItem } from '../../outbox/types.ts';
import { readScaleWeight } from '../../peripherals/connector.ts';
import { peripheralFor } from '../../peripherals/peripheralStore.ts';
import { useAsking } from './useAsking.ts';

/** A quantity that is not a number ('abc', '1,2,3'). */
export const QUANTITY_NOT_A_NUMBER = 'Quantidade inválida: informe um número, como 3 ou 1,5.';
/** A quantity with more decimals than the line keeps (thousandths): '1,0003' is not rounded away in silence. */
export const QUANTITY_TOO_MANY_DECIMALS = 'A quantidade aceita no máximo 3 casas decimais.';
export const PRICE_NOT_A_NUMBER = 'Preço inválido: informe um valor, como 49,90.';

interface Props {
  item: StoredItem | null;
  limits: { perc_max_aumento_preco_produto: number; perc_max_reducao_preco_produto: number };
  onClose: () => void;
  /** `id_autorizacao`: the supervisor's grant when the typed price is beyond the limits (null: within them). */
  onApply: (quantidade: number, valorUnitario: number | null, id_autorizacao: number | null) => Promise<boolean>;
  /** Asks a supervisor for a price beyond the limits (what it is for, in words); the grant's id or null. */
  authorize?: (observacao: string) => Promise<number | null>;
  /** The sale's branch: its checkout scale on this machine, when one is chosen, is read for the quantity. */
  idFilial?: number;
}

export function QuantityPanel({ item, limits, onClose, onApply, authorize, idFilial }: Props) {
  const asking = useAsking(authorize);
  return (
    // While the supervisor modal is over the panel, Esc is the modal's (it declines; the panel stays).
    <Drawer opened={item !== null} onClose={onClose} position="right" title="Quantidade e preço (F3)" closeOnEscape={!asking.active}>
      {item && (
        <QuantityForm key={item.id_item} item={item} limits={limits} onApply={onApply} {...(asking.ask ? { authorize: asking.ask } : {})}
          {...(idFilial !== undefined ? { idFilial } : {})} />
      )}
    </Drawer>
  );
}

/** More than `decimals` digits after the decimal comma. */
const tooManyDecimals = (input: string, decimals: number) => (input.trim().split(',')[1]?.trim().length ?? 0) > decimals;

/** Selects the field's content when it gets the focus: typing replaces it. */
const selectOnFocus = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();

function QuantityForm({ item, limits, onApply, authorize, idFilial }: { item: StoredItem } & Pick<Props, 'limits' | 'onApply' | 'authorize' | 'idFilial'>) {
  const [quantity, setQuantity] = useState(formatQuantity(item.quantidade));
  const [price, setPrice] = useState(formatDecimalBR(item.valor_unitario));
  const [error, setError] = useState<string | null>(null);
  const [scale] = useState(() => (idFilial === undefined ? null : peripheralFor(idFilial, PERIPHERAL_KEYS.Balanca)));
  const [weighing, setWeighing] = useState(false);

  const weigh = () => {
    if (!scale || weighing) return;
    setWeighing(true);
    void readScaleWeight(scale).then((reading) => {
      if (reading.ok) {
        setQuantity(formatQuantity(reading.milli));
        setError(null);
      } else setError(reading.message);
    }).finally(() => setWeighing(false));
  };
  useHotkeys([['alt+B', weigh]], [], true);

  const submit = async () => {
    if (tooManyDecimals(quantity, 3)) return setError(QUANTITY_TOO_MANY_DECIMALS);
    const q = parseQuantityBR(quantity);
    if (q === null) return setError(QUANTITY_NOT_A_NUMBER);
    if (q <= 0) return setError(MESSAGES.quantityNotPositive);
    const p = parseMoneyBR(price);
    if (p === null) return setError(PRICE_NOT_A_NUMBER);
    const reference = item.precos ? referencePrice(item, item.precos) : item.valor_unitario;
    const changed = p !== item.valor_unitario;
    let authorization: number | null = null;
    if (changed) {
      const refused = validatePriceOverride(reference, p, {
        percentual_desconto_maximo: 0,
        perc_max_aumento_preco_produto: percentFromDecimal(limits.perc_max_aumento_preco_produto),
        perc_max_reducao_preco_produto: percentFromDecimal(limits.perc_max_reducao_preco_produto),
      })[0];
      if (refused) {
        setError(refused.message);
        // A price of 0 or below is never released; one beyond the limits may be, by a supervisor.
        if (!authorize || p <= 0) return;
        authorization = await authorize(`Preço de ${formatMoney(p)} em ${item.descricao} (tabela ${formatMoney(reference)})`);
        if (authorization === null) return;
      }
    }
    setError(null);
    await onApply(q, changed ? p : null, authorization);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Text fw={500}>{item.descricao}</Text>
        <TextInput
          label="Quantidade"
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value)}
          onFocus={selectOnFocus}
          inputMode="decimal"
          data-autofocus
        />
        <TextInput
          label="Preço unitário"
          value={price}
          onChange={(e) => setPrice(e.currentTarget.value)}
          onFocus={selectOnFocus}
          inputMode="decimal"
        />
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        {scale && (
          <Button variant="light" onClick={weigh} loading={weighing}>
            Ler balança (Alt+B)
          </Button>
        )}
        <Button type="submit">Aplicar (Enter)</Button>
      </Stack>
    </form>
  );
}
