/** /invoice/register (new) and /invoice/register/:id (a saved invoice, read-only unless draft or rejected). */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { FISCAL_MESSAGES } from '@pdv/domain/fiscal-messages';
import { call } from '../../../api/client.ts';
import { errorDisplayOf, isApiError } from '../../../api/errors.ts';
import { INVOICE_KEYS } from '../list/useInvoiceList.ts';
import { InvoiceEditor } from './InvoiceEditor.tsx';

export function InvoiceRegisterPage() {
  const params = useParams();
  const id = params['id'] === undefined ? null : Number(params['id']);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const query = useQuery({
    queryKey: INVOICE_KEYS.detail(id ?? 0),
    queryFn: ({ signal }) => call('invoiceFindById', { id_nota_fiscal: id ?? 0 }, { signal }),
    enabled: id !== null && valid,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

  if (!valid || query.isError) {
    const missing = !valid || (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400));
    return (
      <Stack maw={720}>
        <Alert color="red" variant="light" title={FISCAL_MESSAGES.notFound}>
          {missing ? null : errorDisplayOf(query.error).text}
        </Alert>
        <div>
          <Button component={Link} to="/invoice" variant="default">
            Voltar às notas fiscais
          </Button>
        </div>
      </Stack>
    );
  }
  if (id !== null && !query.data) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Carregando a nota fiscal" />
      </Group>
    );
  }
  return <InvoiceEditor key={id ?? 'new'} detail={query.data ?? null} />;
}
