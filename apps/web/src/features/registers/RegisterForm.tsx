/**
 * The form of any register in a side panel: one input per field by its kind, the is_padrao switch, Salvar (Enter) and
 * Cancelar (Esc). The values are checked with the contract's own schema (the server's) before they are sent; a
 * refusal shows beside the field it names, the rest above the buttons.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Drawer, Group, Kbd, Stack, Switch, Text } from '@mantine/core';
import { registerSchemas, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { MESSAGES } from '@pdv/domain/messages';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import { toast } from '../../ui/toast.ts';
import { registerApi } from './api.ts';
import { bodyOf, emptyValues, errorsOfBody, errorsOfIssues, valuesOf, type FieldErrors, type FormValues, type Row } from './fields.ts';
import { FieldInput } from './FieldInput.tsx';

interface Props {
  descriptor: RegisterDescriptor;
  /** The row edited; null: a new one. */
  row: Row | null;
  opened: boolean;
  readOnly: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function RegisterForm({ descriptor: d, row, opened, readOnly, onClose, onSaved }: Props) {
  const title = row ? d.label.singular : `${d.label.feminine ? 'Nova' : 'Novo'} ${d.label.singular.toLowerCase()}`;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={d.screen.form === 'page' ? '100%' : 'md'}
      title={<Text fw={700} size="lg">{title}</Text>}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened && <FormBody key={row ? String(row[d.id]) : 'new'} descriptor={d} row={row} readOnly={readOnly} onClose={onClose} onSaved={onSaved} />}
    </Drawer>
  );
}

function FormBody({ descriptor: d, row, readOnly, onClose, onSaved }: Omit<Props, 'opened'>) {
  const [values, setValues] = useState<FormValues>(() => (row ? valuesOf(d, row) : emptyValues(d)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    if (readOnly || busy) return;
    const schemas = registerSchemas(d);
    const body = bodyOf(d, values);
    const checked = row ? schemas.update.safeParse({ [d.id]: row[d.id], ...body }) : schemas.create.safeParse(body);
    if (!checked.success) {
      const found = errorsOfIssues(checked.error.issues);
      setErrors(found.fields);
      setOther(found.other);
      return;
    }
    const { [d.id]: _id, ...parsed } = checked.data;
    setBusy(true);
    try {
      if (row) await registerApi.update(d, Number(row[d.id]), parsed);
      else await registerApi.create(d, parsed);
      toast.success(row ? MESSAGES.recordUpdated : MESSAGES.recordSaved);
      onSaved();
    } catch (error) {
      const display = errorDisplayOf(error);
      const found = isApiError(error) && error.status === 400 ? errorsOfBody(d, error.body, display.text) : { fields: {}, other: [display.text, ...display.details] };
      setErrors(found.fields);
      setOther(found.other);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={d.label.singular}
      onKeyDown={(e) => {
        // Enter saves from any field (a switch or a select included), not from a button.
        const target = e.target as HTMLElement;
        if (e.key === 'Enter' && target.tagName !== 'BUTTON' && target.tagName !== 'TEXTAREA' && target.tagName !== 'INPUT') {
          e.preventDefault();
          void save();
        } else if (e.key === 'Enter' && target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
          e.preventDefault();
          void save();
        }
      }}
    >
      <Stack gap="sm">
        {Object.entries(d.fields).map(([name, field], index) => (
          <FieldInput
            key={name}
            name={name}
            field={field}
            value={values[name]}
            onChange={(value) => set(name, value)}
            error={errors[name]}
            readOnly={readOnly}
            autoFocus={index === 0}
          />
        ))}
        {d.isPadrao && (
          <Switch
            label="Padrão"
            name="is_padrao"
            checked={values['is_padrao'] === true}
            onChange={(e) => !readOnly && set('is_padrao', e.currentTarget.checked)}
            error={errors['is_padrao']}
          />
        )}
        {other.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {other.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} rightSection={<Kbd size="xs">Esc</Kbd>}>
            Cancelar
          </Button>
          {!readOnly && (
            <Button type="submit" loading={busy} rightSection={<Kbd size="xs">Enter</Kbd>}>
              Salvar
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
