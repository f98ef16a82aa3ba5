/**
 * The settings registers' own tabs (extension-table.ts): a fiscal scenario's exceptions, a device's peripherals, an
 * additional information's links. Each edits an `extra` member of the register's body.
 */
import { useCallback, useMemo, useState } from 'react';
import { MultiSelect, Stack, Text } from '@mantine/core';
import { BAUD_RATES, DATA_BITS, PARITIES, PERIPHERAL_TYPES, STOP_BITS } from '@pdv/contract/registers/device';
import { ICMS_CSOSN, ICMS_CST } from '@pdv/domain/fiscal-settings';
import { localDb, type LocalRow } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { ChildRowsEditor, type ChildColumn, type ChildRow } from './ChildRowsEditor.tsx';

const rowsOf = (values: Record<string, unknown>, name: string): ChildRow[] => (Array.isArray(values[name]) ? (values[name] as ChildRow[]) : []);

const EXCEPTION_COLUMNS: readonly ChildColumn[] = [
  { name: 'uf', label: 'UF de destino', kind: 'text', max: 2 },
  { name: 'codigo_ncm', label: 'NCM', kind: 'text', max: 8 },
  { name: 'cfop', label: 'CFOP', kind: 'text', max: 4 },
  { name: 'icms_csosn', label: 'CSOSN', kind: 'select', options: ICMS_CSOSN },
  { name: 'icms_cst', label: 'CST do ICMS', kind: 'select', options: ICMS_CST },
  { name: 'icms_aliquota', label: 'Alíquota do ICMS (%)', kind: 'number', decimals: 4 },
  { name: 'icmsst_aliquota', label: 'Alíquota do ICMS-ST (%)', kind: 'number', decimals: 4 },
  { name: 'icmsst_mva', label: 'MVA do ICMS-ST (%)', kind: 'number', decimals: 4 },
  { name: 'fcp_percentual', label: 'Percentual do FCP (%)', kind: 'number', decimals: 4 },
];

export function ScenarioExceptionsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Outros códigos e alíquotas para uma UF de destino e/ou um NCM. Cada exceção segue o regime e a operação do cenário.
      </Text>
      <ChildRowsEditor
        columns={EXCEPTION_COLUMNS}
        rows={rowsOf(values, 'excecoes')}
        onChange={(rows) => set('excecoes', rows)}
        readOnly={readOnly}
        error={errors['excecoes']}
        noun="exceção"
        empty="Nenhuma exceção: o cenário vale para todos os destinos e produtos."
        blank={() => ({ uf: '', codigo_ncm: '', cfop: '', icms_csosn: null, icms_cst: null, icms_aliquota: 0, icmsst_aliquota: 0, icmsst_mva: 0, fcp_percentual: 0 })}
      />
    </Stack>
  );
}

const PERIPHERAL_COLUMNS: readonly ChildColumn[] = [
  { name: 'descricao', label: 'Descrição', kind: 'text', max: 100, required: true },
  { name: 'tipo', label: 'Tipo', kind: 'select', options: PERIPHERAL_TYPES, required: true, optionLabels: {
    ImpressoraComprovante: 'Impressora de comprovante', ImpressoraA4: 'Impressora A4', ImpressoraEtiqueta: 'Impressora de etiquetas',
    Sat: 'SAT', Balanca: 'Balança', POS: 'POS (maquininha)' } },
  { name: 'modelo', label: 'Modelo', kind: 'text', max: 60 },
  { name: 'identificador', label: 'Identificador', kind: 'text', max: 100 },
  { name: 'nome_impressora', label: 'Nome da impressora', kind: 'text', max: 120 },
  { name: 'sat_versao_layout', label: 'Versão do layout do SAT', kind: 'text', max: 10 },
  { name: 'porta_serial', label: 'Porta serial', kind: 'text', max: 40 },
  { name: 'bits_por_segundo', label: 'Bits por segundo', kind: 'select', options: BAUD_RATES },
  { name: 'bits_dados', label: 'Bits de dados', kind: 'select', options: DATA_BITS },
  { name: 'bits_parada', label: 'Bits de parada', kind: 'select', options: STOP_BITS },
  { name: 'paridade', label: 'Paridade', kind: 'select', options: PARITIES,
    optionLabels: { Nenhuma: 'Nenhuma', Par: 'Par', Impar: 'Ímpar', Marca: 'Marca', Espaco: 'Espaço' } },
];

