/**
 * /commission/report: the commission report per seller and period (issue 30; 002 §9 "commission total_vendas desc"),
 * reached from the commission groups' list (Alt+P). The period (the current month by default) and one seller or all;
 * the server answers each seller's counted sales, returns, base, goal range and commission (/commission/find_report,
 * the active branch's sales); Alt+P makes the PDF (packages/documents commission-report.ts), opened in a new tab
 * during the key press like the financial documents report.
 */
import { useState } from 'react';
import { Alert, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fromDecimal, percentFromDecimal } from '@pdv/domain/money';
import { localDate } from '@pdv/domain/period';
import { formatInZone } from '@pdv/domain/time-zone';
import type { CommissionReportData } from '@pdv/documents/commission-report';
import { errorDisplayOf } from '../../api/errors.ts';
import { call } from '../../api/client.ts';
import { DateField } from '../../ui/MaskedInputs.tsx';
import { showError } from '../../ui/showError.ts';
import { activeBranchName } from '../auth/session.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { money } from '../invoice/display.tsx';
import { KeyHint, ShortcutButton, useShortcuts } from '../invoice/shortcuts.tsx';
import { useSellers } from './sellers.ts';

const percent = (v: number | null) => (v === null ? '—' : `${v.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`);

export function CommissionReportPage() {
  const { session } = useSignedIn();
  const sellers = useSellers();
  const [period, setPeriod] = useState(() => {
    const today = localDate(new Date());
    return { data_inicio: `${today.slice(0, 8)}01`, data_fim: today };
  });
  const [seller, setSeller] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = period.data_inicio !== '' && period.data_fim !== '';
  const report = useQuery({
    queryKey: ['commission-report', period, seller],
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call('commissionReport', { ...period, ...(seller !== null ? { id_usuario: seller } : {}) }, { signal }),
  });
  const data = report.data;

  const pdf = async () => {
    if (busy || !data) return;
    const target = window.open('', '_blank');
    setBusy(true);
    try {
      const doc: CommissionReportData = {
        loja: activeBranchName(session.usuario),
        data_inicio: period.data_inicio,
        data_fim: period.data_fim,
        vendedor: seller === null ? null : (sellers.find((s) => s.id_usuario === seller)?.nome ?? null),
        linhas: data.rows.map((r) => ({
          nome: r.nome, grupo: r.grupo, quantidade_vendas: r.quantidade_vendas, total_vendas: fromDecimal(r.total_vendas),
          total_devolucoes: fromDecimal(r.total_devolucoes), base_comissao: fromDecimal(r.base_comissao),
          percentual_faixa: r.percentual_faixa === null ? null : percentFromDecimal(r.percentual_faixa), valor_comissao: fromDecimal(r.valor_comissao),
        })),
        totais: {
          total_vendas: fromDecimal(data.totais.total_vendas), total_devolucoes: fromDecimal(data.totais.total_devolucoes),
          base_comissao: fromDecimal(data.totais.base_comissao), valor_comissao: fromDecimal(data.totais.valor_comissao),
        },
        emitido_em: formatInZone(new Date()),
      };
      const [{ commissionReportDocument }, { renderPdf }] = await Promise.all([import('@pdv/documents/commission-report'), import('@pdv/documents/pdf')]);
      const url = URL.createObjectURL(await renderPdf(commissionReportDocument(doc)));
      if (target && !target.closed) target.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      target?.close();
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  useShortcuts([['Alt+P', () => void pdf(), { inInputs: true }]]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">Relatório de comissões</Title>
        <Group gap="xs">
          {report.isFetching && <Loader size="xs" aria-label="Carregando" />}
          <ShortcutButton shortcut="Alt+P" variant="default" onClick={() => void pdf()} loading={busy} disabled={!data}>Gerar PDF</ShortcutButton>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField label="De" value={period.data_inicio} onChange={(iso) => setPeriod((p) => ({ ...p, data_inicio: iso }))} autoFocus />
          <DateField label="Até" value={period.data_fim} onChange={(iso) => setPeriod((p) => ({ ...p, data_fim: iso }))} />
          <Select label="Vendedor" placeholder="Todos os vendedores" clearable searchable value={seller === null ? null : String(seller)}
            onChange={(v) => setSeller(v === null ? null : Number(v))} data={sellers.map((s) => ({ value: String(s.id_usuario), label: s.nome }))} />
        </SimpleGrid>
      </Paper>
      {report.isError && <Alert color="red" variant="light" title="Não foi possível gerar o relatório">{errorDisplayOf(report.error).text}</Alert>}
      <Table.ScrollContainer minWidth={900}>
        <Table withTableBorder highlightOnHover verticalSpacing={4} aria-label="Comissões por vendedor" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vendedor</Table.Th>
              <Table.Th>Grupo de comissão</Table.Th>
              <Table.Th ta="right">Vendas</Table.Th>
              <Table.Th ta="right" aria-sort="descending">Total de vendas ▼</Table.Th>
              <Table.Th ta="right">Devoluções</Table.Th>
              <Table.Th ta="right">Base</Table.Th>
              <Table.Th ta="right">Faixa</Table.Th>
              <Table.Th ta="right">Comissão</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data && data.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}><Text c="dimmed" size="sm">Nenhuma venda no período.</Text></Table.Td>
              </Table.Tr>
            )}
            {(data?.rows ?? []).map((r) => (
              <Table.Tr key={r.id_usuario} data-vendedor={r.id_usuario}>
                <Table.Td>{r.nome}</Table.Td>
                <Table.Td c={r.grupo === null ? 'dimmed' : undefined}>{r.grupo ?? 'Sem grupo'}</Table.Td>
                <Table.Td ta="right">{r.quantidade_vendas}</Table.Td>
                <Table.Td ta="right">{money(r.total_vendas)}</Table.Td>
                <Table.Td ta="right" c={r.total_devolucoes ? 'red' : undefined}>{money(r.total_devolucoes)}</Table.Td>
                <Table.Td ta="right">{money(r.base_comissao)}</Table.Td>
                <Table.Td ta="right">{percent(r.percentual_faixa)}</Table.Td>
                <Table.Td ta="right" fw={700}>{money(r.valor_comissao)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {data && data.rows.length > 0 && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td colSpan={3}>Total</Table.Td>
                <Table.Td ta="right">{money(data.totais.total_vendas)}</Table.Td>
                <Table.Td ta="right">{money(data.totais.total_devolucoes)}</Table.Td>
                <Table.Td ta="right">{money(data.totais.base_comissao)}</Table.Td>
                <Table.Td />
                <Table.Td ta="right">{money(data.totais.valor_comissao)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          <KeyHint keys="Alt+P" label="Gerar PDF" />
        </Group>
      </Paper>
    </Stack>
  );
}
