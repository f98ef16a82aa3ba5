/**
 * The price table and promotion forms' own tabs (registers price-table.ts and promotion.ts, their `extra` members):
 * a table's branches and its rules per category and per product variation, a promotion's discounts per category, per
 * product variation and per service (services are sold in orders). A variation is one of the active branch's
 * (id_produto_grade_filial), searched in the local copy as the point of sale does (VariationSelect); rules of other
 * branches' variations are kept as they are.
 */
import { Stack, Text } from '@mantine/core';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { ChildRowsEditor, type ChildColumn, type ChildRow } from '../settings/ChildRowsEditor.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { BranchChecklist } from '../finance-settings/PaymentBranchesTab.tsx';
import { VariationSelect } from './VariationSelect.tsx';
import { SERVICE_COLUMN } from '../registers/serviceColumn.tsx';
import {
  BASE_PRICE_LABELS, BASE_PRICES, MARKUP_TYPE_LABELS, MARKUP_TYPES, TARGET_PRICE_LABELS, TARGET_PRICES,
} from '@pdv/domain/price-readjust';

const readCategories = () => localDb().rows('category').toArray();

/** The live categories of the local copy, as a select's values and labels (by descricao). */
export function useCategories(): { ids: number[]; labels: Record<string, string> } {
  const rows = useLiveQuery(readCategories, []);
  const live = rows
    .filter((r) => !r['data_exclusao'])
    .map((r) => ({ id: Number(r['id_categoria']), nome: typeof r['descricao'] === 'string' ? r['descricao'] : `Categoria ${String(r['id_categoria'])}` }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return { ids: live.map((c) => c.id), labels: Object.fromEntries(live.map((c) => [String(c.id), c.nome])) };
}

const rowsOf = (value: unknown): ChildRow[] => (Array.isArray(value) ? (value as ChildRow[]) : []);

const TYPE_LABELS = { Percentual: 'Percentual (%)', Valor: 'Valor (R$)' };

/** A rule's product variation, searched in the local copy. */
const VARIATION_COLUMN: ChildColumn = {
  name: 'id_produto_grade_filial', label: 'Produto (variação)', kind: 'custom', required: true,
  input: (p) => <VariationSelect value={p.value} onChange={p.onChange} readOnly={p.readOnly} label={p.label} ariaLabel={p.ariaLabel} />,
};

export function PriceTableBranchesTab(props: ExtensionTabProps) {
  return (
    <BranchChecklist
      {...props}
      hint="A tabela vale nas filiais marcadas: no ponto de venda, para os clientes que a têm como padrão e, na filial cuja tabela padrão ela é, para todas as vendas."
    />
  );
}

export function PriceTableRulesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const categories = useCategories();
  const all = rowsOf(values['itens']);
  const byCategory = all.filter((r) => r['id_produto_grade_filial'] == null);
  const byVariation = all.filter((r) => r['id_produto_grade_filial'] != null);
  const values_: ChildColumn[] = [
    { name: 'tipo_aplicado', label: 'Tipo aplicado', kind: 'select', options: ['Desconto', 'Acrescimo'], optionLabels: { Desconto: 'Desconto', Acrescimo: 'Acréscimo' } },
    { name: 'tipo_valor', label: 'Tipo de valor', kind: 'select', options: ['Percentual', 'Valor'], optionLabels: TYPE_LABELS },
    { name: 'valor_varejo', label: 'Valor no varejo', kind: 'decimal', decimals: 2 },
    { name: 'valor_atacado', label: 'Valor no atacado', kind: 'decimal', decimals: 2 },
  ];
  const blank = { tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 0, valor_atacado: 0 };
  return (
    <Stack gap="lg">
      <ChildRowsEditor
        columns={[{ name: 'id_categoria', label: 'Categoria', kind: 'select', options: categories.ids, optionLabels: categories.labels, required: true }, ...values_]}
        rows={byCategory}
        onChange={(next) => set('itens', [...next, ...byVariation])}
        blank={() => ({ id_categoria: null, ...blank })}
        readOnly={readOnly}
        error={errors['itens']}
        noun="regra"
        empty="Nenhuma regra por categoria: a tabela aplica os seus valores a todos os produtos."
        hint={<Text size="sm" c="dimmed">A regra de uma categoria vale no lugar dos valores da tabela para os produtos dela.</Text>}
      />
      <ChildRowsEditor
        columns={[VARIATION_COLUMN, ...values_]}
        rows={byVariation}
        onChange={(next) => set('itens', [...byCategory, ...next])}
        blank={() => ({ id_produto_grade_filial: null, id_categoria: null, ...blank })}
        readOnly={readOnly}
        noun="regra por produto"
        empty="Nenhuma regra por produto."
        hint={<Text size="sm" c="dimmed">A regra de um produto (variação nesta filial) vale no lugar da regra da categoria dele.</Text>}
      />
    </Stack>
  );
}

export function PromotionDiscountsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const categories = useCategories();
  const discount: ChildColumn[] = [
    { name: 'tipo', label: 'Tipo de desconto', kind: 'select', options: ['Percentual', 'Valor'], optionLabels: TYPE_LABELS },
    { name: 'venda', label: 'Desconto no varejo', kind: 'decimal', decimals: 2 },
    { name: 'atacado', label: 'Desconto no atacado', kind: 'decimal', decimals: 2 },
  ];
  const blank = { tipo: 'Percentual', venda: 0, atacado: 0 };
  return (
    <Stack gap="lg">
      <ChildRowsEditor
        columns={[{ name: 'id_categoria', label: 'Categoria', kind: 'select', options: categories.ids, optionLabels: categories.labels, required: true }, ...discount]}
        rows={rowsOf(values['categorias'])}
        onChange={(next) => set('categorias', next)}
        blank={() => ({ id_categoria: null, ...blank })}
        readOnly={readOnly}
        error={errors['categorias'] ?? errors['produtos']}
        noun="desconto"
        empty="Nenhum desconto por categoria."
        hint={<Text size="sm" c="dimmed">No ponto de venda vale, para cada produto, a promoção em vigor que dá o menor preço.</Text>}
      />
      <ChildRowsEditor
        columns={[VARIATION_COLUMN, ...discount]}
        rows={rowsOf(values['produtos'])}
        onChange={(next) => set('produtos', next)}
        blank={() => ({ id_produto_grade_filial: null, ...blank })}
        readOnly={readOnly}
        noun="desconto por produto"
        empty="Nenhum desconto por produto."
        hint={<Text size="sm" c="dimmed">O desconto de um produto (variação nesta filial) vale no lugar do desconto da categoria dele.</Text>}
      />
      <ChildRowsEditor
        columns={[SERVICE_COLUMN, ...discount]}
        rows={rowsOf(values['servicos'])}
        onChange={(next) => set('servicos', next)}
        blank={() => ({ id_servico: null, ...blank })}
        readOnly={readOnly}
        error={errors['servicos']}
        noun="desconto por serviço"
        empty="Nenhum desconto por serviço."
        hint={<Text size="sm" c="dimmed">Nos pedidos e ordens de serviço, o desconto de um serviço vale sobre o preço dele (o ponto de venda vende só produtos).</Text>}
      />
    </Stack>
  );
}

