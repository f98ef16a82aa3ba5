/**
 * Confirmation by hand of a statement line (bank conciliation): the launches of the account with the line's amount
 * within 30 days (/bank_conciliation/candidates), closest first, each with its Confirmar; the first one takes the focus
 * when the list arrives (Tab between them, Enter confirms, Esc goes back).
 */
import { useEffect, useRef } from 'react';
import { Button, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReconciliationRow } from '@pdv/contract/reconciliation';
import { call } from '../../api/client.ts';
import { money } from '../invoice/display.tsx';

type Counterpart = NonNullable<ReconciliationRow['correspondencia']>;
const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');
const KIND: Record<Counterpart['tipo'], string> = { Lancamento: 'Baixa', Transferencia: 'Transferência', Cartao: 'Previsão de cartão' };

export function CandidatesModal({ line, busy, onChoose, onClose }: {
  line: ReconciliationRow | null;
  busy: boolean;
  onChoose: (line: ReconciliationRow, c: Counterpart) => void;
  onClose: () => void;
}) {
  const candidates = useQuery({
    queryKey: ['bank-conciliation', 'candidates', line?.id_conta_conciliacao],
    enabled: line !== null,
    queryFn: ({ signal }) => call('bankReconciliationCandidates', { id_conta_conciliacao: line!.id_conta_conciliacao }, { signal }),
  });
  const rows = candidates.data?.rows ?? [];
  // The list arrives after the modal opened (and took the focus): the first Confirmar takes it then.
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (candidates.isSuccess) first.current?.focus();
  }, [candidates.isSuccess, candidates.dataUpdatedAt]);
  return (
    <Modal opened={line !== null} onClose={onClose} size="lg" title="Conciliar com um lançamento" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {line && (
        <Stack gap="sm">
          <Text size="sm">{brDate(line.data_emissao_nfe)} · {line.memo || line.tipo} · <b>{money(line.valor)}</b></Text>
          {candidates.isSuccess && rows.length === 0 && <Text size="sm" c="dimmed">Nenhum lançamento da conta com este valor em 30 dias.</Text>}
          {rows.length > 0 && (
            <Table withTableBorder verticalSpacing={4} aria-label="Lançamentos da conta">
              <Table.Thead>
                <Table.Tr><Table.Th>Data</Table.Th><Table.Th>Lançamento</Table.Th><Table.Th ta="right">Valor</Table.Th><Table.Th /></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c, i) => (
                  <Table.Tr key={`${c.tipo}${c.id_documento_financeiro_lancamento ?? c.id_conta_bancaria_lancamento ?? c.id_documento_financeiro}`}>
                    <Table.Td>{brDate(c.data)}</Table.Td>
                    <Table.Td><Text size="sm">{KIND[c.tipo]} · {c.descricao}</Text></Table.Td>
                    <Table.Td ta="right">{money(c.valor)}</Table.Td>
                    <Table.Td><Button size="compact-sm" ref={i === 0 ? first : undefined} disabled={busy} onClick={() => onChoose(line, c)}>Confirmar</Button></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Modal>
  );
}
