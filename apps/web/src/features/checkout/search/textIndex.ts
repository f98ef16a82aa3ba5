/**
 * The in-memory word index of the point of sale's product search. The local copy's schema is fixed (Dexie version
 * 40, 000 §3.1) and has no index on descriptions, so a description search would have to read every product; this
 * index answers it from memory instead.
 *
 * A document is a variation (grid row, keyed by id_produto_grade): its product's description and SKU plus its own
 * description (unless it is the product's default variation) and SKU. Text is folded (accents and case removed:
 * "Calça" = "calca") and split into words. A query matches a variation when every word of the query begins a word of
 * the variation ("cam az" finds "Camiseta Azul"). Results come in a stable order (the order in which the variations
 * were first indexed, which is their key order when the index is built from the table).
 *
 * Postings (word -> variations) only grow: when a row changes, the new words are added and the old postings are
 * left behind; every candidate is checked against its current text before it is returned, so a stale posting costs
 * a check, never a wrong result.
 */
import { variationName } from '@pdv/domain/variation';

/** Lower-case, without accents: "Calça Básica" -> "calca basica". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The distinct words of a text, folded; anything but letters and digits separates words. */
export function tokenize(text: string): string[] {
  const words = fold(text).split(/[^a-z0-9]+/);
  return [...new Set(words.filter((w) => w !== ''))];
}

/** What the index reads of a product. */
export interface ProductWords {
  id_produto: number;
  descricao: string;
  sku: string | null;
  /** Active and not deleted: only live products are found. */
  live: boolean;
}

/** What the index reads of a variation. */
export interface GridWords {
  id_produto_grade: number;
  id_produto: number;
  descricao: string | null;
  sku: string | null;
  /** The product's default variation: its own description is not part of the name. */
  is_padrao: boolean;
  live: boolean;
}

export interface SearchPage {
  /** id_produto_grade of the variations found, in index order. */
  ids: number[];
  more: boolean;
}

interface ProductEntry {
  /** ' ' + the product's words joined by spaces: a word begins at every ' '. */
  text: string;
  live: boolean;
  /** Ordinals of the product's variations. */
  ords: number[];
}

/** A word matching more than this share of the variations is checked by a scan in order instead of its postings. */
const SCAN_SHARE = 0.25;

const padded = (words: string[]) => (words.length === 0 ? ' ' : ` ${words.join(' ')}`);

export class ProductTextIndex {
  private readonly ordOf = new Map<number, number>();
  private readonly gridIds: number[] = [];
  private readonly gridProduct: number[] = [];
  private readonly gridText: string[] = [];
  private readonly gridLive: boolean[] = [];
  private readonly products = new Map<number, ProductEntry>();
  private readonly postings = new Map<string, number[]>();
  /** Words whose postings may be out of order or hold repeats. */
  private readonly unsorted = new Set<string>();
  private sortedWords: string[] = [];
  /** Words added since sortedWords was last merged. */
  private newWords: string[] = [];
  private liveCount = 0;

  /** Variations that can be found (live, whatever their product). */
  get size(): number {
    return this.liveCount;
  }

  putProduct(doc: ProductWords): void {
    const text = padded(tokenize(`${doc.descricao} ${doc.sku ?? ''}`));
    const entry = this.products.get(doc.id_produto);
    if (entry && entry.text === text && entry.live === doc.live) return;
    const ords = entry?.ords ?? [];
    this.products.set(doc.id_produto, { text, live: doc.live, ords });
    if (!doc.live) return;
    const words = text.split(' ').filter((w) => w !== '');
    for (const ord of ords) {
      if (!this.gridLive[ord]) continue;
      for (const word of words) this.post(word, ord);
    }
  }

  removeProduct(id_produto: number): void {
    const entry = this.products.get(id_produto);
    if (entry) entry.live = false;
  }

  putGrid(doc: GridWords): void {
    let ord = this.ordOf.get(doc.id_produto_grade);
    if (ord === undefined) {
      ord = this.gridIds.length;
      this.ordOf.set(doc.id_produto_grade, ord);
      this.gridIds.push(doc.id_produto_grade);
      this.gridProduct.push(doc.id_produto);
      this.gridText.push(' ');
      this.gridLive.push(false);
      this.productEntry(doc.id_produto).ords.push(ord);
    } else if (this.gridProduct[ord] !== doc.id_produto) {
      const before = this.products.get(this.gridProduct[ord] ?? -1);
      if (before) before.ords = before.ords.filter((o) => o !== ord);
      this.gridProduct[ord] = doc.id_produto;
      this.productEntry(doc.id_produto).ords.push(ord);
    }
    const own = tokenize(`${variationName(doc) ?? ''} ${doc.sku ?? ''}`);
    this.gridText[ord] = padded(own);
    if (this.gridLive[ord] !== doc.live) this.liveCount += doc.live ? 1 : -1;
    this.gridLive[ord] = doc.live;
    if (!doc.live) return;
    for (const word of own) this.post(word, ord);
    const product = this.products.get(doc.id_produto);
    if (product?.live) for (const word of product.text.split(' ')) if (word !== '') this.post(word, ord);
  }

