/**
 * /price-readjust (002 §2 "price simulation/readjust (by percent or markup)"; issue 30): the prices of the products a
 * filter picks (categories with their subcategories, brands, products) in the branches marked, readjusted by a
 * percentage or by a price configuration's markup rules. F9 simulates: every price that changes, current and new, by
 * product, variation and branch; F10 applies exactly that simulation (the server computes it again and refuses when a
 * price changed in between). Changing anything drops the simulation. The new prices reach the points of sale by the
 * sync like any price change. State and calls: usePriceReadjust.ts.
 */
import { Alert, Badge, Checkbox, Group, MultiSelect, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { PERCENT_TARGET_LABELS, PERCENT_TARGETS } from '@pdv/domain/price-readjust';
import { DecimalInput } from '../../ui/MaskedInputs.tsx';
import { money } from '../invoice/display.tsx';
import { KeyHint, ShortcutButton, useShortcuts } from '../invoice/shortcuts.tsx';
import { usePriceReadjust, useReadjustOptions } from './usePriceReadjust.ts';

const TARGET_OPTIONS = PERCENT_TARGETS.map((value) => ({ value, label: PERCENT_TARGET_LABELS[value] }));

export function PriceReadjustPage() {
  const options = useReadjustOptions();
  const r = usePriceReadjust();
  const { form, set } = r;
  useShortcuts([
    ['F9', () => void r.simulate()],
    ['F10', () => void r.apply()],
  ]);
  const branchIds = form.filiais;
  // The next key applies what is shown: the button takes the focus once the simulation with changes is on screen (an
  // effect, so the button is already enabled; a focus asked for before React drew it was lost).
  const applyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (r.simulation && r.simulation.linhas.length > 0) applyButton.current?.focus();
  }, [r.simulation]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">Reajuste de preços</Title>
        <Group gap="md">
          <KeyHint keys="F9" label="Simular" />
          <KeyHint keys="F10" label="Aplicar" />
        </Group>
      </Group>
      <Paper withBorder p="sm" component="form" onSubmit={(e) => { e.preventDefault(); void r.simulate(); }} aria-label="Filtros e regra do reajuste">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <MultiSelect label="Categorias" placeholder={form.id_categoria.length > 0 ? undefined : 'Todas'} data={options.categories} value={form.id_categoria} onChange={(v) => set({ id_categoria: v })}
              searchable clearable selectFirstOptionOnChange limit={50} nothingFoundMessage="Nenhuma categoria" autoFocus />
            <MultiSelect label="Marcas" placeholder={form.id_marca.length > 0 ? undefined : 'Todas'} data={options.brands} value={form.id_marca} onChange={(v) => set({ id_marca: v })}
              searchable clearable selectFirstOptionOnChange limit={50} nothingFoundMessage="Nenhuma marca" />
            <MultiSelect label="Produtos" placeholder={form.id_produto.length > 0 ? undefined : 'Todos'} data={options.products} value={form.id_produto} onChange={(v) => set({ id_produto: v })}
              searchable clearable selectFirstOptionOnChange limit={30} nothingFoundMessage="Nenhum produto" />
          </SimpleGrid>
          <Group gap="lg" align="flex-start">
            <Stack gap={4}>
              <Text size="sm" fw={500}>Filiais</Text>
              <Group gap="md">
                {options.branches.map((b) => (
                  <Checkbox key={b.id_filial} label={b.nome} checked={branchIds.includes(b.id_filial)}
                    onChange={(e) => set({ filiais: e.currentTarget.checked ? [...branchIds, b.id_filial] : branchIds.filter((id) => id !== b.id_filial) })} />
                ))}
              </Group>
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="readjust-mode">Tipo de reajuste</Text>
              <SegmentedControl aria-labelledby="readjust-mode" value={form.modo} onChange={(v) => set({ modo: v === 'Markup' ? 'Markup' : 'Percentual' })}
                data={[{ value: 'Percentual', label: 'Percentual' }, { value: 'Markup', label: 'Markup' }]} />
            </Stack>
            {form.modo === 'Percentual' ? (
              <>
                <DecimalInput label="Percentual (%)" decimals={2} value={form.percentual} onChange={(v) => set({ percentual: v })}
                  description="Negativo para reduzir" w={160} />
                <Select label="Preço alvo" data={TARGET_OPTIONS} value={form.alvo} allowDeselect={false}
                  onChange={(v) => set({ alvo: (PERCENT_TARGETS.find((t) => t === v) ?? 'preco_venda') })} w={200} />
              </>
            ) : (
              <Select label="Configuração de preço" data={options.configurations} value={form.id_configuracao_preco} searchable selectFirstOptionOnChange w={280}
                onChange={(v) => set({ id_configuracao_preco: v })} nothingFoundMessage="Nenhuma configuração ativa" />
            )}
          </Group>
          <Group gap="sm">
            <ShortcutButton shortcut="F9" type="submit" loading={r.busy === 'simulate'}>Simular</ShortcutButton>
            <ShortcutButton ref={applyButton} shortcut="F10" color="green" disabled={!r.simulation || r.simulation.linhas.length === 0} loading={r.busy === 'apply'}
              onClick={() => void r.apply()}>
              Aplicar reajuste
            </ShortcutButton>
          </Group>
        </Stack>
      </Paper>
      {r.error && <Alert color="red" variant="light" role="alert" title="Não foi possível reajustar">{r.error}</Alert>}
      {r.simulation && <SimulationTable simulation={r.simulation} />}
    </Stack>
  );
}

function SimulationTable({ simulation }: { simulation: NonNullable<ReturnType<typeof usePriceReadjust>['simulation']> }) {
  const { linhas, sem_alteracao } = simulation;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">Simulação</Title>
        <Group gap="xs">
          <Badge variant="light" color="blue">{linhas.length.toLocaleString('pt-BR')} preço(s) a alterar</Badge>
          {sem_alteracao > 0 && <Badge variant="light" color="gray">{sem_alteracao.toLocaleString('pt-BR')} sem alteração</Badge>}
        </Group>
      </Group>
      {linhas.length === 0 ? (
        <Text c="dimmed">Nenhum preço muda com esses filtros e essa regra.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} mah={520}>
          <Table striped highlightOnHover stickyHeader aria-label="Preços simulados">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Produto</Table.Th>
                <Table.Th>Variação</Table.Th>
                <Table.Th>Filial</Table.Th>
                <Table.Th ta="right">Venda atual</Table.Th>
                <Table.Th ta="right">Venda nova</Table.Th>
                <Table.Th ta="right">Atacado atual</Table.Th>
                <Table.Th ta="right">Atacado novo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {linhas.map((l) => (
                <Table.Tr key={l.id_produto_grade_filial}>
                  <Table.Td>{l.produto}{l.sku ? <Text span size="xs" c="dimmed"> {l.sku}</Text> : null}</Table.Td>
                  <Table.Td>{l.variacao || '—'}</Table.Td>
                  <Table.Td>{l.filial}</Table.Td>
                  <Table.Td ta="right">{money(l.preco_venda_atual)}</Table.Td>
                  <Table.Td ta="right" fw={l.preco_venda_novo !== l.preco_venda_atual ? 700 : undefined}>{money(l.preco_venda_novo)}</Table.Td>
                  <Table.Td ta="right">{money(l.preco_atacado_atual)}</Table.Td>
                  <Table.Td ta="right" fw={l.preco_atacado_novo !== l.preco_atacado_atual ? 700 : undefined}>{money(l.preco_atacado_novo)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
