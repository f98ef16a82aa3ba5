/**
 * The label model's parameters (etiqueta_parametro, issue 22), edited in the label register's form as the `parametros`
 * member: rows {chave, valor}. A thermal model's codigo_fonte uses them as {param:chave}; a sheet model reads
 * deslocamento_x_mm and deslocamento_y_mm (millimetres, -10 to 10) to move its labels. The rules are
 * packages/domain/src/label-settings.ts (the form's schema and the server run them).
 */
import { Stack, Text } from '@mantine/core';
import { LABEL_PARAM_VALUE_MAX } from '@pdv/domain/label-settings';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { ChildRowsEditor, type ChildColumn, type ChildRow } from '../settings/ChildRowsEditor.tsx';

const COLUMNS: readonly ChildColumn[] = [
  { name: 'chave', label: 'Chave', kind: 'text', max: 40, required: true },
  { name: 'valor', label: 'Valor', kind: 'text', max: LABEL_PARAM_VALUE_MAX },
];

export function LabelParametersTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = Array.isArray(values['parametros']) ? (values['parametros'] as ChildRow[]) : [];
  const thermal = values['tipo'] === 'Termica';
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {thermal
          ? 'Use {param:chave} no código fonte para escrever o valor do parâmetro (escurecimento, velocidade, margens de cada impressora).'
          : 'Para calibrar a impressora: deslocamento_x_mm e deslocamento_y_mm (de -10 a 10 mm, ex.: 1,5) movem todas as etiquetas da folha.'}
      </Text>
      <ChildRowsEditor
        columns={COLUMNS}
        rows={rows}
        onChange={(next) => set('parametros', next)}
        readOnly={readOnly}
        error={errors['parametros']}
        noun="parâmetro"
        empty="Nenhum parâmetro nesta etiqueta."
        blank={() => ({ chave: '', valor: '' })}
        layout="table"
        title="Parâmetros da etiqueta"
        maxRows={50}
      />
    </Stack>
  );
}
