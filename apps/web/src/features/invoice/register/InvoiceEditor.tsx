/**
 * The invoice screen's body: header, the tabs (Itens, Pagamentos, Referenciadas, Volumes, Informações adicionais,
 * Eventos), the totals, and the actions with their keys: Alt+S save, Alt+T transmit, Alt+I print, Alt+O consult,
 * Alt+X cancel, Alt+R correction letter, Alt+V back; F2 product, F3 customer, F4 payment; Alt+PgUp/PgDn tabs.
 * Read-only unless the invoice may still change (invoice-rules.ts). State and actions: useInvoiceEditor.ts; the
 * decisions: editorSteps.ts.
 */
import { Group, Paper, Stack } from '@mantine/core';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { addressLine } from '../localData.ts';
import { KeyHint } from '../shortcuts.tsx';
import { ACTION_LABEL, ACTION_SHORTCUT } from '../situacao.ts';
import { FISCAL_BUTTONS, showsButton } from './editorSteps.ts';
import { EditorHeader } from './EditorHeader.tsx';
import { EditorMoreActions } from './EditorMoreActions.tsx';
import { EditorTabs } from './EditorTabs.tsx';
import { HeaderFields } from './HeaderFields.tsx';
import { TotalsPanel } from './TotalsPanel.tsx';
import { useInvoiceEditor } from './useInvoiceEditor.ts';

export function InvoiceEditor({ detail }: { detail: InvoiceDetail | null }) {
  const editor = useInvoiceEditor(detail);
  const { editable, available, person } = editor;

  return (
    <Stack gap="sm">
      <EditorHeader detail={detail} editor={editor} />
      {detail && <EditorMoreActions key={detail.id_nota_fiscal} detail={detail} canManage={editor.canManage} busy={editor.busy} />}

      <HeaderFields
        form={editor.effective}
        context={editor.context}
        editable={editable}
        customerAddress={person ? addressLine(person) : null}
        customerRef={editor.refs.customerRef}
        onChange={editor.change}
        onCustomer={editor.pickCustomer}
      />

      <EditorTabs detail={detail} editor={editor} />

      <TotalsPanel totals={editor.totals} />

      <Paper withBorder p="xs">
        <Group gap="md" aria-label="Atalhos">
          {editable && <KeyHint keys="Alt+S" label="Salvar" />}
          {FISCAL_BUTTONS.filter((action) => showsButton(action, editable, available)).map((action) => (
            <KeyHint key={action} keys={ACTION_SHORTCUT[action]} label={ACTION_LABEL[action]} />
          ))}
          {editable && (
            <>
              <KeyHint keys="F2" label="Produto" />
              <KeyHint keys="F3" label="Cliente" />
              <KeyHint keys="F4" label="Pagamento" />
            </>
          )}
          <KeyHint keys="Alt+PgUp/PgDn" label="Trocar aba" />
          <KeyHint keys="Alt+V" label="Voltar à lista" />
        </Group>
      </Paper>
    </Stack>
  );
}
