/** The order screen's key bar: the keys that work in the order's state. */
import { Group, Paper } from '@mantine/core';
import { KeyHint } from '../../invoice/shortcuts.tsx';
import { DOCUMENT_ACTIONS, DOCUMENT_ACTION_LABEL, DOCUMENT_ACTION_SHORTCUT } from '../documents/orderDocuments.ts';
import { ORDER_ACTION_LABEL, ORDER_ACTION_SHORTCUT } from '../situacao.ts';
import { STATUS_ACTIONS } from './editorSteps.ts';
import type { OrderEditorState } from './useOrderEditor.ts';

export function EditorKeyHints({ editor }: { editor: OrderEditorState }) {
  const { headerEditable, itemsEditable, available } = editor.rights;
  return (
    <Paper withBorder p="xs">
      <Group gap="md" aria-label="Atalhos">
        {headerEditable && <KeyHint keys="Alt+S" label="Salvar" />}
        {itemsEditable && <KeyHint keys="F2" label="Novo item" />}
        {headerEditable && <KeyHint keys="F3" label="Cliente" />}
        <KeyHint keys="F4" label="Pagamentos" />
        {STATUS_ACTIONS.filter((a) => available.includes(a)).map((action) => (
          <KeyHint key={action} keys={ORDER_ACTION_SHORTCUT[action]} label={ORDER_ACTION_LABEL[action]} />
        ))}
        {editor.order &&
          DOCUMENT_ACTIONS.map((action) => (
            <KeyHint key={action} keys={DOCUMENT_ACTION_SHORTCUT[action]} label={DOCUMENT_ACTION_LABEL[action]} />
          ))}
        {editor.canManage && <KeyHint keys="Alt+N" label="Novo pedido" />}
        <KeyHint keys="Alt+PgUp/PgDn" label="Trocar aba" />
        <KeyHint keys="Alt+V" label="Voltar à lista" />
      </Group>
    </Paper>
  );
}
