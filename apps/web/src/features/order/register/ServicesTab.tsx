/**
 * Serviços: the service lines of the order (000 §3.6) with their technician (000 §6). A line is added or changed
 * with the form (Enter saves), and removed from the table; each change answers the whole order, totals included.
 */
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  Kbd,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ErrorList, useLineForm } from './lineForm.tsx';
import type { OrderFull } from '@pdv/contract/order';
import type { OrderService } from '@pdv/contract/order-service';
import { formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { errorDisplayOf } from '../../../api/errors.ts';
import { confirm } from '../../../ui/confirm.tsx';
import type { OrderContext } from '../localData.ts';
import { EMPTY_SERVICE, serviceBody, serviceFormErrors, serviceFormOf, serviceFormTotal } from '../service-order.ts';

interface Props {
  order: OrderFull;
  context: OrderContext;
  editable: boolean;
  onSaved: (order: OrderFull) => void;
}

export function ServicesTab({ order, context, editable, onSaved }: Props) {
  const {
    form,
    setForm,
    editing,
    errors,
    setErrors,
    busy,
    set,
    reset,
    edit: editLine,
    save,
  } = useLineForm(EMPTY_SERVICE, serviceFormErrors);
  const lines = order.servicos ?? [];
  const total = serviceFormTotal(form);

  const submit = () =>
    save(async (values, id) => onSaved(await call('orderServiceSave', serviceBody(values, order.id_pedido, id))));

  const remove = async (line: OrderService) => {
    if (!(await confirm(`Remover ${line.descricao} da ordem?`, 'Remover serviço'))) return;
    try {
      onSaved(await call('orderServiceDelete', { id_pedido_servico: line.id_pedido_servico }));
      if (editing === line.id_pedido_servico) reset();
    } catch (error) {
      setErrors([errorDisplayOf(error).text]);
    }
  };

  return (
    <Stack gap="sm">
      {editable && (
        <form
          aria-label="Serviço"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Grid gap="xs">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <TextInput
                label="Serviço"
                placeholder="Troca de tela"
                value={form.descricao}
                onChange={set('descricao')}
                maxLength={200}
                withAsterisk
                data-autofocus
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, lg: 1.5 }}>
              <TextInput
                label="Quantidade"
                value={form.quantidade}
                onChange={set('quantidade')}
                inputMode="decimal"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, lg: 2 }}>
              <TextInput
                label="Valor unitário"
                value={form.valor_unitario}
                onChange={set('valor_unitario')}
                inputMode="decimal"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 2.5 }}>
              <TextInput
                label="Desconto por unidade"
                value={form.desconto}
                onChange={set('desconto')}
                inputMode="decimal"
                rightSectionWidth={86}
                rightSection={
                  <SegmentedControl
                    size="xs"
                    aria-label="Tipo de desconto"
                    value={form.tipo_desconto}
                    onChange={(v) =>
                      setForm((f) => ({ ...f, tipo_desconto: v === 'Percentual' ? 'Percentual' : 'Valor' }))
                    }
                    data={[
                      { value: 'Valor', label: 'R$' },
                      { value: 'Percentual', label: '%' },
                    ]}
                  />
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 2 }}>
              <Select
                label="Técnico"
                placeholder="Sem técnico"
                searchable
                clearable
                data={context.sellers.map((s) => ({ value: String(s.id_usuario), label: s.nome }))}
                value={form.id_usuario_tecnico === null ? null : String(form.id_usuario_tecnico)}
                onChange={(v) => setForm((f) => ({ ...f, id_usuario_tecnico: v === null ? null : Number(v) }))}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput label="Observação" value={form.observacao} onChange={set('observacao')} maxLength={500} />
            </Grid.Col>
          </Grid>
          <ErrorList errors={errors} mt="xs" />
          <Group justify="space-between" mt="xs">
            <Text size="sm" c="dimmed">
              Total do serviço: {total === null ? '—' : formatMoney(total)}
            </Text>
            <Group gap="xs">
              {editing !== null && (
                <Button variant="default" onClick={reset}>
                  Cancelar edição
                </Button>
              )}
              <Button type="submit" loading={busy} rightSection={<Kbd size="xs">Enter</Kbd>}>
                {editing === null ? 'Adicionar serviço' : 'Salvar serviço'}
              </Button>
            </Group>
          </Group>
        </form>
      )}
      <Table striped withTableBorder aria-label="Serviços da ordem">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serviço</Table.Th>
            <Table.Th>Técnico</Table.Th>
            <Table.Th ta="right">Qtd.</Table.Th>
            <Table.Th ta="right">Unitário</Table.Th>
            <Table.Th ta="right">Desconto/un.</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            {editable && <Table.Th w={90} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id_pedido_servico}>
              <Table.Td>{line.descricao}</Table.Td>
              <Table.Td>{line.tecnico_nome ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatQuantity(quantityFromDecimal(line.quantidade))}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromDecimal(line.valor_unitario))}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromDecimal(line.valor_desconto))}</Table.Td>
              <Table.Td ta="right">{formatMoney(fromDecimal(line.valor_total))}</Table.Td>
              {editable && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Editar ${line.descricao}`}
                      onClick={() => editLine(line.id_pedido_servico, serviceFormOf(line))}
                    >
                      ✎
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remover ${line.descricao}`}
                      onClick={() => void remove(line)}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={editable ? 7 : 6}>
                <Text c="dimmed" ta="center" py="md">
                  Nenhum serviço.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
