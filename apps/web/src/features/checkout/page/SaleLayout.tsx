/** The point of sale's layout: the title and the mode switch, the search and the lines, the totals and the keys. */
import { Button, Grid, Group, Kbd, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { OperationTotals } from '@pdv/domain/operation';
import { showWarning } from '../../../ui/warning.tsx';
import type { OperationBundle } from '../../outbox/types.ts';
import type { SaleContext } from '../catalog.ts';
import * as draft from '../draft.ts';
import { ModeBanner } from '../modes/ModeBanner.tsx';
import { VoucherValueBox } from '../modes/voucher/VoucherValueBox.tsx';
import { setVoucherValue } from '../modes/voucher/voucherDraft.ts';
import { ProductSearch } from '../ProductSearch.tsx';
import { LiveItemsTable, LiveTotalsPanel, ShortcutList } from '../SaleSummary.tsx';
import { modeOf } from './pageSteps.ts';
import type { CheckoutScreen } from './useCheckoutScreen.ts';

/** Container breakpoints of the sale's grid: md is where lines and totals sit side by side. */
const SALE_BREAKPOINTS = { xs: '30em', sm: '40em', md: '50em', lg: '64em', xl: '80em' };

interface Props {
  screen: CheckoutScreen;
  bundle: OperationBundle;
  context: SaleContext;
  totals: OperationTotals;
  /** Keys typed before the search box was there (page/searchFocus.ts). */
  seed?: () => string;
}

export function SaleLayout({ screen, bundle, context, totals, seed }: Props) {
  const { pos, search } = screen;
  const { update } = pos;
  const modo = bundle.operation.modo_operacao;
  return (
    <>
      <Group justify="space-between">
        <Title order={1} size="h3">
          Ponto de venda
        </Title>
        <Group gap={6}>
          {screen.pickingMode ? (
            <Text size="xs" fw={700} data-testid="mode-digit-hint">
              Tecle o número do modo
            </Text>
          ) : (
            <Text size="xs" c="dimmed" data-testid="mode-keys">
              <Kbd size="xs">Alt+M</Kbd> / <Kbd size="xs">Alt+Shift+M</Kbd> e o número
            </Text>
          )}
          <SegmentedControl
            aria-label="Modo da operação"
            size="xs"
            value={modeOf(modo)}
            data={draft.POS_MODES.map((m, index) => ({
              value: m,
              label: (
                <>
                  <Kbd size="xs" mr={4} aria-hidden>
                    {index + 1}
                  </Kbd>
                  {draft.POS_MODE_LABEL[m]}
                </>
              ),
            }))}
            onChange={(value) => screen.switchMode(modeOf(value))}
          />
        </Group>
      </Group>
      {/* By the width the screen has (the menu open or not), not the window's: lines and totals side by side from
          800 px, one under the other below, so that neither is squeezed (1024 × 768 with the menu open). */}
      <Grid type="container" breakpoints={SALE_BREAKPOINTS}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {modo === 'ValeCredito' ? (
              <VoucherValueBox
                ref={search}
                current={totals.liquido}
                onApply={(valor) => {
                  try {
                    update((b) => setVoucherValue(b, context, valor));
                  } catch (error) {
                    void showWarning(error instanceof Error ? error.message : String(error));
                  }
                }}
              />
            ) : (
              <ProductSearch ref={search} onPick={screen.onHit} seed={seed} config={context.config} />
            )}
            <ModeBanner bundle={bundle} />
            {modo === 'ValeCredito' && screen.canIssueVoucher && (
              <Group gap={6}>
                <Button variant="light" size="xs" onClick={screen.openIssueVoucher}>
                  Emitir vale sem venda
                </Button>
                <Kbd size="xs">Alt+V</Kbd>
              </Group>
            )}
            {modo === 'Consignacao' && (
              <Group gap={6}>
                <Button variant="light" size="xs" onClick={screen.openConsignmentStages}>
                  Etapas da consignação
                </Button>
                <Kbd size="xs">Alt+C</Kbd>
              </Group>
            )}
            <Paper withBorder style={{ overflowX: 'auto' }}>
              <LiveItemsTable sale={pos.sale} onSelect={pos.setSelected} onRemove={screen.onRemoveLine} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <LiveTotalsPanel
              sale={pos.sale}
              sellers={context.sellers}
              onRemovePayment={screen.onRemovePayment}
            />
            <Paper withBorder p="sm">
              <ShortcutList onAction={screen.onShortcut} />
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
