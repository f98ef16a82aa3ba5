/**
 * The fields of a payment line, the same in the order and the invoice registers: the method (F4), the value (what is
 * still due until typed), the installments its plan allows and the bank account (shown when the method requires one
 * or names a default). Choosing a method starts over at one installment with the method's account.
 */
import type { ReactNode, Ref } from 'react';
import { Grid, Kbd, Select, Text, TextInput } from '@mantine/core';
import type { LocalRow } from '../../db/database.ts';
import { textOf } from '../checkout/catalog.ts';
import { maxInstallments, type InvoiceContext } from '../invoice/localData.ts';

export interface PaymentFieldValues {
  methodId: string | null;
  /** null: what is still due. */
  valor: string | null;
  parcelas: string;
  conta: string | null;
}

export const EMPTY_PAYMENT_FIELDS: PaymentFieldValues = { methodId: null, valor: null, parcelas: '1', conta: null };

export function methodOf(context: InvoiceContext, id: string | null): LocalRow | undefined {
  return context.methods.find((m) => String(m['id_meio_pagamento']) === id);
}

/** The method requires a bank account (its `obrigar_conta`). */
export function requiresAccount(method: LocalRow | undefined): boolean {
  return method?.['obrigar_conta'] === true;
}

interface Props {
  fields: PaymentFieldValues;
  /** The value shown: the one typed, or what is still due. */
  value: string;
  context: InvoiceContext;
  methodRef: Ref<HTMLInputElement>;
  onChange: (next: Partial<PaymentFieldValues>) => void;
  /** A method chosen: the fields it resets. */
  onChoose: (next: Pick<PaymentFieldValues, 'methodId' | 'parcelas' | 'conta'>) => void;
  /** More columns after the installments (the order's card operator). */
  children?: ReactNode;
}

export function PaymentFields({ fields, value, context, methodRef, onChange, onChoose, children }: Props) {
  const method = methodOf(context, fields.methodId);
  const maxParcelas = maxInstallments(method, context.installments);
  const choose = (id: string | null) => {
    const account = methodOf(context, id)?.['id_conta'];
    onChoose({ methodId: id, parcelas: '1', conta: typeof account === 'number' ? String(account) : null });
  };
  return (
    <Grid gap="xs" align="flex-end">
      <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
        <Select
          ref={methodRef}
          label={
            <>
              Meio de pagamento <Kbd size="xs">F4</Kbd>
            </>
          }
          aria-label="Meio de pagamento"
          data={context.methods.map((m) => ({
            value: String(m['id_meio_pagamento']),
            label: textOf(m, 'descricao'),
          }))}
          value={fields.methodId}
          onChange={choose}
          searchable
          selectFirstOptionOnChange
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
        <TextInput
          label="Valor"
          value={value}
          onChange={(e) => onChange({ valor: e.currentTarget.value })}
          inputMode="decimal"
          leftSection={<Text size="xs">R$</Text>}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 3, lg: 1.5 }}>
        <Select
          label="Parcelas"
          data={Array.from({ length: maxParcelas }, (_, i) => ({ value: String(i + 1), label: `${i + 1}x` }))}
          value={fields.parcelas}
          onChange={(v) => onChange({ parcelas: v ?? '1' })}
          allowDeselect={false}
          disabled={maxParcelas === 1}
        />
      </Grid.Col>
      {children}
      {(requiresAccount(method) || fields.conta !== null) && (
        <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
          <Select
            label="Conta bancária"
            data={context.accounts}
            value={fields.conta}
            onChange={(conta) => onChange({ conta })}
            placeholder="Escolha a conta"
          />
        </Grid.Col>
      )}
    </Grid>
  );
}
