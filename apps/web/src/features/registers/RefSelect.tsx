/**
 * The input of a 'ref' field: a searchable select over the referenced register's rows. Typing searches its find route
 * (the same search the register's list uses, a page of REF_PAGE rows), each option shows the row's descricao (or its
 * first list field); arrows move, Enter picks, Esc closes. The chosen id is the value; a saved id shows its row's text
 * (read by find_by_id).
 */
import { useEffect, useRef, useState } from 'react';
import { Select } from '@mantine/core';
import type { FieldDef, RegisterDescriptor } from '@pdv/contract/registers/descriptor';
import { registerByName } from '@pdv/contract/registers/index';
import { call, type CallOptions } from '../../api/client.ts';
import type { RouteName } from '@pdv/contract/routes';
import { routeOf } from './api.ts';
import { textOf, type Row } from './fields.ts';

/** Rows offered per search. */
export const REF_PAGE = 20;
/** The wait after the last key before searching. */
export const REF_SEARCH_DELAY_MS = 250;

const callRoute = call as unknown as (name: RouteName, body: unknown, options?: CallOptions) => Promise<unknown>;

/** The column a row of the register is shown by: descricao, else its first list field, else its first field. */
export function displayColumn(d: RegisterDescriptor): string {
  if ('descricao' in d.fields) return 'descricao';
  const entries = Object.entries(d.fields);
  return (entries.find(([, f]) => f.list) ?? entries[0])?.[0] ?? d.id;
}

interface Option {
  value: string;
  label: string;
}

interface Props {
  name: string;
  field: FieldDef;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error: string | undefined;
  withAsterisk: boolean;
  readOnly: boolean;
  'data-autofocus'?: boolean | undefined;
}

export function RefSelect({ field, value, onChange, readOnly, ...rest }: Props) {
  const target = field.ref === undefined ? undefined : registerByName(field.ref);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [selected, setSelected] = useState<Option | null>(null);
  const [loading, setLoading] = useState(false);
  // The search the shown options answer: while a newer one is on its way, the older options are not offered, so a
  // quick ArrowDown and Enter cannot choose a row of the previous search (typing 'Itaú' then Enter chose the first row
  // of the unfiltered page).
  const [answered, setAnswered] = useState<string | null>(null);
  const latest = useRef(0);

  const optionOf = (row: Row): Option | null => {
    if (!target) return null;
    const id = row[target.id];
    if (typeof id !== 'number') return null;
    return { value: String(id), label: textOf(row[displayColumn(target)]) || String(id) };
  };

  // The saved id's text, once.
  useEffect(() => {
    if (!target || value === null || selected?.value === String(value)) return;
    let live = true;
    void (callRoute(routeOf(target, 'FindById'), { [target.id]: value }) as Promise<Row>).then(
      (row) => {
        const option = optionOf(row);
        if (live && option) setSelected(option);
      },
      () => live && setSelected({ value: String(value), label: String(value) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, value]);

  // Search as the user types (the register's own search, on the server), the latest answer only. The chosen row's text
  // in the box is no search: the first page is offered.
  const query = selected && search === selected.label ? '' : search.trim();
  useEffect(() => {
    if (!target || readOnly) return;
    const ticket = ++latest.current;
    const timer = setTimeout(() => {
      setLoading(true);
      void (callRoute(routeOf(target, 'Find'), { search: query, take: REF_PAGE, skip: 0 }) as Promise<{ rows: Row[] }>)
        .then(
          (page) => {
            if (ticket !== latest.current) return;
            setOptions(page.rows.flatMap((row) => optionOf(row) ?? []));
            setAnswered(query);
          },
          () => {
            if (ticket !== latest.current) return;
            setOptions([]);
            setAnswered(query);
          },
        )
        .finally(() => ticket === latest.current && setLoading(false));
    }, REF_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, query, readOnly]);

  const current = value === null ? null : String(value);
  const fresh = answered === query;
  const shown = fresh ? options : [];
  const data = selected && current === selected.value && !shown.some((o) => o.value === selected.value) ? [selected, ...shown] : shown;

  return (
    <Select
      {...rest}
      readOnly={readOnly}
      searchable
      clearable={!field.required && !readOnly}
      data={data}
      value={current}
      // The server filters: every option it answered is shown.
      filter={({ options: all }) => all}
      onSearchChange={setSearch}
      onChange={(id, option) => {
        setSelected(option ? { value: option.value, label: option.label } : null);
        onChange(id === null ? null : Number(id));
      }}
      nothingFoundMessage={loading || !fresh ? 'Pesquisando...' : 'Nenhum registro encontrado.'}
      placeholder={target ? `Pesquisar ${target.label.plural.toLowerCase()}` : undefined}
    />
  );
}
