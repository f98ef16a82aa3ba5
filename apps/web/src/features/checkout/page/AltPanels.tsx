/** The side panels of 000 §2 opened by Alt keys: shipment (Alt+T), stock quantity by branch (Alt+Q), search order (Alt+P). */
import type { OperationBundle } from '../../outbox/types.ts';
import { SearchOrderPanel } from '../panels/SearchOrderPanel.tsx';
import { ShipmentPanel } from '../panels/ShipmentPanel.tsx';
import { StockByBranchPanel } from '../panels/StockByBranchPanel.tsx';
import { setShipment, shipmentOf } from '../panels/shipment.ts';
import type { CheckoutScreen } from './useCheckoutScreen.ts';

export function AltPanels({ screen, bundle }: { screen: CheckoutScreen; bundle: OperationBundle }) {
  const { pos, panel, selectedItem, close } = screen;
  return (
    <>
      <ShipmentPanel
        opened={panel === 'shipment'}
        current={shipmentOf(bundle)}
        onClose={close}
        onApply={(shipment) => {
          pos.update((b) => setShipment(b, shipment));
          close();
        }}
      />
      <StockByBranchPanel
        opened={panel === 'stockByBranch'}
        idGradeFilial={selectedItem?.id_produto_grade_filial ?? null}
        descricao={selectedItem?.descricao ?? null}
        idFilial={pos.idFilial}
        onClose={close}
      />
      <SearchOrderPanel opened={panel === 'searchOrder'} onClose={close} />
    </>
  );
}
