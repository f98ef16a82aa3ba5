/**
 * The IBGE city of an address: type the start of the name (accents and case aside, or the 7-digit code), pick one.
 * The value is the city's id; the name and UF shown are the server's (POST /city/find). Empty clears it.
 */
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import type { ResultOf } from '@pdv/contract/routes';
import { call } from '../../api/client.ts';

type City = ResultOf<'cityFind'>['rows'][number];

interface Props {
  label?: string;
  value: number | null;
  /** The city as the row holds it (name and UF), to show before any search. */
  initial: City | null;
  onChange: (city: City | null) => void;
  error?: string | undefined;
  readOnly?: boolean;
}

export const cityLabel = (c: City) => `${c.nome} - ${c.uf}`;

export function CityPicker({ label = 'Cidade', value, initial, onChange, error, readOnly = false }: Props) {
  const [search, setSearch] = useState(initial ? cityLabel(initial) : '');
  const [found, setFound] = useState<City[]>(initial ? [initial] : []);
  const [chosen, setChosen] = useState<City | null>(initial);

  useEffect(() => {
    const text = search.trim();
    // The search box shows the chosen city's label: no search for it.
    if (text.length < 2 || (chosen && text === cityLabel(chosen))) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call('cityFind', { search: text, take: 20 }, { loading: false, signal: controller.signal })
        .then((res) => setFound(res.rows))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, chosen]);

  const options = [...(chosen && !found.some((c) => c.id_cidade === chosen.id_cidade) ? [chosen] : []), ...found];
  return (
    <Select
      label={label}
      name="id_cidade"
      searchable
      clearable
      readOnly={readOnly}
      placeholder="Digite o nome da cidade"
      nothingFoundMessage={search.trim().length < 2 ? 'Digite ao menos 2 letras' : 'Nenhuma cidade encontrada'}
      data={options.map((c) => ({ value: String(c.id_cidade), label: cityLabel(c) }))}
      value={value === null ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(id) => {
        const city = options.find((c) => String(c.id_cidade) === id) ?? null;
        setChosen(city);
        onChange(city);
      }}
      error={error}
    />
  );
}
