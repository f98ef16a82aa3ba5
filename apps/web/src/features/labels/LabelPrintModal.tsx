/**
 * The label print modal (001 §2 "Label print modal", §5 Labels): the label model (the default one preselected), the
 * items with a quantity each (Tab moves from one to the next), more products added by the filters of
 * /product/search-to-labels, the price shown (retail or wholesale) and the sheet position to start at; Imprimir
 * (Alt+P) makes the PDF in the browser (packages/documents label-sheet.ts) and opens it in a new tab. The spec's
 * messages ('Etiqueta não informada', 'Nenhum produto para imprimir.') come from the domain's rule before anything is
 * made. A thermal model with its source code prints through the local connector (issue 27): its ZPL or EPL filled with
 * the items goes to the branch's label printer (impressora_etiqueta on this machine; none chosen: the peripheral
 * selection of 001 §2 opens first); when none is chosen or the connector fails (its message shown) the PDF on the label
 * page opens instead. Alt+I downloads the filled commands ('Código Fonte não informado' when there are none).
 */
import { useEffect, useEffectEvent, useState } from 'react';
import {
  Alert, Button, Checkbox, Collapse, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { SearchToLabelsBody } from '@pdv/contract/label-print';
import { LABEL_SHEET_LAYOUT } from '@pdv/domain/label-settings';
import { expandLabels, labelLanguage, labelPrintIssue, labelPrinterJob, type LabelModel } from '@pdv/domain/label-print';
import type { LabelParameter } from '@pdv/domain/label-settings';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { PERIPHERAL_KEYS, PRINT_MESSAGES } from '@pdv/domain/print-connector';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { showWarning } from '../../ui/warning.tsx';
import { useSignedIn } from '../auth/sessionContext.ts';
import { sendToConnector } from '../peripherals/connector.ts';
import { choosePeripheral } from '../peripherals/PeripheralModals.tsx';
import { peripheralFor } from '../peripherals/peripheralStore.ts';
import { ShortcutButton } from '../invoice/shortcuts.tsx';
import { showPdf } from '../order/documents/orderDocuments.ts';
import { Ref } from '../products/fields.tsx';
import { loadLabelItems, mergeLabelItems, searchLabelItems, type KeyedLabelItem, type LabelSource } from './labelItems.ts';

type ModelRow = LabelModel & { is_padrao: boolean };

interface Props {
  /** What to print; null keeps the modal closed. */
  source: LabelSource | null;
  onClose: () => void;
}

export function LabelPrintModal({ source, onClose }: Props) {
  return (
    <Modal opened={source !== null} onClose={onClose} title="Imprimir etiquetas" size="xl" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {source && <LabelPrintForm source={source} />}
    </Modal>
  );
}

/** Labels a page of the model holds (a custom model: one row of its columns a label page). */
function perPage(model: ModelRow | undefined): number {
  if (!model) return 1;
  if (model.tipo === 'Folha' && (model.modelo === 'Pimaco6187' || model.modelo === 'A4351')) {
    const layout = LABEL_SHEET_LAYOUT[model.modelo];
    return layout.colunas * layout.linhas;
  }
  return Math.max(1, model.numero_colunas ?? 1);
}

function LabelPrintForm({ source }: { source: LabelSource }) {
  const [models, setModels] = useState<ModelRow[] | null>(null);
  const [modelId, setModelId] = useState<string | null>(null);
  const [items, setItems] = useState<KeyedLabelItem[] | null>(null);
  const [preco, setPreco] = useState<'varejo' | 'atacado'>('varejo');
  const [inicio, setInicio] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    let live = true;
    void call('labelFind', { search: '', take: 200, skip: 0 }, { loading: false }).then((res) => {
      if (!live) return;
      const rows = (res as { rows: ModelRow[] }).rows;
      setModels(rows);
      const chosen = rows.find((r) => r.is_padrao) ?? (rows.length === 1 ? rows[0] : undefined);
      if (chosen) setModelId(String(chosen.id_etiqueta));
    }, showError);
    void loadLabelItems(source).then((rows) => live && setItems(rows), (error: unknown) => {
      if (live) setItems([]);
      showError(error);
    });
    return () => {
      live = false;
    };
  }, [source]);

  // The chosen model's parameters (issue 22: {param:chave} in a thermal source, a sheet's offsets) come with its detail.
  const [params, setParams] = useState<{ id: number; rows: LabelParameter[] } | null>(null);
  useEffect(() => {
    if (modelId === null) return;
    let live = true;
    void call('labelFindById', { id_etiqueta: Number(modelId) }, { loading: false }).then((row) => {
      const rows = (row as { parametros?: LabelParameter[] }).parametros ?? [];
      if (live) setParams({ id: Number(modelId), rows });
    }, showError);
    return () => {
      live = false;
    };
  }, [modelId]);
  const found = models?.find((m) => String(m.id_etiqueta) === modelId);
  const paramsReady = found !== undefined && params?.id === found.id_etiqueta;
  const model = found && paramsReady ? { ...found, parametros: params.rows } : found;
  const total = expandLabels(items ?? []).length;
  const setQtd = (key: string, qtd: number) => {
    setProblem(null);
    setItems((list) => (list ?? []).map((i) => (i.key === key ? { ...i, qtd } : i)));
  };
  const remove = (key: string) => setItems((list) => (list ?? []).filter((i) => i.key !== key));

  const { session } = useSignedIn();
  const idFilial = session.usuario.id_filial_ativa;

  /** The label PDF in `tab` (opened during the key press when it could be) or a new tab. */
  const openPdf = async (chosen: ModelRow, list: KeyedLabelItem[], tab: Window | null) => {
    const [{ labelSheetDocument }, { renderPdf }] = await Promise.all([import('@pdv/documents/label-sheet'), import('@pdv/documents/pdf')]);
    const blob = await renderPdf(labelSheetDocument(chosen, list, { preco, inicio: inicio - 1 }));
    const url = URL.createObjectURL(blob);
    showPdf(url, tab);
    setTimeout(() => URL.revokeObjectURL(url), 120_000);
  };

  /** A thermal model's commands to the label printer; false when they were not printed (the PDF opens instead). */
  const throughConnector = async (chosen: ModelRow, list: KeyedLabelItem[]): Promise<boolean> => {
    const choice = peripheralFor(idFilial, PERIPHERAL_KEYS.ImpressoraEtiqueta) ?? (await choosePeripheral(idFilial, 'ImpressoraEtiqueta'));
    if (!choice) return false;
    const kind = labelLanguage(chosen.codigo_fonte ?? '') === 'ZPL' ? 'zpl' : 'epl';
    const result = await sendToConnector(choice, kind, labelPrinterJob(chosen, list));
    if (result.ok) {
      toast.success(PRINT_MESSAGES.requested);
      return true;
    }
    void showWarning(result.message);
    return false;
  };

  /** Imprimir pressed while the items or the model's detail were still loading: it prints once they have come. */
  const [printAsked, setPrintAsked] = useState(false);
  const print = () => {
    if (busy) return;
    if (items === null || (found !== undefined && !paramsReady)) {
      setPrintAsked(true);
      return;
    }
    const issue = labelPrintIssue(model, items);
    setProblem(issue);
    if (issue || !model) return;
    const thermal = model.tipo === 'Termica' && labelPrintIssue(model, items, 'printer') === null;
    // The tab is opened while the key or click still counts as the user's, so no pop-up blocker stops it; a thermal
    // model's tab only when its commands could not be printed.
    const tab = thermal ? null : window.open('', '_blank');
    setBusy(true);
    void (async () => {
      try {
        if (thermal && (await throughConnector(model, items))) return;
        await openPdf(model, items, tab);
      } catch (error) {
        tab?.close();
        showError(error);
      } finally {
        setBusy(false);
      }
    })();
  };
  /** A thermal model's commands filled with the items, as a file for its printer (the connector sends them itself later). */
  const readyToPrint = items !== null && (found === undefined || paramsReady);
  // Reads the render's latest state when it runs (not a dependency of the effect).
  const printAsRequested = useEffectEvent(() => {
    setPrintAsked(false);
    print();
  });
  useEffect(() => {
    if (!printAsked || !readyToPrint) return;
    const timer = setTimeout(printAsRequested, 0);
    return () => clearTimeout(timer);
  }, [printAsked, readyToPrint]);

  const printerFile = () => {
    if (items === null || model?.tipo !== 'Termica' || !paramsReady) return;
    const issue = labelPrintIssue(model, items, 'printer');
    setProblem(issue);
    if (issue) return;
    const job = labelPrinterJob(model, items);
    const url = URL.createObjectURL(new Blob([job], { type: 'application/octet-stream' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `etiquetas.${labelLanguage(model.codigo_fonte ?? '') === 'ZPL' ? 'zpl' : 'epl'}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  useHotkeys([['alt+P', print], ['alt+F', () => setFiltersOpen((o) => !o)], ['alt+I', printerFile]], [], true);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Select
          label="Etiqueta"
          placeholder={models === null ? 'Carregando...' : models.length === 0 ? 'Nenhuma etiqueta cadastrada' : 'Selecione'}
          data={(models ?? []).map((m) => ({ value: String(m.id_etiqueta), label: m.descricao }))}
          value={modelId}
          onChange={(v) => {
            setProblem(null);
            setModelId(v);
          }}
          data-autofocus
        />
        <NumberInput label="Começar na posição" min={1} max={perPage(model)} allowDecimal={false} value={inicio}
          onChange={(n) => setInicio(Math.min(Math.max(1, Number(n) || 1), perPage(model)))} />
        <Stack gap={2}>
          <Text size="sm" fw={500} component="span" id="label-price">Preço</Text>
          <SegmentedControl aria-labelledby="label-price" value={preco} onChange={(v) => setPreco(v === 'atacado' ? 'atacado' : 'varejo')}
            data={[{ value: 'varejo', label: 'Varejo' }, { value: 'atacado', label: 'Atacado' }]} />
        </Stack>
      </SimpleGrid>

      <Group justify="space-between">
        <Button variant="subtle" size="compact-sm" onClick={() => setFiltersOpen((o) => !o)} aria-expanded={filtersOpen}>
          {filtersOpen ? 'Ocultar filtros' : 'Adicionar produtos por filtro'} (Alt+F)
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">{items === null ? 'Carregando…' : `${total} etiqueta(s)`}</Text>
      </Group>
      <Collapse expanded={filtersOpen}>
        <SearchFilters onFound={(rows) => setItems((list) => mergeLabelItems(list ?? [], rows))} />
      </Collapse>

      <Table.ScrollContainer minWidth={640} mah={360}>
        <Table withTableBorder verticalSpacing={2} aria-label="Itens das etiquetas" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>Variação</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Código de barras</Table.Th>
              <Table.Th ta="right">Preço</Table.Th>
              <Table.Th w={110} ta="right">Quantidade</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(items ?? []).map((i) => (
              <Table.Tr key={i.key}>
                <Table.Td>{i.descricao}</Table.Td>
                <Table.Td>{i.variacao}</Table.Td>
                <Table.Td>{i.sku}</Table.Td>
                <Table.Td>{i.codigo_barras ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatMoney(fromDecimal(preco === 'atacado' ? i.preco_atacado : i.preco_venda))}</Table.Td>
                <Table.Td>
                  <NumberInput size="xs" min={0} max={9999} allowDecimal={false} allowNegative={false} value={i.qtd}
                    aria-label={`Quantidade de ${[i.descricao, i.variacao].filter(Boolean).join(' ')}`}
                    onChange={(n) => setQtd(i.key, Math.trunc(Number(n) || 0))} />
                </Table.Td>
                <Table.Td>
                  <Button size="compact-xs" variant="subtle" color="red" tabIndex={-1} onClick={() => remove(i.key)}
                    aria-label={`Remover ${[i.descricao, i.variacao].filter(Boolean).join(' ')}`}>✕</Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {items !== null && items.length === 0 && (
              <Table.Tr><Table.Td colSpan={7}><Text c="dimmed" ta="center">Nenhum produto na lista.</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {problem && <Alert color="red" variant="light" role="alert">{problem}</Alert>}
      <Group justify="flex-end">
        {model?.tipo === 'Termica' && (
          <ShortcutButton shortcut="Alt+I" variant="light" onClick={printerFile}>Arquivo para a impressora</ShortcutButton>
        )}
        <ShortcutButton shortcut="Alt+P" onClick={print} loading={busy || printAsked}>Imprimir</ShortcutButton>
      </Group>
    </Stack>
  );
}

/** The filters of /product/search-to-labels; Adicionar (Alt+A) appends what they find. */
function SearchFilters({ onFound }: { onFound: (rows: KeyedLabelItem[]) => void }) {
  const [f, setF] = useState<SearchToLabelsBody>({ typeDate: 'cadastro', situation: 'Ativo', isLoadStock: false });
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<SearchToLabelsBody>) => setF((old) => ({ ...old, ...patch }));
  const add = () => {
    if (busy) return;
    setBusy(true);
    void searchLabelItems(f).then(onFound, showError).finally(() => setBusy(false));
  };
  useHotkeys([['alt+A', add]], [], true);
  return (
    <Stack gap="xs" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} role="group" aria-label="Filtros de produtos">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Ref label="Marca" register="brand" value={f.brandId ?? null} readOnly={false} onChange={(v) => set({ brandId: v })} />
        <Ref label="Categoria" register="category" value={f.categoryId ?? null} readOnly={false} onChange={(v) => set({ categoryId: v })} />
        <Ref label="Unidade de medida" register="measureUnit" value={f.measureUnitId ?? null} readOnly={false} onChange={(v) => set({ measureUnitId: v })} />
        <Select label="Situação" data={[{ value: 'Ativo', label: 'Ativo' }, { value: 'Inativo', label: 'Inativo' }]} value={f.situation ?? null}
          onChange={(v) => set({ situation: v === 'Ativo' || v === 'Inativo' ? v : null })} clearable />
        <Select label="Data de" data={[{ value: 'cadastro', label: 'Cadastro' }, { value: 'alteracao', label: 'Alteração' }]} value={f.typeDate ?? 'cadastro'}
          allowDeselect={false} onChange={(v) => set({ typeDate: v === 'alteracao' ? 'alteracao' : 'cadastro' })} />
        <TextInput label="Data inicial" type="date" value={f.startDate ?? ''} onChange={(e) => set({ startDate: e.currentTarget.value || null })} />
        <TextInput label="Data final" type="date" value={f.endDate ?? ''} onChange={(e) => set({ endDate: e.currentTarget.value || null })} />
        <Checkbox mt="lg" label="Quantidade pelo estoque" checked={f.isLoadStock ?? false} onChange={(e) => set({ isLoadStock: e.currentTarget.checked })} />
      </SimpleGrid>
      <Group justify="flex-end">
        <ShortcutButton shortcut="Alt+A" variant="light" onClick={add} loading={busy}>Adicionar</ShortcutButton>
      </Group>
    </Stack>
  );
}
