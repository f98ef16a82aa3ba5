/**
 * /stockMovement/register (a new document) and /stockMovement/register/:id: a stock document's header (movement type,
 * date, addresses, description, note) and its items grid, keyboard first (ItemEntry: Produto, Quantidade, Custo, Enter
 * adds). Alt+S saves the draft, Alt+P processes it (saving first), Alt+X cancels it (a processed one is reversed), Esc
 * goes back to the list. A processed or cancelled document is read-only; the stock balance of its variations shows
 * below the items.
 */
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Anchor, Badge, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { StockDocumentDetail, StockProductOption } from '@pdv/contract/stock-document';
import { formatMoney, formatQuantity, multiplyByQuantity, sum, type Cents, type Milli } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { STOCK_DOCUMENT_KIND_LABELS, STOCK_DOCUMENT_MESSAGES as M, STOCK_DOCUMENT_SITUATION_LABELS } from '@pdv/domain/stock-document';
import { call } from '../../api/client.ts';
import { confirm } from '../../ui/confirm.tsx';
import { DateField } from '../../ui/MaskedInputs.tsx';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { todayLocal } from '../finance/useFinancialList.ts';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../invoice/shortcuts.tsx';
import { STOCK_KEYS, STOCK_PERMISSION, useAddresses, useMovementTypes } from './api.ts';
import { BalancePanel } from './BalancePanel.tsx';
import { ItemEntry, type ItemEntryHandle } from './ItemEntry.tsx';
import { itemsBody, lineFrom, linesOf, type Line } from './lines.ts';
import { SITUATION_COLOR } from './StockMovementListPage.tsx';

interface Header {
  tipo: number | null;
  data: string;
  endereco: number | null;
  destino: number | null;
  /** A transfer to another branch of the organization (its transfer NF-e is issued when processed). */
  filial: number | null;
  descricao: string;
  observacao: string;
}

