/** The three fiscal lists of 002 §2 on the shared FiscalDocList (/invoice/disablements, /invoice/corrections, /invoice/returns). */
import { Badge, Text } from '@mantine/core';
import { CORRECTION_PAGE_SIZE, DISABLEMENT_PAGE_SIZE, SALES_RETURN_PAGE_SIZE } from '@pdv/contract/fiscal-lists';
import { call } from '../../../api/client.ts';
import { dateTime, money } from '../display.tsx';
import { FiscalDocList } from './FiscalDocList.tsx';

const status = (code: number | null, motivo: string | null) => (
  <Text size="sm" title={motivo ?? undefined}>{code === null ? '—' : `${code} - ${motivo ?? ''}`}</Text>
);

export function DisablementListPage() {
  return (
    <FiscalDocList
      title="Inutilizações"
      queryKey="disablements"
      pageSize={DISABLEMENT_PAGE_SIZE}
      fetch={(body, signal) => call('nfeDisablementList', body, { signal })}
      rowKey={(r) => r.id_inutilizacao}
      xmlOf={(r) => r.url_xml}
      pdfOf={() => null}
      empty="Nenhuma inutilização no período."
      searchPlaceholder="Número, série ou justificativa"
      columns={[
        { header: 'Data', cell: (r) => dateTime(r.data_cadastro) },
        { header: 'Modelo', cell: (r) => (r.modelo === '65' ? 'NFC-e' : 'NF-e') },
        { header: 'Série', cell: (r) => r.serie },
        { header: 'Numeração', cell: (r) => (r.numero_inicial === r.numero_final ? r.numero_inicial : `${r.numero_inicial} a ${r.numero_final}`) },
        { header: 'Justificativa', cell: (r) => r.justificativa },
        { header: 'Situação', cell: (r) => status(r.codigo_status, r.motivo) },
        { header: 'Protocolo', cell: (r) => r.protocolo ?? '—' },
        { header: 'Usuário', cell: (r) => r.usuario ?? '—' },
      ]}
    />
  );
}

export function CorrectionListPage() {
  return (
    <FiscalDocList
      title="Cartas de correção"
      queryKey="corrections"
      pageSize={CORRECTION_PAGE_SIZE}
      fetch={(body, signal) => call('nfeCorrectionList', body, { signal })}
      rowKey={(r) => r.id_nota_fiscal_evento}
      xmlOf={(r) => r.url_xml}
      pdfOf={(r) => r.url_pdf}
      empty="Nenhuma carta de correção no período."
      searchPlaceholder="Número, chave, cliente ou texto"
      columns={[
        { header: 'Data', cell: (r) => dateTime(r.data_evento) },
        { header: 'Nota', cell: (r) => `${r.numero_nota_fiscal ?? '—'} / ${r.serie ?? '—'}` },
        { header: 'Cliente', cell: (r) => r.cliente ?? '—' },
        { header: 'Seq.', cell: (r) => r.sequencia },
        { header: 'Correção', cell: (r) => <Text size="sm" lineClamp={2}>{r.texto}</Text> },
        { header: 'Situação', cell: (r) => status(r.codigo_status, r.motivo) },
        { header: 'Protocolo', cell: (r) => r.protocolo ?? '—' },
      ]}
    />
  );
}

export function SalesReturnListPage() {
  return (
    <FiscalDocList
      title="Devoluções de venda"
      queryKey="sales-returns"
      pageSize={SALES_RETURN_PAGE_SIZE}
      fetch={(body, signal) => call('invoiceSalesReturnList', body, { signal })}
      rowKey={(r) => r.id_nota_fiscal}
      xmlOf={(r) => r.url_xml}
      pdfOf={(r) => r.url_pdf}
      empty="Nenhuma devolução de venda no período."
      searchPlaceholder="Número, chave ou cliente"
      columns={[
        { header: 'Emissão', cell: (r) => dateTime(r.data_hora_emissao) },
        { header: 'Nota', cell: (r) => `${r.numero_nota_fiscal ?? '—'} / ${r.serie ?? '—'}` },
        { header: 'Cliente', cell: (r) => r.cliente ?? '—' },
        { header: 'Situação', cell: (r) => <Badge variant="light">{r.situacao}</Badge> },
        { header: 'Valor', cell: (r) => money(r.valor_nota_fiscal), align: 'right' },
        { header: 'Crédito gerado', cell: (r) => money(r.valor_credito), align: 'right' },
        { header: 'Nota devolvida', cell: (r) => <Text size="xs" ff="monospace">{r.chave_referenciada ?? '—'}</Text> },
      ]}
    />
  );
}
