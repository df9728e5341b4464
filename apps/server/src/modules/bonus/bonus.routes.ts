import { bonusBalance, bonusList, bonusUnlock as bonusUnlockEndpoint, promoCodeCheck, promoCodeUse } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { bonusBalanceGet, bonusListGet, bonusUnlock, promoCodeCheckGet, promoCodeUsePost } from './bonus.service.ts';

/** The bonus endpoints (spec §7 Bonus): each parses with the contract and calls one service function. */
export function bonusRoutes(app: FastifyInstance, deps: RouteDeps): void {
  routeRegister(app, deps, bonusList, ({ user, query }) => bonusListGet(deps, user, query.status, query.cursor));
  routeRegister(app, deps, bonusBalance, ({ user }) => bonusBalanceGet(deps, user));
  routeRegister(app, deps, bonusUnlockEndpoint, ({ user, body }) => bonusUnlock(deps, user, body.bonus_id));
  routeRegister(app, deps, promoCodeCheck, ({ user, query, ctx }) => promoCodeCheckGet(deps, user, ctx.variant.appKey, query.code));
  routeRegister(app, deps, promoCodeUse, ({ user, body, ctx }) => promoCodeUsePost(deps, user, ctx.variant.appKey, body.code));
}
