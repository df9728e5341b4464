import {
  messageGet,
  messageList,
  messageReadBatch,
  messageTopBarClose,
  messageUnreadCount,
  opsMessagePublishBody,
  opsMessageWithdrawBody,
  z,
} from '@piranha/contract';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { etagMatches } from '../../plugins/poll-lane.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { messagesCacheCreate } from './messages-cache.ts';
import { opsMessagePublish, opsMessageWithdraw } from './messages-ops.service.ts';
import { messageGetOne, messageListGet, messageReadBatchPost, messageTopBarCloseGet, messageUnreadCountGet } from './messages.service.ts';

/** The message endpoints (spec §7 Messages) and the operator's publish and withdraw (decision 028). */
/** The polled GETs: their answers carry an ETag, and an unchanged one is a 304 without a body. */
const POLLED = new Set([messageList.path, messageUnreadCount.path]);

export function messagesRoutes(app: FastifyInstance, routeDeps: RouteDeps & { opsToken: string | undefined }): void {
  // One cache per app instance (node): the polls answer from it, publish, withdraw and reads on this node drop it.
  const deps = { ...routeDeps, cache: messagesCacheCreate() };
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
    void reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
  routeRegister(app, deps, messageList, ({ user, ctx, query }) => messageListGet(deps, user, ctx, query));
  routeRegister(app, deps, messageGet, ({ user, ctx, query }) => messageGetOne(deps, user, ctx, query.message_id));
  routeRegister(app, deps, messageReadBatch, ({ user, ctx, query }) => messageReadBatchPost(deps, user, ctx, query));
  routeRegister(app, deps, messageTopBarClose, ({ user, ctx }) => messageTopBarCloseGet(deps, user, ctx));
  routeRegister(app, deps, messageUnreadCount, ({ user, ctx }) => messageUnreadCountGet(deps, user, ctx));

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
