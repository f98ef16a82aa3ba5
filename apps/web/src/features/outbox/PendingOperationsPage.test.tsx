// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { OPERATION_REPLAY_MESSAGES } from '@pdv/domain/operation-content';
import { ApiError } from '../../api/errors.ts';
import type { PdvDatabase } from '../../db/database.ts';
import { openTestDatabase } from '../../db/testing.ts';
import { renderUi } from '../../testing/dom.tsx';
import { finishOperation, saveDraft } from './operations.ts';
import { sendPending } from './outbox.ts';
import { PendingOperationsPage } from './PendingOperationsPage.tsx';
import { makeBundle } from './testing.ts';

const local = vi.hoisted(() => ({ db: null as PdvDatabase | null }));
vi.mock('../../db/database.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../db/database.ts')>()),
  localDb: () => local.db,
}));
vi.mock('./runtime.ts', () => ({ outbox: { flush: vi.fn() } }));
// Dexie's liveQuery does not fire under jsdom with fake-indexeddb: the page reads its query once.
vi.mock('../../db/useLiveQuery.ts', async () => {
  const { useEffect, useState } = await import('react');
  return {
    useLiveQuery: <T,>(querier: () => Promise<T>, initial: T): T => {
      const [value, setValue] = useState<T>(initial);
      useEffect(() => {
        void querier().then(setValue);
      }, [querier]);
      return value;
    },
  };
});

describe('Operações pendentes', () => {
  it('shows an operation the server refused with 409 as Erro, with the server message', async () => {
    const db = openTestDatabase();
    local.db = db;
    const bundle = makeBundle();
    await saveDraft(db, bundle);
    await finishOperation(db, bundle);
    const message = OPERATION_REPLAY_MESSAGES.otherContent;
    await sendPending({ db, locks: null, send: () => Promise.reject(new ApiError('http', 409, { message }, message, 'operacao')) });

    renderUi(<PendingOperationsPage />);
    const table = await screen.findByRole('table', { name: 'Operações pendentes' });
    const row = within(table).getByText(bundle.operation.id_operacao.slice(0, 8).toUpperCase()).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Erro')).toBeTruthy();
    expect(within(row as HTMLElement).getByText(message)).toBeTruthy();
  });
});
