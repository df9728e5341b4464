import {
  agentApply,
  agentBind,
  agentDaily,
  agentInfo,
  agentTeam,
  agentTransfer,
  agentTransferHistory,
  moneyRainCurrent,
  moneyRainGrab,
  opsAgentConfigBody,
  opsAgentSettleBody,
  opsMoneyRainBody,
} from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { opsBodyParse } from '../../plugins/ops-body.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import {
  agentApplyPost,
  agentBindPost,
  agentDailyGet,
  agentHistoryGet,
  agentInfoGet,
  agentTeamGet,
  agentTransferPost,
  opsAgentConfigSet,
  opsAgentSettle,
} from './agent.service.ts';
import { opsMoneyRainSchedule, rainCurrentGet, rainGrabPost } from './money-rain.service.ts';

/** The agent programme (spec §7 agent info, /agent/*, /thin/agent/*) and money rain, with their operator endpoints (decision 052). */
export function agentRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
  routeRegister(app, deps, agentInfo, ({ user, ctx }) => agentInfoGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, agentApply, ({ user, ctx }) => agentApplyPost(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, agentBind, ({ user, body, ctx }) => agentBindPost(deps, user, ctx.variant.appKey, body.code));
  routeRegister(app, deps, agentTeam, ({ user, query }) => agentTeamGet(deps, user, query.page ?? 1, query.page_size ?? 20));
  routeRegister(app, deps, agentDaily, ({ user, query, ctx }) => agentDailyGet(deps, user, ctx.variant.appKey, query.page ?? 1, query.page_size ?? 20));
  routeRegister(app, deps, agentTransfer, ({ user, ctx }) => agentTransferPost(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, agentTransferHistory, ({ user, query, ctx }) =>
    agentHistoryGet(deps, user, ctx.variant.appKey, query.page ?? 1, query.page_size ?? 20),
  );
  routeRegister(app, deps, moneyRainCurrent, ({ user, ctx }) => rainCurrentGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, moneyRainGrab, ({ user, body, ctx }) => rainGrabPost(deps, user, ctx.variant.appKey, body.rain_id));

  app.post('/api/ops/agent/config', async (request) => envelopeOk(await opsAgentConfigSet(deps, opsBodyParse(deps.opsToken, request, opsAgentConfigBody))));
  app.post('/api/ops/agent/settle', async (request) => envelopeOk(await opsAgentSettle(deps, opsBodyParse(deps.opsToken, request, opsAgentSettleBody))));
  app.post('/api/ops/money-rain/schedule', async (request) =>
    envelopeOk(await opsMoneyRainSchedule(deps, opsBodyParse(deps.opsToken, request, opsMoneyRainBody))),
  );
}
