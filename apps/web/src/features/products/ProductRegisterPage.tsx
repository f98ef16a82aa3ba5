/**
 * /product/register (new) and /product/register/:id: the product register with its tabs (product-tabs.tsx). Ctrl+S
 * saves the whole product (create, or PUT update with its variations, barcodes and units in one call), Esc goes back
 * to the list; Ctrl+PgDn / Ctrl+PgUp move between tabs. A user who may only read sees it read-only.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Tabs, Title } from '@mantine/core';
import type { ProductDetail } from '@pdv/contract/product';
import { MESSAGES } from '@pdv/domain/messages';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';
import { showError } from '../../ui/showError.ts';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { KeyHint, useShortcuts } from '../invoice/shortcuts.tsx';
import { PRODUCT_TABS } from './product-tabs.tsx';
import { blankProduct, ProductFormContext, useProductState, valuesOf } from './useProductForm.ts';

export const PRODUCT_PERMISSION = 'FncListarProduto';

function ProductEditor({ product }: { product: ProductDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { ability } = useSignedIn();
  const readOnly = !ability.can('manage', PRODUCT_PERMISSION);
  const form = useProductState(product ? valuesOf(product) : blankProduct(), product);
  const [tab, setTab] = useState<string>(PRODUCT_TABS[0]?.key ?? 'geral');
  const [saving, setSaving] = useState(false);
  const id_produto = form.saved?.id_produto ?? null;

  const save = async () => {
    if (readOnly || saving) return;
    setSaving(true);
    try {
      const result = await form.save();
      toast.success(id_produto === null ? MESSAGES.recordSaved : MESSAGES.recordUpdated);
      await queryClient.invalidateQueries({ queryKey: ['productFindList'] });
      if (id_produto === null) void navigate(`/product/register/${result.id_produto}`, { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  };
  const leave = () => void navigate('/products');
  // Esc in a select closes its list; it leaves the screen from anywhere else.
  const escape = () => {
    if (document.activeElement?.getAttribute('role') !== 'combobox') leave();
  };
  const moveTab = (step: number) => {
    const i = PRODUCT_TABS.findIndex((t) => t.key === tab);
    const next = PRODUCT_TABS[(i + step + PRODUCT_TABS.length) % PRODUCT_TABS.length];
    if (next) setTab(next.key);
  };
  useShortcuts([
    ['Ctrl+S', () => void save(), { inInputs: true }],
    ['Escape', escape, { inInputs: true }],
    ['Ctrl+PgDn', () => moveTab(1), { inInputs: true }],
    ['Ctrl+PgUp', () => moveTab(-1), { inInputs: true }],
  ]);

  return (
    <ProductFormContext.Provider value={form}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Group gap="sm">
            <Title order={1} size="h2">{id_produto === null ? 'Novo produto' : `Produto ${form.values.sku}`}</Title>
            {form.saved && <Badge variant="light">{form.saved.tipo_produto === 'Grade' ? 'Com grade' : 'Simples'}</Badge>}
          </Group>
          <Group gap="xs">
            {saving && <Loader size="xs" aria-label="Salvando" />}
            <Button variant="default" onClick={leave}>Voltar</Button>
            {!readOnly && <Button onClick={() => void save()} loading={saving}>Salvar</Button>}
          </Group>
        </Group>
        <Tabs value={tab} onChange={(t) => t && setTab(t)} keepMounted={false}>
          <Tabs.List>
            {PRODUCT_TABS.map((t) => <Tabs.Tab key={t.key} value={t.key}>{t.label}</Tabs.Tab>)}
          </Tabs.List>
          {PRODUCT_TABS.map(({ key, Component }) => (
            <Tabs.Panel key={key} value={key} pt="md">
              <Component id_produto={id_produto} readOnly={readOnly} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <Paper withBorder p="xs">
          <Group gap="md" aria-label="Atalhos">
            {!readOnly && <KeyHint keys="Ctrl+S" label="Salvar" />}
            <KeyHint keys="Esc" label="Voltar" />
            <KeyHint keys="Ctrl+PgUp/PgDn" label="Abas" />
          </Group>
        </Paper>
      </Stack>
    </ProductFormContext.Provider>
  );
}

export function ProductRegisterPage() {
  const { id } = useParams();
  const id_produto = id === undefined ? null : Number(id);
  const query = useQuery({
    queryKey: ['productFindById', id_produto],
    queryFn: () => call('productFindById', { id_produto: id_produto ?? 0 }),
    enabled: id_produto !== null,
  });
  if (id_produto === null) return <ProductEditor key="new" product={null} />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title="Não foi possível abrir o produto">
        {errorDisplayOf(query.error).text}
      </Alert>
    );
  }
  if (!query.data) return <Loader aria-label="Carregando" />;
  return <ProductEditor key={id_produto} product={query.data} />;
}
