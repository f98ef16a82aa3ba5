import { describe, expect, it } from 'vitest';
import { buildAbility, canSeeEntry } from '@pdv/domain/permissions';
import { arrangeGroups, flatResults, groupStarts, recordsFit, matchRank, moveSelection, rankResults, type ResultGroup, type SearchResult } from './ranking.ts';
import { shortcutCandidates } from './shortcuts.ts';

const result = (label: string, extra: Partial<SearchResult> = {}): SearchResult => ({ key: label, label, path: `/${label}`, ...extra });
const labels = (results: readonly SearchResult[]) => results.map((r) => r.label);

describe('matchRank', () => {
  it('ranks the whole text above its start, above words that start words, above a word found inside', () => {
    expect(matchRank('pedidos', ['Pedidos'])).toBe(0);
    expect(matchRank('ped', ['Pedidos'])).toBe(1);
    expect(matchRank('venda ponto', ['Ponto de venda'])).toBe(2);
    expect(matchRank('456', ['123.456.789-09'])).toBe(1 + 1);
    expect(matchRank('6789', ['123.456.789-09'])).toBe(3);
  });

  it('folds accents and case both ways, and needs every typed word', () => {
    expect(matchRank('CALCA', ['Calça básica'])).toBe(1);
    expect(matchRank('calça basica', ['CALCA BASICA'])).toBe(0);
    expect(matchRank('calca azul', ['Calça básica'])).toBeNull();
  });

  it('does not match a short fragment inside a word, nor an empty text', () => {
    expect(matchRank('ed', ['Pedidos'])).toBeNull();
    expect(matchRank('  ', ['Pedidos'])).toBeNull();
  });
});

describe('rankResults', () => {
  it('orders by rank, then the order the source gave, and cuts at the limit', () => {
    const found = rankResults('ca', [result('Marca'), result('Caixa'), result('Camisa'), result('Categorias'), result('Ca')], 3);
    expect(labels(found)).toEqual(['Ca', 'Caixa', 'Camisa']);
  });

  it('matches the other texts of a line (SKU, CPF), not only its label', () => {
    const found = rankResults('ab-12', [result('Camiseta', { texts: ['Camiseta', 'AB-12'] }), result('Bermuda')], 4);
    expect(labels(found)).toEqual(['Camiseta']);
  });

  it("keeps, after the others, the rows a source chose by its own rule when asked to", () => {
    const rows = [result('Pedido 12', { texts: ['12', 'Maria Silva'] }), result('Pedido 9', { texts: ['9', 'Ana Maria'] })];
    expect(labels(rankResults('ri', rows, 4))).toEqual([]);
    expect(labels(rankResults('ri', rows, 4, true))).toEqual(['Pedido 12', 'Pedido 9']);
    expect(labels(rankResults('maria', rows, 4, true))).toEqual(['Pedido 12', 'Pedido 9']);
    expect(labels(rankResults('silva', rows, 4, true))).toEqual(['Pedido 12', 'Pedido 9']);
  });
});

describe('arrangeGroups and the keyboard', () => {
  const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => result(`${prefix} ${i + 1}`));

  it('puts the groups in their order, 4 results each and 10 for settings, leaving out the empty ones', () => {
    const groups: ResultGroup[] = [
      { key: 'invoices', results: many('Nota', 6) },
      { key: 'people', results: [] },
      { key: 'settings', results: many('Config', 12) },
      { key: 'products', results: many('Produto', 5) },
      { key: 'shortcuts', results: many('Atalho', 7) },
    ];
    const shown = arrangeGroups(groups);
    expect(shown.map((g) => [g.key, g.results.length])).toEqual([
      ['shortcuts', 4],
      ['settings', 10],
      ['products', 4],
      ['invoices', 4],
    ]);
  });

  it('keeps an empty group that has something to say (offline), and drops a repeated line', () => {
    const shown = arrangeGroups([
      { key: 'orders', results: [], note: 'Sem conexão' },
      { key: 'products', results: [result('A'), result('A'), result('B')] },
    ]);
    expect(shown.map((g) => g.key)).toEqual(['products', 'orders']);
    expect(labels(shown[0]!.results)).toEqual(['A', 'B']);
  });

  it('walks all groups in the order shown, wrapping at both ends', () => {
    const shown = arrangeGroups([
      { key: 'people', results: [result('Pessoa')] },
      { key: 'shortcuts', results: [result('Pedidos'), result('Ponto de venda')] },
    ]);
    expect(labels(flatResults(shown))).toEqual(['Pedidos', 'Ponto de venda', 'Pessoa']);
    expect(groupStarts(shown)).toEqual([0, 2]);
    expect(moveSelection(0, 1, 3)).toBe(1);
    expect(moveSelection(2, 1, 3)).toBe(0);
    expect(moveSelection(0, -1, 3)).toBe(2);
    expect(moveSelection(-1, -1, 3)).toBe(2);
    expect(moveSelection(0, 1, 0)).toBe(-1);
  });
});

describe('recordsFit', () => {
  it("shows the records of the text being typed on or erased, never another text's", () => {
    expect(recordsFit('Juliana', 'Juli', 2)).toBe(true);
    expect(recordsFit('Juli', 'Juliana', 2)).toBe(true);
    expect(recordsFit('júli', 'Juli', 2)).toBe(true);
    expect(recordsFit('fiscais', 'Juliana', 2)).toBe(false);
    expect(recordsFit('J', 'Juliana', 2)).toBe(false);
    expect(recordsFit('Juliana', '', 2)).toBe(false);
  });
});

describe('shortcutCandidates', () => {
  const allowedBy = (held: string[]) => {
    const ability = buildAbility({ kind: 'list', entries: held.map((rotulo) => ({ rotulo, tipo: 1, situacao: 'Ativo' })) });
    return (label: string | null) => canSeeEntry(ability, label);
  };

  it('offers only the screens the user may open, settings apart', () => {
    const { shortcuts, settings } = shortcutCandidates(allowedBy(['FncListarPedido', 'FncListarFilial']));
    expect(shortcuts.map((s) => s.path)).toEqual(['/', '/operations-pending', '/order', '/order/register']);
    expect(settings.map((s) => s.path)).toContain('/branch');
    expect(settings.map((s) => s.path)).not.toContain('/paymentMethod');
    // Etiquetas asks for its own permission (FncListarEtiqueta) since the labels list exists.
    expect(settings.map((s) => s.path)).not.toContain('/label');
    const withLabels = shortcutCandidates(allowedBy(['FncListarEtiqueta']));
    expect(withLabels.settings.map((s) => s.path)).toContain('/label');
  });

  it('finds a screen by its name or its path', () => {
    const { shortcuts, settings } = shortcutCandidates(() => true);
    expect(labels(rankResults('nota', shortcuts, 4))).toEqual(['Notas fiscais', 'Notas de entrada', 'Notas destinadas', 'Nova nota fiscal']);
    expect(labels(rankResults('paymentmethod', settings, 10))).toEqual(['Meios de pagamento']);
    expect(labels(rankResults('fiscais', settings, 10))).toEqual(['Cenários fiscais', 'Séries fiscais']);
  });
});
