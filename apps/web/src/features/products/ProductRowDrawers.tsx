/**
 * The product list's row shortcuts: the product's stock (POST /product/find_stock_by_id: per branch the caller works
 * in, stock address and variation, with the reserved and available quantities) and its labels (POST
 * /product/find_to_print_label: what each variation's label carries: description, SKU, barcode, unit and the active
 * branch's prices). Both are side panels over the list, read-only; Esc closes them.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, fromDecimal } from '@pdv/domain/money';
import { call } from '../../api/client.ts';
import { errorDisplayOf } from '../../api/errors.ts';

const qty = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

export interface RowProduct {
  id_produto: number;
  descricao: string;
}

export function ProductStockDrawer({ product, onClose }: { product: RowProduct | null; onClose: () => void }) {
  const stock = useQuery({
    queryKey: ['productFindStockById', product?.id_produto],
    queryFn: () => call('productFindStockById', { id_produto: product?.id_produto ?? 0 }, { loading: false }),
    enabled: product !== null,
  });
  const rows = stock.data?.rows ?? [];
  const branches = [...new Map(rows.map((r) => [r.id_filial, r.filial])).entries()];
  return (
    <Drawer opened={product !== null} onClose={onClose} position="right" size="xl" title={`Estoque: ${product?.descricao ?? ''}`}>
      {stock.isPending && <Loader size="sm" aria-label="Carregando" />}
      {stock.isError && <Alert color="red" variant="light">{errorDisplayOf(stock.error).text}</Alert>}
      {stock.isSuccess && rows.length === 0 && <Text c="dimmed">Sem estoque deste produto nas suas filiais.</Text>}
      <Stack gap="md">
        {branches.map(([id, filial]) => {
          const mine = rows.filter((r) => r.id_filial === id);
          const total = mine.reduce((s, r) => s + Math.round(r.disponivel * 1000), 0) / 1000;
          return (
            <Stack key={id} gap={4}>
              <Title order={3} size="h5">{filial}: {qty(total)} disponível</Title>
              <Table withTableBorder verticalSpacing={4} aria-label={`Estoque em ${filial}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Variação</Table.Th>
                    <Table.Th>Endereço</Table.Th>
                    <Table.Th ta="right">Quantidade</Table.Th>
                    <Table.Th ta="right">Reservada</Table.Th>
                    <Table.Th ta="right">Disponível</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mine.map((r) => (
                    <Table.Tr key={`${r.id_produto_grade}-${r.id_endereco_estoque}`}>
                      <Table.Td>{r.variacao}</Table.Td>
                      <Table.Td>{r.endereco_estoque}</Table.Td>
                      <Table.Td ta="right">{qty(r.quantidade)}</Table.Td>
                      <Table.Td ta="right">{qty(r.quantidade_reserva)}</Table.Td>
                      <Table.Td ta="right" c={r.disponivel <= 0 ? 'red' : undefined}>{qty(r.disponivel)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        })}
      </Stack>
    </Drawer>
  );
}

export function ProductLabelsDrawer({ product, onClose, onPrint }: { product: RowProduct | null; onClose: () => void; onPrint?: (p: RowProduct) => void }) {
  const labels = useQuery({
    queryKey: ['productFindToPrintLabel', product?.id_produto],
    queryFn: () => call('productFindToPrintLabel', { where: { ids_products: [product?.id_produto ?? 0] } }, { loading: false }),
    enabled: product !== null,
  });
  const rows = labels.data?.rows ?? [];
  return (
    <Drawer opened={product !== null} onClose={onClose} position="right" size="xl" title={`Etiquetas: ${product?.descricao ?? ''}`}>
      {labels.isPending && <Loader size="sm" aria-label="Carregando" />}
      {labels.isError && <Alert color="red" variant="light">{errorDisplayOf(labels.error).text}</Alert>}
      {labels.isSuccess && onPrint && product && (
        <Group justify="flex-end" mb="xs"><Button size="compact-sm" onClick={() => onPrint(product)}>Imprimir etiquetas</Button></Group>
      )}
      {labels.isSuccess && (
        <Table withTableBorder verticalSpacing={4} aria-label="Etiquetas do produto">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Descrição</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Código de barras</Table.Th>
              <Table.Th>Un.</Table.Th>
              <Table.Th ta="right">Preço de venda</Table.Th>
              <Table.Th ta="right">Preço de atacado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id_produto_grade}>
                <Table.Td>{r.descricao}</Table.Td>
                <Table.Td>{r.sku}</Table.Td>
                <Table.Td>{r.codigo_barras ?? '—'}</Table.Td>
                <Table.Td>{r.unidade}</Table.Td>
                <Table.Td ta="right">{formatMoney(fromDecimal(r.preco_venda))}</Table.Td>
                <Table.Td ta="right">{formatMoney(fromDecimal(r.preco_atacado))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
