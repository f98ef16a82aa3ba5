/**
 * The commission group form's own tabs (register commission-group.ts, its `extra` members): the sellers with their
 * rate, the rates per category, per product variation (searched in the local copy) and per service (searched in the
 * service register), the goal ranges and the payment methods that count. The rule they feed: packages/domain
 * commission.ts.
 */
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { useCategories } from '../prices/PriceTabs.tsx';
import { VariationSelect } from '../prices/VariationSelect.tsx';
import { SERVICE_COLUMN } from '../registers/serviceColumn.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { ChildRowsEditor, type ChildColumn, type ChildRow } from '../settings/ChildRowsEditor.tsx';
import { useSellers } from './sellers.ts';

const rowsOf = (value: unknown): ChildRow[] => (Array.isArray(value) ? (value as ChildRow[]) : []);
const PERCENT: ChildColumn = { name: 'percentual', label: 'Percentual (%)', kind: 'decimal', decimals: 2 };

export function CommissionSellersTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const sellers = useSellers();
  const columns: ChildColumn[] = [
    { name: 'id_usuario', label: 'Vendedor', kind: 'select', required: true, options: sellers.map((s) => s.id_usuario),
      optionLabels: Object.fromEntries(sellers.map((s) => [String(s.id_usuario), s.nome])) },
    { ...PERCENT, label: 'Comissão do vendedor (%)' },
  ];
  return (
    <ChildRowsEditor
      columns={columns}
      rows={rowsOf(values['vendedores'])}
      onChange={(next) => set('vendedores', next)}
      blank={() => ({ id_usuario: null, percentual: 0 })}
      readOnly={readOnly}
      error={errors['vendedores']}
      noun="vendedor"
      empty="Nenhum vendedor no grupo."
      hint={<Text size="sm" c="dimmed">Cada vendedor pertence a um só grupo. A comissão do vendedor vale para os itens que nenhuma categoria ou produto do grupo nomeia (no tipo Geral).</Text>}
    />
  );
}

/** A rate's product variation (the active branch's), searched in the local copy as the point of sale does. */
const VARIATION_COLUMN: ChildColumn = {
  name: 'id_produto_grade_filial', label: 'Produto (variação)', kind: 'custom', required: true,
  input: (p) => <VariationSelect value={p.value} onChange={p.onChange} readOnly={p.readOnly} label={p.label} ariaLabel={p.ariaLabel} />,
};

export function CommissionCategoriesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const categories = useCategories();
  const columns: ChildColumn[] = [
    { name: 'id_categoria', label: 'Categoria', kind: 'select', options: categories.ids, optionLabels: categories.labels, required: true },
    PERCENT,
  ];
  return (
    <Stack gap="lg">
      <ChildRowsEditor
        columns={columns}
        rows={rowsOf(values['categorias'])}
        onChange={(next) => set('categorias', next)}
        blank={() => ({ id_categoria: null, percentual: 0 })}
        readOnly={readOnly}
        error={errors['categorias']}
        noun="categoria"
        empty="Nenhuma categoria com percentual próprio."
        hint={<Text size="sm" c="dimmed">O percentual de uma categoria vale para os produtos dela que o grupo não nomeia abaixo.</Text>}
      />
      <ChildRowsEditor
        columns={[VARIATION_COLUMN, PERCENT]}
        rows={rowsOf(values['produtos'])}
        onChange={(next) => set('produtos', next)}
        blank={() => ({ id_produto_grade_filial: null, percentual: 0 })}
        readOnly={readOnly}
        error={errors['produtos']}
        noun="produto"
        empty="Nenhum produto com percentual próprio."
        hint={<Text size="sm" c="dimmed">O percentual de um produto (variação nesta filial) vale no lugar do da sua categoria.</Text>}
      />
      <ChildRowsEditor
        columns={[SERVICE_COLUMN, PERCENT]}
        rows={rowsOf(values['servicos'])}
        onChange={(next) => set('servicos', next)}
        blank={() => ({ id_servico: null, percentual: 0 })}
        readOnly={readOnly}
        error={errors['servicos']}
        noun="serviço"
        empty="Nenhum serviço com percentual próprio."
        hint={<Text size="sm" c="dimmed">Os percentuais por serviço valem para os serviços das ordens de serviço.</Text>}
      />
    </Stack>
  );
}

export function CommissionRangesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const columns: ChildColumn[] = [
    { name: 'valor_inicio_faixa', label: 'Valor inicial (R$)', kind: 'decimal', decimals: 2, required: true },
    { name: 'valor_final_faixa', label: 'Valor final (R$, vazio: sem limite)', kind: 'decimal', decimals: 2 },
    PERCENT,
  ];
  return (
    <ChildRowsEditor
      columns={columns}
      rows={rowsOf(values['faixas'])}
      onChange={(next) => set('faixas', next)}
      blank={() => ({ valor_inicio_faixa: 0, valor_final_faixa: null, percentual: 0 })}
      readOnly={readOnly}
      error={errors['faixas']}
      noun="faixa"
      empty="Nenhuma faixa de meta."
      hint={<Text size="sm" c="dimmed">Quando o total de vendas do vendedor no período alcança uma faixa, o percentual dela vale para os itens de percentual menor.</Text>}
    />
  );
}

const readMethods = () => localDb().rows('method_payment').toArray();

export function CommissionPaymentMethodsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const rows = useLiveQuery(readMethods, []);
  const selected = Array.isArray(values['meios_pagamento']) ? (values['meios_pagamento'] as number[]) : [];
  const methods = rows
    .filter((r) => !r['data_exclusao'] && (r['situacao'] !== 'Inativo' || selected.includes(Number(r['id_meio_pagamento']))))
    .map((r) => ({ id: Number(r['id_meio_pagamento']), nome: typeof r['descricao'] === 'string' ? r['descricao'] : `Meio ${String(r['id_meio_pagamento'])}` }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">Só a parte das vendas paga pelos meios marcados conta para a comissão. Nenhum marcado: todos contam.</Text>
      {methods.map((m) => (
        <Checkbox
          key={m.id}
          label={m.nome}
          checked={selected.includes(m.id)}
          disabled={readOnly}
          onChange={(e) => set('meios_pagamento', e.currentTarget.checked ? [...selected, m.id] : selected.filter((id) => id !== m.id))}
        />
      ))}
      {errors['meios_pagamento'] && <Alert color="red" variant="light" role="alert">{errors['meios_pagamento']}</Alert>}
    </Stack>
  );
}
