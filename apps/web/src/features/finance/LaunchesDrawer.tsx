/**
 * The launches of a document (/document_financial_launch/find_by_document_financial) and the reversal (estorno) of one
 * with its note (cancel_document_launch): a discharge stays, marked reversed, and its amount returns to the document's
 * balance; the opening launch (Abertura) reverses the whole document with every launch of it (002 §4).
 */
import { useState } from 'react';
import { Badge, Button, Drawer, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FinancialDocument } from '@pdv/contract/finance';
import { LAUNCH_TYPE } from '@pdv/domain/financial-document';
import { call } from '../../api/client.ts';
import { toast } from '../../ui/toast.ts';
import { money } from '../invoice/display.tsx';
import { FINANCE_KEYS } from './useFinancialList.ts';
import { ReversalReason } from './ReversalReason.tsx';
import { financialCall, showFailure } from './financialCall.ts';

interface Props {
  row: FinancialDocument | null;
  canManage: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function LaunchesDrawer({ row, canManage, onClose, onChanged }: Props) {
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="xl" closeButtonProps={{ 'aria-label': 'Fechar' }}
      title={<Text fw={700} size="lg">{row ? `Lançamentos de ${row.numero}/${row.sequencia}` : ''}</Text>}>
      {row && <Body row={row} canManage={canManage} onChanged={onChanged} />}
    </Drawer>
  );
}

const brDate = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

function Body({ row, canManage, onChanged }: { row: FinancialDocument; canManage: boolean; onChanged: () => void }) {
  const detail = useQuery({
    queryKey: FINANCE_KEYS.detail(row.id_documento_financeiro),
    queryFn: ({ signal }) => call('documentFinancialFindById', { id_documento_financeiro: row.id_documento_financeiro }, { signal }),
  });
  const [reversing, setReversing] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const doc = detail.data;
  const launches = doc?.lancamentos ?? [];
  const reversingOpening = launches.some((l) => l.id_documento_financeiro_lancamento === reversing && l.tipo === LAUNCH_TYPE.opening);

  const reverse = () => {
    if (reversing === null || busy) return;
    setBusy(true);
    void financialCall('documentFinancialLaunchCancel', { id_documento_financeiro_lancamento: reversing, observacao: note }).then((r) => {
      if (!r.issuccess) return showFailure(r);
      toast.success(reversingOpening ? 'Documento estornado.' : 'Lançamento estornado.');
      setReversing(null);
      setNote('');
      void detail.refetch();
      onChanged();
    }).finally(() => setBusy(false));
  };

  return (
    <Stack gap="sm">
      {doc && (
        <Text size="sm">
          Valor {money(doc.valor_documento)} · pago {money(doc.valor_pago)} · saldo <b>{money(doc.saldo)}</b> · {doc.situacao}
        </Text>
      )}
      <Table withTableBorder verticalSpacing={4} aria-label="Lançamentos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Conta</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th ta="right">Baixado</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {launches.length === 0 && (
            <Table.Tr><Table.Td colSpan={7}><Text size="sm" c="dimmed">Nenhum lançamento.</Text></Table.Td></Table.Tr>
          )}
          {launches.map((l) => (
            <Table.Tr key={l.id_documento_financeiro_lancamento}>
              <Table.Td>{brDate(l.data_efetivacao)}</Table.Td>
              <Table.Td>{l.tipo}</Table.Td>
              <Table.Td>{l.conta_descricao ?? '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{money(l.valor)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{money(l.valor_baixado)}</Table.Td>
              <Table.Td>
                {l.is_estornado ? <Badge color="gray" title={l.observacao_estorno ?? ''}>Estornado</Badge> : <Badge color="green" variant="light">Ativo</Badge>}
              </Table.Td>
              <Table.Td>
                {canManage && !l.is_estornado && (
                  <Button size="compact-xs" variant="light" color="red" onClick={() => setReversing(l.id_documento_financeiro_lancamento)}>
                    Estornar
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {reversing !== null && (
        <ReversalReason
          intro={reversingOpening ? 'Estornar a abertura estorna o documento inteiro: todos os lançamentos dele ficam estornados.' : undefined}
          value={note} onChange={setNote} multiline maxLength={500} busy={busy} onConfirm={reverse} onBack={() => setReversing(null)} />
      )}
    </Stack>
  );
}
