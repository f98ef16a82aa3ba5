/** The point of sale's layout: the title and the mode switch, the search and the lines, the totals and the keys. */
import { Button, Grid, Group, Kbd, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import type { OperationTotals } from '@pdv/domain/operation';
import { showWarning } from '../../../ui/warning.tsx';
import type { OperationBundle } from '../../outbox/types.ts';
import type { SaleContext } from '../catalog.ts';
import * as draft from '../draft.ts';
import { ModeBanner } from '../modes/ModeBanner.tsx';
import { clearModeData } from '../modes/modeDraft.ts';
import { VoucherValueBox } from '../modes/voucher/VoucherValueBox.tsx';
import { setVoucherValue } from '../modes/voucher/voucherDraft.ts';
import { ProductSearch } from '../ProductSearch.tsx';
import { LiveItemsTable, LiveTotalsPanel, ShortcutList } from '../SaleSummary.tsx';
import { modeOf } from './pageSteps.ts';
import type { CheckoutScreen } from './useCheckoutScreen.ts';

interface Props {
  screen: CheckoutScreen;
  bundle: OperationBundle;
  context: SaleContext;
  totals: OperationTotals;
}

export function SaleLayout({ screen, bundle, context, totals }: Props) {
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
          <Kbd size="xs">Alt+M</Kbd>
          <SegmentedControl
            aria-label="Modo da operação"
            size="xs"
            value={modeOf(modo)}
            data={draft.POS_MODES.map((m) => ({ value: m, label: draft.POS_MODE_LABEL[m] }))}
            onChange={(value) => update((b) => clearModeData(draft.setMode(b, modeOf(value))))}
          />
        </Group>
      </Group>
      <Grid>
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
              <ProductSearch ref={search} onPick={pos.addHit} />
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
            <Paper withBorder>
              <LiveItemsTable sale={pos.sale} onSelect={pos.setSelected} onRemove={screen.onRemoveLine} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="sm">
            <LiveTotalsPanel
              sale={pos.sale}
              sellers={context.sellers}
              onRemovePayment={(id) => update((b) => draft.removePayment(b, id))}
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
