import { opsPushSendBody, pushRegister, pushReport, pushVapidKey } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { opsBodyParse } from '../../plugins/ops-body.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { opsPushSend, pushRegisterPost, pushReportGet, pushVapidKeyGet, type PushDeps } from './push.service.ts';

/** Web push endpoints (spec §7 push register and report) and the operator's send (decision 035). */
export function pushRoutes(app: FastifyInstance, deps: RouteDeps & PushDeps & { opsToken: string | undefined; trigger: () => void }): void {
  routeRegister(app, deps, pushVapidKey, () => pushVapidKeyGet(deps));
  routeRegister(app, deps, pushRegister, ({ user, ctx, body }) => pushRegisterPost(deps, user, ctx, body));
  routeRegister(app, deps, pushReport, ({ user, query }) => pushReportGet(deps, user, query));
  app.post('/api/ops/push/send', async (request) => envelopeOk(await opsPushSend(deps, opsBodyParse(deps.opsToken, request, opsPushSendBody))));
}
