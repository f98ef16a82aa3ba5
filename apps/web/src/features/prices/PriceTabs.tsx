/**
 * The price table and promotion forms' own tabs (registers price-table.ts and promotion.ts, their `extra` members):
 * a table's branches and its rules per category, a promotion's discounts per category. Rules per variation in a
 * branch are kept as they are (the API writes them; this form does not edit them yet) and counted above the list.
 */
import { Text } from '@mantine/core';
import { localDb } from '../../db/database.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { ChildRowsEditor, type ChildColumn, type ChildRow } from '../settings/ChildRowsEditor.tsx';
import type { ExtensionTabProps } from '../registers/extensions.ts';
import { BranchChecklist } from '../finance-settings/PaymentBranchesTab.tsx';
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
  const byVariation = all.filter((r) => r['id_produto_grade_filial'] != null);
  const columns: ChildColumn[] = [
    { name: 'id_categoria', label: 'Categoria', kind: 'select', options: categories.ids, optionLabels: categories.labels, required: true },
    { name: 'tipo_aplicado', label: 'Tipo aplicado', kind: 'select', options: ['Desconto', 'Acrescimo'], optionLabels: { Desconto: 'Desconto', Acrescimo: 'Acréscimo' } },
    { name: 'tipo_valor', label: 'Tipo de valor', kind: 'select', options: ['Percentual', 'Valor'], optionLabels: TYPE_LABELS },
    { name: 'valor_varejo', label: 'Valor no varejo', kind: 'decimal', decimals: 2 },
    { name: 'valor_atacado', label: 'Valor no atacado', kind: 'decimal', decimals: 2 },
  ];
  return (
    <ChildRowsEditor
      columns={columns}
      rows={all.filter((r) => r['id_produto_grade_filial'] == null)}
      onChange={(next) => set('itens', [...next, ...byVariation])}
      blank={() => ({ id_categoria: null, tipo_aplicado: 'Desconto', tipo_valor: 'Percentual', valor_varejo: 0, valor_atacado: 0 })}
      readOnly={readOnly}
      error={errors['itens']}
      noun="regra"
      empty="Nenhuma regra por categoria: a tabela aplica os seus valores a todos os produtos."
      hint={
        <Text size="sm" c="dimmed">
          A regra de uma categoria vale no lugar dos valores da tabela para os produtos dela.
          {byVariation.length > 0 ? ` Regras por variação do produto: ${byVariation.length}.` : ''}
        </Text>
      }
    />
  );
}

export function PromotionDiscountsTab({ values, set, errors, readOnly }: ExtensionTabProps) {
  const categories = useCategories();
  const produtos = rowsOf(values['produtos']);
  const columns: ChildColumn[] = [
    { name: 'id_categoria', label: 'Categoria', kind: 'select', options: categories.ids, optionLabels: categories.labels, required: true },
    { name: 'tipo', label: 'Tipo de desconto', kind: 'select', options: ['Percentual', 'Valor'], optionLabels: TYPE_LABELS },
    { name: 'venda', label: 'Desconto no varejo', kind: 'decimal', decimals: 2 },
    { name: 'atacado', label: 'Desconto no atacado', kind: 'decimal', decimals: 2 },
  ];
  return (
    <ChildRowsEditor
      columns={columns}
      rows={rowsOf(values['categorias'])}
      onChange={(next) => set('categorias', next)}
      blank={() => ({ id_categoria: null, tipo: 'Percentual', venda: 0, atacado: 0 })}
      readOnly={readOnly}
      error={errors['categorias'] ?? errors['produtos']}
      noun="desconto"
      empty="Nenhum desconto por categoria."
      hint={
        <Text size="sm" c="dimmed">
          No ponto de venda vale, para cada produto, a promoção em vigor que dá o menor preço.
          {produtos.length > 0 ? ` Descontos por variação do produto: ${produtos.length}.` : ''}
        </Text>
      }
    />
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
