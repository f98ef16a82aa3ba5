/**
 * /checkout: the point of sale. Every action has an F-key shown beside it; the cashier never needs the mouse.
 * State and keys: page/useCheckoutScreen.ts (its decisions in page/pageSteps.ts); the sale: useCheckout.ts.
 */
import { Group, Loader, Stack } from '@mantine/core';
import { CheckoutPanels } from './page/CheckoutPanels.tsx';
import { SaleLayout } from './page/SaleLayout.tsx';
import { useCheckoutScreen } from './page/useCheckoutScreen.ts';
import { useSearchFocus } from './page/searchFocus.ts';
import { useTillSync } from '../cashier/useTill.ts';

export function CheckoutPage() {
  const screen = useCheckoutScreen();
  useTillSync();
  const { bundle, context } = screen.pos;
  const { totals } = screen;
  // The search box has the focus on arrival and after each sale; keys typed before it is there are kept for it.
  const seed = useSearchFocus(Boolean(bundle && context && totals), screen.search);
  if (!bundle || !context || !totals) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Abrindo a operação" />
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <SaleLayout screen={screen} bundle={bundle} context={context} totals={totals} seed={seed} />
      <CheckoutPanels screen={screen} bundle={bundle} context={context} totals={totals} />
    </Stack>
  );
}
