/** Volumes: packages carried (quantity, kind, brand, numbering, net and gross weight in kg; 000 §5 "Volume"). */
import { Stack } from '@mantine/core';
import { invoiceVolumeErrors } from '@pdv/domain/invoice-validation';
import { formatQuantity, parseQuantityBR } from '@pdv/domain/money';
import { LineForm } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import { VolumeFields, type VolumeFieldValues } from '../../register-lines/VolumeFields.tsx';
import { EMPTY_VOLUME } from '../../order/form.ts';
import { lineKey, type VolumeLine } from '../form.ts';

interface Props {
  volumes: VolumeLine[];
  editable: boolean;
  onChange: (volumes: VolumeLine[]) => void;
}

function volumeOf(fields: VolumeFieldValues): Omit<VolumeLine, 'key'> {
  return {
    quantidade: /^\d+$/.test(fields.quantidade.trim()) ? Number(fields.quantidade) : 0,
    especie: fields.especie.trim(),
    marca: fields.marca.trim(),
    numeracao: fields.numeracao.trim(),
    peso_liquido: parseQuantityBR(fields.peso_liquido || '0') ?? 0,
    peso_bruto: parseQuantityBR(fields.peso_bruto || '0') ?? 0,
  };
}

export function VolumesTab({ volumes, editable, onChange }: Props) {
  const { form, errors, set, save } = useLineForm(EMPTY_VOLUME, (f) => invoiceVolumeErrors(volumeOf(f)));

  const submit = () => save((fields) => onChange([...volumes, { ...volumeOf(fields), key: lineKey() }]));

  return (
    <Stack gap="sm">
      {editable && (
        <LineForm onSubmit={submit} errors={errors} submitLabel="Adicionar volume">
          <VolumeFields form={form} set={set} />
        </LineForm>
      )}
      <LinesTable
        label="Volumes da nota"
        rows={volumes}
        rowKey={(v) => v.key}
        columns={[
          { header: 'Qtd.', cell: (v) => v.quantidade },
          { header: 'Espécie', cell: (v) => v.especie || '—' },
          { header: 'Marca', cell: (v) => v.marca || '—' },
          { header: 'Numeração', cell: (v) => v.numeracao || '—' },
          { header: 'Peso líquido', ta: 'right', cell: (v) => `${formatQuantity(v.peso_liquido)} kg` },
          { header: 'Peso bruto', ta: 'right', cell: (v) => `${formatQuantity(v.peso_bruto)} kg` },
        ]}
        empty="Nenhum volume."
        editable={editable}
        remove={{
          label: () => 'Remover volume',
          onClick: (volume) => onChange(volumes.filter((x) => x.key !== volume.key)),
        }}
      />
    </Stack>
  );
}
