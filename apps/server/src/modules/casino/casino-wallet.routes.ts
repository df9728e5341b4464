import { HEADER_WALLET_PARTNER, HEADER_WALLET_SIGNATURE, SEAMLESS_WALLET_PATHS, type SeamlessResponse, type SeamlessWalletCall } from '@piranha/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { RATE_RETRY_AFTER_S, type ProviderRateLimit } from '../../plugins/rate-limit.ts';
import { seamlessCallSigned, seamlessHandle, type SeamlessWalletDeps } from './casino-wallet.service.ts';

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** What a call we could not answer gets: no balance we could vouch for. Studios retry or roll back on it. */
const UNKNOWN: SeamlessResponse = { user: '', status: 'RS_ERROR_UNKNOWN', request_uuid: '', currency: '', balance: 0 };

/**
 * The seamless-wallet endpoints for studios and aggregators. The JSON body is kept as the raw string (in this
 * plugin's scope only) because the signature covers the exact bytes. Answers are HTTP 200 with a status — except
 * when the call was not processed at all, which the studio must send again (or roll back, as Hub88 studios do on
 * an unknown answer): 429 with Retry-After when throttled, 500 when we failed. A signed call counts against its
 * partner's own budget, anything else against its address (`ProviderRateLimit`), never the players' per-IP limit.
 */
export async function casinoWalletRoutes(app: FastifyInstance, deps: SeamlessWalletDeps, limits: ProviderRateLimit): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error, trace_id: request.id }, 'seamless wallet call failed');
      return reply.status(status).send(UNKNOWN);
    });
    for (const [call, path] of Object.entries(SEAMLESS_WALLET_PATHS) as [SeamlessWalletCall, string][]) {
      scope.post(path, { config: { rateLimit: 'provider' } }, async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const partner = headerOf(request.headers[HEADER_WALLET_PARTNER]);
        const signature = headerOf(request.headers[HEADER_WALLET_SIGNATURE]);
        const signed = seamlessCallSigned(deps, partner, signature, raw);
        const allowed = signed ? await limits.signed(`wallet:${partner}`) : await limits.unsigned(request.ip);
        if (!allowed) {
          request.log.warn({ partner, remote: request.ip, limited: signed ? 'provider' : 'ip' }, 'seamless wallet call throttled');
          return reply.status(429).header('retry-after', String(RATE_RETRY_AFTER_S)).send(UNKNOWN);
        }
        return seamlessHandle(deps, call, partner, signature, raw);
      });
    }
  });
}
