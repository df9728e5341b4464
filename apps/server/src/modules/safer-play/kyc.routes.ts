import { kycState, kycSubmit } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { KYC_WEBHOOK_PATH } from '../../providers/kyc/sandbox-idp.ts';
import { SIGNATURE_HEADER } from '../../providers/payments/webhook-signature.ts';
import { kycStateGet, kycSubmitPost, kycWebhookReceive, type KycDeps } from './kyc.service.ts';

/** Two base64 photos of at most 2 MB and a few fields: the submit route alone reads bodies this large. */
const SUBMIT_BODY_LIMIT = 6 * 1024 * 1024;

/** Identity checks (decision 037): the player's state and submission, and the identity provider's signed notices. */
export async function kycRoutes(app: FastifyInstance, deps: RouteDeps & KycDeps): Promise<void> {
  routeRegister(app, deps, kycState, ({ user }) => kycStateGet(deps, user));
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    // Fastify's own JSON parser (it refuses __proto__ and constructor.prototype keys), with a larger limit.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: SUBMIT_BODY_LIMIT }, scope.getDefaultJsonParser('error', 'error'));
    routeRegister(scope, deps, kycSubmit, ({ user, body }) => kycSubmitPost(deps, user, body));
  });
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(KYC_WEBHOOK_PATH, { config: { rateLimit: 'provider' } }, async (request, reply) => {
      const signature = request.headers[SIGNATURE_HEADER];
      const answer = await kycWebhookReceive(deps, typeof request.body === 'string' ? request.body : '', typeof signature === 'string' ? signature : undefined);
      return reply.status(answer.status).send(answer.body);
    });
  });
}
