/**
 * Pagamentos: a method from the local copy, the value (what is still due by default), installments when the method
 * takes them, the card operator for cards and the bank account when the method requires one (000 §5 "Payment").
 * Each payment is written at once (/order_payment/create); the server's refusal is shown under the form.
 */
import { useState, type Ref } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Kbd,
  List,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { isCard } from '@pdv/domain/payment-method';
import { formatDecimalBR, formatMoney, fromDecimal, type Cents } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { textOf } from '../../checkout/catalog.ts';
import { maxInstallments } from '../../invoice/localData.ts';
import { paymentBody, paymentErrors } from '../form.ts';
import type { OrderContext } from '../localData.ts';

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
  const [methodId, setMethodId] = useState<string | null>(null);
  const [valor, setValor] = useState<string | null>(null);
  const [parcelas, setParcelas] = useState('1');
  const [operadora, setOperadora] = useState<string | null>(null);
  const [conta, setConta] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const method = context.methods.find((m) => String(m['id_meio_pagamento']) === methodId);
  const card = method !== undefined && isCard(textOf(method, 'meio_pagamento'));
  const requiresAccount = method?.['obrigar_conta'] === true;
  const maxParcelas = maxInstallments(method, context.installments);
  const value = valor ?? formatDecimalBR(Math.max(0, saldo));
  const payments = order?.pagamentos ?? [];

  const choose = (id: string | null) => {
    setMethodId(id);
    setParcelas('1');
    setOperadora(null);
    const chosen = context.methods.find((m) => String(m['id_meio_pagamento']) === id);
    const account = chosen?.['id_conta'];
    setConta(typeof account === 'number' ? String(account) : null);
    setErrors([]);
  };

  const submit = async () => {
    if (busy) return;
    const form = {
      id_meio_pagamento: methodId === null ? null : Number(methodId),
      valor_total: value,
      quantidade_parcelas: Number(parcelas),
      id_operadora_cartao: operadora === null ? null : Number(operadora),
      id_conta: conta === null ? null : Number(conta),
    };
    const problems = paymentErrors(form);
    if (problems.length > 0) return setErrors(problems);
    setBusy(true);
    try {
      const target = await ensureSaved();
      if (!target) return;
      onSaved(await call('orderPaymentCreate', paymentBody(form, target.id_pedido)));
      setMethodId(null);
      setValor(null);
      setParcelas('1');
      setOperadora(null);
      setConta(null);
      setErrors([]);
    } catch (error) {
      const { text, details } = errorDisplayOf(error);
      setErrors(details.length > 0 ? details : [text]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
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
                value={methodId}
                onChange={choose}
                searchable
                selectFirstOptionOnChange
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 2 }}>
              <TextInput
                label="Valor"
                value={value}
                onChange={(e) => setValor(e.currentTarget.value)}
                inputMode="decimal"
                leftSection={<Text size="xs">R$</Text>}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3, lg: 1.5 }}>
              <Select
                label="Parcelas"
                data={Array.from({ length: maxParcelas }, (_, i) => ({ value: String(i + 1), label: `${i + 1}x` }))}
                value={parcelas}
                onChange={(v) => setParcelas(v ?? '1')}
                allowDeselect={false}
                disabled={maxParcelas === 1}
              />
            </Grid.Col>
            {card && (
              <Grid.Col span={{ base: 12, sm: 6, lg: 2.5 }}>
                <Select
                  label="Operadora de cartão"
                  data={context.operators}
                  value={operadora}
                  onChange={setOperadora}
                  placeholder="Escolha a operadora"
                />
              </Grid.Col>
            )}
            {(requiresAccount || conta !== null) && (
              <Grid.Col span={{ base: 12, sm: 6, lg: 3 }}>
                <Select
                  label="Conta bancária"
                  data={context.accounts}
                  value={conta}
                  onChange={setConta}
                  placeholder="Escolha a conta"
                />
              </Grid.Col>
            )}
          </Grid>
          {errors.length > 0 && (
            <Alert color="red" variant="light" mt="xs" role="alert">
              <List size="sm" spacing={2}>
                {errors.map((error) => (
                  <List.Item key={error}>{error}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={busy} rightSection={<Kbd size="xs">Enter</Kbd>}>
              Adicionar pagamento
            </Button>
          </Group>
        </form>
      )}

      <Table striped withTableBorder aria-label="Pagamentos do pedido">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Meio de pagamento</Table.Th>
            <Table.Th>Parcelas</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            {editable && <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id_pedido_pagamento}>
              <Table.Td>{p.descricao || p.meio_pagamento}</Table.Td>
              <Table.Td>{p.quantidade_parcelas}x</Table.Td>
              <Table.Td ta="right">{formatMoney(fromDecimal(p.valor_total))}</Table.Td>
              {editable && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remover pagamento ${p.descricao || p.meio_pagamento}`}
                    onClick={() => onRemove(p.id_pedido_pagamento)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {payments.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={editable ? 4 : 3}>
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
