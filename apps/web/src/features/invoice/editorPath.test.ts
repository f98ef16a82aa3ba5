import { describe, expect, it } from 'vitest';
import { editingScreenOpen } from '../outbox/processEvent.ts';
import { invoiceEditorPath } from './editorPath.ts';

describe('/operation-invoice, the invoice editor under the spec name (000 §2)', () => {
  it('keeps its own path once the invoice is saved, and /invoice/register keeps its own', () => {
    expect(invoiceEditorPath('/operation-invoice', 12)).toBe('/operation-invoice/12');
    expect(invoiceEditorPath('/operation-invoice/3', 12)).toBe('/operation-invoice/12');
    expect(invoiceEditorPath('/invoice/register', 12)).toBe('/invoice/register/12');
    expect(invoiceEditorPath('/operation-invoices', 1)).toBe('/invoice/register/1');
  });

  it('is a screen where an operation being edited stays in edit when the server reports errors', () => {
    expect(editingScreenOpen(invoiceEditorPath('/operation-invoice', 5))).toBe(true);
    expect(editingScreenOpen(invoiceEditorPath('/invoice/register', 5))).toBe(false);
  });
});
