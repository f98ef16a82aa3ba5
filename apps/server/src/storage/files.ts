/**
 * GET /api/arquivo/<org>/<path>?exp=&sig=: a stored file (storage.ts), for a browser tab or a shared link that
 * carries no bearer token; the link is signed (fileLink). PDFs open inline. A wrong, expired or forged link and a
 * missing file answer the same 404.
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../http/handlers.ts';
import { HttpError } from '../http/errors.ts';
import { fileStorage, verifyFileLink } from './storage.ts';

export const FILE_NOT_FOUND = 'Arquivo não encontrado.';

/** Types a browser may show in the tab (PDFs, photos); anything else downloads. */
const INLINE = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

export function registerStoredFiles(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { org: string; '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/api/arquivo/:org/*',
    async (request, reply) => {
      const org = Number(request.params.org);
      const path = request.params['*'];
      const exp = Number(request.query.exp);
      if (!Number.isInteger(org) || org <= 0
        || !verifyFileLink(deps.fiscal.linkSecret, org, path, exp, String(request.query.sig ?? ''), deps.fiscal.now())) {
        throw new HttpError(404, FILE_NOT_FOUND);
      }
      const file = await fileStorage().get(org, path);
      if (!file) throw new HttpError(404, FILE_NOT_FOUND);
      const name = path.slice(path.lastIndexOf('/') + 1);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${INLINE.has(file.contentType) ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