export function StockMovementRegisterPage() {
  const params = useParams();
  const docId = params['id'] ? Number(params['id']) : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ability, session } = useSignedIn();
  const types = useMovementTypes();
  const addresses = useAddresses();
  const detail = useQuery({
    queryKey: STOCK_KEYS.detail(docId ?? 0),
    queryFn: () => call('stockMovementFindById', { id_documento_estoque: docId ?? 0 }),
    enabled: docId !== null,
  });
  const [header, setHeader] = useState<Header>({ tipo: null, data: todayLocal(), endereco: null, destino: null, filial: null, descricao: '', observacao: '' });
  const [lines, setLines] = useState<Line[]>([]);
  const [dirty, setDirty] = useState(false);
  const [loaded, setLoaded] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const entry = useRef<ItemEntryHandle>(null);

  const doc: StockDocumentDetail | undefined = docId !== null ? detail.data : undefined;
  if (doc && loaded !== doc.id_documento_estoque) {
    setLoaded(doc.id_documento_estoque);
    setHeader({
      tipo: doc.id_tipo_movimentacao_estoque, data: doc.data_documento, endereco: doc.itens[0]?.id_endereco_estoque ?? null,
      destino: doc.itens[0]?.id_endereco_estoque_destino ?? null, filial: doc.id_filial_destino, descricao: doc.descricao ?? '', observacao: doc.observacao ?? '',
    });
    setLines(linesOf(doc));
    setDirty(false);
  }
  // A new document starts with the first entry type and the first address of the branch until the user picks others.
  const tipo = header.tipo ?? (docId === null ? types.data?.find((t) => t.kind === 'Entrada')?.id ?? null : null);
  const endereco = header.endereco ?? (docId === null ? addresses.data?.[0]?.id ?? null : null);

  const situacao = doc?.situacao ?? 0;
  const editable = ability.can('manage', STOCK_PERMISSION) && situacao === 0;
  const kind = types.data?.find((t) => t.id === tipo)?.kind ?? 'Entrada';
  const addressOf = (id: number | null) => addresses.data?.find((a) => a.id === id) ?? null;
  const toBranch = kind === 'Transferencia' && header.filial !== null;
  // The destination: this branch (another address) or another branch of the user's (the session's branches).
  const branchData = [{ value: '0', label: 'Esta filial (outro endereço)' }, ...session.usuario.filiais
    .filter((f) => f.id_filial !== session.usuario.id_filial_ativa)
    .map((f) => ({ value: String(f.id_filial), label: `${f.codigo_filial} - ${f.nome_fantasia ?? f.razao_social}` }))];
  const change = (h: Partial<Header>) => {
    setHeader((c) => ({ ...c, ...h }));
    setDirty(true);
  };

  const add = (p: StockProductOption, quantidade: Milli, valor_unitario: Cents): boolean => {
    const address = addressOf(endereco);
    if (!address) {
      toast.warning(MESSAGES.stockAddressMissing);
      return false;
    }
    const destination = kind === 'Transferencia' && !toBranch ? addressOf(header.destino) : null;
    if (kind === 'Transferencia' && !toBranch && !destination) {
      toast.warning(M.destinationMissing);
      return false;
    }
    if (destination && destination.id === address.id) {
      toast.warning(M.sameAddress);
      return false;
    }
    setLines((l) => [...l, lineFrom(p, quantidade, kind === 'Entrada' ? valor_unitario : 0, address, destination)]);
    setDirty(true);
    return true;
  };
  const remove = (key: string) => {
    setLines((l) => l.filter((x) => x.key !== key));
    setDirty(true);
  };

  /** Saves the draft (create or update) and answers its id. */
  const save = async (): Promise<number | null> => {
    if (tipo === null) {
      toast.warning(M.typeNotFound);
      return null;
    }
    const body = {
      id_tipo_movimentacao_estoque: tipo, data_documento: header.data || undefined, descricao: header.descricao || null,
      observacao: header.observacao || null, itens: itemsBody(lines, kind === 'Transferencia' && !toBranch),
      id_filial_destino: toBranch ? header.filial : null,
    };
    const saved = docId === null ? await call('stockMovementCreate', body) : await call('stockMovementUpdate', { id_documento_estoque: docId, ...body });
    queryClient.setQueryData(STOCK_KEYS.detail(saved.id_documento_estoque), saved);
    setDirty(false);
    void queryClient.invalidateQueries({ queryKey: STOCK_KEYS.all });
    if (docId === null) void navigate(`/stockMovement/register/${saved.id_documento_estoque}`, { replace: true });
    return saved.id_documento_estoque;
  };
  const run = async (what: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await what();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const onSave = () => run(async () => {
    if (!editable) return;
    await save();
    toast.success(docId === null ? MESSAGES.recordSaved : MESSAGES.recordUpdated);
  });
  const onProcess = () => run(async () => {
    if (!editable) return;
    const id = dirty || docId === null ? await save() : docId;
    if (id === null) return;
    const done = await call('stockMovementProcess', { id_documento_estoque: id });
    queryClient.setQueryData(STOCK_KEYS.detail(id), done);
    void queryClient.invalidateQueries({ queryKey: STOCK_KEYS.all });
    toast.success(M.processed);
  });
  const onCancel = () => run(async () => {
    if (!doc || situacao === 2 || !ability.can('manage', STOCK_PERMISSION)) return;
    if (doc.id_documento_estornado !== null) return;
    const reverse = situacao === 1 ? ' Um documento de estorno será gerado com as movimentações opostas.' : '';
    if (!(await confirm(`Cancelar o documento ${doc.id_documento_estoque}?${reverse}`, 'Cancelar documento', { confirm: 'Cancelar documento', cancel: 'Voltar' }))) return;
    const done = await call('stockMovementCancel', { id_documento_estoque: doc.id_documento_estoque });
    queryClient.setQueryData(STOCK_KEYS.detail(doc.id_documento_estoque), done);
    void queryClient.invalidateQueries({ queryKey: STOCK_KEYS.all });
    toast.success(M.cancelled);
  });
  const shortcuts: Shortcut[] = [
    ['Alt+S', () => void onSave(), { inInputs: true }],
    ['Alt+P', () => void onProcess(), { inInputs: true }],
    ['Alt+X', () => void onCancel(), { inInputs: true }],
    ['Escape', () => void navigate('/stockMovement')],
  ];
  useShortcuts(shortcuts);

  const totals = { quantidade: sum(lines.map((l) => l.quantidade)), valor: sum(lines.map((l) => multiplyByQuantity(l.valor_unitario, l.quantidade))) };
  const addressData = (addresses.data ?? []).map((a) => ({ value: String(a.id), label: a.label }));
  const variations = [...new Set(lines.map((l) => l.id_produto_grade_filial))];
  const branchLabel = doc?.filial_destino ?? branchData.find((b) => b.value === String(header.filial))?.label ?? '';

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <Title order={1} size="h2">{doc ? `Documento de estoque ${doc.id_documento_estoque}` : 'Novo documento de estoque'}</Title>
          <Badge variant="light" color={SITUATION_COLOR[situacao]} data-situacao={situacao}>{STOCK_DOCUMENT_SITUATION_LABELS[situacao]}</Badge>
          <Badge variant="outline">{STOCK_DOCUMENT_KIND_LABELS[kind]}</Badge>
          {doc?.id_nota_fiscal != null && (
            <Badge variant="light" color={doc.situacao_nota_fiscal === 'Autorizada' ? 'green' : 'orange'} data-nfe={doc.situacao_nota_fiscal}>
              NF-e {doc.numero_nota_fiscal ?? ''} {doc.situacao_nota_fiscal}
            </Badge>
          )}
          {doc?.vinculo_estorno != null && (
            <Anchor
              size="sm"
              data-estorno
              onClick={() => void navigate(`/stockMovement/register/${doc.id_documento_estorno ?? doc.id_documento_estornado ?? ''}`)}
            >
              {doc.vinculo_estorno}
            </Anchor>
          )}
        </Group>
        <Group gap="xs">
          <ShortcutButton shortcut="Esc" variant="default" onClick={() => void navigate('/stockMovement')}>Voltar</ShortcutButton>
          {editable && <ShortcutButton shortcut="Alt+S" variant="light" onClick={() => void onSave()} loading={busy}>Salvar</ShortcutButton>}
          {editable && <ShortcutButton shortcut="Alt+P" onClick={() => void onProcess()} loading={busy}>Processar</ShortcutButton>}
          {doc && situacao !== 2 && doc.id_documento_estornado === null && ability.can('manage', STOCK_PERMISSION) && (
            <ShortcutButton shortcut="Alt+X" color="red" variant="light" onClick={() => void onCancel()}>Cancelar documento</ShortcutButton>
          )}
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select label="Tipo de movimentação" withAsterisk data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.label }))}
            value={tipo === null ? null : String(tipo)} onChange={(v) => change({ tipo: v ? Number(v) : null })}
            readOnly={!editable || lines.length > 0} searchable allowDeselect={false} />
          <DateField label="Data" value={header.data} onChange={(iso) => change({ data: iso })} readOnly={!editable} />
          <Select label={kind === 'Transferencia' ? 'Endereço de origem' : 'Endereço de estoque'} withAsterisk data={addressData}
            value={endereco === null ? null : String(endereco)} onChange={(v) => change({ endereco: v ? Number(v) : null })}
            readOnly={!editable} searchable allowDeselect={false} />
          {kind === 'Transferencia' && (
            <Select label="Filial de destino" withAsterisk data={branchData} value={String(header.filial ?? 0)}
              onChange={(v) => change({ filial: v && v !== '0' ? Number(v) : null })}
              readOnly={!editable || lines.length > 0} searchable allowDeselect={false} />
          )}
          {kind === 'Transferencia' && !toBranch && (
            <Select label="Endereço de destino" withAsterisk data={addressData}
              value={header.destino === null ? null : String(header.destino)} onChange={(v) => change({ destino: v ? Number(v) : null })}
              readOnly={!editable} searchable allowDeselect={false} />
          )}
          <TextInput label="Descrição" maxLength={100} value={header.descricao} onChange={(e) => change({ descricao: e.currentTarget.value })} readOnly={!editable} />
          <TextInput label="Observação" maxLength={500} value={header.observacao} onChange={(e) => change({ observacao: e.currentTarget.value })} readOnly={!editable} />
        </SimpleGrid>
      </Paper>

      {editable && <ItemEntry ref={entry} withCost={kind === 'Entrada'} disabled={busy} onAdd={add} />}

      <Table withTableBorder verticalSpacing={6} aria-label="Itens do documento">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th w={120}>SKU</Table.Th>
            <Table.Th>Produto</Table.Th>
            <Table.Th>{kind === 'Transferencia' ? 'Origem' : 'Endereço'}</Table.Th>
            {kind === 'Transferencia' && <Table.Th>Destino</Table.Th>}
            <Table.Th w={110} ta="right">Quantidade</Table.Th>
            {kind === 'Entrada' && <Table.Th w={110} ta="right">Custo</Table.Th>}
            {kind === 'Entrada' && <Table.Th w={120} ta="right">Total</Table.Th>}
            {editable && <Table.Th w={50} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 && <Table.Tr><Table.Td colSpan={9}><Text size="sm" c="dimmed">Nenhum item. Digite o SKU, o código de barras ou a descrição do produto.</Text></Table.Td></Table.Tr>}
          {lines.map((l, i) => (
            <Table.Tr key={l.key}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td><Text size="sm">{l.sku}</Text></Table.Td>
              <Table.Td><Text size="sm">{l.descricao} {l.variacao}</Text></Table.Td>
              <Table.Td><Text size="sm">{l.endereco}</Text></Table.Td>
              {kind === 'Transferencia' && <Table.Td><Text size="sm">{toBranch ? branchLabel : l.endereco_destino}</Text></Table.Td>}
              <Table.Td ta="right"><Text size="sm">{formatQuantity(l.quantidade)}</Text></Table.Td>
              {kind === 'Entrada' && <Table.Td ta="right"><Text size="sm">{formatMoney(l.valor_unitario)}</Text></Table.Td>}
              {kind === 'Entrada' && <Table.Td ta="right"><Text size="sm">{formatMoney(multiplyByQuantity(l.valor_unitario, l.quantidade))}</Text></Table.Td>}
              {editable && (
                <Table.Td><ActionIcon variant="subtle" color="red" aria-label={`Remover item ${i + 1}`} onClick={() => remove(l.key)}>×</ActionIcon></Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="lg" aria-label="Totais">
        <Text size="sm">Itens: <b>{lines.length}</b></Text>
        <Text size="sm">Quantidade: <b data-total="quantidade">{formatQuantity(totals.quantidade)}</b></Text>
        {kind === 'Entrada' && <Text size="sm">Valor: <b data-total="valor">{formatMoney(totals.valor)}</b></Text>}
      </Group>

      {doc && situacao !== 0 && <BalancePanel variations={variations} />}

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          {editable && <KeyHint keys="Enter" label="Buscar produto / adicionar item" />}
          {editable && <KeyHint keys="Alt+S" label="Salvar" />}
          {editable && <KeyHint keys="Alt+P" label="Processar" />}
          {doc && situacao !== 2 && doc.id_documento_estornado === null && <KeyHint keys="Alt+X" label="Cancelar documento" />}
          <KeyHint keys="Esc" label="Voltar" />
        </Group>
      </Paper>
    </Stack>
  );
}
