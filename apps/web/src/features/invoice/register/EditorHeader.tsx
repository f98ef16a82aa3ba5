/** The top of the invoice screen: title, situation, environment, key, the action buttons and the situation's notices. */
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { dateTime, InvoiceSituacaoBadge, modelSeries } from '../display.tsx';
import { ShortcutButton } from '../shortcuts.tsx';
import { ACTION_SHORTCUT } from '../situacao.ts';
import { TEXTS } from '../texts.ts';
import { buttonColor, buttonLabel, FISCAL_BUTTONS, showsButton } from './editorSteps.ts';
import { keyGroups } from './ReferencedTab.tsx';
import type { InvoiceEditorState } from './useInvoiceEditor.ts';

interface Props {
  detail: InvoiceDetail | null;
  editor: Pick<InvoiceEditorState, 'editable' | 'canManage' | 'available' | 'busy' | 'save' | 'runFiscal' | 'back'>;
}

export function EditorHeader({ detail, editor }: Props) {
  const { editable, canManage, available, busy } = editor;
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {detail ? TEXTS.editTitle(detail.numero_nota_fiscal) : TEXTS.newTitle}
            </Title>
            {detail && <InvoiceSituacaoBadge situacao={detail.situacao} />}
            {detail?.ambiente === 2 && (
              <Badge variant="outline" color="yellow">
                Homologação
              </Badge>
            )}
          </Group>
          {detail && (
            <Text size="sm" c="dimmed">
              {modelSeries(detail.modelo, detail.serie)} · emitida em {dateTime(detail.data_hora_emissao)}
              {detail.protocolo ? ` · protocolo ${detail.protocolo}` : ''}
            </Text>
          )}
          {detail?.chave_acesso && (
            <Text size="xs" ff="monospace" aria-label="Chave de acesso">
              {keyGroups(detail.chave_acesso)}
            </Text>
          )}
        </Stack>
        <Group gap="xs" justify="flex-end">
          {editable && (
            <ShortcutButton shortcut="Alt+S" loading={busy} onClick={editor.save}>
              Salvar
            </ShortcutButton>
          )}
          {FISCAL_BUTTONS.filter((action) => showsButton(action, editable, available)).map((action) => (
            <ShortcutButton
              key={action}
              shortcut={ACTION_SHORTCUT[action]}
              variant={action === 'transmitir' ? 'filled' : 'light'}
              color={buttonColor(action)}
              disabled={busy}
              onClick={() => editor.runFiscal(action)}
            >
              {buttonLabel(action)}
            </ShortcutButton>
          ))}
          <ShortcutButton shortcut="Alt+V" variant="default" onClick={editor.back}>
            Voltar
          </ShortcutButton>
        </Group>
      </Group>

      {detail?.situacao === 'Rejeitada' && (detail.motivo || detail.codigo_status) && (
        <Alert color="red" variant="light" title="Rejeitada pela SEFAZ">
          {[detail.codigo_status, detail.motivo].filter((v) => v !== null && v !== '').join(' - ')}
        </Alert>
      )}
      {detail?.situacao === 'Contingencia' && (
        <Alert color="orange" variant="light" title="Emitida em contingência">
          {detail.justificativa_contingencia ?? ''}
          {detail.prazo_contingencia ? ` Transmita até ${dateTime(detail.prazo_contingencia)}.` : ''}
        </Alert>
      )}
      {detail && !editable && canManage && (
        <Alert color="gray" variant="light">
          {TEXTS.readOnly}
        </Alert>
      )}
    </>
  );
}
