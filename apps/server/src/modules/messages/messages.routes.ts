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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { opsMessagePublish, opsMessageWithdraw } from './messages-ops.service.ts';
import { messageGetOne, messageListGet, messageReadBatchPost, messageTopBarCloseGet, messageUnreadCountGet } from './messages.service.ts';

/** The message endpoints (spec §7 Messages) and the operator's publish and withdraw (decision 028). */
export function messagesRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
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
