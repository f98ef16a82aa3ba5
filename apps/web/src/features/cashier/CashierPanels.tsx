/**
 * The cashier's side panels (002 §2 "cashier side panels (operation, verification)"): opening, operation (sangria or
 * suprimento with its reason) and verification (the count per payment method, blind unless the user may see the
 * expected amounts, then the close).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Drawer, Group, Loader, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import type { CashierDetail } from '@pdv/contract/cashier';
import { CASHIER_STATUS } from '@pdv/domain/cashier';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { MoneyInput } from '../../ui/MaskedInputs.tsx';
import { formatInZone } from '@pdv/domain/time-zone';
import type { LocalShift } from './tillEvents.ts';

export function OpenPanel({ opened, onClose, onOpen }: {
  opened: boolean; onClose: () => void; onOpen: (valor: number, observacao: string | null) => Promise<boolean>;
}) {
  const [valor, setValor] = useState<number | null>(null);
  const [observacao, setObservacao] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValor(null);
    setObservacao('');
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    try {
      if (await onOpen(valor ?? 0, observacao.trim() || null)) close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer opened={opened} onClose={close} position="right" title="Abrir caixa">
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack>
          <MoneyInput label="Valor de abertura (troco inicial)" value={valor} onChange={setValor} data-autofocus />
          <Textarea label="Observação" value={observacao} onChange={(e) => setObservacao(e.currentTarget.value)} maxLength={500} />
          <Button type="submit" loading={busy}>Abrir caixa</Button>
        </Stack>
      </form>
    </Drawer>
  );
}

export function OperationPanel({ opened, onClose, onSave }: {
  opened: boolean; onClose: () => void; onSave: (tipo: 'Sangria' | 'Suprimento', valor: number, observacao: string) => Promise<boolean>;
}) {
  const [tipo, setTipo] = useState<'Sangria' | 'Suprimento'>('Sangria');
  const [valor, setValor] = useState<number | null>(null);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValor(null);
    setMotivo('');
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    try {
      if (await onSave(tipo, valor ?? 0, motivo)) close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer opened={opened} onClose={close} position="right" title="Operação de caixa">
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack>
          <SegmentedControl
            value={tipo}
            onChange={(v) => setTipo(v === 'Suprimento' ? 'Suprimento' : 'Sangria')}
            data={[{ value: 'Sangria', label: 'Sangria' }, { value: 'Suprimento', label: 'Suprimento' }]}
            aria-label="Tipo da operação"
          />
          <MoneyInput label="Valor" value={valor} onChange={setValor} data-autofocus />
          <TextInput label="Motivo" value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} maxLength={500} />
          <Button type="submit" loading={busy}>Registrar</Button>
        </Stack>
      </form>
    </Drawer>
  );
}

const TIPO_LABEL: Record<string, string> = {
  Abertura: 'Abertura', Venda: 'Venda', Suprimento: 'Suprimento', Sangria: 'Sangria', Devolucao: 'Devolução', Estorno: 'Estorno', Recebimento: 'Recebimento',
};

/** The verification panel of the user's shift opened offline and not numbered by the server yet. */
export const LOCAL_SHIFT = -1;

/** The user's open shift as this device knows it, with the methods to count: the verification while offline. */
export interface OfflineVerification {
  shift: LocalShift;
  usuario: string;
  methods: ReadonlyArray<{ id_meio_pagamento: number; descricao: string; meio_pagamento: string }>;
}

/** A blind verification of the local shift (nothing expected shown; the server computes it when the close arrives). */
function offlineDetail(o: OfflineVerification, id_usuario: number): CashierDetail {
  return {
    id_caixa: o.shift.id_caixa ?? LOCAL_SHIFT, uuid_caixa: o.shift.uuid_caixa, id_filial: o.shift.id_filial, id_usuario, usuario: o.usuario,
    data_abertura: o.shift.data_abertura, data_fechamento: null, situacao: CASHIER_STATUS.open, is_aberto: true, valor_abertura: 0,
    is_offline: true, is_duplicado: false, is_aguardando_autorizacao: false, ver_esperado: false, operacoes: [], apuracao: [],
    meios_pagamento: [...o.methods],
  };
}

