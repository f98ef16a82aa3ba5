/** /order/register (a new order) and /order/register/:id (a saved one, read-only once it is locked: 000 §4.2). */
import { Link, useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { errorDisplayOf, isApiError } from '../../../api/errors.ts';
import { ORDER_KEYS } from '../list/useOrderList.ts';
import { loadOrder } from './loadOrder.ts';
import { OrderEditor } from './OrderEditor.tsx';

export function OrderRegisterPage() {
  const params = useParams();
  const location = useLocation();
  // The editor that just saved a new order keeps its state when the address gains the order's id (same key).
  const state = location.state as { editorKey?: unknown } | null;
  const id = params['id'] === undefined ? null : Number(params['id']);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const query = useQuery({
    queryKey: ORDER_KEYS.detail(id ?? 0),
    queryFn: ({ signal }) => loadOrder(id ?? 0, signal),
    enabled: id !== null && valid,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

  if (!valid || query.isError) {
    const missing = !valid || (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400));
    return (
      <Stack maw={720}>
        <Alert color="red" variant="light" title={ORDER_MESSAGES.notFound}>
          {missing ? null : errorDisplayOf(query.error).text}
        </Alert>
        <div>
          <Button component={Link} to="/order" variant="default">
            Voltar aos pedidos
          </Button>
        </div>
      </Stack>
    );
  }
  if (id !== null && !query.data) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Carregando o pedido" />
      </Group>
    );
  }
  const editorKey = typeof state?.editorKey === 'string' ? state.editorKey : String(id ?? 'new');
  return <OrderEditor key={editorKey} editorKey={editorKey} initial={query.data ?? null} />;
}
