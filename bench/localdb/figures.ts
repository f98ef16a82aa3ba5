/** What the localdb bench's page measures (page.ts), read by bench/localdb.bench.ts. */
export interface PageFigures {
  rows: number;
  engineMs: number;
  rawMs: number;
  indexMs: number;
  searchP95: number;
  barcodeP95: number;
  keyLookupP95: number;
  searchHits: Record<string, number>;
}
