/** The order screen's top: title, state, origin and invoice links, Voltar, and the save, state and document buttons. */
import { Link } from 'react-router';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { dateTime } from '../../invoice/display.tsx';
import { ShortcutButton } from '../../invoice/shortcuts.tsx';
import { DOCUMENT_ACTIONS, DOCUMENT_ACTION_LABEL, DOCUMENT_ACTION_SHORTCUT } from '../documents/orderDocuments.ts';
import { OrderSituacaoBadge } from '../display.tsx';
import { ORDER_ACTION_LABEL, ORDER_ACTION_SHORTCUT, orderActionLabel } from '../situacao.ts';
import { STATUS_ACTIONS, editorTitle } from './editorSteps.ts';
import type { OrderEditorState } from './useOrderEditor.ts';

export function EditorTitleBar({ editor }: { editor: OrderEditorState }) {
  const { order, form, busy, guarded } = editor;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {editorTitle(order, form.operacao)}
            </Title>
            {order && <OrderSituacaoBadge situacao={order.situacao} />}
          </Group>
          {order && (
            <Text size="sm" c="dimmed">
              Cadastrado em {dateTime(order.data_cadastro)}
              {order.id_pedido_origem !== null && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/order/register/${order.id_pedido_origem}`} size="sm">
                    cópia de outro pedido
                  </Anchor>
                </>
              )}
              {order.id_nota_fiscal !== null && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/invoice/register/${order.id_nota_fiscal}`} size="sm">
                    abrir a nota fiscal
                  </Anchor>
                </>
              )}
            </Text>
          )}
        </Stack>
        <ShortcutButton shortcut="Alt+V" size="sm" variant="default" onClick={() => void editor.back()}>
          Voltar
        </ShortcutButton>
      </Group>
      <Group gap="xs">
        {editor.rights.headerEditable && (
          <ShortcutButton
            shortcut="Alt+S"
            size="sm"
            variant={editor.dirty ? 'filled' : 'light'}
            loading={busy}
            onClick={() => void guarded(editor.save)}
          >
            Salvar
          </ShortcutButton>
        )}
        {STATUS_ACTIONS.filter((a) => editor.rights.available.includes(a)).map((action) => (
          <ShortcutButton
            key={action}
            shortcut={ORDER_ACTION_SHORTCUT[action]}
            size="sm"
            variant={action === 'faturar' ? 'filled' : 'light'}
            color={action === 'cancelar' ? 'red' : action === 'faturar' ? 'teal' : undefined}
            disabled={busy}
            onClick={() => void guarded(() => editor.runAction(action))}
          >
            {order ? orderActionLabel(action, order) : ORDER_ACTION_LABEL[action]}
          </ShortcutButton>
        ))}
        {order &&
          DOCUMENT_ACTIONS.map((action) => (
            <ShortcutButton
              key={action}
              shortcut={DOCUMENT_ACTION_SHORTCUT[action]}
              size="sm"
              variant="default"
              disabled={busy}
              onClick={() => void guarded(() => editor.runDocument(action))}
            >
              {DOCUMENT_ACTION_LABEL[action]}
            </ShortcutButton>
          ))}
      </Group>
    </Stack>
  );
}
