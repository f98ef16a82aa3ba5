/** What the localdb bench's page measures (page.ts), read by bench/localdb.bench.ts; and the raw insert in the app's page. */
export interface PageFigures {
  rows: number;
  engineMs: number;
  rawMs: number;
  indexMs: number;
  /** The search per variation (searchVariations: every search of the app), top 25. */
  variationP95: number;
  variationHits: Record<string, number>;
  barcodeP95: number;
  keyLookupP95: number;
}

/** The raw SQLite insert of the app's copy in its own page (copy-baseline.ts), read by bench/sync-browser.bench.ts. */
export interface RawInsert {
  /** Rows inserted, over every table. */
  rows: number;
  /** Time spent inserting them (the reads and drops not counted). */
  ms: number;
  /** Rows per table: what the app's copy held. */
  counts: Record<string, number>;
}
