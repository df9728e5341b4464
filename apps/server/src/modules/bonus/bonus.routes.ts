import {
  bonusBalance,
  bonusBoosterList,
  bonusBoosterUse,
  bonusRealTimeInfo,
  bonusHistory,
  bonusNew,
  bonusList,
  bonusUnlock as bonusUnlockEndpoint,
  bonusAwardDraw,
  bonusAwardList,
  bonusFreeRoundsAvailable,
  bonusFreeRoundsTotal,
  bonusFreeRoundsUnavailable,
  bonusPromotionList,
  opsCampaignCreateBody,
  opsCampaignStatusBody,
  opsCodeCreateBody,
  promoCodeCheck,
  promoCodeUse,
} from '@piranha/contract';
import * as z from 'zod/mini';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { boosterListGet, boosterUse } from './bonus-booster.service.ts';
import { realTimeInfoGet } from './bonus-offers.service.ts';
import { awardDraw, awardListGet, freeRoundsListGet, freeRoundsTotalGet, promotionListGet } from './bonus-rewards.service.ts';
import { opsCampaignCreate, opsCampaignStatus, opsCodeCreate } from './bonus-ops.service.ts';
import { bonusBalanceGet, bonusHistoryGet, bonusListGet, bonusNewGet, bonusUnlock, promoCodeCheckGet, promoCodeUsePost } from './bonus.service.ts';

/** The bonus endpoints (spec §7 Bonus): each parses with the contract and calls one service function. */
export function bonusRoutes(app: FastifyInstance, deps: RouteDeps & { opsToken: string | undefined }): void {
  routeRegister(app, deps, bonusList, ({ user, query }) => bonusListGet(deps, user, query.status, query.cursor));
  routeRegister(app, deps, bonusBalance, ({ user }) => bonusBalanceGet(deps, user));
  routeRegister(app, deps, bonusNew, ({ user }) => bonusNewGet(deps, user));
  routeRegister(app, deps, bonusHistory, ({ user, query }) => bonusHistoryGet(deps, user, query.cursor));
  routeRegister(app, deps, bonusUnlockEndpoint, ({ user, body }) => bonusUnlock(deps, user, body.bonus_id));
  routeRegister(app, deps, promoCodeCheck, ({ user, query, ctx }) => promoCodeCheckGet(deps, user, ctx.variant.appKey, query.code));
  routeRegister(app, deps, promoCodeUse, ({ user, body, ctx }) => promoCodeUsePost(deps, user, ctx.variant.appKey, body.code));
  // Booster cards and real-time bonuses (decision 044).
  routeRegister(app, deps, bonusBoosterList, ({ user }) => boosterListGet(deps, user));
  routeRegister(app, deps, bonusBoosterUse, ({ user, body }) => boosterUse(deps, user, body.id));
  routeRegister(app, deps, bonusRealTimeInfo, ({ user, ctx }) => realTimeInfoGet(deps, user, ctx.variant.appKey));
  // Free rounds, awards and promotions (decision 043).
  routeRegister(app, deps, bonusFreeRoundsTotal, ({ user }) => freeRoundsTotalGet(deps, user));
  routeRegister(app, deps, bonusFreeRoundsAvailable, ({ user, query }) => freeRoundsListGet(deps, user, 'available', query.offset ?? 0));
  routeRegister(app, deps, bonusFreeRoundsUnavailable, ({ user, query }) => freeRoundsListGet(deps, user, 'unavailable', query.offset ?? 0));
  routeRegister(app, deps, bonusAwardList, ({ user, query }) => awardListGet(deps, user, query.status, query.cursor));
  routeRegister(app, deps, bonusAwardDraw, ({ user, body }) => awardDraw(deps, user, body.award_id));
  routeRegister(app, deps, bonusPromotionList, ({ user, ctx }) => promotionListGet(deps, user, ctx.variant.appKey));

  // Operators: off unless OPS_TOKEN is set.
  const opsBody = <S extends z.ZodMiniType>(request: FastifyRequest, schema: S): z.output<S> => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const parsed = z.safeParse(schema, request.body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
    return parsed.data;
  };
  app.post('/api/ops/bonus/campaign/create', async (request) => envelopeOk(await opsCampaignCreate(deps, opsBody(request, opsCampaignCreateBody))));
  app.post('/api/ops/bonus/campaign/status', async (request) => envelopeOk(await opsCampaignStatus(deps, opsBody(request, opsCampaignStatusBody))));
  app.post('/api/ops/bonus/code/create', async (request) => envelopeOk(await opsCodeCreate(deps, opsBody(request, opsCodeCreateBody))));
}
