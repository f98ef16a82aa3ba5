/** Documents still in contingency (/nfe/contingencia) with their deadline to reach the SEFAZ. */
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contingencyListResult } from '@pdv/contract/invoice';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { deadlineOf } from '../deadline.ts';
import { dateTime } from '../display.tsx';
import type { InvoiceAction } from '../situacao.ts';
import { TEXTS } from '../texts.ts';
import { InvoiceTable, placeholderOf, type ExtraColumn } from './InvoiceTable.tsx';
import { INVOICE_KEYS } from './useInvoiceList.ts';

export type ContingencyRow = z.infer<typeof contingencyListResult>['rows'][number];

const columns: ExtraColumn<ContingencyRow>[] = [
  {
    header: 'Em contingência desde',
    cell: (row) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {dateTime(row.data_contingencia)}
      </Text>
    ),
  },
  {
    header: 'Prazo',
    cell: (row) => {
      const deadline = deadlineOf(row.prazo_contingencia, new Date());
      return (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {dateTime(row.prazo_contingencia)}
          </Text>
          {deadline && (
            <Text
              size="xs"
              c={deadline.overdue ? 'red' : deadline.soon ? 'orange' : 'dimmed'}
              fw={deadline.overdue ? 700 : 400}
              style={{ whiteSpace: 'nowrap' }}
            >
              {deadline.text}
            </Text>
          )}
        </>
      );
    },
  },
  { header: 'Tentativas', cell: (row) => <Text size="sm">{row.tentativas}</Text> },
];

export function useContingency() {
  return useQuery({
    queryKey: INVOICE_KEYS.contingency,
    queryFn: ({ signal }) => call('nfeContingencia', {}, { signal }),
    refetchInterval: 60_000,
  });
}

export function ContingencyPanel({
  query,
  active,
  onActivate,
  onOpen,
  onAction,
}: {
  query: ReturnType<typeof useContingency>;
  active: number | null;
  onActivate: (id: number) => void;
  onOpen: (row: ContingencyRow) => void;
  onAction: (action: InvoiceAction, row: ContingencyRow) => void;
}) {
  const rows = query.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Notas emitidas em contingência que ainda precisam ser transmitidas à SEFAZ. Transmita-as antes do prazo.
      </Text>
      {query.isError && (
        <Alert color="red" variant="light" title="Não foi possível carregar as notas em contingência">
          {errorDisplayOf(query.error).text}
        </Alert>
      )}
      <InvoiceTable
        label="Notas em contingência"
        rows={rows}
        active={active}
        onActivate={onActivate}
        onOpen={onOpen}
        onAction={onAction}
        extraColumns={columns}
        placeholder={placeholderOf(query, rows.length, TEXTS.contingencyEmpty)}
      />
    </Stack>
  );
}
