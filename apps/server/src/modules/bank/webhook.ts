/**
 * POST /api/bank-integration/webhook/{organization}/{key}/pix: where the PSP posts the Pix received (API Pix: the
 * registered URL + '/pix'). No session: the key in the path is HMAC(webhookKey, organization) (deps.ts), compared in
 * constant time; with the fake bank its body signature (x-fake-bank-signature) is checked too. Whatever the body says,
 * a charge is paid only when the bank confirms it (pix.ts processWebhook).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/handlers.ts';
import { HttpError } from '../../http/errors.ts';
import { sameSecret, webhookToken } from './deps.ts';
import { processWebhook } from './pix.ts';

export const WEBHOOK_PATH = '/api/bank-integration/webhook/:org/:key/pix';

export function registerBankWebhook(app: FastifyInstance, deps: Deps): void {
  void app.register((scoped, _options, done) => {
    // The raw body is needed for the signature: parsed here, not by the app's JSON parser.
    scoped.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256_000 }, (_req, body, done) => done(null, body));
    scoped.post<{ Params: { org: string; key: string } }>(WEBHOOK_PATH, async (request, reply) => {
      const org = Number(request.params.org);
      if (!Number.isInteger(org) || org <= 0 || !sameSecret(request.params.key, webhookToken(deps.bank, org))) throw new HttpError(401, 'Webhook não autorizado.');
      const raw = typeof request.body === 'string' ? request.body : '';
      if (deps.bank.signatureKey !== null) {
        const expected = createHmac('sha256', deps.bank.signatureKey).update(raw).digest('hex');
        if (!sameSecret(String(request.headers['x-fake-bank-signature'] ?? ''), expected)) throw new HttpError(401, 'Webhook não autorizado.');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'JSON inválido.');
      }
      const pagos = await processWebhook(deps.db, deps.bank, org, body);
      return reply.status(200).send({ pagos });
    });
    done();
  });
}