/**
 * A cashback promotion's cashback per category and per variation (002 §3: cashback_tipo, cashback_venda,
 * cashback_atacado; domain cashback.ts): the same rows as the discounts tab (a row may give a discount and cashback).
 */
export function PromotionCashbackTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const categories = useCategories();
  const cashback: ChildColumn[] = [
    { name: 'cashback_tipo', label: 'Tipo de cashback', kind: 'select', options: ['Percentual', 'Valor'], optionLabels: TYPE_LABELS },
    { name: 'cashback_venda', label: 'Cashback no varejo', kind: 'decimal', decimals: 2 },
    { name: 'cashback_atacado', label: 'Cashback no atacado', kind: 'decimal', decimals: 2 },
  ];
  const blank = { tipo: 'Percentual', venda: 0, atacado: 0, cashback_tipo: 'Percentual', cashback_venda: 0, cashback_atacado: 0 };
  return (
    <Stack gap="lg">
      <Text size="sm" c={values['is_cashback'] === true ? 'dimmed' : 'orange'}>
        {values['is_cashback'] === true
          ? 'Vale para vendas com cliente identificado: percentual do total do item ou valor por unidade, bloqueado pelos dias da filial.'
          : 'Marque “Cashback” na aba principal para esta promoção gerar cashback.'}
      </Text>
      <ChildRowsEditor
        columns={[{ name: 'id_categoria', label: 'Categoria', kind: 'select', options: categories.ids, optionLabels: categories.labels, required: true }, ...cashback]}
        rows={rowsOf(values['categorias'])}
        onChange={(next) => set('categorias', next)}
        blank={() => ({ id_categoria: null, ...blank })}
        readOnly={readOnly}
        error={errors['categorias'] ?? errors['produtos']}
        noun="cashback"
        empty="Nenhum cashback por categoria."
        hint={<Text size="sm" c="dimmed">Com várias promoções em vigor, vale para cada produto a que dá mais cashback.</Text>}
      />
      <ChildRowsEditor
        columns={[VARIATION_COLUMN, ...cashback]}
        rows={rowsOf(values['produtos'])}
        onChange={(next) => set('produtos', next)}
        blank={() => ({ id_produto_grade_filial: null, ...blank })}
        readOnly={readOnly}
        noun="cashback por produto"
        empty="Nenhum cashback por produto."
        hint={<Text size="sm" c="dimmed">O cashback de um produto (variação nesta filial) vale no lugar do cashback da categoria dele.</Text>}
      />
    </Stack>
  );
}

/** A price configuration's markup rules (register price-configuration.ts, `regras`), applied in their order. */
export function PriceConfigurationRulesTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const columns: ChildColumn[] = [
    { name: 'descricao', label: 'Descrição', kind: 'text', max: 100, required: true },
    { name: 'preco_alvo', label: 'Preço alvo', kind: 'select', options: TARGET_PRICES, optionLabels: TARGET_PRICE_LABELS },
    { name: 'preco_base', label: 'Preço base', kind: 'select', options: BASE_PRICES, optionLabels: BASE_PRICE_LABELS },
    { name: 'tipo', label: 'Tipo', kind: 'select', options: MARKUP_TYPES, optionLabels: MARKUP_TYPE_LABELS },
    { name: 'valor', label: 'Valor (% ou R$)', kind: 'decimal', decimals: 2 },
  ];
  return (
    <ChildRowsEditor
      columns={columns}
      rows={rowsOf(values['regras'])}
      onChange={(next) => set('regras', next)}
      blank={() => ({ descricao: '', preco_alvo: 'preco_venda', preco_base: 'preco_custo', tipo: 'Markup', valor: 0 })}
      readOnly={readOnly}
      error={errors['regras']}
      noun="regra"
      empty="Nenhuma regra de markup."
      maxRows={20}
      hint={
        <Text size="sm" c="dimmed">
          Markup: preço base + %. Margem: a % do preço final que fica como margem sobre o preço base. Valor: preço base + R$. As regras
          valem na ordem da lista: uma regra sobre o preço de venda lê o preço que a regra anterior calculou. Um produto sem o preço base
          (sem custo informado) mantém o seu preço. Use a configuração em Reajuste de preços.
        </Text>
      }
    />
  );
}
