/**
 * F10: finishing (modoFinalizacao "Modal" asks here): the document to issue (pre-sale, NFC-e or NF-e where the branch
 * has an active series; offline, pre-sale by default) — in order and quote modes the order or quote itself — and
 * whether to print the receipt. Enter confirms.
 */
import { SAT_MODEL } from '@pdv/domain/sat';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Kbd, Modal, Radio, Stack, Text } from '@mantine/core';
import { formatMoney } from '@pdv/domain/money';
import { hasActiveSeries, type FiscalSeries } from '@pdv/domain/sale-validation';
import type { PosMode } from './draft.ts';

const MODELS: ReadonlyArray<{ value: string; label: string; modelo: string | null }> = [
  { value: 'pre', label: 'Pré-venda (pedido)', modelo: null },
  // Offered only where the branch's default sale model is the SAT (no series: the SAT numbers the CF-e).
  { value: '59', label: 'CF-e SAT', modelo: '59' },
  { value: '65', label: 'NFC-e', modelo: '65' },
  { value: '55', label: 'NF-e', modelo: '55' },
];

/** In order and quote modes nothing is invoiced on finishing: the one choice is the document itself. */
const MODE_DOCUMENT: Readonly<Record<Exclude<PosMode, 'Venda'>, { value: string; label: string; modelo: null }>> = {
  Pedido: { value: 'pedido', label: 'Pedido (liberado para faturar depois)', modelo: null },
  Orcamento: { value: 'orcamento', label: 'Orçamento', modelo: null },
  Devolucao: { value: 'devolucao', label: 'Devolução (o valor vira crédito do cliente)', modelo: null },
  Recebimento: { value: 'recebimento', label: 'Recebimento dos títulos escolhidos', modelo: null },
  Consignacao: { value: 'consignacao', label: 'Consignação (itens pendentes de envio)', modelo: null },
  ValeCredito: { value: 'vale', label: 'Vale crédito (imprime o vale com código de barras e QR)', modelo: null },
};

interface Props {
  opened: boolean;
  proposed: string | null;
  series: readonly FiscalSeries[];
  idFilial: number;
  total: number;
  troco: number;
  onClose: () => void;
  /** The point of sale's mode (Alt+M). */
  modo: PosMode;
  onConfirm: (modelo: string | null, receiptTab: Window | null) => void;
}

export function FinishModal(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Finalizar operação (F10)" centered>
      {props.opened && <FinishForm {...props} />}
    </Modal>
  );
}

function FinishForm({ proposed, series, idFilial, total, troco, modo, onConfirm }: Props) {
  const options =
    modo === 'Venda'
      ? MODELS.filter((m) => (m.modelo === SAT_MODEL ? proposed === SAT_MODEL : m.modelo === null || hasActiveSeries(series, m.modelo, idFilial)))
      : [MODE_DOCUMENT[modo]];
  const [choice, setChoice] = useState(modo === 'Venda' ? (proposed ?? 'pre') : MODE_DOCUMENT[modo].value);
  const [print, setPrint] = useState(true);
  const confirm = () => {
    // Opened during the key press, so that no pop-up blocker stops the receipt.
    const tab = print ? window.open('', '_blank') : null;
    onConfirm(options.find((m) => m.value === choice)?.modelo ?? null, tab);
  };
  // The keys are read on the window (capture) while the form is open, not on the form: the modal moves focus into
  // itself only after it has mounted, and a cashier pressing F10 then 1 (or Enter) at once must not have the key land
  // in the search box behind it (seen in the 50-trial close-the-page e2e: 1 finish in ~40 kept NFC-e).
  const formRef = useRef<HTMLFormElement>(null);
  // A layout effect: in place from the form's first paint (a passive effect can run after the first key).
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey) return;
      const inside = formRef.current?.contains(event.target as Node) ?? false;
      const option = /^[1-9]$/.test(event.key) ? options[Number(event.key) - 1] : undefined;
      if (option) setChoice(option.value);
      else if (event.key === 'p' || event.key === 'P') setPrint((p) => !p);
      else if (event.key === 'Enter' && !inside) confirm();
      else return;
      event.preventDefault();
      event.stopPropagation();
    };
    // Re-attached after every render so that it sees the current choice and print flag.
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  });
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <Stack>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text fw={700}>{formatMoney(total)}</Text>
        </Group>
        <Group justify="space-between">
          <Text>Troco</Text>
          <Text fw={700}>{formatMoney(troco)}</Text>
        </Group>
        <Radio.Group label="Documento" value={choice} onChange={setChoice}>
          <Stack gap={6} mt={6}>
            {options.map((option, index) => (
              <Radio
                key={option.value}
                value={option.value}
                label={
                  <>
                    <Kbd size="xs">{index + 1}</Kbd> {option.label}
                  </>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Checkbox
          label={
            <>
              <Kbd size="xs">P</Kbd> Imprimir comprovante
            </>
          }
          checked={print}
          onChange={(e) => setPrint(e.currentTarget.checked)}
        />
        <Button type="submit" data-autofocus>
          Confirmar (Enter)
        </Button>
      </Stack>
    </form>
  );
}
