/**
 * The credit-voucher mode's entry (in place of the product search): the cashier types the voucher's value and
 * presses Enter; the draft's one line becomes the branch's voucher product at that value.
 */
import { forwardRef, useState } from 'react';
import { Group, Kbd, Paper, Text, TextInput } from '@mantine/core';
import { formatMoney, parseMoneyBR, type Cents } from '@pdv/domain/money';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';

interface Props {
  /** The value on the draft now (0: none yet). */
  current: Cents;
  onApply: (valor: Cents) => void;
}

export const VoucherValueBox = forwardRef<HTMLInputElement, Props>(function VoucherValueBox({ current, onApply }, ref) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder p="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const valor = parseMoneyBR(text);
          if (valor === null || valor <= 0) return setError(VOUCHER_MESSAGES.valueRequired);
          setError(null);
          setText('');
          onApply(valor);
        }}
      >
        <TextInput
          ref={ref}
          label="Valor do vale crédito"
          description="Digite o valor e tecle Enter: o vale é emitido com esse saldo ao finalizar (F10)."
          placeholder="0,00"
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          data-autofocus
          autoFocus
        />
      </form>
      <Group gap={6} mt={6}>
        <Kbd size="xs">Enter</Kbd>
        <Text size="sm" c="dimmed">
          Valor do vale: <b>{formatMoney(current)}</b>
        </Text>
      </Group>
    </Paper>
  );
});
