import { HEADER_WALLET_PARTNER, HEADER_WALLET_SIGNATURE, SEAMLESS_WALLET_PATHS, type SeamlessWalletCall } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { seamlessHandle, type SeamlessWalletDeps } from './casino-wallet.service.ts';

function headerOf(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The seamless-wallet endpoints for studios and aggregators. The JSON body is kept as the raw string (in this
 * plugin's scope only) because the signature covers the exact bytes. Answers are HTTP 200 with a status.
 */
export async function casinoWalletRoutes(app: FastifyInstance, deps: SeamlessWalletDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const [call, path] of Object.entries(SEAMLESS_WALLET_PATHS) as [SeamlessWalletCall, string][]) {
      scope.post(path, async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        return seamlessHandle(deps, call, headerOf(request.headers[HEADER_WALLET_PARTNER]), headerOf(request.headers[HEADER_WALLET_SIGNATURE]), raw);
      });
    }
  });
}
