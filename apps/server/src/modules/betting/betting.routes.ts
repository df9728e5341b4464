import {
  betFree,
  betLatestInfo,
  betList,
  betMultiple,
  betSinglePass,
  cashOutAuto,
  cashOutBet,
  cashOutPrice,
  cashOutsByIds,
  freeActivityInfo,
  stakeOrderStatus,
} from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { routeRegister } from '../../plugins/route.ts';
import { stakeOrderStatusOf } from './bet-accept.service.ts';
import { betLatestInfoOf } from './bet-info.service.ts';
import { freeBetPlace, multiplesPlace, singlesPlace } from './bet-place.service.ts';
import { betListOf } from './bet-records.service.ts';
import type { BettingDeps } from './betting-deps.ts';
import { cashOutAutoSet, cashOutExecute, cashOutPricesOf, cashOutsListOf } from './cash-out.service.ts';
import { freeActivityInfoOf } from './free-bet.service.ts';

/** Spec §7 sports order endpoints: HTTP only — each route parses with the contract and calls one service function. */
export function bettingRoutes(app: FastifyInstance, deps: BettingDeps): void {
  routeRegister(app, deps, betLatestInfo, ({ user, body }) => betLatestInfoOf(deps, user, body));
  // Placements write their idempotent answer in the bet's own transaction: one commit per accepted bet.
  // Their session may be a few seconds old: betsWrite checks it again in the statement or transaction that debits.
  const inTransaction = { answerInTransaction: true, sessionRecheckedByHandler: true };
  routeRegister(app, deps, betSinglePass, ({ user, body, answer }) => singlesPlace(deps, user, body, answer), inTransaction);
  routeRegister(app, deps, betMultiple, ({ user, body, answer }) => multiplesPlace(deps, user, body, answer), inTransaction);
  routeRegister(app, deps, betFree, ({ user, body, answer }) => freeBetPlace(deps, user, body, answer), inTransaction);
  routeRegister(app, deps, freeActivityInfo, ({ user }) => freeActivityInfoOf(deps, user));
  routeRegister(app, deps, stakeOrderStatus, ({ user, body }) => stakeOrderStatusOf(deps, user, body.orderIds));
  routeRegister(app, deps, cashOutPrice, ({ user, body }) => cashOutPricesOf(deps, user, body.orderIds));
  routeRegister(app, deps, cashOutsByIds, ({ user, body }) => cashOutsListOf(deps, user, body.orderIds));
  routeRegister(app, deps, cashOutBet, ({ user, body }) => cashOutExecute(deps, user, body));
  routeRegister(app, deps, cashOutAuto, ({ user, body }) => cashOutAutoSet(deps, user, body));
  routeRegister(app, deps, betList, ({ user, body }) => betListOf(deps, user, body));
}
