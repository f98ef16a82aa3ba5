/**
 * Serviços: the service lines of the order (000 §3.6) with their technician (000 §6). A line is added or changed
 * with the form (Enter saves), and removed from the table; each change answers the whole order, totals included.
 */
import { Grid, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { formatMoney, formatQuantity, fromDecimal, quantityFromDecimal } from '@pdv/domain/money';
import { call } from '../../../api/client.ts';
import { LineForm } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import type { OrderContext } from '../localData.ts';
import { offersServiceInvoice, ServiceInvoice } from './ServiceInvoice.tsx';
import { EMPTY_SERVICE, serviceBody, serviceFormErrors, serviceFormOf, serviceFormTotal } from '../service-order.ts';

interface Props {
  order: OrderFull;
  context: OrderContext;
  editable: boolean;
  onSaved: (order: OrderFull) => void;
}

export function ServicesTab({ order, context, editable, onSaved }: Props) {
  const { form, setForm, editing, errors, busy, set, reset, edit, save, remove } = useLineForm(
    EMPTY_SERVICE,
    serviceFormErrors,
  );
  const lines = order.servicos ?? [];
  const total = serviceFormTotal(form);

  const submit = () =>
    save(async (values, id) => onSaved(await call('orderServiceSave', serviceBody(values, order.id_pedido, id))));

  return (
    <Stack gap="sm">
      {editable && (
        <LineForm
          label="Serviço"
          onSubmit={submit}
          errors={errors}
          busy={busy}
          submitLabel={editing === null ? 'Adicionar serviço' : 'Salvar serviço'}
          onCancel={editing === null ? undefined : reset}
          aside={
            <Text size="sm" c="dimmed">
              Total do serviço: {total === null ? '—' : formatMoney(total)}
            </Text>
          }
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
        </LineForm>
      )}
      <LinesTable
        label="Serviços da ordem"
        rows={lines}
        rowKey={(line) => line.id_pedido_servico}
        columns={[
          { header: 'Serviço', cell: (line) => line.descricao },
          { header: 'Técnico', cell: (line) => line.tecnico_nome ?? '—' },
          { header: 'Qtd.', ta: 'right', cell: (line) => formatQuantity(quantityFromDecimal(line.quantidade)) },
          { header: 'Unitário', ta: 'right', cell: (line) => formatMoney(fromDecimal(line.valor_unitario)) },
          { header: 'Desconto/un.', ta: 'right', cell: (line) => formatMoney(fromDecimal(line.valor_desconto)) },
          { header: 'Total', ta: 'right', cell: (line) => formatMoney(fromDecimal(line.valor_total)) },
        ]}
        empty="Nenhum serviço."
        editable={editable}
        edit={{
          label: (line) => `Editar ${line.descricao}`,
          onClick: (line) => edit(line.id_pedido_servico, serviceFormOf(line)),
        }}
        remove={{
          label: (line) => `Remover ${line.descricao}`,
          onClick: (line) =>
            void remove(
              line.id_pedido_servico,
              async () => onSaved(await call('orderServiceDelete', { id_pedido_servico: line.id_pedido_servico })),
              { text: `Remover ${line.descricao} da ordem?`, title: 'Remover serviço' },
            ),
        }}
      />
      {offersServiceInvoice(order) && <ServiceInvoice order={order} />}
    </Stack>
  );
}
