/**
 * The invoice editor's other actions (issue 31, 002 §2), each with its key: Alt+D duplicate (a new draft, opened),
 * Alt+P reprocess (a rejected, pending or contingency invoice through the emission path), Alt+E change the seller,
 * Alt+M change the transmission type (normal or NFC-e offline contingency) and Alt+B split an item into variations
 * (desdobramento). Offered only when the domain's rules (invoice-actions.ts) let the server accept them.
 */
import { useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useLocation } from 'react-router';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { reprocessError, splitItemErrors, transmissionTypeError } from '@pdv/domain/invoice-actions';
import { formatQuantity, fromDecimal, parseQuantityBR, quantityFromDecimal, quantityToDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { localDb } from '../../../db/database.ts';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';
import { loadSellers } from '../../checkout/catalog.ts';
import { invoiceEditorPath } from '../editorPath.ts';
import * as fiscal from '../fiscalActions.ts';
import { INVOICE_KEYS } from '../list/useInvoiceList.ts';
import { ShortcutButton, useShortcuts, type Shortcut } from '../shortcuts.tsx';
import { AsyncSearchSelect, type SearchOption } from './AsyncSearchSelect.tsx';
import { searchItems } from './ItemsTab.tsx';

export const MORE_TEXTS = {
  duplicate: 'Duplicar',
  duplicated: (n: number | string) => `Nota duplicada: rascunho ${n} aberto.`,
  reprocess: 'Reprocessar',
  seller: 'Alterar vendedor',
  sellerTitle: 'Vendedor da nota fiscal',
  sellerNone: 'Sem vendedor',
  sellerChanged: 'Vendedor alterado.',
  transmission: 'Tipo de emissão',
  transmissionTitle: 'Tipo de emissão da nota fiscal',
  transmissionNormal: 'Normal',
  transmissionContingency: 'Contingência offline',
  split: 'Desdobrar item',
  splitTitle: 'Desdobramento de produto e variação',
  splitLine: 'Item a desdobrar',
  splitAddPart: 'Adicionar parte',
  splitDone: 'Item desdobrado.',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
} as const;

interface Props {
  detail: InvoiceDetail;
  canManage: boolean;
  busy: boolean;
}

/** Reprocess is offered for a rejected, pending or contingency invoice (a draft has Transmitir). */
export const offersReprocess = (d: { situacao: string; numero_nota_fiscal: number | null }) =>
  d.situacao !== 'EmEdicao' && reprocessError(d) === null;

/** /invoice/invoice-duplicate with its toast; the copy's id, or null after showing the error. */
export async function duplicateInvoice(id_nota_fiscal: number): Promise<number | null> {
  try {
    const copy = await call('invoiceDuplicate', { id_nota_fiscal });
    toast.success(MORE_TEXTS.duplicated(copy.id_nota_fiscal));
    return copy.id_nota_fiscal;
  } catch (error) {
    showError(error);
    return null;
  }
}

const isDraftNeverAuthorized = (d: InvoiceDetail) => transmissionTypeError(d, { modelo: d.modelo, tipo_emissao: 1, justificativa: null }) === null;

export function EditorMoreActions({ detail, canManage, busy }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });
  const canReprocess = canManage && offersReprocess(detail);
  const canDraftChange = canManage && isDraftNeverAuthorized(detail);
  const canSplit = canDraftChange && detail.id_operacao === null && detail.itens.some((i) => !i.is_cancelado);

  const duplicate = async () => {
    const copy = await duplicateInvoice(detail.id_nota_fiscal);
    if (copy === null) return;
    await refresh();
    void navigate(invoiceEditorPath(pathname, copy));
  };
  const reprocess = async () => {
    await fiscal.reprocess(detail);
    await refresh();
  };
  const seller = async () => {
    const sellers = await loadSellers(localDb(), detail.id_filial);
    const modalId = `vendedor-${detail.id_nota_fiscal}`;
    modals.open({
      modalId, title: MORE_TEXTS.sellerTitle, centered: true,
      children: (
        <SellerForm
          current={detail.id_usuario_vendedor ?? null}
          options={sellers.map((s) => ({ value: String(s.id_usuario), label: s.nome }))}
          onCancel={() => modals.close(modalId)}
          onConfirm={async (id) => {
            try {
              await call('invoiceChangeSeller', { id_nota_fiscal: detail.id_nota_fiscal, id_usuario_vendedor: id });
              modals.close(modalId);
              toast.success(MORE_TEXTS.sellerChanged);
              await refresh();
            } catch (error) {
              showError(error);
            }
          }}
        />
      ),
    });
  };
  const transmission = () => {
    const modalId = `emissao-${detail.id_nota_fiscal}`;
    modals.open({
      modalId, title: MORE_TEXTS.transmissionTitle, centered: true, size: 'lg',
      children: (
        <TransmissionForm
          detail={detail}
          onCancel={() => modals.close(modalId)}
          onDone={async (tipo) => {
            modals.close(modalId);
            toast.success(FISCAL_MESSAGES.transmissionTypeChanged(tipo));
            await refresh();
          }}
        />
      ),
    });
  };
  const split = () => {
    const modalId = `desdobrar-${detail.id_nota_fiscal}`;
    modals.open({
      modalId, title: MORE_TEXTS.splitTitle, centered: true, size: 'xl',
      children: (
        <SplitForm
          detail={detail}
          onCancel={() => modals.close(modalId)}
          onDone={async () => {
            modals.close(modalId);
            toast.success(MORE_TEXTS.splitDone);
            await refresh();
          }}
        />
      ),
    });
  };

  const shortcuts: Shortcut[] = [
    ['Alt+D', () => canManage && void duplicate()],
    ['Alt+P', () => canReprocess && void reprocess()],
    ['Alt+E', () => canManage && void seller()],
    ['Alt+M', () => canDraftChange && transmission()],
    ['Alt+B', () => canSplit && split()],
  ];
  useShortcuts(shortcuts);
  if (!canManage) return null;
  return (
    <Group gap="xs" justify="flex-end" aria-label="Outras ações">
      <ShortcutButton shortcut="Alt+D" variant="light" disabled={busy} onClick={() => void duplicate()}>{MORE_TEXTS.duplicate}</ShortcutButton>
      {canReprocess && (
        <ShortcutButton shortcut="Alt+P" variant="light" color="orange" disabled={busy} onClick={() => void reprocess()}>{MORE_TEXTS.reprocess}</ShortcutButton>
      )}
      <ShortcutButton shortcut="Alt+E" variant="light" disabled={busy} onClick={() => void seller()}>{MORE_TEXTS.seller}</ShortcutButton>
      {canDraftChange && (
        <ShortcutButton shortcut="Alt+M" variant="light" disabled={busy} onClick={transmission}>{MORE_TEXTS.transmission}</ShortcutButton>
      )}
      {canSplit && (
        <ShortcutButton shortcut="Alt+B" variant="light" disabled={busy} onClick={split}>{MORE_TEXTS.split}</ShortcutButton>
      )}
    </Group>
  );
}

