/**
 * The order screen's tabs: Produtos, Serviços and Objetos for the operations that take them, Pagamentos, Volumes,
 * and Consignação for a saved consignment.
 */
import { Alert, Group, Kbd, Paper, Stack, Tabs } from '@mantine/core';
import { SERVICE_ORDER_MESSAGES } from '@pdv/domain/service-order-rules';
import { ShortcutButton } from '../../invoice/shortcuts.tsx';
import { ConsignmentTab } from './ConsignmentTab.tsx';
import { ItemsTab } from './ItemsTab.tsx';
import { ObjectsTab } from './ObjectsTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { ServicesTab } from './ServicesTab.tsx';
import { saldoOf } from './TotalsPanel.tsx';
import { TabSwitchHint } from '../../../ui/TabSwitchHint.tsx';
import type { OrderEditorState } from './useOrderEditor.ts';
import { VolumesTab } from './VolumesTab.tsx';

export function OrderTabs({ editor }: { editor: OrderEditorState }) {
  const { order, context, tabs, items, guarded } = editor;
  const { headerEditable, itemsEditable, paymentsEditable } = editor.rights;
  return (
    <Paper withBorder p="sm">
      <Tabs value={editor.tab} onChange={editor.setTab}>
        <Tabs.List>
          <Tabs.Tab value="produtos" rightSection={<Kbd size="xs">F2</Kbd>}>
            Produtos ({items.length})
          </Tabs.Tab>
          {tabs.includes('servicos') && <Tabs.Tab value="servicos">Serviços ({order?.servicos?.length ?? 0})</Tabs.Tab>}
          {tabs.includes('objetos') && <Tabs.Tab value="objetos">Objetos ({order?.objetos?.length ?? 0})</Tabs.Tab>}
          <Tabs.Tab value="pagamentos" rightSection={<Kbd size="xs">F4</Kbd>}>
            Pagamentos ({order?.pagamentos.length ?? 0})
          </Tabs.Tab>
          <Tabs.Tab value="volumes">Volumes ({order?.volumes?.length ?? 0})</Tabs.Tab>
          {tabs.includes('consignacao') && <Tabs.Tab value="consignacao">Consignação</Tabs.Tab>}
          <TabSwitchHint />
        </Tabs.List>
        <Tabs.Panel value="produtos" pt="sm">
          <Stack gap="xs">
            {itemsEditable && (
              <Group justify="flex-end">
                <ShortcutButton shortcut="F2" variant="light" onClick={() => void guarded(editor.newItem)}>
                  Novo item
                </ShortcutButton>
              </Group>
            )}
            <ItemsTab
              items={items}
              context={context}
              editable={itemsEditable && order !== null}
              consignment={editor.consignment}
              onEdit={(item) => editor.setItemModal({ item })}
              onRemove={(item) => void editor.removeItem(item)}
            />
          </Stack>
        </Tabs.Panel>
        {tabs.includes('servicos') && (
          <Tabs.Panel value="servicos" pt="sm">
            {order ? (
              <ServicesTab order={order} context={context} editable={itemsEditable} onSaved={editor.setOrder} />
            ) : (
              <Alert color="yellow" variant="light">
                {SERVICE_ORDER_MESSAGES.servicesNeedSavedOrder}
              </Alert>
            )}
          </Tabs.Panel>
        )}
        {tabs.includes('objetos') && (
          <Tabs.Panel value="objetos" pt="sm">
            {order ? (
              <ObjectsTab order={order} editable={headerEditable} onSaved={editor.setOrder} />
            ) : (
              <Alert color="yellow" variant="light">
                {SERVICE_ORDER_MESSAGES.objectsNeedSavedOrder}
              </Alert>
            )}
          </Tabs.Panel>
        )}
        <Tabs.Panel value="pagamentos" pt="sm">
          <PaymentsTab
            order={order}
            saldo={saldoOf(order)}
            context={context}
            editable={paymentsEditable}
            methodRef={editor.methodRef}
            ensureSaved={editor.ensureSaved}
            onSaved={editor.setOrder}
            onRemove={(id) => void editor.removePayment(id)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="volumes" pt="sm">
          <VolumesTab
            order={order}
            editable={headerEditable}
            onChange={(volumes) => order && editor.setOrder({ ...order, volumes })}
          />
        </Tabs.Panel>
        {order && editor.consignment && (
          <Tabs.Panel value="consignacao" pt="sm">
            <ConsignmentTab
              key={order.situacao}
              order={order}
              editable={editor.canManage}
              onSaved={editor.setOrder}
              onInvoiced={(id) => void editor.navigate(`/invoice/register/${id}`)}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );
}
