/**
 * After a return (000 §4.4 "a sales-return invoice opens the credit modal"): the credit generated for the customer and
 * the customer's new balance, as the server answered. Offline, or before the server has it, the return waits in the
 * outbox and the modal says the credit will be granted when the server processes it.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatMoney, type Cents } from '@pdv/domain/money';

export interface CreditInfo {
  cliente: string | null;
  /** The credit generated (the server's) or, while pending, the value the return will credit. */
  valor: Cents;
  /** The customer's balance after the return; null while the server has not processed it. */
  saldo: Cents | null;
  pendente: boolean;
}

export const CREDIT_PENDING_TEXT =
  'Devolução pendente de envio: o crédito será gerado quando o servidor processar a operação.';

export function CreditModal({ info, onClose }: { info: CreditInfo | null; onClose: () => void }) {
  return (
    <Modal opened={info !== null} onClose={onClose} title="Crédito do cliente" centered>
      {info && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onClose();
          }}
        >
          <Stack>
            {info.cliente && <Text>Cliente: {info.cliente}</Text>}
            <Group justify="space-between">
              <Text>{info.pendente ? 'Crédito a gerar' : 'Crédito gerado'}</Text>
              <Text fw={700} data-testid="credito-gerado">
                {formatMoney(info.valor)}
              </Text>
            </Group>
            {info.saldo !== null && (
              <Group justify="space-between">
                <Text>Novo saldo do cliente</Text>
                <Text fw={700} data-testid="credito-saldo">
                  {formatMoney(info.saldo)}
                </Text>
              </Group>
            )}
            {info.pendente && <Text c="orange">{CREDIT_PENDING_TEXT}</Text>}
            <Button type="submit" data-autofocus>
              OK (Enter)
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
