/**
 * The order screen's body: the title bar with the actions, the header, the tabs, the totals and the key bar; the
 * state and the actions with their keys are useOrderEditor.ts's, its decisions editorSteps.ts's.
 */
import { Alert, Stack } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { lockedText } from './editorSteps.ts';
import { EditorKeyHints } from './EditorKeyHints.tsx';
import { EditorTitleBar } from './EditorTitleBar.tsx';
import { ItemModal } from './ItemModal.tsx';
import { OrderHeader } from './OrderHeader.tsx';
import { OrderTabs } from './OrderTabs.tsx';
import { OrderTotals } from './TotalsPanel.tsx';
import { useOrderEditor } from './useOrderEditor.ts';

export function OrderEditor({ initial, editorKey }: { initial: OrderFull | null; editorKey: string }) {
  const editor = useOrderEditor(initial, editorKey);
  const { order, context, itemModal } = editor;
  const locked = lockedText(order !== null, editor.rights, editor.canManage);
  return (
    <Stack gap="sm">
      <EditorTitleBar editor={editor} />

      {locked && (
        <Alert color="gray" variant="light">
          {locked}
        </Alert>
      )}

      <OrderHeader
        key={editor.labelsRead}
        form={editor.form}
        context={context}
        editable={editor.rights.headerEditable}
        isNew={order === null}
        customerDescription={null}
        customerRef={editor.customerRef}
        onChange={editor.change}
      />

      <OrderTabs editor={editor} />

      <OrderTotals order={order} />

      <EditorKeyHints editor={editor} />

      {order && (
        <ItemModal
          opened={itemModal !== null}
          item={itemModal?.item ?? null}
          order={order}
          context={context}
          onClose={() => editor.setItemModal(null)}
          onSaved={editor.setOrder}
        />
      )}
    </Stack>
  );
}
