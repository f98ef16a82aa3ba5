/**
 * The form of any register: a side panel for a small one, a page with tabs (the descriptor's `groups` and the
 * extension's own tabs) for a large one; one input per field by its kind, the is_padrao switch, Salvar (Enter) and
 * Cancelar (Esc), Ctrl+PgDn / Ctrl+PgUp between tabs. The values are checked with the contract's own schema (the
 * server's) before they are sent; a refusal shows beside the field it names (its tab marked), the rest above the
 * buttons. A register with `extra` body members or tabs of its own loads the row by find_by_id first.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Drawer, Group, Kbd, Loader, Stack, Switch, Tabs, Text } from '@mantine/core';
import { formGroups, formTitle, inputFields, registerSchemas, type RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { MESSAGES } from '@pdv/domain/messages';
import { errorDisplayOf, isApiError } from '../../api/errors.ts';
import { toast } from '../../ui/toast.ts';
import { registerApi } from './api.ts';
import { REGISTER_EXTENSIONS } from './extension-table.ts';
import type { RegisterExtension } from './extensions.ts';
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

const needsDetail = (d: RegisterDescriptor, ext: RegisterExtension | undefined) =>
  Object.keys(d.extra ?? {}).length > 0 || (ext?.tabs?.length ?? 0) > 0;

export function RegisterForm({ descriptor: d, row, opened, readOnly, onClose, onSaved }: Props) {
  const title = formTitle(d, row !== null);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={d.screen.form === 'page' ? '100%' : 'md'}
      title={<Text fw={700} size="lg">{title}</Text>}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened && <Loaded key={row ? String(row[d.id]) : 'new'} descriptor={d} row={row} readOnly={readOnly} onClose={onClose} onSaved={onSaved} />}
    </Drawer>
  );
}

/** The row as find_by_id answers it when the form needs more than the list's columns. */
function Loaded(props: Omit<Props, 'opened'>) {
  const { descriptor: d, row } = props;
  const ext = REGISTER_EXTENSIONS[d.name];
  const [detail, setDetail] = useState<{ row: Row } | { error: string } | null>(row && needsDetail(d, ext) ? null : { row: row ?? {} });
  useEffect(() => {
    if (!row || !needsDetail(d, ext)) return;
    let live = true;
    registerApi.findById(d, Number(row[d.id])).then(
      (found) => live && setDetail({ row: found }),
      (error: unknown) => live && setDetail({ error: errorDisplayOf(error).text }),
    );
    return () => {
      live = false;
    };
  }, [d, ext, row]);
  if (detail === null) return <Loader size="sm" aria-label="Carregando" />;
  if ('error' in detail) {
    return (
      <Alert color="red" variant="light" role="alert">
        {detail.error}
      </Alert>
    );
  }
  return <FormBody {...props} row={row ? detail.row : null} ext={ext} />;
}

function FormBody({ descriptor: d, row, readOnly, onClose, onSaved, ext }: Omit<Props, 'opened'> & { ext: RegisterExtension | undefined }) {
  const [values, setValues] = useState<FormValues>(() => (row ? valuesOf(d, row) : { ...emptyValues(d), ...(ext?.initial?.() ?? {}) }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [other, setOther] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const groups = formGroups(d);
  const extTabs = ext?.tabs ?? [];
  const tabbed = d.screen.form === 'page' && groups.length + extTabs.length > 1;
  const tabNames = [...groups.map((g) => g.label), ...extTabs.map((t) => t.label)];
  const [tab, setTab] = useState<string>(tabNames[0] ?? 'Geral');
  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  /** The tab holding a field (an extension's member belongs to no descriptor group: its tab shows the error itself). */
  const tabOf = (name: string) => groups.find((g) => g.fields.includes(name))?.label;
  const showErrors = (found: { fields: FieldErrors; other: string[] }) => {
    setErrors(found.fields);
    setOther(found.other);
    const first = Object.keys(found.fields).map(tabOf).find((t) => t !== undefined);
    if (tabbed && first && !Object.keys(found.fields).some((n) => tabOf(n) === tab)) setTab(first);
  };

  const save = async () => {
    if (readOnly || busy) return;
    const schemas = registerSchemas(d);
    const body = bodyOf(d, values);
    const checked = row ? schemas.update.safeParse({ [d.id]: row[d.id], ...body }) : schemas.create.safeParse(body);
    if (!checked.success) {
      showErrors(errorsOfIssues(checked.error.issues));
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
      showErrors(isApiError(error) && error.status === 400 ? errorsOfBody(d, error.body, display.text) : { fields: {}, other: [display.text, ...display.details] });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const fieldsOf = (names: string[], focusFirst: boolean) =>
    names.map((name, index) => (
      <FieldInput
        key={name}
        name={name}
        field={d.fields[name]!}
        value={values[name]}
        onChange={(value) => set(name, value)}
        error={errors[name]}
        readOnly={readOnly}
        autoFocus={focusFirst && index === 0}
      />
    ));
  const padrao = d.isPadrao && (
    <Switch
      label="Padrão"
      name="is_padrao"
      checked={values['is_padrao'] === true}
      onChange={(e) => !readOnly && set('is_padrao', e.currentTarget.checked)}
      error={errors['is_padrao']}
    />
  );
  const tabProps = { descriptor: d, row, values, set, errors, readOnly };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={d.label.singular}
      onKeyDown={(e) => {
        const target = e.target as HTMLElement;
        if (tabbed && e.ctrlKey && (e.key === 'PageDown' || e.key === 'PageUp')) {
          e.preventDefault();
          const i = tabNames.indexOf(tab);
          const next = tabNames[(i + (e.key === 'PageDown' ? 1 : tabNames.length - 1)) % tabNames.length];
          if (next) setTab(next);
          return;
        }
        // Enter saves from any field (a switch or a select included), not from a button.
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
        {tabbed ? (
          <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
            <Tabs.List>
              {groups.map((g) => (
                <Tabs.Tab key={g.label} value={g.label} color={g.fields.some((n) => errors[n]) ? 'red' : undefined}>
                  {g.label}
                  {g.fields.some((n) => errors[n]) ? ' •' : ''}
                </Tabs.Tab>
              ))}
              {extTabs.map((t) => (
                <Tabs.Tab key={t.label} value={t.label}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {groups.map((g, gi) => (
              <Tabs.Panel key={g.label} value={g.label} pt="md">
                <Stack gap="sm" maw={720}>
                  {fieldsOf(g.fields, true)}
                  {gi === 0 && padrao}
                </Stack>
              </Tabs.Panel>
            ))}
            {extTabs.map(({ label, Component }) => (
              <Tabs.Panel key={label} value={label} pt="md">
                <Component {...tabProps} />
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <>
            {fieldsOf(inputFields(d), true)}
            {padrao}
            {extTabs.map(({ label, Component }) => (
              <Stack key={label} gap="xs">
                <Text fw={700}>{label}</Text>
                <Component {...tabProps} />
              </Stack>
            ))}
          </>
        )}
        {other.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {other.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          {tabbed && (
            <Text size="xs" c="dimmed" mr="auto">
              <Kbd size="xs">Ctrl+PgDn</Kbd> / <Kbd size="xs">Ctrl+PgUp</Kbd> trocam de aba
            </Text>
          )}
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
