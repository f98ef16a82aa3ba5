/**
 * F5 in the return mode: the customer's recent sales and invoices of the branch (from the server), searchable by
 * number or product; picking one lists its lines with what may still be returned, and the cashier types the quantities
 * to give back (never more than sold minus already returned). A sale past its exchange period is refused here with
 * the expiry date, as the server would refuse it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Drawer, Group, Kbd, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReturnSale } from '@pdv/contract/return';
import { formatMoney, formatQuantity, fromDecimal, parseQuantityBR, quantityFromDecimal, type Milli } from '@pdv/domain/money';
import { formatDay, returnableQuantity } from '@pdv/domain/return-rules';
import { call } from '../../../../api/client.ts';
import { expiredMessage } from '../modeDraft.ts';

interface Props {
  opened: boolean;
  idCliente: number | null;
  onClose: () => void;
  onApply: (sale: ReturnSale, quantities: Map<number, Milli>) => void;
}

export function ReturnSalePanel(props: Props) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size="xl" title="Venda de origem da devolução (F5)">
      {props.opened && <ReturnSaleForm {...props} />}
    </Drawer>
  );
}

/** ↑/↓ and Enter in a search box over a list of `count`: the new highlighted index, 'pick', or null (not a list key). */
export function listKey(key: string, index: number, count: number): number | 'pick' | null {
  if (key === 'ArrowDown') return Math.min(index + 1, Math.max(count - 1, 0));
  if (key === 'ArrowUp') return Math.max(index - 1, 0);
  if (key === 'Enter') return 'pick';
  return null;
}

const describe = (sale: ReturnSale) =>
  sale.origem === 'Pedido' ? `Pedido ${sale.numero ?? sale.id}` : `${sale.modelo === '65' ? 'NFC-e' : 'NF-e'} ${sale.numero ?? `(rascunho ${sale.id})`}`;

function ReturnSaleForm({ idCliente, onApply }: Props) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<ReturnSale | null>(null);
  /** The highlighted sale: ↑/↓ in the search box move it, Enter opens it. */
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const sales = useQuery({
    queryKey: ['return-sales', idCliente, term],
    queryFn: () => call('returnSales', { id_cliente: idCliente!, search: term }),
    enabled: idCliente !== null,
  });

  if (idCliente === null) return <Alert color="yellow">Informe o cliente (F6) para listar as vendas dele.</Alert>;
  if (picked) return <ReturnLines sale={picked} onBack={() => setPicked(null)} onApply={(q) => onApply(picked, q)} />;
  const rows = sales.data?.rows ?? [];
  const index = Math.min(active, Math.max(rows.length - 1, 0));
  return (
    <Stack>
      <TextInput
        label="Pesquisar venda (número ou produto)"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          const move = listKey(e.key, index, rows.length);
          if (move === null) return;
          e.preventDefault();
          if (move === 'pick') {
            const sale = rows[index];
            if (sale) setPicked(sale);
          } else setActive(move);
        }}
        data-autofocus
      />
      <Text size="sm" c="dimmed">
        <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> escolhem a venda, <Kbd size="xs">Enter</Kbd> abre
      </Text>
      {sales.isLoading && <Loader size="sm" aria-label="Carregando vendas" />}
      {sales.isError && <Alert color="red">{sales.error.message}</Alert>}
      {sales.data && sales.data.rows.length === 0 && <Text c="dimmed">Nenhuma venda deste cliente para devolver.</Text>}
      <Stack gap={6} aria-label="Vendas do cliente">
        {rows.map((sale, i) => {
          const expired = expiredMessage(sale, null);
          return (
            <Button
              key={`${sale.origem}-${sale.id}`}
              variant={i === index ? 'filled' : expired ? 'light' : 'default'}
              color={expired ? 'red' : undefined}
              aria-current={i === index ? true : undefined}
              tabIndex={-1}
              justify="space-between"
              fullWidth
              onClick={() => setPicked(sale)}
              rightSection={<Text size="sm">{formatMoney(fromDecimal(sale.valor_total))}</Text>}
            >
              {describe(sale)} · {new Date(sale.data_emissao).toLocaleDateString('pt-BR')} · troca até {formatDay(sale.prazo_troca)}
            </Button>
          );
        })}
      </Stack>
    </Stack>
  );
}

function ReturnLines({ sale, onBack, onApply }: { sale: ReturnSale; onBack: () => void; onApply: (q: Map<number, Milli>) => void }) {
  const expired = expiredMessage(sale, null);
  const lines = useMemo(
    () => sale.itens.map((l) => ({
      ...l,
      available: returnableQuantity({ quantidade: quantityFromDecimal(l.quantidade), quantidade_devolvida: quantityFromDecimal(l.quantidade_devolvida) }),
    })),
    [sale],
  );
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  // The first quantity that may be returned takes the focus (type it, Enter applies).
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const firstOpen = lines.findIndex((l) => l.available > 0);
  const apply = () => {
    const quantities = new Map<number, Milli>();
    for (const line of lines) {
      const text = (typed[line.id_item_origem] ?? '').trim();
      if (text === '') continue;
      const q = parseQuantityBR(text);
      if (q === null || q < 0 || q > line.available) {
        setError(`Quantidade a devolver de ${line.descricao} maior que a disponível para devolução (${formatQuantity(line.available)}).`);
        return;
      }
      if (q > 0) quantities.set(line.id_item_origem, q);
    }
    if (quantities.size === 0) {
      setError('Informe a quantidade a devolver de ao menos um item.');
      return;
    }
    onApply(quantities);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!expired) apply();
      }}
    >
      <Stack>
        <Group justify="space-between">
          <Text fw={700}>{describe(sale)}</Text>
          <Text size="sm">Troca até {formatDay(sale.prazo_troca)}</Text>
        </Group>
        {expired && <Alert color="red" title="Devolução não permitida">{expired}</Alert>}
        {!expired && (
          <Text size="sm" c="dimmed">
            Digite as quantidades a devolver (<Kbd size="xs">Tab</Kbd> passa ao próximo item) e tecle <Kbd size="xs">Enter</Kbd>
          </Text>
        )}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Produto</Table.Th>
              <Table.Th ta="right">Vendido</Table.Th>
              <Table.Th ta="right">Já devolvido</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Devolver</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => (
              <Table.Tr key={line.id_item_origem}>
                <Table.Td>{line.descricao}</Table.Td>
                <Table.Td ta="right">{formatQuantity(quantityFromDecimal(line.quantidade))}</Table.Td>
                <Table.Td ta="right">{formatQuantity(quantityFromDecimal(line.quantidade_devolvida))}</Table.Td>
                <Table.Td ta="right">{formatMoney(fromDecimal(line.valor_total))}</Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={90}
                    aria-label={`Quantidade a devolver de ${line.descricao}`}
                    placeholder={formatQuantity(line.available)}
                    disabled={expired !== null || line.available === 0}
                    value={typed[line.id_item_origem] ?? ''}
                    ref={index === firstOpen && expired === null ? first : undefined}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setTyped((t) => ({ ...t, [line.id_item_origem]: value }));
                      setError(null);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Outra venda
          </Button>
          <Group gap={6}>
            <Button
              variant="light"
              disabled={expired !== null}
              onClick={() => setTyped(Object.fromEntries(lines.filter((l) => l.available > 0).map((l) => [l.id_item_origem, formatQuantity(l.available)])))}
            >
              Devolver tudo
            </Button>
            <Button type="submit" disabled={expired !== null}>
              Aplicar <Kbd size="xs" ml={6}>Enter</Kbd>
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
