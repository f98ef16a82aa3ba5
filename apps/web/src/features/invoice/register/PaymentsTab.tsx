/**
 * Pagamentos: a method from the local copy, the value (what is still to be paid by default), installments when the
 * method takes them, and the bank account when the method requires one (001 §5).
 */
import { useState, type Ref } from 'react';
import { ActionIcon, Button, Grid, Group, Kbd, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatDecimalBR, formatMoney, parseMoneyBR, type Cents } from '@pdv/domain/money';
import { textOf } from '../../checkout/catalog.ts';
import { lineKey, validatePaymentLine, type PaymentLine } from '../form.ts';
import { maxInstallments, type InvoiceContext } from '../localData.ts';

interface Props {
  payments: PaymentLine[];
  saldo: Cents;
  context: InvoiceContext;
  editable: boolean;
  methodRef: Ref<HTMLInputElement>;
  onChange: (payments: PaymentLine[]) => void;
}

export function PaymentsTab({ payments, saldo, context, editable, methodRef, onChange }: Props) {
  const [methodId, setMethodId] = useState<string | null>(null);
  const [valor, setValor] = useState<string | null>(null);
  const [parcelas, setParcelas] = useState('1');
  const [conta, setConta] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const method = context.methods.find((m) => String(m['id_meio_pagamento']) === methodId);
  const requiresAccount = method?.['obrigar_conta'] === true;
  const maxParcelas = maxInstallments(method, context.installments);
  const value = valor ?? formatDecimalBR(saldo);

  const choose = (id: string | null) => {
    setMethodId(id);
    setParcelas('1');
    const chosen = context.methods.find((m) => String(m['id_meio_pagamento']) === id);
    const account = chosen?.['id_conta'];
    setConta(typeof account === 'number' ? String(account) : null);
    setErrors([]);
  };

  const submit = () => {
    const line: Omit<PaymentLine, 'key'> = {
      id_meio_pagamento: method ? Number(method['id_meio_pagamento']) : null,
      descricao: method ? textOf(method, 'descricao') : '',
      valor_total: parseMoneyBR(value) ?? 0,
      quantidade_parcelas: Number(parcelas),
      id_conta: conta === null ? null : Number(conta),
    };
    const problems = validatePaymentLine(line, requiresAccount);
    if (problems.length > 0) return setErrors(problems);
    onChange([...payments, { ...line, key: lineKey() }]);
    setMethodId(null);
    setValor(null);
    setParcelas('1');
    setConta(null);
    setErrors([]);
  };

  return (
    <Stack gap="sm">
      {editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Grid gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <Select
                ref={methodRef}
                label={
                  <>
                    Meio de pagamento <Kbd size="xs">F4</Kbd>
                  </>
                }
                aria-label="Meio de pagamento"
                data={context.methods.map((m) => ({ value: String(m['id_meio_pagamento']), label: textOf(m, 'descricao') }))}
                value={methodId}
                onChange={choose}
                searchable
                selectFirstOptionOnChange
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
              <TextInput label="Valor" value={value} onChange={(e) => setValor(e.currentTarget.value)} inputMode="decimal" />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
              <Select
                label="Parcelas"
                data={Array.from({ length: maxParcelas }, (_, i) => ({ value: String(i + 1), label: `${i + 1}x` }))}
                value={parcelas}
                onChange={(v) => setParcelas(v ?? '1')}
                allowDeselect={false}
                disabled={maxParcelas === 1}
              />
            </Grid.Col>
            {(requiresAccount || conta !== null) && (
              <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
                <Select label="Conta bancária" data={context.accounts} value={conta} onChange={setConta} placeholder="Escolha a conta" />
              </Grid.Col>
            )}
          </Grid>
          <Group justify="space-between" mt="xs">
            <Stack gap={2}>
              {errors.map((error) => (
                <Text key={error} c="red" size="sm" role="alert">
                  {error}
                </Text>
              ))}
            </Stack>
            <Button type="submit" rightSection={<Kbd size="xs">Enter</Kbd>}>
              Adicionar pagamento
            </Button>
          </Group>
        </form>
      )}

      <Table striped withTableBorder aria-label="Pagamentos da nota">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Meio de pagamento</Table.Th>
            <Table.Th>Parcelas</Table.Th>
            <Table.Th>Conta</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            {editable && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.key}>
              <Table.Td>{p.descricao}</Table.Td>
              <Table.Td>{p.quantidade_parcelas}x</Table.Td>
              <Table.Td>{p.id_conta === null ? '—' : (context.accounts.find((a) => a.value === String(p.id_conta))?.label ?? `Conta nº ${p.id_conta}`)}</Table.Td>
              <Table.Td ta="right">{formatMoney(p.valor_total)}</Table.Td>
              {editable && (
                <Table.Td>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remover pagamento ${p.descricao}`} onClick={() => onChange(payments.filter((x) => x.key !== p.key))}>
                    ×
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {payments.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={editable ? 5 : 4}>
                <Text c="dimmed" ta="center" py="md">
                  Nenhum pagamento.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
