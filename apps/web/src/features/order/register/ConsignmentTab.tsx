/**
 * Consignação (000 §4.5): the steps of a consignment order — send the items to the customer, register what came
 * back, finish (what was not returned is sold) and invoice the sale. Each step is a server call; a refusal shows the
 * server's message.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Group, Kbd, NativeSelect, NumberInput, Stack, Stepper, Table, Text, TextInput } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { consignmentStepError } from '@pdv/domain/consignment-rules';
import { formatQuantity, parseQuantityBR, quantityFromDecimal, quantityToDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { localDb, type LocalRow } from '../../../db/database.ts';
import { textOf } from '../../checkout/catalog.ts';
import { loadInvoiceContext } from '../../invoice/localData.ts';
import { showError } from '../../../ui/showError.ts';
import { showWarning } from '../../../ui/warning.tsx';
import { toast } from '../../../ui/toast.ts';
import { situacaoLabelOfItem } from '../consignment.ts';
import { isOrderStatus } from '../situacao.ts';

/** The step each status waits for (4: all done). */
const STAGE_INDEX: Readonly<Record<string, number>> = {
  Edicao: 0,
  Liberado: 0,
  EnviadoCliente: 1,
  RetornoCliente: 2,
  AguardandoConclusao: 3,
  NotaPendente: 4,
  Faturado: 4,
  Concluida: 4,
};

interface Props {
  order: OrderFull;
  editable: boolean;
  onSaved: (order: OrderFull) => void;
  onInvoiced: (id_nota_fiscal: number) => void;
  /**
   * The point of sale's stages modal: the four steps answer 1-4 (outside the quantity fields) and show their digit;
   * Enter in a returned quantity registers the return.
   */
  digitKeys?: boolean;
}

