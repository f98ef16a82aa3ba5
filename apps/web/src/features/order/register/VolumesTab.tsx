/**
 * Volumes: the packages of the order (quantity, kind, brand, numbering, net and gross weight in kg). Quantity and both
 * weights are required, and the order must be saved first (000 §5 "Volume", the spec's texts).
 */
import { Alert, Stack } from '@mantine/core';
import type { OrderFull } from '@pdv/contract/order';
import { formatQuantity, quantityFromDecimal } from '@pdv/domain/money';
import { ORDER_MESSAGES } from '@pdv/domain/order-messages';
import { call } from '../../../api/client.ts';
import { LineForm } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import { VolumeFields } from '../../register-lines/VolumeFields.tsx';
import { EMPTY_VOLUME, volumeBody, volumeFormErrors } from '../form.ts';

type Volume = NonNullable<OrderFull['volumes']>[number];

interface Props {
  order: OrderFull | null;
  editable: boolean;
  onChange: (volumes: Volume[]) => void;
}

export function VolumesTab({ order, editable, onChange }: Props) {
  const { form, errors, busy, set, save, remove } = useLineForm(EMPTY_VOLUME, (f) =>
    volumeFormErrors(f, order !== null),
  );
  const volumes = order?.volumes ?? [];

  const submit = () =>
    save(async (values) => {
      if (order === null) return false;
      const created = await call('volumeCreate', { id_pedido: order.id_pedido, ...volumeBody(values) });
      onChange([...volumes, created]);
    });

  return (
    <Stack gap="sm">
      {order === null && editable && (
        <Alert color="yellow" variant="light">
          {ORDER_MESSAGES.volumeParentNotSaved}
        </Alert>
      )}
      {editable && (
        <LineForm onSubmit={submit} errors={errors} busy={busy} submitLabel="Adicionar volume">
          <VolumeFields form={form} set={set} required />
        </LineForm>
      )}
      <LinesTable
        label="Volumes do pedido"
        rows={volumes}
        rowKey={(v) => v.id_volume}
        columns={[
          { header: 'Qtd.', cell: (v) => v.quantidade },
          { header: 'Espécie', cell: (v) => v.especie ?? '—' },
          { header: 'Marca', cell: (v) => v.marca ?? '—' },
          { header: 'Numeração', cell: (v) => v.numeracao ?? '—' },
          {
            header: 'Peso líquido',
            ta: 'right',
            cell: (v) => `${formatQuantity(quantityFromDecimal(v.peso_liquido))} kg`,
          },
          { header: 'Peso bruto', ta: 'right', cell: (v) => `${formatQuantity(quantityFromDecimal(v.peso_bruto))} kg` },
        ]}
        empty="Nenhum volume."
        editable={editable}
        remove={{
          label: () => 'Remover volume',
          onClick: (volume) =>
            void remove(volume.id_volume, async () => {
              await call('volumeDelete', { id_volume: volume.id_volume });
              onChange(volumes.filter((v) => v.id_volume !== volume.id_volume));
            }),
        }}
      />
    </Stack>
  );
}
