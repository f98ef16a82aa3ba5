/**
 * The peripheral selection (001 §2 "Peripheral selection modal. It opens when no SAT device or no label printer is
 * configured"; 001 §8 "no device chosen prompts device selection"): a select of the branch's peripherals of the kind,
 * by description and device, and Selecionar, disabled until one is chosen. `choosePeripheral` opens it and resolves
 * with the choice (kept on this machine for the branch) or null. `PrintersModal` is the same choice for the three
 * printer kinds and the checkout scale at once, opened from the header's "Impressoras".
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { PERIPHERAL_KEYS, type PeripheralKind } from '@pdv/domain/print-connector';
import { showError } from '../../ui/showError.ts';
import { branchPeripherals, choiceLabel } from './peripheralList.ts';
import { peripheralFor, setPeripheral, type PeripheralChoice } from './peripheralStore.ts';

const KIND_LABEL: Record<'ImpressoraComprovante' | 'ImpressoraEtiqueta' | 'ImpressoraA4' | 'Balanca' | 'POS' | 'Sat', string> = {
  ImpressoraComprovante: 'Impressora de comprovantes (80 mm)',
  ImpressoraEtiqueta: 'Impressora de etiquetas',
  ImpressoraA4: 'Impressora A4',
  Balanca: 'Balança do caixa',
  POS: 'Terminal de cartão (TEF / POS)',
  Sat: 'SAT (CF-e)',
};
export type PrinterKind = keyof typeof KIND_LABEL;
const PRINTER_KINDS = Object.keys(KIND_LABEL) as PrinterKind[];

/** The branch's peripherals of `tipo` (all kinds when undefined); null while they load. */
function usePeripherals(tipo?: PeripheralKind): PeripheralChoice[] | null {
  const [list, setList] = useState<PeripheralChoice[] | null>(null);
  useEffect(() => {
    let live = true;
    branchPeripherals(tipo).then(
      (rows) => live && setList(rows),
      (error: unknown) => {
        if (live) setList([]);
        showError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [tipo]);
  return list;
}

const optionsOf = (list: PeripheralChoice[] | null) =>
  (list ?? []).map((c) => ({ value: String(c.id_periferico), label: choiceLabel(c) }));

function ChooseForm({ tipo, onDone }: { tipo: PrinterKind; onDone: (choice: PeripheralChoice | null) => void }) {
  const list = usePeripherals(tipo);
  const [value, setValue] = useState<string | null>(null);
  const chosen = list?.find((c) => String(c.id_periferico) === value) ?? null;
  return (
    <Stack gap="sm">
      <Text size="sm">Nenhum periférico deste tipo foi escolhido para esta filial neste computador.</Text>
      <Select
        label={KIND_LABEL[tipo]}
        data={optionsOf(list)}
        value={value}
        onChange={setValue}
        data-autofocus
        searchable
        placeholder={
          list === null
            ? 'Carregando...'
            : list.length === 0
              ? 'Nenhum periférico cadastrado nos dispositivos'
              : 'Selecione'
        }
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(null)}>
          Imprimir em PDF
        </Button>
        <Button disabled={!chosen} onClick={() => onDone(chosen)}>
          Selecionar
        </Button>
      </Group>
    </Stack>
  );
}

let sequence = 0;

/** Opens the selection for `tipo`; resolves with the peripheral chosen (and kept for the branch), or null. */
export function choosePeripheral(id_filial: number, tipo: PrinterKind): Promise<PeripheralChoice | null> {
  return new Promise((resolve) => {
    sequence += 1;
    const modalId = `periferico-${sequence}`;
    let result: PeripheralChoice | null = null;
    modals.open({
      modalId,
      title: 'Selecionar periférico',
      centered: true,
      onClose: () => resolve(result),
      children: (
        <ChooseForm
          tipo={tipo}
          onDone={(choice) => {
            result = choice;
            if (choice) setPeripheral(id_filial, PERIPHERAL_KEYS[tipo], choice);
            modals.close(modalId);
          }}
        />
      ),
    });
  });
}

function PrinterRow({
  id_filial,
  tipo,
  all,
}: {
  id_filial: number;
  tipo: PrinterKind;
  all: PeripheralChoice[] | null;
}) {
  const list = all && all.filter((c) => c.tipo === tipo);
  const key = PERIPHERAL_KEYS[tipo];
  const [current, setCurrent] = useState(() => peripheralFor(id_filial, key));
  const data = optionsOf(list);
  // A choice kept from before that the list no longer has (the device was edited) still shows by its name.
  if (current && !data.some((o) => o.value === String(current.id_periferico))) {
    data.push({ value: String(current.id_periferico), label: choiceLabel(current) });
  }
  return (
    <Select
      label={KIND_LABEL[tipo]}
      data={data}
      value={current ? String(current.id_periferico) : null}
      clearable
      placeholder={
        list === null ? 'Carregando...' : tipo === 'Balanca' ? 'Nenhuma: o peso é digitado' : 'Nenhuma: abre o PDF'
      }
      onChange={(v) => {
        const choice = list?.find((c) => String(c.id_periferico) === v) ?? null;
        setPeripheral(id_filial, key, choice);
        setCurrent(choice);
      }}
    />
  );
}

/** The branch's printers on this machine, one select a kind (cleared: the PDF opens, as without a connector). */
export function PrintersModal({
  id_filial,
  opened,
  onClose,
}: {
  id_filial: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Impressoras deste computador"
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened && <PrinterRows id_filial={id_filial} onClose={onClose} />}
    </Modal>
  );
}

/** The rows of the modal: the branch's peripherals loaded once for all kinds. */
function PrinterRows({ id_filial, onClose }: { id_filial: number; onClose: () => void }) {
  const all = usePeripherals();
  return (
    <Stack gap="sm">
      <Alert variant="light">
        Com uma impressora escolhida, o documento vai pelo conector local do dispositivo; sem ela, ou quando o conector
        não responde, o PDF abre numa nova aba. Com a balança escolhida, Alt+B em Quantidade (F3) lê o peso.
      </Alert>
      {PRINTER_KINDS.map((tipo) => (
        <PrinterRow key={tipo} id_filial={id_filial} tipo={tipo} all={all} />
      ))}
      <Group justify="flex-end">
        <Button onClick={onClose}>Fechar</Button>
      </Group>
    </Stack>
  );
}
