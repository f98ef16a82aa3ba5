/**
 * The voucher's code in the payment panel (method Vale Crédito, NF-e tPag 12): typed or scanned (CODE39 or QR of the
 * voucher), Enter looks it up on the server (POST /gift_card/get-by-gift-card) and shows its balance. Offline the
 * voucher cannot be checked, so it cannot pay: its balance lives on the server.
 */
import { useState } from 'react';
import { Group, Text, TextInput } from '@mantine/core';
import type { GiftCard } from '@pdv/contract/order';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { VOUCHER_MESSAGES } from '@pdv/domain/voucher-rules';
import { call } from '../../../../api/client.ts';
import { errorDisplayOf, isApiError } from '../../../../api/errors.ts';

interface Props {
  card: GiftCard | null;
  onFound: (card: GiftCard | null) => void;
  onError: (message: string | null) => void;
}

export function VoucherCodeField({ card, onFound, onError }: Props) {
  const [codigo, setCodigo] = useState('');
  const [busy, setBusy] = useState(false);

  const lookUp = async () => {
    const code = codigo.trim().toUpperCase();
    if (code === '') return onError(VOUCHER_MESSAGES.codeRequired);
    if (!(globalThis.navigator?.onLine ?? true)) return onError(VOUCHER_MESSAGES.offline);
    setBusy(true);
    try {
      const found = await call('giftCardGetByCode', { codigo: code });
      onFound(found);
      onError(null);
    } catch (error) {
      onFound(null);
      onError(isApiError(error) && error.kind === 'network' ? VOUCHER_MESSAGES.offline : errorDisplayOf(error).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <TextInput
        label="Código do vale crédito"
        description="Digite ou leia o código de barras / QR do vale e tecle Enter."
        value={codigo}
        onChange={(e) => {
          setCodigo(e.currentTarget.value);
          if (card) onFound(null);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void lookUp();
        }}
        disabled={busy}
        autoComplete="off"
      />
      {card && (
        <Group justify="space-between" aria-label="Vale crédito encontrado">
          <Text size="sm">Vale {card.codigo}</Text>
          <Text size="sm" fw={700}>
            Saldo {formatMoney(fromDecimal(card.saldo))}
          </Text>
        </Group>
      )}
    </>
  );
}
