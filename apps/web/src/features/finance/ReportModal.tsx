/**
 * The financial documents report (002 §2 "Reports: financial documents"): the list's current filter, summarized or
 * detailed, grouped by due date or by document; the server answers the groups (find_report) and the PDF is made here
 * by packages/documents and opened in a new tab (opened during the key press, so no pop-up blocker stops it).
 */
import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { formatInZone } from '@pdv/domain/time-zone';
import { fromDecimal } from '@pdv/domain/money';
import type { FinancialReportData } from '@pdv/documents/financial-report';
import { showError } from '../../ui/showError.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { activeBranchName } from '../auth/session.ts';
import { financeFindBody, type FinanceFilters } from './useFinancialList.ts';
import { financialCall, showFailure } from './financialCall.ts';

type Totals = { quantidade: number; valor_documento: number; valor_pago: number; saldo: number };
const cents = (t: Totals) => ({ quantidade: t.quantidade, valor_documento: fromDecimal(t.valor_documento), valor_pago: fromDecimal(t.valor_pago), saldo: fromDecimal(t.saldo) });

export function ReportModal({ opened, filters, pessoa, onClose }: { opened: boolean; filters: FinanceFilters; pessoa: string | null; onClose: () => void }) {
  const { session } = useSignedIn();
  const [tipo, setTipo] = useState<'resumido' | 'detalhado'>('resumido');
  const [agrupamento, setAgrupamento] = useState<'data' | 'documento'>('data');
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    if (busy) return;
    const target = window.open('', '_blank');
    setBusy(true);
    try {
      const { filter, search } = financeFindBody(filters, 1);
      const answer = await financialCall('documentFinancialFindReport', { filter, search, tipo, agrupamento });
      if (!answer.issuccess) {
        target?.close();
        return showFailure(answer);
      }
      const r = answer.data;
      const data: FinancialReportData = {
        loja: activeBranchName(session.usuario),
        filtro: { data_inicio: filters.data_inicio, data_fim: filters.data_fim, operacao: filters.operacao, situacoes: filters.situacoes, pessoa, search: filters.search.trim() },
        agrupamento, tipo,
        grupos: r.grupos.map((g) => ({
          chave: g.chave, totais: cents(g.totais),
          documentos: g.documentos.map((d) => ({
            numero: d.numero, sequencia: d.sequencia, operacao: d.operacao, situacao: d.situacao, pessoa: d.pessoa?.nome ?? null,
            data_emissao: d.data_emissao, data_vencimento: d.data_vencimento,
            valor_documento: fromDecimal(d.valor_documento), valor_pago: fromDecimal(d.valor_pago), saldo: fromDecimal(d.saldo),
          })),
        })),
        totais: cents(r.totais),
        emitido_em: formatInZone(new Date()),
      };
      const [{ financialReportDocument }, { renderPdf }] = await Promise.all([import('@pdv/documents/financial-report'), import('@pdv/documents/pdf')]);
      const url = URL.createObjectURL(await renderPdf(financialReportDocument(data)));
      if (target && !target.closed) target.location.href = url;
      else window.open(url, '_blank');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      onClose();
    } catch (error) {
      target?.close();
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Relatório de documentos financeiros" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">Os documentos do filtro atual da lista.</Text>
        <SegmentedControl aria-label="Tipo do relatório" value={tipo} onChange={(v) => setTipo(v === 'detalhado' ? 'detalhado' : 'resumido')}
          data={[{ value: 'resumido', label: 'Resumido' }, { value: 'detalhado', label: 'Detalhado' }]} />
        <SegmentedControl aria-label="Agrupamento" value={agrupamento} onChange={(v) => setAgrupamento(v === 'documento' ? 'documento' : 'data')}
          data={[{ value: 'data', label: 'Por vencimento' }, { value: 'documento', label: 'Por documento' }]} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Voltar</Button>
          <Button onClick={() => void generate()} loading={busy} data-autofocus>Gerar PDF</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