  removeGrid(id_produto_grade: number): void {
    const ord = this.ordOf.get(id_produto_grade);
    if (ord === undefined || !this.gridLive[ord]) return;
    this.gridLive[ord] = false;
    this.liveCount -= 1;
  }

  /**
   * Up to `limit` variations matching every word of `query`, skipping the first `offset`, and whether more follow.
   * The word with the fewest postings drives; the others are checked on each candidate's text.
   */
  search(query: string, offset: number, limit: number): SearchPage {
    const words = tokenize(query);
    if (words.length === 0 || limit <= 0) return { ids: [], more: false };
    this.mergeNewWords();
    const needles = words.map((w) => ` ${w}`);
    const wanted = offset + limit;
    const found: number[] = [];
    const take = (ord: number): boolean => {
      if (!this.matches(ord, needles)) return false;
      found.push(ord);
      return found.length > wanted;
    };

    const threshold = Math.max(1, Math.floor(this.gridIds.length * SCAN_SHARE));
    let driver: string[] | null = null;
    let driverCount = Infinity;
    for (const word of words) {
      const { matched, count } = this.prefixRange(word, Math.min(driverCount, threshold + 1));
      if (matched.length === 0) return { ids: [], more: false };
      if (count < driverCount) {
        driver = matched;
        driverCount = count;
      }
    }

    if (driver === null || driverCount > threshold) {
      for (let ord = 0; ord < this.gridIds.length; ord += 1) if (take(ord)) break;
    } else {
      for (const ord of this.candidates(driver)) if (take(ord)) break;
    }
    const page = found.slice(offset, wanted).map((ord) => this.gridIds[ord] ?? -1);
    return { ids: page, more: found.length > wanted };
  }

  private productEntry(id_produto: number): ProductEntry {
    let entry = this.products.get(id_produto);
    if (!entry) {
      entry = { text: ' ', live: false, ords: [] };
      this.products.set(id_produto, entry);
    }
    return entry;
  }

  private post(word: string, ord: number): void {
    const list = this.postings.get(word);
    if (!list) {
      this.postings.set(word, [ord]);
      this.newWords.push(word);
      return;
    }
    const last = list[list.length - 1];
    if (last === ord) return;
    list.push(ord);
    if (last !== undefined && last > ord) this.unsorted.add(word);
  }

  private matches(ord: number, needles: readonly string[]): boolean {
    if (!this.gridLive[ord]) return false;
    const product = this.products.get(this.gridProduct[ord] ?? -1);
    if (!product?.live) return false;
    const own = this.gridText[ord] ?? ' ';
    return needles.every((n) => product.text.includes(n) || own.includes(n));
  }

  /** Folds the words added since the last search into the sorted list (a merge, not a full sort). */
  mergeNewWords(): void {
    if (this.newWords.length === 0) return;
    const added = this.newWords.sort();
    this.newWords = [];
    const old = this.sortedWords;
    const merged: string[] = new Array<string>(old.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < old.length && j < added.length) merged[k++] = (old[i] as string) <= (added[j] as string) ? (old[i++] as string) : (added[j++] as string);
    while (i < old.length) merged[k++] = old[i++] as string;
    while (j < added.length) merged[k++] = added[j++] as string;
    this.sortedWords = merged;
  }

  /** The indexed words beginning with `prefix`, and their postings counted up to `cap`. */
  private prefixRange(prefix: string, cap: number): { matched: string[]; count: number } {
    const words = this.sortedWords;
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((words[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const matched: string[] = [];
    let count = 0;
    for (let i = lo; i < words.length; i += 1) {
      const word = words[i] as string;
      if (!word.startsWith(prefix)) break;
      matched.push(word);
      if (count <= cap) count += this.postings.get(word)?.length ?? 0;
    }
    return { matched, count };
  }

  /** The ordinals posted under any of `words`, ascending, each once. */
  private candidates(words: readonly string[]): Iterable<number> {
    if (words.length === 1) {
      const word = words[0] as string;
      const list = this.postings.get(word) ?? [];
      if (this.unsorted.has(word)) {
        const clean = [...new Set(list)].sort((a, b) => a - b);
        this.postings.set(word, clean);
        this.unsorted.delete(word);
        return clean;
      }
      return list;
    }
    let total = 0;
    for (const word of words) total += this.postings.get(word)?.length ?? 0;
    const all = new Int32Array(total);
    let at = 0;
    for (const word of words) {
      const list = this.postings.get(word);
      if (list) for (const ord of list) all[at++] = ord;
    }
    all.sort();
    const unique: number[] = [];
    for (let i = 0; i < all.length; i += 1) if (i === 0 || all[i] !== all[i - 1]) unique.push(all[i] as number);
    return unique;
  }
}
