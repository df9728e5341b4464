import { opsSaferHistoryQuery, saferBlockSet, saferHeartbeat, saferLimitSet, saferState, saferStatement } from '@piranha/contract';
import * as z from 'zod/mini';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { sessionsChanged } from '../session/sessions-changed.ts';
import { saferBlockSetPost, saferHeartbeatPost, saferHistoryGet, saferLimitSetPost, saferStateGet, saferStatementGet } from './safer-play.service.ts';

/** Safer play (issue 20, decision 027): the player's tools, and the operator's read of a player's history. */
export function saferPlayRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
  routeRegister(app, deps, saferState, ({ user }) => saferStateGet(deps, user));
  routeRegister(app, deps, saferLimitSet, ({ user, body }) => saferLimitSetPost(deps, user, body));
  routeRegister(app, deps, saferBlockSet, async ({ user, body }) => {
    const state = await saferBlockSetPost(deps, user, body);
    // A time-out or self-exclusion closes the player's sockets on every node, and no new one opens meanwhile (decision 041).
    await sessionsChanged(deps.realtime, { uid: user.uid, reason: 'safer_block' });
    return state;
  });
  routeRegister(app, deps, saferHeartbeat, ({ user }) => saferHeartbeatPost(deps, user));
  routeRegister(app, deps, saferStatement, ({ user, query }) => saferStatementGet(deps, user, Number(query.days)));

  // Operators: off unless OPS_TOKEN is set.
  app.get('/api/ops/safer_play/history', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const parsed = z.safeParse(opsSaferHistoryQuery, request.query);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: parsed.error.issues[0]?.path.join('.') || 'uid' });
    return envelopeOk(await saferHistoryGet(deps.db, Number(parsed.data.uid), 0));
  });
}
