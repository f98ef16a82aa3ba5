/**
 * /inventory/count/:id: counting an inventory on a phone (001 §4). Scan or type a barcode or SKU and press Enter:
 * the quantity (1 unless changed) is added to this device's line of that variation at the chosen address, or a new
 * line. Works with the network off: lines are kept on the device and sent 50 at a time when it is back (countSync).
 * The list shows the places counted, the last first, with this device's count and the total of every phone.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionIcon, Alert, Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { INVENTORY_MESSAGES as M, INVENTORY_SITUATION_LABELS, type InventorySituation } from '@pdv/domain/inventory';
import { formatQuantity, parseQuantityBR } from '@pdv/domain/money';
import { MESSAGES } from '@pdv/domain/messages';
import { toast } from '../../ui/toast.ts';
import { useSignedIn } from '../auth/sessionContext.ts';
import { NotFoundPage } from '../../ui/NotFoundPage.tsx';
import type { LocalCount } from './countStore.ts';
import type { CountedPlace } from './places.ts';
import { useInventoryCount } from './useInventoryCount.ts';

export function InventoryCountPage() {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 ? <CountScreen id_inventario={n} /> : <NotFoundPage />;
}

function CountScreen({ id_inventario }: { id_inventario: number }) {
  const { session } = useSignedIn();
  const screen = useInventoryCount(id_inventario, session.usuario.id_filial_ativa);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [code, setCode] = useState('');
  const [last, setLast] = useState<LocalCount | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const address = screen.addresses.find((a) => a.id === addressId) ?? screen.addresses[0] ?? null;
  const situacao = (screen.inventory?.['situacao'] as InventorySituation | undefined) ?? 'NaoProcessado';
  const closed = situacao === 'Processado';

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  const submit = async () => {
    if (closed || code.trim() === '') return;
    if (!address) return toast.warning(M.noAddress);
    const qty = parseQuantityBR(quantity);
    if (qty === null || qty <= 0) return toast.warning(MESSAGES.quantityNotPositive);
    const line = await screen.count(code, qty, address);
    setCode('');
    setQuantity('1');
    if (line) setLast(line);
    codeRef.current?.focus();
  };

  return (
    <Stack gap="xs" maw={520} mx="auto" data-testid="inventory-count">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Title order={1} size="h3">Contagem</Title>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {screen.inventory ? `${id_inventario} · ${String(screen.inventory['descricao'])}` : `Inventário ${id_inventario}`}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Badge color={screen.online ? 'green' : 'gray'} variant="light" data-testid="count-connection">{screen.online ? 'Online' : 'Sem conexão'}</Badge>
          <Badge color={screen.pending > 0 ? 'orange' : 'blue'} variant="light" data-testid="count-pending">
            {screen.pending > 0 ? `${screen.pending} pendente${screen.pending > 1 ? 's' : ''}` : 'Tudo enviado'}
          </Badge>
        </Stack>
      </Group>

      {closed && <Alert color="gray" variant="light">{`${INVENTORY_SITUATION_LABELS.Processado}: ${M.alreadyProcessed}`}</Alert>}

      <Paper withBorder p="sm">
        <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Stack gap="xs">
            <NativeSelect
              label="Endereço de estoque"
              data={screen.addresses.map((a) => ({ value: String(a.id), label: a.label }))}
              value={address ? String(address.id) : ''}
              onChange={(e) => setAddressId(Number(e.currentTarget.value))}
              disabled={closed}
            />
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label="Qtd."
                w={90}
                inputMode="decimal"
                value={quantity}
                onChange={(e) => setQuantity(e.currentTarget.value)}
                onFocus={(e) => e.currentTarget.select()}
                disabled={closed}
              />
              <TextInput
                ref={codeRef}
                style={{ flex: 1 }}
                label="Código de barras ou SKU"
                placeholder="Escaneie ou digite"
                inputMode="text"
                enterKeyHint="done"
                autoComplete="off"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                disabled={closed}
              />
            </Group>
            <Button type="submit" fullWidth size="md" disabled={closed || code.trim() === ''}>Contar</Button>
          </Stack>
        </form>
      </Paper>

      {last && (
        <Text size="sm" aria-live="polite" data-testid="count-last">
          {`${last.descricao_produto} · ${formatQuantity(last.quantidade)} neste aparelho`}
        </Text>
      )}

      <Group justify="space-between">
        <Text size="sm" fw={600}>{`Itens contados (${screen.places.length})`}</Text>
        <Button size="xs" variant="light" onClick={screen.sync} loading={screen.syncing} disabled={!screen.online || screen.pending === 0}>
          Sincronizar
        </Button>
      </Group>

      <Stack gap={6} aria-label="Itens contados" role="list">
        {screen.places.length === 0 && <Text size="sm" c="dimmed">Nenhum item contado ainda.</Text>}
        {screen.places.map((p) => (
          <PlaceRow key={p.key} place={p} closed={closed} onRemove={screen.remove} />
        ))}
      </Stack>

      <Button component={Link} to="/inventory" variant="subtle" size="xs">Voltar aos inventários</Button>
    </Stack>
  );
}

/**
 * One counted place. Memoized on what it shows: a count re-renders the place it changed (and the new one), not the
 * whole list, so a scan costs the same with 10 or 1,000 places counted (bench/inventory-count.bench.ts).
 */
const PlaceRow = memo(function PlaceRow({ place: p, closed, onRemove }: { place: CountedPlace; closed: boolean; onRemove: (line: LocalCount) => Promise<void> }) {
  return (
    <Paper withBorder p="xs" role="listitem" data-place={p.key} data-pending={p.pending || undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={2}>{p.descricao}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {[p.endereco, p.pending ? 'pendente' : null, p.others > 0 ? `${p.others} de outro${p.others > 1 ? 's' : ''} aparelho${p.others > 1 ? 's' : ''}` : null]
              .filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap">
          <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
            <Text size="sm" fw={700} data-testid="place-total">{formatQuantity(p.total)}</Text>
            {p.mine && p.others > 0 && <Text size="xs" c="dimmed">{`aqui ${formatQuantity(p.mine.quantidade)}`}</Text>}
          </div>
          {p.mine && !closed && (
            <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${p.descricao}`} onClick={() => p.mine && void onRemove(p.mine)}>
              ×
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Paper>
  );
}, (a, b) => a.closed === b.closed && a.onRemove === b.onRemove && a.place.key === b.place.key && a.place.total === b.place.total
  && a.place.others === b.place.others && a.place.pending === b.place.pending && a.place.descricao === b.place.descricao
  && a.place.endereco === b.place.endereco && sameLine(a.place.mine, b.place.mine));

/** This device's line as a row shows and deletes it (the live query hands new objects with the same values). */
function sameLine(a: LocalCount | null, b: LocalCount | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uuid === b.uuid && a.quantidade === b.quantidade && a.situacao === b.situacao && a.id_inventario_item === b.id_inventario_item
    && a.quantidade_estoque === b.quantidade_estoque;
}
