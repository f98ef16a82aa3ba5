/**
 * /invoice/destined (002 §2 "destined invoices"; issue 32): the NF-e issued against the active branch's CNPJ, read
 * from the national distribution (Consultar SEFAZ, by the branch's last NSU), with the recipient's manifestation per
 * row (ciência, confirmação, desconhecimento, operação não realizada with its justification), the full XML downloaded
 * after the ciência and handed to the XML import (/invoice/import?destinada=ID). Default period: two months back.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Menu, Modal, Paper, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { DestinedInvoiceRow } from '@pdv/contract/destined-invoice';
import { DESTINED_INVOICE_MESSAGES as M, MANIFESTATION_DESC, manifestationRefusal, canDownloadXml, type ManifestationType } from '@pdv/domain/destined-invoices';
import { call } from '../../api/client.ts';
import { DateField } from '../../ui/MaskedInputs.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { dateTime, documentText, money } from '../invoice/display.tsx';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const TYPES: ManifestationType[] = ['210210', '210200', '210220', '210240'];
const SITUACAO: Record<number, string> = { 1: 'Autorizada', 2: 'Denegada', 3: 'Cancelada' };

export function DestinedInvoicesPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 60 * 86_400_000)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [search, setSearch] = useState('');
  const [manif, setManif] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const body = { search, take: 100, data_inicio: from, data_fim: to, ...(manif ? { manifestacao: manif as ManifestationType | 'pendente' } : {}) };
  const list = useQuery({ queryKey: ['destined-invoices', body], queryFn: ({ signal }) => call('destinedInvoiceFind', body, { signal }) });
  const refresh = () => client.invalidateQueries({ queryKey: ['destined-invoices'] });

  const run = async (work: () => Promise<{ success: boolean; message: string }>) => {
    setBusy(true);
    try {
      const r = await work();
      if (r.success) toast.success(r.message);
      else toast.warning(r.message);
      await refresh();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  /** The row whose 'operação não realizada' waits for its justification (a modal, 15 to 255 characters). */
  const [justifying, setJustifying] = useState<DestinedInvoiceRow | null>(null);
  const manifest = (row: DestinedInvoiceRow, tipo: ManifestationType, justificativa: string | null = null) => {
    if (tipo === '210240' && justificativa === null) return setJustifying(row);
    const refusal = manifestationRefusal(tipo, row.eventos_registrados, justificativa);
    if (refusal) return toast.warning(refusal);
    void run(() => call('destinedInvoiceManifest', { id_nfe_destinada: row.id_nfe_destinada, tipo_evento: tipo, justificativa }));
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">Notas destinadas</Title>
        <Group>
          <Anchor component={Link} to="/invoice/import" size="sm">Importação de XML</Anchor>
          <Button loading={busy} onClick={() => void run(() => call('destinedInvoiceQuery', {}))}>Consultar SEFAZ</Button>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <Group align="end">
          <DateField label="Emissão de" value={from} onChange={(iso) => { if (iso) setFrom(iso); }} w={130} />
          <DateField label="até" value={to} onChange={(iso) => { if (iso) setTo(iso); }} w={130} />
          <Select label="Manifestação" clearable placeholder="Todas" value={manif} onChange={setManif}
            data={[{ value: 'pendente', label: 'Sem manifestação' }, ...TYPES.map((t) => ({ value: t, label: MANIFESTATION_DESC[t].label }))]} />
          <TextInput label="Pesquisa" placeholder="Chave, emitente ou CNPJ" value={search} onChange={(e) => setSearch(e.currentTarget.value)} style={{ flex: 1 }} />
        </Group>
      </Paper>
      <Table striped highlightOnHover aria-label="Notas destinadas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Emissão</Table.Th><Table.Th>Emitente</Table.Th><Table.Th>CNPJ</Table.Th><Table.Th>Chave</Table.Th>
            <Table.Th ta="right">Valor</Table.Th><Table.Th>Situação</Table.Th><Table.Th>Manifestação</Table.Th><Table.Th>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.rows ?? []).map((r) => (
            <Table.Tr key={r.id_nfe_destinada}>
              <Table.Td>{dateTime(r.data_emissao)}</Table.Td>
              <Table.Td>{r.nome_emitente}</Table.Td>
              <Table.Td>{documentText(r.cnpj_emitente)}</Table.Td>
              <Table.Td><Text size="xs" ff="monospace">{r.chave_acesso}</Text></Table.Td>
              <Table.Td ta="right">{money(r.valor_total)}</Table.Td>
              <Table.Td><Badge variant="light" color={r.situacao_nfe === 1 ? 'green' : 'red'}>{SITUACAO[r.situacao_nfe] ?? r.situacao_nfe}</Badge></Table.Td>
              <Table.Td>{r.manifestacao ? MANIFESTATION_DESC[r.manifestacao].label : 'Sem manifestação'}{r.id_nota_fiscal_entrada ? ' · Importada' : ''}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Menu>
                    <Menu.Target><Button size="xs" variant="default" disabled={busy}>Manifestar</Button></Menu.Target>
                    <Menu.Dropdown>
                      {TYPES.map((t) => (
                        <Menu.Item key={t} disabled={manifestationRefusal(t, r.eventos_registrados, 'x'.repeat(15)) !== null} onClick={() => manifest(r, t)}>
                          {MANIFESTATION_DESC[t].label}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                  <Button size="xs" variant="default" disabled={busy || !canDownloadXml(r.eventos_registrados)}
                    onClick={() => void run(() => call('destinedInvoiceDownload', { id_nfe_destinada: r.id_nfe_destinada }))}>Baixar XML</Button>
                  <Button size="xs" disabled={!r.tem_xml || r.id_nota_fiscal_entrada !== null}
                    onClick={() => (r.tem_xml ? void navigate(`/invoice/import?destinada=${r.id_nfe_destinada}`) : toast.warning(M.xmlMissing))}>Importar</Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.data && list.data.rows.length === 0 && <Text c="dimmed">Nenhuma nota destinada no período.</Text>}
      {justifying && (
        <JustificationModal row={justifying} onCancel={() => setJustifying(null)}
          onConfirm={(text) => { setJustifying(null); manifest(justifying, '210240', text); }} />
      )}
    </Stack>
  );
}

/** 'Operação não realizada' (210240) needs the recipient's reason: typed here, checked by the domain's rule as typed. */
function JustificationModal({ row, onConfirm, onCancel }: { row: DestinedInvoiceRow; onConfirm: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const clean = text.replace(/\s+/g, ' ').trim();
    const refusal = manifestationRefusal('210240', row.eventos_registrados, clean);
    if (refusal) return setError(refusal);
    onConfirm(clean);
  };
  return (
    <Modal opened onClose={onCancel} centered title={MANIFESTATION_DESC['210240'].label}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack>
          <Text size="sm">{row.nome_emitente} · {money(row.valor_total)}</Text>
          <Textarea label="Justificativa" description="De 15 a 255 caracteres" data-autofocus autosize minRows={3} maxLength={255}
            value={text} error={error} onChange={(e) => { setText(e.currentTarget.value); setError(null); }}
            onKeyDown={(e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); submit(); } }} />
          <Text size="xs" c="dimmed" ta="right">{text.trim().length}/255</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>Cancelar</Button>
            <Button type="submit">Manifestar</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