/** The verification of one shift: its operations, the count per method (added or replaced) and the close. */
export function VerificationPanel({ id_caixa, id_usuario, offline, onClose, onCount, onCloseShift, onReport }: {
  id_caixa: number | null;
  /** The signed-in user: its own open shift may be counted and closed. */
  id_usuario: number;
  /** Offline: the user's open shift from this device (counted blind here, sent when the connection is back). */
  offline?: OfflineVerification | null;
  onClose: () => void;
  onCount: (uuid: string, id_meio_pagamento: number, valor: number) => Promise<boolean>;
  onCloseShift: (uuid: string) => Promise<boolean>;
  onReport: (id_caixa: number) => void;
}) {
  const detail = useQuery({
    queryKey: ['cashierFindById', id_caixa],
    queryFn: ({ signal }) => call('cashierFindById', { id_caixa: id_caixa ?? 0 }, { signal }),
    enabled: id_caixa !== null && id_caixa !== LOCAL_SHIFT,
  });
  const [typed, setTyped] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState(false);
  const local = offline && id_caixa !== null && (id_caixa === LOCAL_SHIFT || id_caixa === offline.shift.id_caixa)
    ? offlineDetail(offline, id_usuario) : null;
  const d: CashierDetail | undefined = local ?? detail.data;
  const open = d?.situacao === CASHIER_STATUS.open && d.id_usuario === id_usuario;

  const saveCounts = async () => {
    if (!d) return;
    setBusy(true);
    try {
      for (const [id, valor] of Object.entries(typed)) {
        if (valor !== null && !(await onCount(d.uuid_caixa, Number(id), valor))) return;
      }
      setTyped({});
    } finally {
      setBusy(false);
    }
  };
  const close = async () => {
    if (!d) return;
    setBusy(true);
    try {
      for (const [id, valor] of Object.entries(typed)) {
        if (valor !== null && !(await onCount(d.uuid_caixa, Number(id), valor))) return;
      }
      setTyped({});
      if (await onCloseShift(d.uuid_caixa)) onClose();
    } finally {
      setBusy(false);
    }
  };
  const counted = new Map(d?.apuracao.map((a) => [a.id_meio_pagamento, a]) ?? []);

  return (
    <Drawer opened={id_caixa !== null} onClose={onClose} position="right" size="xl" title={`Apuração do caixa ${id_caixa === null || id_caixa === LOCAL_SHIFT ? '' : id_caixa}`.trim()}>
      {!local && detail.isPending && <Loader size="sm" aria-label="Carregando" />}
      {!local && detail.isError && <Alert color="red" variant="light">{errorDisplayOf(detail.error).text}</Alert>}
      {local && (
        <Alert variant="light" color="yellow" mb="sm">
          Sem conexão: a apuração e o fechamento ficam pendentes e são enviados assim que a conexão voltar.
        </Alert>
      )}
      {d && (
        <Stack>
          <Group gap="xs">
            <Text size="sm">Operador: {d.usuario}</Text>
            <Text size="sm">Abertura: {formatInZone(d.data_abertura)}</Text>
            <Badge color={d.situacao === CASHIER_STATUS.open ? 'green' : 'gray'}>{d.situacao}</Badge>
            {d.is_duplicado && <Badge color="red">Duplicado</Badge>}
          </Group>
          {!d.ver_esperado && (
            <Alert variant="light" color="blue">Apuração às cegas: informe o valor contado de cada meio de pagamento.</Alert>
          )}
          <Table withTableBorder aria-label="Apuração">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Meio de pagamento</Table.Th>
                <Table.Th>Apurado</Table.Th>
                {d.ver_esperado && <Table.Th>Esperado</Table.Th>}
                {d.ver_esperado && <Table.Th>Diferença</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(open ? d.meios_pagamento : d.apuracao.map((a) => ({ id_meio_pagamento: a.id_meio_pagamento, descricao: a.meio_pagamento }))).map((m) => {
                const line = counted.get(m.id_meio_pagamento);
                const stored = line?.apurado == null ? null : fromDecimal(line.apurado);
                return (
                  <Table.Tr key={m.id_meio_pagamento}>
                    <Table.Td>{m.descricao}</Table.Td>
                    <Table.Td>
                      {open ? (
                        <MoneyInput
                          aria-label={`Apurado ${m.descricao}`}
                          size="xs"
                          value={typed[m.id_meio_pagamento] !== undefined ? typed[m.id_meio_pagamento] ?? null : stored}
                          onChange={(v) => setTyped((t) => ({ ...t, [m.id_meio_pagamento]: v }))}
                        />
                      ) : (
                        formatMoney(stored ?? 0)
                      )}
                    </Table.Td>
                    {d.ver_esperado && <Table.Td>{formatMoney(fromDecimal(line?.esperado ?? 0))}</Table.Td>}
                    {d.ver_esperado && <Table.Td>{line?.diferenca == null ? '' : formatMoney(fromDecimal(line.diferenca))}</Table.Td>}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {open && (
            <Group>
              <Button variant="default" loading={busy} onClick={() => void saveCounts()}>Salvar apuração</Button>
              <Button color="red" loading={busy} onClick={() => void close()}>Fechar caixa</Button>
            </Group>
          )}
          {(d.situacao === CASHIER_STATUS.closed || d.ver_esperado) && (
            <Button variant="light" onClick={() => onReport(d.id_caixa)}>Relatório Z</Button>
          )}
          <Text fw={600}>Operações</Text>
          <Table striped withTableBorder aria-label="Operações do caixa">
            <Table.Tbody>
              {d.operacoes.map((o) => (
                <Table.Tr key={o.id_caixa_operacao}>
                  <Table.Td>{formatInZone(o.data)}</Table.Td>
                  <Table.Td>{TIPO_LABEL[o.tipo] ?? o.tipo}{o.is_estornado ? ' (estornada)' : ''}</Table.Td>
                  <Table.Td>{o.observacao ?? ''}</Table.Td>
                  <Table.Td ta="right">{formatMoney(fromDecimal(o.valor_total_liquido))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  );
}
