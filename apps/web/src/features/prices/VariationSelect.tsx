/**
 * A product variation of the active branch (id_produto_grade_filial) picked by typing its description, SKU or barcode:
 * the point of sale's own search over the local copy (searchProducts), 25 at a time. The chosen one keeps its label
 * from the local copy's grid and product rows. Used by the price table's and the promotion's rules per variation.
 */
import { useEffect, useState } from 'react';
import { Select } from '@mantine/core';
import { localDb } from '../../db/database.ts';
import { searchProducts } from '../checkout/catalog.ts';

interface Option {
  value: string;
  label: string;
}

/** The label of a variation of the branch as the local copy has it ('Camiseta Básica G / Preto · CAM-G'). */
export async function variationLabel(id_produto_grade_filial: number): Promise<string> {
  const db = localDb();
  const grid = await db.rows('grid').where('id_produto_grade_filial').equals(id_produto_grade_filial).first();
  const product = grid && (await db.rows('product').get(grid['id_produto']));
  if (!grid || !product) return `Variação ${String(id_produto_grade_filial)}`;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const own = grid['is_padrao'] === true ? '' : ` ${text(grid['descricao'])}`;
  const sku = text(grid['sku']) ? ` · ${text(grid['sku'])}` : '';
  return `${text(product['descricao'])}${own}${sku}`;
}

interface Props {
  value: unknown;
  onChange: (value: number | null) => void;
  readOnly: boolean;
  label?: string | undefined;
  ariaLabel: string;
}

export function VariationSelect({ value, onChange, readOnly, label, ariaLabel }: Props) {
  const id = typeof value === 'number' ? value : null;
  const [current, setCurrent] = useState<Option | null>(null);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Option[]>([]);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    void variationLabel(id).then((text) => live && setCurrent({ value: String(id), label: text }));
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => {
    const query = search.trim();
    if (query.length < 2 || query === current?.label) return;
    const timer = setTimeout(() => {
      searchProducts(localDb(), query)
        .then(({ hits }) => setFound(hits.map((h) => ({ value: String(h.id_produto_grade_filial), label: `${h.descricao}${h.sku ? ` · ${h.sku}` : ''}` }))))
        .catch((error: unknown) => console.error('Falha na pesquisa de produtos', error));
    }, 150);
    return () => clearTimeout(timer);
  }, [search, current?.label]);
  const shown = current && id !== null && current.value === String(id) ? current : null;
  const data = [...(shown ? [shown] : []), ...found.filter((o) => o.value !== shown?.value)];
  return (
    <Select
      label={label}
      aria-label={ariaLabel}
      placeholder="Digite a descrição, o SKU ou o código de barras"
      searchable
      filter={({ options }) => options}
      data={data}
      value={id === null ? null : String(id)}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) => {
        const option = data.find((o) => o.value === v) ?? null;
        setCurrent(option);
        onChange(v === null ? null : Number(v));
      }}
      nothingFoundMessage={search.trim().length < 2 ? 'Digite ao menos 2 letras.' : 'Nenhum produto encontrado.'}
      readOnly={readOnly}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
