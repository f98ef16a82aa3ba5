/**
 * Pagamentos: a method from the local copy, the value (what is still due by default), installments when the method
 * takes them, the card operator for cards and the bank account when the method requires one (000 §5 "Payment").
 * Each payment is written at once (/order_payment/create); the server's refusal is shown under the form.
 */
import type { Ref } from 'react';
import { Grid, Select, Stack } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { isCard } from '@pdv/domain/payment-method';
import { formatDecimalBR, formatMoney, fromDecimal, type Cents } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { textOf } from '../../checkout/catalog.ts';
import { LineForm } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import {
  EMPTY_PAYMENT_FIELDS,
  PaymentFields,
  methodOf,
  type PaymentFieldValues,
} from '../../register-lines/PaymentFields.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import { paymentBody, paymentErrors } from '../form.ts';
import type { OrderContext } from '../localData.ts';

interface Fields extends PaymentFieldValues {
  operadora: string | null;
}

const EMPTY: Fields = { ...EMPTY_PAYMENT_FIELDS, operadora: null };

interface Props {
  order: OrderFull | null;
  saldo: Cents;
  context: OrderContext;
  editable: boolean;
  methodRef: Ref<HTMLInputElement>;
  /** Saves a new order first; resolves with it (null: not saved). */
  ensureSaved: () => Promise<OrderFull | null>;
  onSaved: (order: OrderFull) => void;
  onRemove: (id_pedido_pagamento: number) => void;
}

export function PaymentsTab({ order, saldo, context, editable, methodRef, ensureSaved, onSaved, onRemove }: Props) {
  const value = (fields: Fields) => fields.valor ?? formatDecimalBR(Math.max(0, saldo));
  const bodyOf = (fields: Fields) => ({
    id_meio_pagamento: fields.methodId === null ? null : Number(fields.methodId),
    valor_total: value(fields),
    quantidade_parcelas: Number(fields.parcelas),
    id_operadora_cartao: fields.operadora === null ? null : Number(fields.operadora),
    id_conta: fields.conta === null ? null : Number(fields.conta),
  });
  const { form, setForm, errors, setErrors, busy, save } = useLineForm(EMPTY, (f) => paymentErrors(bodyOf(f)));
  const method = methodOf(context, form.methodId);
  const card = method !== undefined && isCard(textOf(method, 'meio_pagamento'));
  const payments = order?.pagamentos ?? [];

  const submit = () =>
    save(async (fields) => {
      const target = await ensureSaved();
      if (!target) return false;
      onSaved(await call('orderPaymentCreate', paymentBody(bodyOf(fields), target.id_pedido)));
    });

  return (
    <Stack gap="sm">
      {editable && (
        <LineForm onSubmit={submit} errors={errors} busy={busy} submitLabel="Adicionar pagamento">
          <PaymentFields
            fields={form}
            value={value(form)}
            context={context}
            methodRef={methodRef}
            onChange={(next) => setForm((f) => ({ ...f, ...next }))}
            onChoose={(next) => {
              setForm((f) => ({ ...f, ...next, operadora: null }));
              setErrors([]);
            }}
          >
            {card && (
              <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
                <Select
                  label="Operadora de cartão"
                  data={context.operators}
                  value={form.operadora}
                  onChange={(operadora) => setForm((f) => ({ ...f, operadora }))}
                  placeholder="Escolha a operadora"
                />
              </Grid.Col>
            )}
          </PaymentFields>
        </LineForm>
      )}

      <LinesTable
        label="Pagamentos do pedido"
        rows={payments}
        rowKey={(p) => p.id_pedido_pagamento}
        columns={[
          { header: 'Meio de pagamento', cell: (p) => p.descricao || p.meio_pagamento },
          { header: 'Parcelas', cell: (p) => `${p.quantidade_parcelas}x` },
          { header: 'Valor', ta: 'right', cell: (p) => formatMoney(fromDecimal(p.valor_total)) },
        ]}
        empty="Nenhum pagamento."
        editable={editable}
        remove={{
          label: (p) => `Remover pagamento ${p.descricao || p.meio_pagamento}`,
          onClick: (p) => onRemove(p.id_pedido_pagamento),
        }}
      />
    </Stack>
  );
}
