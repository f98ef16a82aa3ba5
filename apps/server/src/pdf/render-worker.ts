/** Entry of the server's PDF render workers (render-pool.ts): pdfmake runs here, never on the request loop. */
import { renderPdfJob, type PdfJob } from './render-jobs.ts';
import { serveRenderJobs } from './render-protocol.ts';

serveRenderJobs<PdfJob>(renderPdfJob);
