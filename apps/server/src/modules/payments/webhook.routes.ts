import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../app-error.ts';
import { SIGNATURE_HEADER } from '../../providers/payments/webhook-signature.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { mpesaCallbackReceive, webhookReceive, type WebhookAnswer } from './webhook.service.ts';

const MPESA_CALLBACK_PATH = '/api/piranha/finance/webhook/mpesa/:token';

function send(reply: FastifyReply, answer: WebhookAnswer): FastifyReply {
  if (answer.retryAfterS !== undefined) void reply.header('retry-after', String(answer.retryAfterS));
  return reply.status(answer.status).send(answer.body);
}

/**
 * Provider notifications. They live in their own scope whose JSON parser keeps the raw body as a string: the
 * signature is over the exact bytes received, which a parse-and-re-encode would not reproduce. They are outside the
 * players' per-IP limit (`rateLimit: 'provider'`): the service counts them per provider, or per address when unproven.
 */
export async function webhookRoutes(app: FastifyInstance, deps: PaymentsDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    // A provider retries what does not answer 2xx, and only that: the players' envelope (HTTP 200 with dm_error 500)
    // would tell it the notification was delivered. Our failures answer 500; a request we cannot read, its 4xx.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status =
        error instanceof AppError ? 400 : error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error, trace_id: request.id }, 'payment notification failed');
      const answer = { status, body: { received: false, outcome: status === 500 ? 'error' : 'malformed' } };
      return send(reply, request.routeOptions.url === MPESA_CALLBACK_PATH ? { status, body: { ResultCode: 1, ResultDesc: 'Rejected' } } : answer);
    });
    scope.post<{ Params: { provider: string } }>('/api/piranha/finance/webhook/:provider', { config: { rateLimit: 'provider' } }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      const answer = await webhookReceive(
        deps,
        { provider: request.params.provider, rawBody, remoteAddress: request.ip, log: request.log },
        typeof signature === 'string' ? signature : undefined,
      );
      return send(reply, answer);
    });
    scope.post<{ Params: { token: string } }>(MPESA_CALLBACK_PATH, { config: { rateLimit: 'provider' } }, async (request, reply) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const answer = await mpesaCallbackReceive(deps, { provider: 'mpesa', rawBody, remoteAddress: request.ip, log: request.log }, request.params.token);
      return send(reply, answer);
    });
  });
}
