import { describe, expect, it } from 'vitest';
import { makeBundle } from '../../outbox/testing.ts';
import { SHORTCUTS } from '../SaleSummary.tsx';
import { keyCommand, PANEL_KEYS } from './pageSteps.ts';

const facts = (bundle = makeBundle()) => ({ bundle, drawn: bundle, drawnItem: bundle.itens[0] ?? null });

describe('the side panels opened by Alt keys (000 §2: shipment, stock quantity by branch, search order)', () => {
  it('opens each panel by its key, once the sale is open', () => {
    expect(keyCommand('Alt+T', facts())).toEqual({ kind: 'open', panel: 'shipment' });
    expect(keyCommand('Alt+Q', facts())).toEqual({ kind: 'open', panel: 'stockByBranch' });
    expect(keyCommand('Alt+P', facts())).toEqual({ kind: 'open', panel: 'searchOrder' });
    expect(keyCommand('Alt+P', { bundle: null, drawn: null, drawnItem: null })).toEqual({ kind: 'none' });
  });

  it('shows every one of those keys on the screen', () => {
    const shown = SHORTCUTS.map(([key]) => key);
    for (const key of Object.keys(PANEL_KEYS)) expect(shown).toContain(key);
    // Alt+A, the Varejo/Atacado switch, is in the legend too.
    expect(shown).toContain('Alt+A');
  });
});
