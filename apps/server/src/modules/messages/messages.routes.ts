import {
  COMMON_PARAM_NAMES,
  messageGet,
  messageList,
  messageReadBatch,
  messageTopBarClose,
  messageUnreadCount,
  opsMessagePublishBody,
  opsMessageWithdrawBody,
} from '@piranha/contract';
import * as z from 'zod/mini';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { etagMatches, POLL_BODY_GUARD_HEADER_NAMES, PRIVATE_POLL_CACHE_CONTROL, type LaneAnswer, type PollLane } from '../../plugins/poll-lane.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { sidHash } from '../session/session.service.ts';
import { messagesCacheCreate } from './messages-cache.ts';
import { opsMessagePublish, opsMessageWithdraw } from './messages-ops.service.ts';
import { messageGetOne, messageListGet, messageReadBatchPost, messageTopBarCloseGet, messageUnreadCountGet, type PollBasis } from './messages.service.ts';

/** Poll answers the lane may repeat, per node (decision 041); oldest first out. */
const LANE_ANSWERS_MAX = 20_000;

const COMMON = new Set<string>(COMMON_PARAM_NAMES);
/** The endpoint's own query parameters (the common ones, `_t` among them, left out: locale and country are keyed apart). */
function ownQueryOf(query: unknown): string {
  return JSON.stringify(Object.entries((query ?? {}) as Record<string, unknown>).filter(([name]) => !COMMON.has(name)));
}

interface LaneEntry {
  answer: LaneAnswer;
  basis: PollBasis;
  sidHash: string;
}

/** The message endpoints (spec §7 Messages) and the operator's publish and withdraw (decision 028). */
/** The polled GETs: their answers carry an ETag, and an unchanged one is a 304 without a body. */
const POLLED = new Set([messageList.path, messageUnreadCount.path]);

export function messagesRoutes(app: FastifyInstance, routeDeps: RouteDeps & { opsToken: string | undefined; lane?: PollLane }): void {
  // One cache per app instance (node): the polls answer from it, publish, withdraw and reads on this node drop it.
  const deps = { ...routeDeps, cache: messagesCacheCreate() };
  const { lane, sessions } = routeDeps;
  // A sessions signal from any node (a time-out set on another node hides marketing): this node re-reads the player.
  routeDeps.realtime.onSignal((signal) => {
    if (signal.kind === 'sessions_changed') deps.cache.playerForget(signal.uid);
  });

  // The poll lane (decision 041): a repeat of a poll Fastify answered — same path, query, session headers or cookies —
  // is answered ahead of Fastify while the session is still in this node's session cache (signals drop it on every
  // node), the messages cache still holds the very reads the answer was built from, and the clock has not moved it.
  const laneAnswers = new Map<string, LaneEntry>();
  const basisOf = new WeakMap<object, PollBasis>();
  const lookup = (cacheKey: string): LaneAnswer | undefined => {
    const entry = laneAnswers.get(cacheKey);
    if (!entry || !sessions) return undefined;
    const nowMs = deps.now().getTime();
    const { basis } = entry;
    if (nowMs >= basis.validUntilMs || !sessions.peek(entry.sidHash, basis.uid, nowMs) || !deps.cache.current(basis.stamp, basis.uid, basis.appKey, nowMs)) {
      laneAnswers.delete(cacheKey);
      return undefined;
    }
    return entry.answer;
  };
  if (lane) for (const path of POLLED) lane.route('GET', path, lookup);
  // A message published on any node (the operator's, the product's event messages) drops this node's cached answer
  // before this node's sockets tell the page, so the page's next read shows it (decision 036; with the Redis bus).
  routeDeps.realtime.listen((topic, event) => {
    if (event.type !== 'message_new') return;
    if (topic.startsWith('player:')) deps.cache.playerForget(Number(topic.slice('player:'.length)));
    else if (topic.startsWith('brand:')) deps.cache.brandForget(topic.slice('brand:'.length));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !POLLED.has(request.routeOptions.url ?? '')) return payload;
    // Only a successful answer is revalidated; the body is the player's own, so caches outside the browser keep none.
    if (!payload.startsWith('{"dm_error":0,')) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url').slice(0, 22)}"`;
    void reply.header('etag', etag).header('cache-control', PRIVATE_POLL_CACHE_CONTROL);
    const basis = basisOf.get(request.raw);
    const sid = request.ctx.params.sid;
    if (lane && basis && sid) {
      // Everything the answer depends on beside the lane's own key: the player, the session, the query, language, country.
      const cacheKey = `${request.url.split('?', 1)[0]}|${basis.uid}|${sidHash(sid)}|${ownQueryOf(request.query)}|${request.ctx.locale}|${request.ctx.params.lca_coun ?? ''}`;
      laneAnswers.delete(cacheKey);
      if (laneAnswers.size >= LANE_ANSWERS_MAX) laneAnswers.delete(laneAnswers.keys().next().value as string);
      laneAnswers.set(cacheKey, { answer: { bytes: Buffer.from(payload), etag, private: { rateKey: `user:${basis.uid}` } }, basis, sidHash: sidHash(sid) });
      lane.remember(request.raw, cacheKey);
    }
    if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
    // A 304 repeats what the lane's does (decision 012): Cache-Control and the ETag, none of the body's guards.
    for (const name of POLL_BODY_GUARD_HEADER_NAMES) reply.removeHeader(name);
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
  const polled = { sessionCached: true };
  routeRegister(
    app,
    deps,
    messageList,
    ({ user, ctx, query, request }) => messageListGet(deps, user, ctx, query, (basis) => basisOf.set(request.raw, basis)),
    polled,
  );
  routeRegister(app, deps, messageGet, ({ user, ctx, query }) => messageGetOne(deps, user, ctx, query.message_id));
  routeRegister(app, deps, messageReadBatch, ({ user, ctx, query }) => messageReadBatchPost(deps, user, ctx, query));
  routeRegister(app, deps, messageTopBarClose, ({ user, ctx }) => messageTopBarCloseGet(deps, user, ctx));
  routeRegister(
    app,
    deps,
    messageUnreadCount,
    ({ user, ctx, request }) => messageUnreadCountGet(deps, user, ctx, (basis) => basisOf.set(request.raw, basis)),
    polled,
  );

  // Operators: off unless OPS_TOKEN is set.
  const opsBody = <S extends z.ZodMiniType>(request: FastifyRequest, schema: S): z.output<S> => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const parsed = z.safeParse(schema, request.body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
    return parsed.data;
  };
  app.post('/api/ops/message/publish', async (request) => envelopeOk(await opsMessagePublish(deps, opsBody(request, opsMessagePublishBody))));
  app.post('/api/ops/message/withdraw', async (request) => envelopeOk(await opsMessageWithdraw(deps, opsBody(request, opsMessageWithdrawBody))));
}
