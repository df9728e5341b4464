import { COMMON_PARAM_NAMES, HEADER_IDEMPOTENCY_KEY, uidParse, type Endpoint, type EndpointData } from '@piranha/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { $ZodLazy, $ZodObject, type $ZodError, type $ZodType } from 'zod/v4/core';
import * as z from 'zod/mini';
import { AppError } from '../app-error.ts';
import { rowsOf, type Db, type Tx } from '../db/client.ts';
import type { MoneyActionGuard } from '../modules/account/account-session.service.ts';
import { sessionAuthenticate, sessionAuthenticateRecent } from '../modules/session/session.service.ts';
import { envelopeError, envelopeOk } from './error-handler.ts';
import {
  idempotencyAbandon,
  idempotencyAnswerFinal,
  idempotencyAnswerInsertSql,
  idempotencyAnswerStore,
  idempotencyClaim,
  idempotencyComplete,
  idempotencyInFlightInsertSql,
  IdempotencyKeyTaken,
  idempotencyLeaseDrop,
  idempotencyLeaseHold,
  idempotencyRelease,
  idempotencyResolve,
  idempotencyStored,
  requestHashOf,
  type IdempotencyClaim,
} from './idempotency.ts';
import { rateLimitCheck, type RateLimitStore } from './rate-limit.ts';
import type { RealtimeBus } from '../realtime/realtime-bus.ts';
import type { SessionCache } from '../modules/session/session-cache.ts';
import type { RequestContext, SessionUser } from './request-context.ts';

export interface RouteDeps {
  db: Db;
  rateStore: RateLimitStore;
  rateLimitPerUser: number;
  now: () => Date;
  /** Call before moving money for the signed-in player: idle sessions must sign in again (modules/account/README.md). */
  moneyActionGuard: MoneyActionGuard;
  /** The real-time socket's events (decision 036): published after the facts commit, never inside a transaction. */
  realtime: Pick<RealtimeBus, 'publish' | 'listen' | 'signal' | 'onSignal'>;
  /** The per-node session cache (decision 041) for routes registered with `sessionCached`; without it they read the database. */
  sessions?: SessionCache;
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
  /** Set for routes registered with `resumable` when the request carries an Idempotency-Key. */
  claim?: ClaimInTransaction | undefined;
}

/**
 * The key's claim, written by a `resumable` handler in the transaction (or statement) that commits its effect, naming
 * that effect. Both throw or signal IdempotencyKeyTaken when another request holds or answered the key: the handler
 * then writes nothing (or rolls back) and the route answers for that key.
 */
export interface ClaimInTransaction {
  /** Claims the key inside `tx` for the effect `ref`; throws IdempotencyKeyTaken when it is not free. */
  write: (tx: Tx, ref: string) => Promise<void>;
  /** The claim as SQL (a CTE body) for a statement of the handler's own; it returns a row when the key was claimed. */
  insertSql: (ref: SQL, from?: SQL) => SQL;
}

/** What a `resumable` route's `resume` is given: the retried request and what the dead process had committed. */
export type ResumeInput<E extends Endpoint> = Omit<HandlerInput<E>, 'answer' | 'claim'> & { ref: string };

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