function SellerForm({ current, options, onConfirm, onCancel }: {
  current: number | null; options: Array<{ value: string; label: string }>; onConfirm: (id: number | null) => Promise<void>; onCancel: () => void;
}) {
  const [value, setValue] = useState<string | null>(current === null ? null : String(current));
  return (
    <form onSubmit={(e) => { e.preventDefault(); void onConfirm(value === null ? null : Number(value)); }}>
      <Stack>
        <Select label="Vendedor" placeholder={MORE_TEXTS.sellerNone} data={options} value={value} onChange={setValue}
          searchable clearable data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{MORE_TEXTS.cancel}</Button>
          <Button type="submit">{MORE_TEXTS.confirm}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function TransmissionForm({ detail, onDone, onCancel }: { detail: InvoiceDetail; onDone: (tipo: 1 | 9) => Promise<void>; onCancel: () => void }) {
  const [tipo, setTipo] = useState<'1' | '9'>(detail.tipo_emissao === 9 ? '9' : '1');
  const [justificativa, setJustificativa] = useState(detail.justificativa_contingencia ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const change = { modelo: detail.modelo, tipo_emissao: tipo === '9' ? 9 as const : 1 as const, justificativa: justificativa.replace(/\s+/g, ' ').trim() };
    const refused = transmissionTypeError(detail, change);
    if (refused) return setError(refused);
    try {
      await call('invoiceChangeTransmissionType', { id_nota_fiscal: detail.id_nota_fiscal, tipo_emissao: change.tipo_emissao,
        justificativa: change.tipo_emissao === 9 ? change.justificativa : null });
      await onDone(change.tipo_emissao);
    } catch (e) {
      showError(e);
    }
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Stack>
        <SegmentedControl data-autofocus value={tipo} onChange={(v) => { setTipo(v === '9' ? '9' : '1'); setError(null); }}
          data={[{ value: '1', label: `1 - ${MORE_TEXTS.transmissionNormal}` }, { value: '9', label: `9 - ${MORE_TEXTS.transmissionContingency}` }]}
          aria-label={MORE_TEXTS.transmission} />
        {tipo === '9' && (
          <Textarea label="Justificativa" value={justificativa} onChange={(e) => setJustificativa(e.currentTarget.value)} autosize minRows={2} />
        )}
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{MORE_TEXTS.cancel}</Button>
          <Button type="submit">{MORE_TEXTS.confirm}</Button>
        </Group>
      </Stack>
    </form>
  );
}

type Part = { key: number; picked: SearchOption<{ picked: { id_produto_grade_filial: number }; preco: number }> | null; quantidade: string };

function SplitForm({ detail, onDone, onCancel }: { detail: InvoiceDetail; onDone: () => Promise<void>; onCancel: () => void }) {
  const lines = detail.itens.filter((i) => !i.is_cancelado);
  const [lineId, setLineId] = useState<string | null>(lines[0] ? String(lines[0].id_nota_fiscal_item) : null);
  const [parts, setParts] = useState<Part[]>([{ key: 1, picked: null, quantidade: '' }, { key: 2, picked: null, quantidade: '' }]);
  const [error, setError] = useState<string | null>(null);
  const line = lines.find((l) => String(l.id_nota_fiscal_item) === lineId);
  const update = (key: number, patch: Partial<Part>) => setParts((ps) => ps.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const submit = async () => {
    if (!line) return;
    const filled = parts.filter((p) => p.picked !== null || p.quantidade.trim() !== '');
    if (filled.some((p) => p.picked === null)) return setError(FISCAL_MESSAGES.itemProductMissing);
    const quantities = filled.map((p) => parseQuantityBR(p.quantidade) ?? 0);
    const refused = splitItemErrors({ quantidade: quantityFromDecimal(line.quantidade), valor_unitario: fromDecimal(line.valor_unitario),
      valor_desconto: fromDecimal(line.valor_desconto), is_cancelado: line.is_cancelado }, quantities)[0];
    if (refused) return setError(refused);
    try {
      await call('invoiceItemSplit', { id_nota_fiscal: detail.id_nota_fiscal, id_nota_fiscal_item: line.id_nota_fiscal_item,
        partes: filled.map((p, i) => ({ id_produto_grade_filial: p.picked!.data.picked.id_produto_grade_filial, quantidade: quantityToDecimal(quantities[i] ?? 0) })) });
      await onDone();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Stack>
        <Select label={MORE_TEXTS.splitLine} data-autofocus value={lineId} onChange={setLineId} allowDeselect={false}
          data={lines.map((l) => ({ value: String(l.id_nota_fiscal_item), label: `${l.descricao} — ${formatQuantity(quantityFromDecimal(l.quantidade))}` }))} />
        {parts.map((p, index) => (
          <Group key={p.key} align="flex-end" grow>
            <AsyncSearchSelect label={`Parte ${index + 1}: produto ou variação`} aria-label={`Parte ${index + 1}: produto`}
              placeholder="Descrição, SKU ou código de barras" selected={p.picked} search={searchItems}
              onPick={(option) => update(p.key, { picked: option })} nothingFound="Nenhum produto encontrado." />
            <TextInput label={`Parte ${index + 1}: quantidade`} value={p.quantidade} inputMode="decimal"
              onChange={(e) => update(p.key, { quantidade: e.currentTarget.value })} />
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => setParts((ps) => [...ps, { key: Math.max(...ps.map((x) => x.key)) + 1, picked: null, quantidade: '' }])}>
            {MORE_TEXTS.splitAddPart}
          </Button>
          {line && <Text size="sm" c="dimmed">Quantidade do item: {formatQuantity(quantityFromDecimal(line.quantidade))}</Text>}
        </Group>
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>{MORE_TEXTS.cancel}</Button>
          <Button type="submit">{MORE_TEXTS.confirm}</Button>
        </Group>
      </Stack>
    </form>
  );
}
