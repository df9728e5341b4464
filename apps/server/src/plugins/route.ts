import { COMMON_PARAM_NAMES, HEADER_IDEMPOTENCY_KEY, uidParse, type Endpoint, type EndpointData } from '@piranha/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodObject, type $ZodError, type $ZodType } from 'zod/v4/core';
import * as z from 'zod/mini';
import { AppError } from '../app-error.ts';
import type { Db, Tx } from '../db/client.ts';
import type { MoneyActionGuard } from '../modules/account/account-session.service.ts';
import { sessionAuthenticate, sessionAuthenticateRecent } from '../modules/session/session.service.ts';
import { envelopeError, envelopeOk } from './error-handler.ts';
import {
  idempotencyAnswerInsertSql,
  idempotencyAnswerStore,
  idempotencyClaim,
  idempotencyComplete,
  IdempotencyKeyTaken,
  idempotencyRelease,
  idempotencyStored,
  requestHashOf,
  type IdempotencyClaim,
} from './idempotency.ts';
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
  /** Set for routes registered with `answerInTransaction` when the request carries an Idempotency-Key. */
  answer?: AnswerInTransaction | undefined;
}

/**
 * The idempotent answer of a request, written by the handler as the last statement of its own transaction: the
 * effect and its answer commit together. Throws IdempotencyKeyTaken when a twin answered first, which rolls the
 * transaction back; the route then replays the twin's answer.
 */
export interface AnswerInTransaction {
  write: (tx: Tx, data: unknown) => Promise<void>;
  /**
   * For a handler that writes everything as one statement: the key's insert as SQL (a CTE body) whose answer is the
   * envelope of `data` with the value at `fill.path` replaced by `fill.value` (SQL the statement computes, such as
   * a bet id drawn `from` a CTE). It returns a row when the key was claimed; the handler throws IdempotencyKeyTaken
   * when it was not (nothing else must have been written) and calls `written()` when it was.
   */
  insertSql: (data: unknown, fill: { path: readonly (string | number)[]; value: SQL }, from: SQL) => SQL;
  written: () => void;
}

export interface RouteOptions {
  /**
   * The handler does all its writing in one transaction (or one statement) and stores the answer in it
   * (`answer.write` / `answer.insertSql`), instead of the key being claimed in a transaction of its own first: an
   * accepted request commits once. A replay runs the handler again up to that write, which finds the key answered
   * and rolls back. Only for handlers whose every effect is inside that transaction.
   */
  answerInTransaction?: boolean;
  /**
   * The user's session may come from a read up to a few seconds old (`sessionAuthenticateRecent`, `user.recheck`):
   * only for handlers that move money solely through statements or transactions that check the session again.
   */
  sessionRecheckedByHandler?: boolean;
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

async function userOf(deps: RouteDeps, definition: Endpoint, ctx: RequestContext, options: RouteOptions): Promise<SessionUser | undefined> {
  if (definition.auth === 'none') return undefined;
  const uid = uidParse(ctx.params.uid);
  if (definition.auth === 'optional' && (uid === undefined || !ctx.params.sid)) return undefined;
  try {
    if (options.sessionRecheckedByHandler && definition.auth === 'user') return await sessionAuthenticateRecent(deps.db, uid, ctx.params.sid, deps.now());
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
  options: RouteOptions = {},
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    handler: async (request, reply) => {
      const ctx = request.ctx;
      const user = await userOf(deps, definition, ctx, options);
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
          if (options.answerInTransaction)
            return answeredInTransaction(deps, claim, { query, body, ctx, user: user as HandlerInput<E>['user'], request, reply }, handler);
          const outcome = await idempotencyClaim(deps.db, claim, deps.now());
          if (outcome.kind === 'replay') return replay(reply, outcome.body);
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

function replay(reply: FastifyReply, body: unknown): FastifyReply {
  return reply.header('idempotent-replayed', 'true').send(body);
}

/** The stored answer of a key that was answered meanwhile (by a twin request). */
async function replayStored(deps: RouteDeps, reply: FastifyReply, claim: IdempotencyClaim): Promise<FastifyReply> {
  const stored = await idempotencyStored(deps.db, claim, deps.now());
  if (!stored) throw new Error('idempotency key taken but no answer stored');
  return replay(reply, stored.body);
}

/**
 * An idempotent request whose handler writes its answer in its own transaction (RouteOptions.answerInTransaction):
 * the handler runs, and its write claims the key or finds it answered; a refusal is stored as the key's answer as
 * well, as Stripe keeps it. Whatever runs twice for a replay, only one answer and one effect are ever committed.
 */
async function answeredInTransaction<E extends Endpoint>(
  deps: RouteDeps,
  claim: IdempotencyClaim,
  input: Omit<HandlerInput<E>, 'answer'>,
  handler: (input: HandlerInput<E>) => Promise<EndpointData<E>>,
): Promise<unknown> {
  // No read first: a fresh request (nearly all) goes straight to its one write, and a replay finds the key taken
  // there — writing nothing, or rolling back — and then reads the stored answer.
  let written = false;
  const now = deps.now();
  const answer: AnswerInTransaction = {
    write: async (tx, data) => {
      if (!(await idempotencyAnswerStore(tx, claim, envelopeOk(data), now))) throw new IdempotencyKeyTaken();
      written = true;
    },
    insertSql: (data, fill, from) => {
      const path = ['data', ...fill.path].map(String);
      const body = sql`jsonb_set(${JSON.stringify(envelopeOk(data))}::jsonb, ${`{${path.join(',')}}`}::text[], ${fill.value})`;
      return idempotencyAnswerInsertSql(claim, body, now, from);
    },
    written: () => {
      written = true;
    },
  };
  let envelope;
  try {
    envelope = envelopeOk(await handler({ ...input, answer }));
  } catch (error) {
    if (error instanceof IdempotencyKeyTaken) return replayStored(deps, input.reply, claim);
    if (error instanceof AppError && !(await idempotencyAnswerStore(deps.db, claim, envelopeError(error, input.ctx.locale), deps.now())))
      return replayStored(deps, input.reply, claim);
    throw error;
  }
  // A success that wrote nothing in a transaction (nothing to write) still leaves its answer.
  if (!written && !(await idempotencyAnswerStore(deps.db, claim, envelope, deps.now()))) return replayStored(deps, input.reply, claim);
  return envelope;
}