export interface RouteOptions<E extends Endpoint = Endpoint> {
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
  /**
   * A read-only poll that may take the session from this node's session cache (decision 041: signals drop it on every
   * node when a session ends). Never for a route that moves money or changes the account.
   */
  sessionCached?: boolean;
  /**
   * For handlers that commit their effect and then still have work outside that transaction (a payment provider's
   * call, a casino round's wallet calls). The handler claims the key in the transaction that commits the effect
   * (`claim.write` / `claim.insertSql`, naming it), so a crash leaves the key in flight with what committed; the final
   * answer is stored when the handler returns. A retry of a key whose process died (its lease lapsed) takes it over
   * and calls `resume` with the named effect: it finishes the remaining work if needed and answers the true outcome.
   * Decision 016.
   */
  resumable?: { resume: (input: ResumeInput<E>) => Promise<EndpointData<E>> };
  /**
   * Whose the key is, for routes whose caller is not the signed-in user of the request (a game token's player):
   * answers the scope (`u:<uid>`), or throws the refusal when it cannot tell.
   */
  idempotencyScope?: (input: { query: z.output<E['query']>; body: z.output<E['body']>; ctx: RequestContext }) => Promise<string>;
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
  // A query built on first use (the contract's `deferred`, decision 091) names its fields once built.
  const schema: $ZodType = definition.query instanceof $ZodLazy ? definition.query._zod.innerType : definition.query;
  const shape = schema instanceof $ZodObject ? (schema._zod.def.shape as Record<string, $ZodType>) : {};
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

async function userOf<E extends Endpoint>(deps: RouteDeps, definition: E, ctx: RequestContext, options: RouteOptions<E>): Promise<SessionUser | undefined> {
  if (definition.auth === 'none') return undefined;
  const uid = uidParse(ctx.params.uid);
  if (definition.auth === 'optional' && (uid === undefined || !ctx.params.sid)) return undefined;
  try {
    if (options.sessionRecheckedByHandler && definition.auth === 'user') return await sessionAuthenticateRecent(deps.db, uid, ctx.params.sid, deps.now());
    if (options.sessionCached && deps.sessions) return await deps.sessions.authenticate(deps.db, uid, ctx.params.sid, deps.now());
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
  options: RouteOptions<E> = {},
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
            scope: options.idempotencyScope ? await options.idempotencyScope({ query, body, ctx }) : idempotencyScope(ctx, user, request.ip),
            requestHash: requestHashOf(definition.method, definition.path, body),
          };
          const input = { query, body, ctx, user: user as HandlerInput<E>['user'], request, reply };
          if (options.answerInTransaction) return answeredInTransaction(deps, claim, input, handler);
          if (options.resumable) return answeredResumable(deps, claim, input, handler, options.resumable.resume);
          const outcome = await idempotencyClaim(deps.db, claim, deps.now());
          if (outcome.kind === 'replay') return replay(reply, outcome.body);
        }
      }

      // A claimed key is this process's until it answers: its lease is renewed meanwhile, so no retry takes it over.
      if (claim) idempotencyLeaseHold(deps.db, claim, deps.now);
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
      } finally {
        if (claim) idempotencyLeaseDrop(deps.db, claim);
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

/**
 * An idempotent request whose handler commits its effect with the key claimed in flight, then finishes outside that
 * transaction (RouteOptions.resumable, decision 016). The final answer — a success or an expected refusal — replaces
 * the claim. An unexpected failure ends the claim's lease at once (the effect, if committed, stays named on the key).
 * A key held or answered by another request is answered from there: replayed, REQUEST_IN_PROGRESS while its owner
 * lives, or taken over and resumed when its owner died.
 */
async function answeredResumable<E extends Endpoint>(
  deps: RouteDeps,
  claim: IdempotencyClaim,
  input: Omit<HandlerInput<E>, 'answer' | 'claim'>,
  handler: (input: HandlerInput<E>) => Promise<EndpointData<E>>,
  resume: (input: ResumeInput<E>) => Promise<EndpointData<E>>,
): Promise<unknown> {
  const now = deps.now();
  const inTransaction: ClaimInTransaction = {
    write: async (tx, ref) => {
      const rows = await rowsOfClaim(tx, idempotencyInFlightInsertSql(claim, sql`${ref}::text`, now));
      if (rows === 0) throw new IdempotencyKeyTaken();
    },
    insertSql: (ref, from) => idempotencyInFlightInsertSql(claim, ref, now, from),
  };
  idempotencyLeaseHold(deps.db, claim, deps.now);
  try {
    let data: EndpointData<E>;
    try {
      data = await handler({ ...input, claim: inTransaction });
    } catch (error) {
      if (error instanceof IdempotencyKeyTaken) return await answeredByOther(deps, claim, input, handler, resume);
      if (error instanceof AppError) {
        if (!(await idempotencyAnswerFinal(deps.db, claim, envelopeError(error, input.ctx.locale), deps.now())))
          return await answeredByOther(deps, claim, input, handler, resume);
        throw error;
      }
      await idempotencyAbandon(deps.db, claim, deps.now());
      throw error;
    }
    const envelope = envelopeOk(data);
    if (!(await idempotencyAnswerFinal(deps.db, claim, envelope, deps.now()))) return await answeredByOther(deps, claim, input, handler, resume);
    return envelope;
  } finally {
    idempotencyLeaseDrop(deps.db, claim);
  }
}

/** The answer of a key another request claimed: its stored answer, REQUEST_IN_PROGRESS, or its effect resumed here. */
async function answeredByOther<E extends Endpoint>(
  deps: RouteDeps,
  claim: IdempotencyClaim,
  input: Omit<HandlerInput<E>, 'answer' | 'claim'>,
  handler: (input: HandlerInput<E>) => Promise<EndpointData<E>>,
  resume: (input: ResumeInput<E>) => Promise<EndpointData<E>>,
): Promise<unknown> {
  const outcome = await idempotencyResolve(deps.db, claim, deps.now());
  // Gone meanwhile (a twin's claim rolled back): the key is free, so this request runs as a first one.
  if (!outcome) return answeredResumable(deps, claim, input, handler, resume);
  if (outcome.kind === 'replay') return replay(input.reply, outcome.body);
  // Taken over from a dead process that had committed nothing with the key (a claim from before this mode): free it.
  if (outcome.ref === null) {
    await idempotencyRelease(deps.db, claim);
    return answeredResumable(deps, claim, input, handler, resume);
  }
  let envelope;
  try {
    envelope = envelopeOk(await resume({ ...input, ref: outcome.ref }));
  } catch (error) {
    if (!(error instanceof AppError)) {
      await idempotencyAbandon(deps.db, claim, deps.now());
      throw error;
    }
    envelope = envelopeError(error, input.ctx.locale);
  }
  if (!(await idempotencyAnswerFinal(deps.db, claim, envelope, deps.now()))) {
    const stored = await idempotencyStored(deps.db, claim, deps.now());
    if (stored) return replay(input.reply, stored.body);
  }
  // What the dead process started is this retry's answer; it came from an earlier attempt, so it is marked a replay.
  return replay(input.reply, envelope);
}

async function rowsOfClaim(tx: Tx, statement: SQL): Promise<number> {
  return (await rowsOf(tx, statement, 'idempotency_claim_in_flight')).length;
}
