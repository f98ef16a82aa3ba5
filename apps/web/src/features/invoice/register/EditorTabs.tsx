/** The invoice's tabs: Itens (F2), Pagamentos (F4), Referenciadas, Volumes, Informações adicionais, Eventos. */
import { Kbd, Paper, Tabs, Textarea } from '@mantine/core';
import { TabSwitchHint } from '../../../ui/TabSwitchHint.tsx';
import type { InvoiceDetail } from '@pdv/contract/invoice';
import { isTabName } from './editorSteps.ts';
import { EventsTab } from './EventsTab.tsx';
import { ItemsTab } from './ItemsTab.tsx';
import { PaymentsTab } from './PaymentsTab.tsx';
import { ReferencedTab } from './ReferencedTab.tsx';
import type { InvoiceEditorState } from './useInvoiceEditor.ts';
import { VolumesTab } from './VolumesTab.tsx';

interface Props {
  detail: InvoiceDetail | null;
  editor: Pick<InvoiceEditorState, 'form' | 'context' | 'editable' | 'totals' | 'tab' | 'setTab' | 'refs' | 'change'>;
}

export function EditorTabs({ detail, editor }: Props) {
  const { form, context, editable, change } = editor;
  const events = detail?.eventos.length ?? 0;
  return (
    <Paper withBorder p="sm">
      <Tabs value={editor.tab} onChange={(v) => editor.setTab(isTabName(v) ? v : 'itens')}>
        <Tabs.List>
          <Tabs.Tab value="itens" rightSection={<Kbd size="xs">F2</Kbd>}>
            Itens ({form.itens.length})
          </Tabs.Tab>
          <Tabs.Tab value="pagamentos" rightSection={<Kbd size="xs">F4</Kbd>}>
            Pagamentos ({form.pagamentos.length})
          </Tabs.Tab>
          <Tabs.Tab value="referenciadas">Referenciadas ({form.referenciadas.length})</Tabs.Tab>
          <Tabs.Tab value="volumes">Volumes ({form.volumes.length})</Tabs.Tab>
          <Tabs.Tab value="info">Informações adicionais</Tabs.Tab>
          {events > 0 && <Tabs.Tab value="eventos">Eventos ({events})</Tabs.Tab>}
          <TabSwitchHint />
        </Tabs.List>
        <Tabs.Panel value="itens" pt="sm">
          <ItemsTab items={form.itens} context={context} editable={editable} productRef={editor.refs.productRef} onChange={(itens) => change({ itens })} />
        </Tabs.Panel>
        <Tabs.Panel value="pagamentos" pt="sm">
          <PaymentsTab
            payments={form.pagamentos}
            saldo={editor.totals.saldo}
            context={context}
            editable={editable}
            methodRef={editor.refs.methodRef}
            onChange={(pagamentos) => change({ pagamentos })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="referenciadas" pt="sm">
          <ReferencedTab referenced={form.referenciadas} editable={editable} onChange={(referenciadas) => change({ referenciadas })} />
        </Tabs.Panel>
        <Tabs.Panel value="volumes" pt="sm">
          <VolumesTab volumes={form.volumes} editable={editable} onChange={(volumes) => change({ volumes })} />
        </Tabs.Panel>
        <Tabs.Panel value="info" pt="sm">
          <Textarea
            label="Informações adicionais (de interesse do contribuinte)"
            value={form.informacoes_adicionais}
            onChange={(e) => change({ informacoes_adicionais: e.currentTarget.value })}
            readOnly={!editable}
            variant={editable ? 'default' : 'filled'}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5000}
            description={`${form.informacoes_adicionais.length} de 5000 caracteres`}
          />
        </Tabs.Panel>
        {detail && (
          <Tabs.Panel value="eventos" pt="sm">
            <EventsTab events={detail.eventos} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );
}