/** A key typed in a text field belongs to the field, not to a shortcut. */
const typing = (target: EventTarget | null) =>
  (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && !target.readOnly;

export function ConsignmentTab({ order, editable, onSaved, onInvoiced, digitKeys = false }: Props) {
  const items = order.itens.filter((i) => !i.is_cancelado);
  const [returned, setReturned] = useState<Record<number, string>>(() =>
    Object.fromEntries(items.map((i) => [i.id_pedido_item, formatQuantity(quantityFromDecimal(i.quantidade_retorno))])),
  );
  const [busy, setBusy] = useState(false);
  // How the customer pays for what was kept (the sale's invoice gets it; instalments become receivables).
  const [methods, setMethods] = useState<LocalRow[]>([]);
  const [method, setMethod] = useState('');
  const [parcelas, setParcelas] = useState<number>(1);
  const waitingSale = order.situacao === 'AguardandoConclusao';
  useEffect(() => {
    if (!waitingSale) return;
    let live = true;
    loadInvoiceContext(localDb(), order.id_filial)
      .then((context) => live && setMethods(context.methods))
      .catch((error: unknown) => console.error('Falha ao ler os meios de pagamento', error));
    return () => {
      live = false;
    };
  }, [waitingSale, order.id_filial]);
  const firstReturned = useRef<HTMLInputElement>(null);
  const situacao = isOrderStatus(order.situacao) ? order.situacao : 'Cancelado';
  const facts = { operacao: order.operacao, situacao, is_processando: order.is_processando };
  const can = (step: 'send' | 'return' | 'finish') => editable && consignmentStepError(facts, step) === null;

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      onSaved(await call('consignmentSend', { id_pedido: order.id_pedido }));
      toast.success('Itens enviados ao cliente.');
    });
  const registerReturn = () =>
    run(async () => {
      const itens = items.map((i) => ({
        id_pedido_item: i.id_pedido_item,
        quantidade_retorno: parseQuantityBR(returned[i.id_pedido_item] ?? '0') ?? -1,
      }));
      const invalid = itens.find((i) => i.quantidade_retorno < 0);
      if (invalid) return void showWarning('Informe a quantidade devolvida de cada item.');
      onSaved(
        await call('consignmentReturn', {
          id_pedido: order.id_pedido,
          itens: itens.map((i) => ({ ...i, quantidade_retorno: quantityToDecimal(i.quantidade_retorno) })),
        }),
      );
      toast.success('Devolução registrada.');
      // The quantities are in: the digits go back to the steps (3 finishes).
      if (digitKeys && document.activeElement instanceof HTMLInputElement) document.activeElement.blur();
    });
  const finish = () =>
    run(async () => {
      onSaved(await call('consignmentFinish', { id_pedido: order.id_pedido }));
      toast.success('Consignação concluída.');
    });
  const sell = () =>
    run(async () => {
      const pagamentos = method ? [{ id_meio_pagamento: Number(method), quantidade_parcelas: Math.max(1, Math.trunc(parcelas || 1)) }] : undefined;
      const sold = await call('consignmentSell', { id_pedido: order.id_pedido, ...(pagamentos ? { pagamentos } : {}) });
      toast.success('Nota fiscal em edição criada para a venda da consignação.');
      onInvoiced(sold.id_nota_fiscal);
    });

  const steps: ReadonlyArray<{ label: string; enabled: boolean; run: () => Promise<void>; color?: string }> = [
    { label: 'Enviar ao cliente', enabled: can('send'), run: send },
    { label: 'Registrar devolução', enabled: can('return'), run: registerReturn },
    { label: 'Concluir consignação', enabled: can('finish'), run: finish },
    { label: 'Faturar venda', enabled: order.situacao === 'AguardandoConclusao', run: sell, color: 'teal' },
  ];
  const latestSteps = useRef(steps);
  useLayoutEffect(() => {
    latestSteps.current = steps;
  });
  // In the return step the first returned quantity takes the focus (typing, then Enter registers the return).
  const returning = digitKeys && can('return');
  useEffect(() => {
    if (returning) firstReturned.current?.select();
  }, [returning]);
  useLayoutEffect(() => {
    if (!digitKeys || !editable) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      const step = latestSteps.current[Number(event.key) - 1];
      if (!/^[1-4]$/.test(event.key) || !step) return;
      event.preventDefault();
      if (step.enabled) void step.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [digitKeys, editable]);

  return (
    <Stack gap="sm">
      <Stepper active={STAGE_INDEX[order.situacao] ?? 0} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Enviar" description="Itens ao cliente" />
        <Stepper.Step label="Retorno" description="O que voltou" />
        <Stepper.Step label="Concluir" description="O resto é venda" />
        <Stepper.Step label="Faturar" description="Nota da venda" />
      </Stepper>
      <Table withTableBorder aria-label="Itens da consignação">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right">Enviado</Table.Th>
            <Table.Th w={160}>Devolvido</Table.Th>
            <Table.Th>Situação</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i, index) => (
            <Table.Tr key={i.id_pedido_item}>
              <Table.Td>{i.descricao}</Table.Td>
              <Table.Td ta="right">{formatQuantity(quantityFromDecimal(i.quantidade))}</Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  ref={index === 0 ? firstReturned : undefined}
                  aria-label={`Devolvido de ${i.descricao}`}
                  value={returned[i.id_pedido_item] ?? '0'}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setReturned((r) => ({ ...r, [i.id_pedido_item]: value }));
                  }}
                  onKeyDown={(e) => {
                    if (digitKeys && e.key === 'Enter' && can('return')) {
                      e.preventDefault();
                      void registerReturn();
                    }
                  }}
                  readOnly={!can('return')}
                  variant={can('return') ? 'default' : 'filled'}
                  inputMode="decimal"
                />
              </Table.Td>
              <Table.Td>
                <Text size="xs">{situacaoLabelOfItem(i)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editable && waitingSale && (
        <Group gap="xs" align="end">
          <NativeSelect
            label="Pagamento da venda"
            aria-label="Pagamento da venda"
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value)}
            data={[
              { value: '', label: 'Informar depois, na nota' },
              ...methods.map((m) => ({ value: String(Number(m['id_meio_pagamento'])), label: textOf(m, 'descricao') })),
            ]}
          />
          <NumberInput label="Parcelas" aria-label="Parcelas da venda" min={1} max={120} w={90} value={parcelas}
            onChange={(v) => setParcelas(typeof v === 'number' ? v : Number(v) || 1)} disabled={!method} />
        </Group>
      )}
      {editable && (
        <Group gap="xs">
          {steps.map((step, index) => (
            <Button
              key={step.label}
              variant={step.color ? 'filled' : 'light'}
              color={step.color}
              disabled={!step.enabled || busy}
              onClick={() => void step.run()}
              leftSection={digitKeys ? <Kbd size="xs">{index + 1}</Kbd> : undefined}
            >
              {step.label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
