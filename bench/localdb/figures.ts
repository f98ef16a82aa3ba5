/** What the localdb bench's page measures (page.ts), read by bench/localdb.bench.ts. */
export interface PageFigures {
  rows: number;
  engineMs: number;
  rawMs: number;
  indexMs: number;
  searchP95: number;
  /** The point of sale's search per variation (searchVariations), top 25. */
  variationP95: number;
  variationHits: Record<string, number>;
  barcodeP95: number;
  keyLookupP95: number;
  searchHits: Record<string, number>;
}
