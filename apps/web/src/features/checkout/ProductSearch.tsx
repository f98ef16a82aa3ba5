/**
 * The product search (F2): a barcode scanner types fast and presses Enter, which adds the line at once; typed text
 * lists matching products 25 at a time (↑/↓ choose, Enter adds, PageUp/PageDown turn pages).
 */
import { forwardRef, memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Group, Kbd, Paper, Table, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@pdv/domain/money';
import { localDb, type PdvDatabase } from '../../db/database.ts';
import { engineOf } from '../../db/localCopy.ts';
import { useLiveQuery } from '../../db/useLiveQuery.ts';
import { weighedSettingsOf } from '@pdv/domain/weighed-barcode';
import { findByBarcode, findWeighed, hitOfGrid, searchProducts, type ProductHit } from './catalog.ts';
import { productIndex } from './search/productIndex.ts';
import { scanGate } from './search/scanGate.ts';
import { CATALOG_LOADING, catalogLoaded, searchNotice } from './search/catalogState.ts';
import { splitSeed } from './page/searchFocus.ts';

export const NOT_FOUND = 'Nenhum produto encontrado.';
const SEARCH_DELAY_MS = 120;
/** User Timing measure from a search's start (after the typing pause) to its results in the page (read by the bench). */
export const SEARCH_MEASURE = 'pdv:pesquisa-produto';
/** Measures kept before the buffer is emptied (a cashier searches all day long). */
const MEASURES_KEPT = 500;
let measured = 0;
/** While the catalogue loads, how often a typed query is searched again (rows arrive page by page). */
const CATALOG_RETRY_MS = 1000;
const readCatalogLoaded = () => catalogLoaded(localDb());

/** A variation gone from the copy leaves the page's word index (the Dexie copy's; the SQLite copy has none). */
function forgetIndexed(idProdutoGrade: number): void {
  const db = localDb();
  if (!engineOf(db)) productIndex(db as PdvDatabase).forget(idProdutoGrade);
}

interface Props {
  /** Adds the line; `alongside` (the box emptied) is drawn in the same pass as the line. */
  onPick: (hit: ProductHit, alongside?: () => void) => Promise<void>;
  /** What was typed before the box was there (the screen was opening): the box starts with it. Stable. */
  seed?: () => string;
  /** The branch's configuration row: its weighed-product code settings (size, identifier, price or weight). */
  config?: Readonly<Record<string, unknown>> | null;
}

/** Memoized: the page's own renders skip it (a scanned line redraws it with the items table, to empty the box). */
export const ProductSearch = memo(
  forwardRef<HTMLInputElement, Props>(function ProductSearch({ onPick, seed, config }, ref) {
    /** What was typed before the box was there: the codes ended by Enter are looked up, the rest starts the box. */
    const [seeded] = useState(() => splitSeed(seed?.() ?? ''));
    const [text, setText] = useState(seeded.rest);
    const [page, setPage] = useState(0);
    const [result, setResult] = useState<{ query: string; hits: ProductHit[]; more: boolean; started: number } | null>(
      null,
    );
    const [active, setActive] = useState(0);
    const [missing, setMissing] = useState<string | null>(null);
    /** The catalogue was loaded to its end at least once (null: not read yet). */
    const loaded = useLiveQuery(readCatalogLoaded, null);
    const shownQuery = useRef<string | null>(null);
    /** Bumped to search the same text again while the catalogue loads, and once after. */
    const [retry, setRetry] = useState(0);
    const waiting = loaded !== true && text.trim() !== '';
    useEffect(() => {
      if (!waiting) return;
      const timer = setInterval(() => setRetry((r) => r + 1), CATALOG_RETRY_MS);
      return () => clearInterval(timer);
    }, [waiting]);
    // The load just ended: the index may take its last rows a moment after the tables say so.
    const wasLoaded = useRef(loaded);
    useEffect(() => {
      const was = wasLoaded.current;
      wasLoaded.current = loaded;
      if (loaded !== true || was !== false) return;
      const timer = setTimeout(() => setRetry((r) => r + 1), CATALOG_RETRY_MS);
      return () => clearTimeout(timer);
    }, [loaded]);

    useEffect(() => {
      const query = text.trim();
      if (query === '' || /^\d{8,14}$/.test(query)) return;
      const timer = setTimeout(() => {
        const started = performance.now();
        searchProducts(localDb(), query, page)
          .then((found) => {
            setResult({ query, ...found, started });
            // A search of the same text again (the catalogue loading) keeps the line chosen with the arrows.
            if (shownQuery.current !== `${page}:${query}`) setActive(0);
            shownQuery.current = `${page}:${query}`;
          })
          .catch((error: unknown) => console.error('Falha na pesquisa de produtos', error));
      }, SEARCH_DELAY_MS);
      return () => clearTimeout(timer);
    }, [text, page, loaded, retry]);

    // The results are in the page (before the browser paints them): how long the search took, as the cashier sees it.
    useLayoutEffect(() => {
      if (!result) return;
      measured += 1;
      if (measured % MEASURES_KEPT === 0) performance.clearMeasures(SEARCH_MEASURE);
      performance.measure(SEARCH_MEASURE, {
        start: result.started,
        detail: { query: result.query, hits: result.hits.length },
      });
    }, [result]);

    // The word index is built when the point of sale opens, not at the first search.
    useEffect(() => {
      // The SQLite copy searches in its worker (FTS5): no index to build in the page.
      const db = localDb();
      if (engineOf(db)) return;
      productIndex(db as PdvDatabase)
        .ready()
        .catch((error: unknown) => console.error('Falha ao montar o índice de produtos', error));
    }, []);

    const clear = () => {
      setText('');
      setResult(null);
      setPage(0);
    };

    const emptied = () => {
      clear();
      setMissing(null);
    };

    /**
     * Adds the line. A listed result is read again from the local copy: the sale takes the row as it is now. A scanned
     * code's line was just read: the box is emptied in the same pass that draws the line (no render before it).
     * `taken`: the box was emptied when Enter was pressed (a scanned code), and what is in it now is the next code.
     */
    const pick = async (hit: ProductHit, fresh = false, taken = false) => {
      if (taken) {
        const current = fresh ? hit : await hitOfGrid(localDb(), hit.id_produto_grade);
        if (!current) {
          forgetIndexed(hit.id_produto_grade);
          setMissing(hit.descricao);
          return;
        }
        await onPick(current);
        return;
      }
      if (fresh) {
        let done = false;
        try {
          await onPick(hit, () => {
            done = true;
            emptied();
          });
        } finally {
          if (!done) emptied();
        }
        return;
      }
      emptied();
      const current = await hitOfGrid(localDb(), hit.id_produto_grade);
      if (!current) {
        forgetIndexed(hit.id_produto_grade);
        setMissing(hit.descricao);
        return;
      }
      await onPick(current);
    };

    /** The scanned codes being looked up, in the order their Enter was pressed (their lines are added in that order). */
    const scans = useRef<Promise<void>>(Promise.resolve());

    /**
     * A scanned code: the box is emptied at once, since a scanner types the next code while this one is looked up in
     * the local copy (emptying it after the lookup cut the next code in two). The lines are added in scan order.
     */
    const onScan = (query: string, inBox = true): Promise<void> => {
      // A code kept while the box was not there was never in it: the box keeps what was typed after it.
      if (inBox) clear();
      setMissing(null);
      const lookup = async () => {
        const barcode = await findByBarcode(localDb(), query);
        if (barcode) return pick(barcode, true, true);
        const weighed = /^\d{13}$/.test(query) ? await findWeighed(localDb(), query, weighedSettingsOf(config)) : null;
        if (weighed) return pick(weighed, true, true);
        // The catalogue is still loading: the code is back in the box (unless the next one is being typed), the box
        // says why, and the results come by themselves.
        if (loaded !== true) {
          setText((now) => (now === '' ? query : now));
          return;
        }
        const found = (await searchProducts(localDb(), query)).hits[0];
        if (found) return pick(found, false, true);
        setMissing(query);
      };
      const mine = scans.current.then(lookup);
      scans.current = mine.catch(() => undefined);
      return mine;
    };

    const onEnter = async () => {
      const query = text.trim();
      if (query === '') return;
      const listed = result?.query === query ? result.hits[active] : undefined;
      if (listed) return pick(listed);
      if (/^\d{8,14}$/.test(query)) return onScan(query);
      // The catalogue is still loading: the text stays, the box says why, and the results come by themselves (an
      // Enter now must not add whatever the search finds once the load ends).
      if (loaded !== true) return;
      const found = (await searchProducts(localDb(), query)).hits[0];
      if (found) return pick(found);
      setMissing(query);
      clear();
    };

    // The codes scanned while the box was not there (the finished sale was leaving the screen), in their order.
    const seededRun = useRef(false);
    useEffect(() => {
      if (seededRun.current) return;
      seededRun.current = true;
      for (const code of seeded.codes) {
        // A code is looked up; typed words stay in the box for the cashier to choose from the list.
        if (/^\d{8,14}$/.test(code)) void scanGate.track(onScan(code, false));
        else setText(code);
      }
      // Once, with the box as it first appeared.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);

    const hits = result && result.query === text.trim() ? result.hits : [];
    const searched = result !== null && result.query === text.trim();
    const notice = searchNotice({ loaded, query: text.trim(), searched, hits: hits.length });
    return (
      <div>
        <TextInput
          ref={ref}
          label={
            <Group gap={6} component="span">
              Pesquisar produto <Kbd size="xs">F2</Kbd>
            </Group>
          }
          aria-label="Pesquisar produto"
          placeholder="Código de barras, SKU ou descrição"
          value={text}
          autoComplete="off"
          size="md"
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPage(0);
            setMissing(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              // Tracked: a key pressed right after (F10, F8...) acts once this line is in the sale.
              void scanGate.track(onEnter());
            } else if (event.key === 'ArrowDown' && hits.length > 0) {
              event.preventDefault();
              setActive((a) => Math.min(a + 1, hits.length - 1));
            } else if (event.key === 'ArrowUp' && hits.length > 0) {
              event.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (event.key === 'PageDown' && result?.more) {
              event.preventDefault();
              setPage((p) => p + 1);
            } else if (event.key === 'PageUp' && page > 0) {
              event.preventDefault();
              setPage((p) => p - 1);
            } else if (event.key === 'Escape' && text !== '') {
              event.stopPropagation();
              clear();
            }
          }}
        />
        {missing !== null && (
          <Text role="alert" c="red" mt={4}>
            {NOT_FOUND} Confira o código digitado, se o produto está ativo e se a cópia local terminou de carregar.
          </Text>
        )}
        {missing === null && notice === 'loading' && (
          <Text role="status" c="dimmed" mt={4}>
            {CATALOG_LOADING}
          </Text>
        )}
        {missing === null && notice === 'notFound' && (
          <Text c="dimmed" mt={4}>
            {NOT_FOUND}
          </Text>
        )}
        {hits.length > 0 && (
          <Paper withBorder mt={4} style={{ maxHeight: 320, overflow: 'auto' }}>
            <Table highlightOnHover aria-label="Produtos encontrados">
              <Table.Tbody>
                {hits.map((hit, index) => (
                  <Table.Tr
                    key={hit.id_produto_grade_filial}
                    bg={index === active ? 'var(--mantine-primary-color-light)' : undefined}
                    aria-selected={index === active}
                    style={{ cursor: 'pointer' }}
                    onClick={() => void pick(hit)}
                  >
                    <Table.Td>{hit.descricao}</Table.Td>
                    <Table.Td c="dimmed">{hit.sku ?? ''}</Table.Td>
                    <Table.Td c="dimmed">{hit.codigo_barras ?? ''}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(hit.preco_venda)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" p={4}>
              Página {page + 1}
              {result?.more ? ' · PageDown: próxima' : ''}
              {page > 0 ? ' · PageUp: anterior' : ''}
            </Text>
          </Paper>
        )}
      </div>
    );
  }),
);
