import { activityDetail, activityList, activityReceive, opsActivityCreateBody, opsActivityEditBody } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { opsBodyParse } from '../../plugins/ops-body.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { activityDetailGet, activityListGet, activityReceivePost, opsActivityCreate, opsActivityEdit } from './activity.service.ts';

/** Activity endpoints (spec §7 /api/piranha/activity: list, detail, receive; issue 19) and the operator's create and edit. */
export function activityRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
  routeRegister(app, deps, activityList, ({ user, ctx }) => activityListGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, activityDetail, ({ user, query, ctx }) => activityDetailGet(deps, user, ctx.variant.appKey, query.activity_id));
  routeRegister(app, deps, activityReceive, ({ user, body, ctx }) => activityReceivePost(deps, user, ctx.variant.appKey, body.activity_id, body.tier));

  app.post('/api/ops/activity/create', async (request) =>
    envelopeOk(await opsActivityCreate(deps, opsBodyParse(deps.opsToken, request, opsActivityCreateBody))),
  );
  app.post('/api/ops/activity/edit', async (request) => envelopeOk(await opsActivityEdit(deps, opsBodyParse(deps.opsToken, request, opsActivityEditBody))));
}
