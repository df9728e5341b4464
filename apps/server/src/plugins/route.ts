import { COMMON_PARAM_NAMES, HEADER_IDEMPOTENCY_KEY, uidParse, type Endpoint, type EndpointData } from '@piranha/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodObject, type $ZodError, type $ZodType } from 'zod/v4/core';
import * as z from 'zod/mini';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/client.ts';
import type { MoneyActionGuard } from '../modules/account/account-session.service.ts';
import { sessionAuthenticate } from '../modules/session/session.service.ts';
import { envelopeError, envelopeOk } from './error-handler.ts';
import { idempotencyClaim, idempotencyComplete, idempotencyRelease, requestHashOf, type IdempotencyClaim } from './idempotency.ts';
import { rateLimitCheck, type RateLimitStore } from './rate-limit.ts';
import type { RequestContext, SessionUser } from './request-context.ts';

export interface RouteDeps {
  db: Db;
  rateStore: RateLimitStore;
  rateLimitPerUser: number;
  now: () => Date;
  /** Call before moving money for the signed-in player: idle sessions must sign in again (modules/account/README.md). */
  moneyActionGuard: MoneyActionGuard;
}

export interface HandlerInput<E extends Endpoint> {
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  ctx: RequestContext;
  user: E['auth'] extends 'user' ? SessionUser : SessionUser | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

const COMMON = new Set<string>(COMMON_PARAM_NAMES);
const idempotencyKeySchema = z.string().check(z.minLength(8), z.maxLength(255));

function validationError(where: 'query' | 'body', error: $ZodError): AppError {
  const issue = error.issues[0];
  const keys = issue && 'keys' in issue ? (issue.keys as string[]) : [];
  const field = keys[0] ?? issue?.path.join('.') ?? '';
  return new AppError('VALIDATION_FAILED', { field: field || where, issue: issue?.code ?? 'invalid' });
}

export function queryParse<E extends Endpoint>(definition: E, raw: unknown): z.output<E['query']> {
  const query = (raw ?? {}) as Record<string, unknown>;
  const own: Record<string, unknown> = {};
  const shape = definition.query instanceof $ZodObject ? (definition.query._zod.def.shape as Record<string, $ZodType>) : {};
  for (const [name, value] of Object.entries(query)) {
    if (Object.hasOwn(shape, name)) own[name] = value;
    // An unknown parameter is a client bug or a probe: name it rather than silently ignore it.
    else if (!COMMON.has(name)) throw new AppError('VALIDATION_FAILED', { field: name, issue: 'unrecognized_keys' });
  }
  const parsed = definition.query.safeParse(own);
  if (!parsed.success) throw validationError('query', parsed.error);
  return parsed.data as z.output<E['query']>;
}

export function bodyParse<E extends Endpoint>(definition: E, raw: unknown): z.output<E['body']> {
  if (definition.method === 'GET') return undefined as z.output<E['body']>;
  // Body schemas in the contract are strict objects: an unknown field is refused with its name.
  const parsed = definition.body.safeParse(raw ?? {});
  if (!parsed.success) throw validationError('body', parsed.error);
  return parsed.data as z.output<E['body']>;
}

async function userOf(deps: RouteDeps, definition: Endpoint, ctx: RequestContext): Promise<SessionUser | undefined> {
  if (definition.auth === 'none') return undefined;
  const uid = uidParse(ctx.params.uid);
  if (definition.auth === 'optional' && (uid === undefined || !ctx.params.sid)) return undefined;
  try {
    return await sessionAuthenticate(deps.db, uid, ctx.params.sid, deps.now());
  } catch (error) {
    // An optional session that has expired is simply absent; only routes that need a user answer 604.
    if (definition.auth === 'optional' && error instanceof AppError) return undefined;
    throw error;
  }
}

/** Whose key it is: the user, else the device, else the address — so strangers' keys can never collide. */
function idempotencyScope(ctx: RequestContext, user: SessionUser | undefined, ip: string): string {
  if (user) return `u:${user.uid}`;
  return ctx.params.smid ? `d:${ctx.params.smid}` : `ip:${ip}`;
}

/**
 * Registers one endpoint of the contract: authenticate, rate-limit the user, validate, apply the
 * idempotency key, call the handler, wrap the envelope. Handlers only see parsed input.
 */
export function routeRegister<E extends Endpoint>(
  app: FastifyInstance,
  deps: RouteDeps,
  definition: E,
  handler: (input: HandlerInput<E>) => Promise<EndpointData<E>>,
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const user = await userOf(deps, definition, ctx);
      ctx.user = user;
      if (user) await rateLimitCheck(deps.rateStore, `user:${user.uid}`, deps.rateLimitPerUser);
      const query = queryParse(definition, request.query);
      const body = bodyParse(definition, request.body);
      if (definition.moneyAction && user) await deps.moneyActionGuard(deps.db, { user, appKey: ctx.variant.appKey }, deps.now());

      const keyHeader = request.headers[HEADER_IDEMPOTENCY_KEY];
      let claim: IdempotencyClaim | undefined;
      if (definition.idempotency) {
        if (keyHeader === undefined && definition.idempotency === 'required')
          throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key', issue: 'missing' });
        if (keyHeader !== undefined) {
          const key = idempotencyKeySchema.safeParse(keyHeader);
          if (!key.success) throw new AppError('VALIDATION_FAILED', { field: 'Idempotency-Key', issue: 'invalid' });
          claim = {
            key: key.data,
            route: definition.path,
            scope: idempotencyScope(ctx, user, request.ip),
            requestHash: requestHashOf(definition.method, definition.path, body),
          };
          const outcome = await idempotencyClaim(deps.db, claim, deps.now());
          if (outcome.kind === 'replay') return reply.header('idempotent-replayed', 'true').send(outcome.body);
        }
      }

      try {
        const data = await handler({ query, body, ctx, user: user as HandlerInput<E>['user'], request, reply });
        const envelope = envelopeOk(data);
        if (claim) await idempotencyComplete(deps.db, claim, envelope);
        return envelope;
      } catch (error) {
        if (claim) {
          // An expected refusal is the answer to this key, as Stripe keeps it; an unexpected failure frees the key.
          if (error instanceof AppError) await idempotencyComplete(deps.db, claim, envelopeError(error, ctx.locale));
          else await idempotencyRelease(deps.db, claim);
        }
        throw error;
      }
    },
  });
}
