/** /invoice/entries: the purchase invoices imported from XML in the active branch (issue 32), on the fiscal lists' screen. */
import { Badge } from '@mantine/core';
import { call } from '../../api/client.ts';
import { dateTime, documentText, money } from '../invoice/display.tsx';
import { FiscalDocList } from '../invoice/fiscalLists/FiscalDocList.tsx';

export function InvoiceEntryListPage() {
  return (
    <FiscalDocList
      title="Notas de entrada"
      queryKey="invoice-entries"
      pageSize={20}
      fetch={(body, signal) => call('invoiceImportFind', { search: body.search, skip: body.skip, take: body.take }, { signal })}
      rowKey={(r) => r.id_nota_fiscal_entrada}
      xmlOf={() => null}
      pdfOf={() => null}
      empty="Nenhuma nota de entrada importada."
      searchPlaceholder="Chave, número, fornecedor ou CNPJ"
      columns={[
        { header: 'Emissão', cell: (r) => dateTime(r.data_emissao) },
        { header: 'Número / série', cell: (r) => `${r.numero} / ${r.serie}` },
        { header: 'Fornecedor', cell: (r) => r.fornecedor_nome },
        { header: 'CNPJ', cell: (r) => documentText(r.fornecedor_cnpj) },
        { header: 'Valor', cell: (r) => money(r.valor_total), align: 'right' },
        { header: 'Custo líquido', cell: (r) => money(r.valor_custo_liquido), align: 'right' },
        { header: 'Situação', cell: (r) => <Badge variant="light" color="green">{r.situacao === 'Importada' ? 'Importada' : 'Em importação'}</Badge> },
      ]}
    />
  );
}