export function PeripheralsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  return (
    <ChildRowsEditor
      columns={PERIPHERAL_COLUMNS}
      rows={rowsOf(values, 'perifericos')}
      onChange={(rows) => set('perifericos', rows)}
      readOnly={readOnly}
      error={errors['perifericos']}
      noun="periférico"
      empty="Nenhum periférico neste dispositivo."
      blank={() => ({ descricao: '', tipo: 'ImpressoraComprovante', modelo: '', identificador: '', nome_impressora: '', sat_versao_layout: '',
        porta_serial: '', bits_por_segundo: null, bits_dados: null, bits_parada: null, paridade: null })}
    />
  );
}

const ids = (values: Record<string, unknown>, name: string): string[] =>
  Array.isArray(values[name]) ? (values[name] as number[]).map(String) : [];

/** The options of a local table: `label` of each row, by its id. */
const optionsOf = (rows: LocalRow[], id: string, label: (r: LocalRow) => string) =>
  rows.filter((r) => r['data_exclusao'] === null || r['data_exclusao'] === undefined).map((r) => ({ value: String(r[id] as number), label: label(r) }));

const readBranches = () => localDb().rows('branch').toArray();
const readScenarios = () => localDb().rows('fiscal_scenario').toArray();

export function AdditionalInformationLinksTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const branches = useLiveQuery(readBranches, []);
  const scenarios = useLiveQuery(readScenarios, []);
  const [search, setSearch] = useState('');
  const chosen = ids(values, 'produtos');
  const chosenKey = chosen.join(',');
  // The products chosen (by id) and the first 20 whose description or SKU holds what is typed.
  const readProducts = useCallback(async () => {
    const table = localDb().rows('product');
    const picked = await table.where('id_produto').anyOf(chosenKey === '' ? [] : chosenKey.split(',').map(Number)).toArray();
    const term = search.trim().toLowerCase();
    const found = term.length < 2 ? [] : await table
      .filter((r) => `${String(r['descricao'])} ${String(r['sku'])}`.toLowerCase().includes(term))
      .limit(20)
      .toArray();
    return [...picked, ...found.filter((r) => !picked.some((p) => p['id_produto'] === r['id_produto']))];
  }, [chosenKey, search]);
  const products = useLiveQuery(readProducts, []);
  const productOptions = useMemo(() => optionsOf(products, 'id_produto', (r) => `${String(r['descricao'])} (${String(r['sku'])})`), [products]);
  const toIds = (v: string[]) => v.map(Number);
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">
        Sem vínculos de um tipo, a informação vale para todos (todas as filiais, todos os produtos, todos os cenários).
      </Text>
      <MultiSelect
        label="Filiais"
        data={optionsOf(branches, 'id_filial', (r) => String(r['nome_fantasia']))}
        value={ids(values, 'filiais')}
        onChange={(v) => set('filiais', toIds(v))}
        error={errors['filiais']}
        readOnly={readOnly}
        searchable
        clearable
      />
      <MultiSelect
        label="Cenários fiscais"
        data={optionsOf(scenarios, 'id_cenario_fiscal', (r) => String(r['descricao']))}
        value={ids(values, 'cenarios')}
        onChange={(v) => set('cenarios', toIds(v))}
        error={errors['cenarios']}
        readOnly={readOnly}
        searchable
        clearable
      />
      <MultiSelect
        label="Produtos"
        placeholder="Digite a descrição ou o SKU"
        data={productOptions}
        value={chosen}
        onChange={(v) => set('produtos', toIds(v))}
        searchValue={search}
        onSearchChange={setSearch}
        error={errors['produtos']}
        readOnly={readOnly}
        searchable
        clearable
        filter={({ options }) => options}
      />
    </Stack>
  );
}
