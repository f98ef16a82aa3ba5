/**
 * The "generate balance file" modal (002 §2 modal states; 001 §7 /product/list-to-balance): the scale's brand (Toledo
 * MGV or Filizola) and the nutrition law; Gerar (Alt+G) reads every page of the products marked for the scale and
 * downloads the files its loader reads (packages/documents scale-files.ts). Products whose code does not fit the
 * branch's weighed-product code size are named, not written.
 */
import { useState } from 'react';
import { Alert, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { ScaleProductRow } from '@pdv/contract/scale';
import { call } from '../../api/client.ts';
import { showError } from '../../ui/showError.ts';
import { ShortcutButton } from '../invoice/shortcuts.tsx';

type Brand = 'Toledo' | 'Filizola';
const PAGE = 500;

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function ScaleFileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [brand, setBrand] = useState<Brand>('Toledo');
  const [law, setLaw] = useState<'360' | '429'>('360');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ files: string[]; count: number; missing: string[] } | null>(null);

  const generate = () => {
    if (busy || !opened) return;
    setBusy(true);
    setDone(null);
    void (async () => {
      try {
        const rows: ScaleProductRow[] = [];
        const missing: string[] = [];
        for (let offset = 0; ; offset += PAGE) {
          const page = await call('productListToBalance', { type_law: law, offset, limit: PAGE });
          rows.push(...page.rows);
          missing.push(...page.sem_codigo.map((p) => p.descricao));
          if (offset + PAGE >= page.count) break;
        }
        const { scaleFiles } = await import('@pdv/documents/scale-files');
        const files = scaleFiles(brand, rows, law);
        for (const [name, text] of Object.entries(files)) download(name, text);
        setDone({ files: Object.keys(files), count: rows.length, missing });
      } catch (error) {
        showError(error);
      } finally {
        setBusy(false);
      }
    })();
  };
  useHotkeys([['alt+G', generate]], [], true);

  return (
    <Modal opened={opened} onClose={onClose} title="Gerar arquivo da balança" closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack gap="sm">
        <Select label="Balança" data={[{ value: 'Toledo', label: 'Toledo (MGV)' }, { value: 'Filizola', label: 'Filizola' }]} value={brand}
          allowDeselect={false} onChange={(v) => setBrand(v === 'Filizola' ? 'Filizola' : 'Toledo')} data-autofocus />
        <Select label="Tabela nutricional" data={[{ value: '360', label: 'RDC 360' }, { value: '429', label: 'RDC 429' }]} value={law}
          allowDeselect={false} onChange={(v) => setLaw(v === '429' ? '429' : '360')} />
        {brand === 'Toledo' && law === '429' && (
          <Text size="sm" c="dimmed">INFNUTRI.TXT no leiaute da RDC 429 do MGV7 (com açúcares adicionados e a lupa &quot;alto em&quot;).</Text>
        )}
        {done && (
          <Alert color={done.missing.length > 0 ? 'yellow' : 'green'} variant="light" role="status">
            {done.count} produto(s) em {done.files.join(', ')}.
            {done.missing.length > 0 && (
              <>
                <Text size="sm" mt={4}>Sem código que caiba no tamanho configurado na filial:</Text>
                <List size="sm">{done.missing.map((m) => <List.Item key={m}>{m}</List.Item>)}</List>
              </>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <ShortcutButton shortcut="Alt+G" onClick={generate} loading={busy}>Gerar</ShortcutButton>
        </Group>
      </Stack>
    </Modal>
  );
}
