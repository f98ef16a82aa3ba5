/**
 * Pagamentos: a method from the local copy, the value (what is still to be paid by default), installments when the
 * method takes them, and the bank account when the method requires one (001 §5).
 */
import type { Ref } from 'react';
import { Stack } from '@mantine/core';
import { invoicePaymentErrors } from '@pdv/domain/invoice-validation';
import { formatDecimalBR, formatMoney, parseMoneyBR, type Cents } from '@pdv/domain/money';
import { textOf } from '../../checkout/catalog.ts';
import { LineForm } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import {
  EMPTY_PAYMENT_FIELDS,
  PaymentFields,
  methodOf,
  requiresAccount,
  type PaymentFieldValues,
} from '../../register-lines/PaymentFields.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import { lineKey, type PaymentLine } from '../form.ts';
import type { InvoiceContext } from '../localData.ts';

interface Props {
  payments: PaymentLine[];
  saldo: Cents;
  context: InvoiceContext;
  editable: boolean;
  methodRef: Ref<HTMLInputElement>;
  onChange: (payments: PaymentLine[]) => void;
}

export function PaymentsTab({ payments, saldo, context, editable, methodRef, onChange }: Props) {
  const value = (fields: PaymentFieldValues) => fields.valor ?? formatDecimalBR(saldo);
  const paymentOf = (fields: PaymentFieldValues): Omit<PaymentLine, 'key'> => {
    const chosen = methodOf(context, fields.methodId);
    return {
      id_meio_pagamento: chosen ? Number(chosen['id_meio_pagamento']) : null,
      descricao: chosen ? textOf(chosen, 'descricao') : '',
      valor_total: parseMoneyBR(value(fields)) ?? 0,
      quantidade_parcelas: Number(fields.parcelas),
      id_conta: fields.conta === null ? null : Number(fields.conta),
    };
  };
  const { form, setForm, errors, setErrors, save } = useLineForm(EMPTY_PAYMENT_FIELDS, (f) =>
    // Saved along with the invoice, so 'Nota Fiscal ainda não foi salva' never applies here.
    invoicePaymentErrors(paymentOf(f), { saved: true, requiresAccount: requiresAccount(methodOf(context, f.methodId)) }),
  );
  const submit = () => save((fields) => onChange([...payments, { ...paymentOf(fields), key: lineKey() }]));

  return (
    <Stack gap="sm">
      {editable && (
        <LineForm onSubmit={submit} errors={errors} submitLabel="Adicionar pagamento">
          <PaymentFields
            fields={form}
            value={value(form)}
            context={context}
            methodRef={methodRef}
            onChange={(next) => setForm((f) => ({ ...f, ...next }))}
            onChoose={(next) => {
              setForm((f) => ({ ...f, ...next }));
              setErrors([]);
            }}
          />
        </LineForm>
      )}

      <LinesTable
        label="Pagamentos da nota"
        rows={payments}
        rowKey={(p) => p.key}
        columns={[
          { header: 'Meio de pagamento', cell: (p) => p.descricao },
          { header: 'Parcelas', cell: (p) => `${p.quantidade_parcelas}x` },
          {
            header: 'Conta',
            cell: (p) =>
              p.id_conta === null
                ? '—'
                : (context.accounts.find((a) => a.value === String(p.id_conta))?.label ?? `Conta nº ${p.id_conta}`),
          },
          { header: 'Valor', ta: 'right', cell: (p) => formatMoney(p.valor_total) },
        ]}
        empty="Nenhum pagamento."
        editable={editable}
        remove={{
          label: (p) => `Remover pagamento ${p.descricao}`,
          onClick: (p) => onChange(payments.filter((x) => x.key !== p.key)),
        }}
      />
    </Stack>
  );
}
