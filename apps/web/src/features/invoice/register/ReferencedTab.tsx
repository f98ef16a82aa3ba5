/** Referenciadas: access keys of invoices this one refers to (44 characters; 001 §5 messages). */
import { Group, Stack, TextInput } from '@mantine/core';
import { EnterForm, SubmitButton } from '../../register-lines/LineForm.tsx';
import { LinesTable } from '../../register-lines/LinesTable.tsx';
import { useLineForm } from '../../register-lines/useLineForm.ts';
import { modeloLabel } from '../situacao.ts';
import {
  ACCESS_KEY_LENGTH,
  modeloOfAccessKey,
  normalizeAccessKey,
  referencedKeyErrors,
} from '@pdv/domain/invoice-validation';
import { lineKey, type ReferencedLine } from '../form.ts';

/** '3525 0312 …' in groups of four, as printed on the DANFE. */
export function keyGroups(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

interface Props {
  referenced: ReferencedLine[];
  editable: boolean;
  onChange: (referenced: ReferencedLine[]) => void;
}

export function ReferencedTab({ referenced, editable, onChange }: Props) {
  const { form, errors, set, save } = useLineForm({ text: '' }, (f) => {
    const key = normalizeAccessKey(f.text);
    return referencedKeyErrors({ chave_acesso: key, modelo: modeloOfAccessKey(key) }, referenced);
  });
  const key = normalizeAccessKey(form.text);

  const submit = () =>
    save((fields) => {
      const chave_acesso = normalizeAccessKey(fields.text);
      onChange([...referenced, { key: lineKey(), chave_acesso, modelo: modeloOfAccessKey(chave_acesso) }]);
    });

  return (
    <Stack gap="sm">
      {editable && (
        <EnterForm onSubmit={submit}>
          <Group align="flex-start" gap="xs">
            <TextInput
              label="Chave de acesso"
              placeholder="44 dígitos"
              value={form.text}
              onChange={set('text')}
              error={errors[0] ?? null}
              description={`${key.length} de ${ACCESS_KEY_LENGTH} caracteres`}
              maxLength={64}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <SubmitButton mt={24}>Adicionar chave</SubmitButton>
          </Group>
        </EnterForm>
      )}
      <LinesTable
        label="Notas referenciadas"
        rows={referenced}
        rowKey={(r) => r.key}
        columns={[
          { header: 'Chave de acesso', td: { ff: 'monospace' }, cell: (r) => keyGroups(r.chave_acesso) },
          { header: 'Modelo', w: 100, cell: (r) => (r.modelo ? modeloLabel(r.modelo) : '—') },
        ]}
        empty="Nenhuma nota referenciada."
        editable={editable}
        remove={{
          label: () => 'Remover chave',
          onClick: (r) => onChange(referenced.filter((x) => x.key !== r.key)),
        }}
      />
    </Stack>
  );
}
