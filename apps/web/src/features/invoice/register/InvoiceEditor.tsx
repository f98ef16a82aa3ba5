/**
 * The invoice screen's body: header, the tabs (Itens, Pagamentos, Referenciadas, Volumes, Informações adicionais,
 * Eventos), the totals, and the actions with their keys: Alt+S save, Alt+T transmit, Alt+I print, Alt+O consult,
 * Alt+X cancel, Alt+R correction letter, Alt+V back; F2 product, F3 customer, F4 payment; Alt+PgUp/PgDn tabs.
 * Read-only unless the invoice is a draft or was rejected.
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Group, Kbd, Paper, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { call } from '../../../api/client.ts';
import { localDb, type LocalRow } from '../../../db/database.ts';
import { useLiveQuery } from '../../../db/useLiveQuery.ts';
import { confirm } from '../../../ui/confirm.tsx';
import { showError } from '../../../ui/showError.ts';
import { toast } from '../../../ui/toast.ts';
import { showWarning } from '../../../ui/warning.tsx';
import { useSignedIn } from '../../auth/sessionContext.ts';
import { dateTime, InvoiceSituacaoBadge, modelSeries } from '../display.tsx';
import * as fiscal from '../fiscalActions.ts';
import { bodyOf, emptyForm, formFromDetail, totalsOf, validateForSave, validateForTransmit, type InvoiceForm } from '../form.ts';
import { INVOICE_KEYS } from '../list/useInvoiceList.ts';
import { addressLine, defaultSeries, EMPTY_CONTEXT, hasAddress, loadInvoiceContext } from '../localData.ts';
import { KeyHint, ShortcutButton, useShortcuts, type Shortcut } from '../shortcuts.tsx';
import { ACTION_LABEL, ACTION_SHORTCUT, INVOICE_PERMISSION, actionsFor, isEditable, type InvoiceAction } from '../situacao.ts';
import { TEXTS } from '../texts.ts';
import { EventsTab } from './EventsTab.tsx';
import { HeaderFields, type CustomerChoice } from './HeaderFields.tsx';
import { ItemsTab } from './ItemsTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { keyGroups, ReferencedTab } from './ReferencedTab.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { VolumesTab } from './VolumesTab.tsx';

const TABS = ['itens', 'pagamentos', 'referenciadas', 'volumes', 'info', 'eventos'] as const;
type TabName = (typeof TABS)[number];

const FISCAL_BUTTONS: InvoiceAction[] = ['transmitir', 'imprimir', 'consultar', 'cancelar', 'carta', 'inutilizar', 'excluir'];

export function InvoiceEditor({ detail }: { detail: InvoiceDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session, ability } = useSignedIn();
  const idFilial = session.usuario.id_filial_ativa;
  const canManage = ability.can('manage', INVOICE_PERMISSION);
  const contextQuery = useCallback(() => loadInvoiceContext(localDb(), idFilial), [idFilial]);
  const context = useLiveQuery(contextQuery, EMPTY_CONTEXT);

  const [form, setForm] = useState<InvoiceForm>(() => (detail ? formFromDetail(detail) : emptyForm()));
  const [baseline, setBaseline] = useState<string | null>(() => (detail ? JSON.stringify(bodyOf(formFromDetail(detail))) : null));
  const [tab, setTab] = useState<TabName>('itens');
  const [busy, setBusy] = useState(false);
  const productRef = useRef<HTMLInputElement>(null);
  const customerRef = useRef<HTMLInputElement>(null);
  const methodRef = useRef<HTMLInputElement>(null);

  // The customer as the local copy knows it (address for the NF-e check and the header).
  const idCliente = form.id_cliente;
  const personQuery = useCallback(
    async (): Promise<LocalRow | null> => (idCliente === null ? null : ((await localDb().rows('people').get(idCliente)) ?? null)),
    [idCliente],
  );
  const personRow = useLiveQuery(personQuery, null);
  const person = personRow && Number(personRow['id_pessoa']) === idCliente ? personRow : null;

  // What is saved: the form with the defaults it leaves open (the model's default series) and the copy's knowledge.
  const effective: InvoiceForm = {
    ...form,
    id_serie_fiscal: form.id_serie_fiscal ?? defaultSeries(context.series, form.modelo),
    cliente_tem_endereco: person ? hasAddress(person) : form.cliente_tem_endereco,
  };
  const totals = totalsOf(effective);
  const situacao = detail?.situacao ?? 'EmEdicao';
  const editable = canManage && isEditable(situacao);
  const dirty = detail === null || JSON.stringify(bodyOf(effective)) !== baseline;
  const available = (detail ? actionsFor(detail) : []).filter((a) => canManage || a === 'imprimir');

  const change = (patch: Partial<InvoiceForm>) => setForm((f) => ({ ...f, ...patch }));
  const pickCustomer = (choice: CustomerChoice | null) =>
    change(
      choice
        ? { id_cliente: choice.id_cliente, cliente_nome: choice.cliente_nome, cliente_cpf_cnpj: choice.cliente_cpf_cnpj, cliente_tem_endereco: choice.cliente_tem_endereco }
        : { id_cliente: null, cliente_nome: null, cliente_cpf_cnpj: null, cliente_tem_endereco: null },
    );

  const refreshLists = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all, predicate: (q) => q.queryKey[1] !== 'detail' });
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: INVOICE_KEYS.all });

  const guarded = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  /** Saves the form (post for a new invoice, put for a saved one); resolves with the saved invoice or null. */
  const save = async (): Promise<InvoiceDetail | null> => {
    const errors = validateForSave(effective);
    if (errors[0] !== undefined) {
      void showWarning(errors[0], errors.slice(1));
      return null;
    }
    const body = bodyOf(effective);
    try {
      const saved = detail ? await call('invoicePut', { ...body, id_nota_fiscal: detail.id_nota_fiscal }) : await call('invoicePost', body);
      queryClient.setQueryData(INVOICE_KEYS.detail(saved.id_nota_fiscal), saved);
      void refreshLists();
      setBaseline(JSON.stringify(body));
      toast.success(detail ? FISCAL_MESSAGES.updated : FISCAL_MESSAGES.saved);
      if (!detail) void navigate(`/invoice/register/${saved.id_nota_fiscal}`, { replace: true });
      return saved;
    } catch (error) {
      showError(error);
      return null;
    }
  };

  /** The saved invoice to act on, saving the pending changes first. */
  const savedTarget = async (): Promise<InvoiceDetail | null> => {
    if (editable && dirty) return save();
    return detail;
  };

  const transmit = async () => {
    if (editable) {
      const errors = validateForTransmit(effective);
      if (errors[0] !== undefined) return void showWarning(errors[0], errors.slice(1));
    } else if (!available.includes('transmitir')) return;
    const target = await savedTarget();
    if (!target) return;
    await fiscal.transmit(target);
    await refreshAll();
  };

  const print = async () => {
    const target = await savedTarget();
    if (target) await fiscal.print(target);
  };

  const back = async () => {
    if (editable && dirty && (detail !== null || form.itens.length > 0) && !(await confirm(TEXTS.discarded))) return;
    void navigate('/invoice');
  };

  const runFiscal = async (action: InvoiceAction) => {
    if (action === 'transmitir') return transmit();
    if (action === 'imprimir') return print();
    if (!detail || !available.includes(action)) return;
    const work = { consultar: fiscal.consult, cancelar: fiscal.cancel, carta: fiscal.correct, inutilizar: fiscal.disable, excluir: fiscal.remove, abrir: null }[action];
    if (!work) return;
    const changed = await work(detail);
    if (action === 'excluir' && changed) return void navigate('/invoice', { replace: true });
    if (changed) await refreshAll();
  };

  const moveTab = (step: number) => {
    const shown = TABS.filter((t) => t !== 'eventos' || (detail?.eventos.length ?? 0) > 0);
    const index = shown.indexOf(tab);
    const next = shown[(index + step + shown.length) % shown.length];
    if (next) setTab(next);
  };
  const focusLater = (ref: RefObject<HTMLInputElement | null>) => setTimeout(() => ref.current?.focus(), 0);

  const shortcuts: Shortcut[] = [
    ['Alt+S', () => editable && void guarded(save)],
    ['Alt+V', () => void back()],
    ['F2', () => {
      setTab('itens');
      focusLater(productRef);
    }],
    ['F3', () => editable && focusLater(customerRef)],
    ['F4', () => {
      setTab('pagamentos');
      focusLater(methodRef);
    }],
    ['Alt+PgUp', () => moveTab(-1)],
    ['Alt+PgDn', () => moveTab(1)],
    ...FISCAL_BUTTONS.map((action): Shortcut => [ACTION_SHORTCUT[action], () => void guarded(() => runFiscal(action))]),
  ];
  useShortcuts(shortcuts);

  const showButton = (action: InvoiceAction) =>
    action === 'transmitir' ? editable || available.includes('transmitir') : action === 'imprimir' ? true : available.includes(action);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {detail ? TEXTS.editTitle(detail.numero_nota_fiscal) : TEXTS.newTitle}
            </Title>
            {detail && <InvoiceSituacaoBadge situacao={detail.situacao} />}
            {detail?.ambiente === 2 && (
              <Badge variant="outline" color="yellow">
                Homologação
              </Badge>
            )}
          </Group>
          {detail && (
            <Text size="sm" c="dimmed">
              {modelSeries(detail.modelo, detail.serie)} · emitida em {dateTime(detail.data_hora_emissao)}
              {detail.protocolo ? ` · protocolo ${detail.protocolo}` : ''}
            </Text>
          )}
          {detail?.chave_acesso && (
            <Text size="xs" ff="monospace" aria-label="Chave de acesso">
              {keyGroups(detail.chave_acesso)}
            </Text>
          )}
        </Stack>
        <Group gap="xs" justify="flex-end">
          {editable && (
            <ShortcutButton shortcut="Alt+S" loading={busy} onClick={() => void guarded(save)}>
              Salvar
            </ShortcutButton>
          )}
          {FISCAL_BUTTONS.filter(showButton).map((action) => (
            <ShortcutButton
              key={action}
              shortcut={ACTION_SHORTCUT[action]}
              variant={action === 'transmitir' ? 'filled' : 'light'}
              color={action === 'cancelar' || action === 'excluir' || action === 'inutilizar' ? 'red' : action === 'transmitir' ? 'teal' : undefined}
              disabled={busy}
              onClick={() => void guarded(() => runFiscal(action))}
            >
              {action === 'cancelar' ? 'Cancelar nota' : action === 'consultar' ? 'Consultar' : ACTION_LABEL[action]}
            </ShortcutButton>
          ))}
          <ShortcutButton shortcut="Alt+V" variant="default" onClick={() => void back()}>
            Voltar
          </ShortcutButton>
        </Group>
      </Group>

      {detail?.situacao === 'Rejeitada' && (detail.motivo || detail.codigo_status) && (
        <Alert color="red" variant="light" title="Rejeitada pela SEFAZ">
          {[detail.codigo_status, detail.motivo].filter((v) => v !== null && v !== '').join(' - ')}
        </Alert>
      )}
      {detail?.situacao === 'Contingencia' && (
        <Alert color="orange" variant="light" title="Emitida em contingência">
          {detail.justificativa_contingencia ?? ''}
          {detail.prazo_contingencia ? ` Transmita até ${dateTime(detail.prazo_contingencia)}.` : ''}
        </Alert>
      )}
      {detail && !editable && canManage && (
        <Alert color="gray" variant="light">
          {TEXTS.readOnly}
        </Alert>
      )}

      <HeaderFields
        form={effective}
        context={context}
        editable={editable}
        customerAddress={person ? addressLine(person) : null}
        customerRef={customerRef}
        onChange={change}
        onCustomer={pickCustomer}
      />

      <Paper withBorder p="sm">
        <Tabs value={tab} onChange={(v) => setTab((TABS as readonly string[]).includes(v ?? '') ? (v as TabName) : 'itens')}>
          <Tabs.List>
            <Tabs.Tab value="itens" rightSection={<Kbd size="xs">F2</Kbd>}>
              Itens ({form.itens.length})
            </Tabs.Tab>
            <Tabs.Tab value="pagamentos" rightSection={<Kbd size="xs">F4</Kbd>}>
              Pagamentos ({form.pagamentos.length})
            </Tabs.Tab>
            <Tabs.Tab value="referenciadas">Referenciadas ({form.referenciadas.length})</Tabs.Tab>
            <Tabs.Tab value="volumes">Volumes ({form.volumes.length})</Tabs.Tab>
            <Tabs.Tab value="info">Informações adicionais</Tabs.Tab>
            {(detail?.eventos.length ?? 0) > 0 && <Tabs.Tab value="eventos">Eventos ({detail?.eventos.length})</Tabs.Tab>}
            <Group ml="auto" gap={4} visibleFrom="md">
              <Kbd size="xs">Alt+PgUp/PgDn</Kbd>
              <Text size="xs" c="dimmed">
                trocar aba
              </Text>
            </Group>
          </Tabs.List>
          <Tabs.Panel value="itens" pt="sm">
            <ItemsTab items={form.itens} context={context} editable={editable} productRef={productRef} onChange={(itens) => change({ itens })} />
          </Tabs.Panel>
          <Tabs.Panel value="pagamentos" pt="sm">
            <PaymentsTab
              payments={form.pagamentos}
              saldo={totals.saldo}
              context={context}
              editable={editable}
              methodRef={methodRef}
              onChange={(pagamentos) => change({ pagamentos })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="referenciadas" pt="sm">
            <ReferencedTab referenced={form.referenciadas} editable={editable} onChange={(referenciadas) => change({ referenciadas })} />
          </Tabs.Panel>
          <Tabs.Panel value="volumes" pt="sm">
            <VolumesTab volumes={form.volumes} editable={editable} onChange={(volumes) => change({ volumes })} />
          </Tabs.Panel>
          <Tabs.Panel value="info" pt="sm">
            <Textarea
              label="Informações adicionais (de interesse do contribuinte)"
              value={form.informacoes_adicionais}
              onChange={(e) => change({ informacoes_adicionais: e.currentTarget.value })}
              readOnly={!editable}
              variant={editable ? 'default' : 'filled'}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={5000}
              description={`${form.informacoes_adicionais.length} de 5000 caracteres`}
            />
          </Tabs.Panel>
          {detail && (
            <Tabs.Panel value="eventos" pt="sm">
              <EventsTab events={detail.eventos} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Paper>

      <TotalsPanel totals={totals} />

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          {editable && <KeyHint keys="Alt+S" label="Salvar" />}
          {FISCAL_BUTTONS.filter(showButton).map((action) => (
            <KeyHint key={action} keys={ACTION_SHORTCUT[action]} label={ACTION_LABEL[action]} />
          ))}
          {editable && (
            <>
              <KeyHint keys="F2" label="Produto" />
              <KeyHint keys="F3" label="Cliente" />
              <KeyHint keys="F4" label="Pagamento" />
            </>
          )}
          <KeyHint keys="Alt+PgUp/PgDn" label="Trocar aba" />
          <KeyHint keys="Alt+V" label="Voltar à lista" />
        </Group>
      </Paper>
    </Stack>
  );
}
