import type { FastifyInstance } from 'fastify';
import { SIGNATURE_HEADER } from '../../providers/payments/webhook-signature.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { mpesaCallbackReceive, webhookReceive } from './webhook.service.ts';

/**
 * Provider notifications. They live in their own scope whose JSON parser keeps the raw body as a string: the
 * signature is over the exact bytes received, which a parse-and-re-encode would not reproduce.
 */
export async function webhookRoutes(app: FastifyInstance, deps: PaymentsDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/api/piranha/finance/webhook/:provider', async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      const answer = await webhookReceive(
        deps,
        { provider: request.params.provider, rawBody, remoteAddress: request.ip, log: request.log },
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.status(answer.status).send(answer.body);
    });
    scope.post<{ Params: { token: string } }>('/api/piranha/finance/webhook/mpesa/:token', async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const answer = await mpesaCallbackReceive(deps, { provider: 'mpesa', rawBody, remoteAddress: request.ip, log: request.log }, request.params.token);
      return reply.status(answer.status).send(answer.body);
    });
  });
}
