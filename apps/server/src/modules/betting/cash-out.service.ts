import { saferReturnCount } from '../safer-play/safer-play.service.ts';
import { BET_ORDER_STATUS, BET_OUTCOME, CASH_OUT_STATUS, type EndpointBody, type cashOutAuto, type cashOutBet } from '@piranha/contract';
import {
  cashOutAcceptCheck,
  cashOutAutoTriggered,
  cashOutPartial,
  cashOutValue,
  legOutcomeFromCode,
  minorUnits,
  type CashOutLeg,
  type OddsThousandths,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { sportsQuoteGet } from '../sports/sports.service.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betPaymentWithheldMinor, withholdingRateOf } from './bet-withholding.ts';
import { betLimitsOf } from './betting-limits.ts';
import { autoCashOutExecuted, autoCashOutRemove, autoCashOutSet, autoCashOutsArmed, autoCashOutsOfBets, betsOfIdsAny } from './cash-out-auto.repository.ts';
import { betLock, betsOfIds, betUpdate, cashOutInsert, cashOutsOfBets, legsOfBets, type BetLegRow, type BetRow } from './betting.repository.ts';

function idsParse(orderIds: readonly string[]): number[] {
  return orderIds.map((id, index) => {
    const value = Number(id);
    if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('VALIDATION_FAILED', { field: `orderIds.${index}`, issue: 'invalid_string' });
    return value;
  });
}

function cashOutLegsOf(deps: BettingDeps, legs: readonly BetLegRow[]): CashOutLeg[] {
  return legs.map((leg) => {
    const state = legOutcomeFromCode(leg.outcome) ?? 'unsettled';
    const quote = state === 'unsettled' ? sportsQuoteGet(deps.sports, { matchId: leg.matchId, marketId: leg.marketId, optionType: leg.optionType }) : undefined;
    return {
      oddsThousandths: leg.oddsThousandths as OddsThousandths,
      state,
      market: quote && quote.odds !== undefined ? { oddsThousandths: quote.odds, open: quote.status === 'open' } : null,
    };
  });
}

/** Singles and accumulators that are confirmed, paid with money, can be cashed out; system and free bets cannot. */
function cashOutEligible(bet: BetRow): boolean {
  return bet.status === BET_ORDER_STATUS.confirmed && bet.kind !== 'system_bet' && !bet.freeBet && bet.stakeMinor > 0;
}

/** The fair value now, less the book's margin (reference §6); none while a leg is suspended or lost. */
function priceOf(deps: BettingDeps, bet: BetRow, legs: readonly BetLegRow[]) {
  if (!cashOutEligible(bet)) return { amt: 0, st: CASH_OUT_STATUS.unavailable };
  const value = cashOutValue(minorUnits(bet.stakeMinor), cashOutLegsOf(deps, legs), deps.cashOutMarginBasisPoints);
  if (value.ok) return { amt: value.valueMinor, st: CASH_OUT_STATUS.offered };
  return { amt: 0, st: value.code === 'MARKET_SUSPENDED' ? CASH_OUT_STATUS.suspended : CASH_OUT_STATUS.unavailable };
}

export async function cashOutPricesOf(deps: BettingDeps, user: SessionUser, orderIds: readonly string[]) {
  const rows = await betsOfIds(deps.db, user.uid, idsParse(orderIds));
  const legs = await legsOfBets(
    deps.db,
    rows.map((bet) => bet.id),
  );
  const autos = await autoCashOutsOfBets(
    deps.db,
    rows.map((bet) => bet.id),
  );
  return {
    pr: rows.map((bet) => ({
      oid: String(bet.id),
      ...(autos.has(bet.id) ? { auto: autos.get(bet.id)! } : {}),
      ...priceOf(
        deps,
        bet,
        legs.filter((leg) => leg.betId === bet.id),
      ),
      smis: betLimitsOf(bet.currency).cashOutPartialMinMinor,
      stake: bet.stakeMinor,
    })),
  };
}

export async function cashOutsListOf(deps: BettingDeps, user: SessionUser, orderIds: readonly string[]) {
  const rows = await betsOfIds(deps.db, user.uid, idsParse(orderIds));
  const cashOuts = await cashOutsOfBets(
    deps.db,
    rows.map((bet) => bet.id),
  );
  return rows.map((bet) => ({
    oid: String(bet.id),
    list: cashOuts
      .filter((entry) => entry.betId === bet.id)
      .map((entry) => ({ stake: entry.stakeMinor, amount: entry.amountMinor, create_time: Math.floor(entry.createdAt.getTime() / 1000) })),
  }));
}

/**
 * Cashes out all or part of a bet. Inside one transaction the bet row is locked, the value priced again from the
 * live markets and compared with the value the player accepted; the payment is a transfer whose ref counts the
 * bet's cash-outs, so two racing requests cannot both pay (the lock orders them and the second sees the new stake).
 * A full cash-out settles the bet as cashed out. The route's Idempotency-Key makes a retry answer the first result.
 */
export async function cashOutExecute(deps: BettingDeps, user: SessionUser, body: EndpointBody<typeof cashOutBet>) {
  const [betId] = idsParse([body.orderId]);
  return transaction(deps.db, async (tx) => {
    const bet = await betLock(tx, betId!);
    if (!bet || bet.userId !== user.uid) throw new AppError('BET_NOT_FOUND', { field: 'orderId' });
    return cashOutApply(deps, tx, bet, body);
  });
}

/** The cash-out itself, inside the caller's transaction with the bet row locked. */
async function cashOutApply(
  deps: BettingDeps,
  tx: Tx,
  bet: BetRow,
  body: Pick<EndpointBody<typeof cashOutBet>, 'cashOutStake' | 'unitCashOutPayoutStake' | 'acceptOddsChange'>,
) {
  if (!cashOutEligible(bet)) throw new AppError('CASH_OUT_UNAVAILABLE', { field: 'orderId' });
  const legs = cashOutLegsOf(deps, await legsOfBets(tx, [bet.id]));
  const full = body.cashOutStake === bet.stakeMinor;
  const value = full
    ? cashOutValue(minorUnits(bet.stakeMinor), legs, deps.cashOutMarginBasisPoints)
    : cashOutPartial(
        minorUnits(bet.stakeMinor),
        legs,
        deps.cashOutMarginBasisPoints,
        minorUnits(body.cashOutStake),
        minorUnits(betLimitsOf(bet.currency).cashOutPartialMinMinor),
      );
  if (!value.ok) {
    if (value.code === 'PARTIAL_STAKE_INVALID' || value.code === 'PARTIAL_STAKE_BELOW_MINIMUM' || value.code === 'REMAINING_STAKE_BELOW_MINIMUM') {
      throw new AppError('CASH_OUT_STAKE_INVALID', { field: 'cashOutStake' });
    }
    throw new AppError('CASH_OUT_UNAVAILABLE', { field: 'orderId' });
  }
  const accepted = cashOutAcceptCheck(value.valueMinor, minorUnits(body.unitCashOutPayoutStake), body.acceptOddsChange ?? false);
  if (!accepted.ok) throw new AppError('CASH_OUT_VALUE_CHANGED', { field: 'unitCashOutPayoutStake' });
  const amountMinor = accepted.valueMinor;
  const remainingMinor = bet.stakeMinor - body.cashOutStake;
  const now = deps.now();
  // A cash-out that brings the bet's returns above its stake pays a prize (decision 060): it withholds its part.
  const withheldMinor = betPaymentWithheldMinor(await withholdingRateOf(tx, bet.userId), bet, bet.cashOutMinor + amountMinor, amountMinor);
  await betUpdate(tx, bet.id, {
    stakeMinor: remainingMinor,
    cashOutMinor: bet.cashOutMinor + amountMinor,
    cashOutCount: bet.cashOutCount + 1,
    ...(withheldMinor === 0 ? {} : { withheldMinor: bet.withheldMinor + withheldMinor }),
    ...(remainingMinor === 0
      ? { status: BET_ORDER_STATUS.settled, outcome: BET_OUTCOME.unsettled, payoutMinor: bet.cashOutMinor + amountMinor, settledAt: now }
      : {}),
  });
  await cashOutInsert(tx, bet.id, body.cashOutStake, amountMinor, now);
  const revenueMinor = body.cashOutStake - amountMinor;
  await ledgerTransfer(tx, {
    kind: 'bet_cash_out',
    externalRef: `${bet.id}:${bet.cashOutCount + 1}`,
    lines: [
      { account: { house: 'bets_in_play', currency: bet.currency }, amountMinor: -body.cashOutStake },
      { account: { userId: bet.userId, currency: bet.currency }, amountMinor: amountMinor - withheldMinor },
      ...(revenueMinor === 0 ? [] : [{ account: { house: 'revenue' as const, currency: bet.currency }, amountMinor: revenueMinor }]),
      ...(withheldMinor === 0 ? [] : [{ account: { house: 'tax_withheld' as const, currency: bet.currency }, amountMinor: withheldMinor }]),
    ],
  });
  await saferReturnCount(tx, bet.userId, bet.currency, amountMinor, now);
  return { oid: String(bet.id), amount: amountMinor, stake: remainingMinor };
}

/**
 * Sets (or with 0 removes) the auto cash-out target of an open bet the player could cash out now or later. A target
 * at or below today's value would execute at once, which is what the player asked for.
 */
export async function cashOutAutoSet(deps: BettingDeps, user: SessionUser, body: EndpointBody<typeof cashOutAuto>) {
  const [betId] = idsParse([body.orderId]);
  return transaction(deps.db, async (tx) => {
    const bet = await betLock(tx, betId!);
    if (!bet || bet.userId !== user.uid) throw new AppError('BET_NOT_FOUND', { field: 'orderId' });
    if (!cashOutEligible(bet)) throw new AppError('CASH_OUT_UNAVAILABLE', { field: 'orderId' });
    if (body.targetAmount === 0) {
      await autoCashOutRemove(tx, bet.id);
      return { oid: String(bet.id) };
    }
    await autoCashOutSet(tx, { betId: bet.id, userId: bet.userId, targetMinor: body.targetAmount, createdAt: deps.now() });
    return { oid: String(bet.id), auto: body.targetAmount };
  });
}

/**
 * The worker's pass: every armed target whose bet is worth at least the target now is cashed out whole, at the value
 * priced inside the transaction (never below the target). The bet lock, the bet's status and the transfer's ref
 * (`<bet>:<n>`) make a rerun or a racing node a no-op; a bet no longer eligible (settled, cashed out) is disarmed.
 */
export async function cashOutAutoRun(deps: BettingDeps): Promise<{ executed: number }> {
  const armed = await autoCashOutsArmed(deps.db);
  if (armed.length === 0) return { executed: 0 };
  const rows = await betsOfIdsAny(
    deps.db,
    armed.map((entry) => entry.betId),
  );
  const legs = await legsOfBets(
    deps.db,
    rows.map((bet) => bet.id),
  );
  let executed = 0;
  for (const entry of armed) {
    const bet = rows.find((row) => row.id === entry.betId);
    if (!bet) continue;
    // A cheap look first, outside any transaction: most targets are not reached on most ticks.
    const price = priceOf(
      deps,
      bet,
      legs.filter((leg) => leg.betId === bet.id),
    );
    if (cashOutEligible(bet) && (price.st !== CASH_OUT_STATUS.offered || !cashOutAutoTriggered(minorUnits(price.amt), minorUnits(entry.targetMinor)))) continue;
    await transaction(deps.db, async (tx) => {
      const locked = await betLock(tx, bet.id);
      if (!locked || !cashOutEligible(locked)) {
        await autoCashOutRemove(tx, bet.id);
        return;
      }
      const value = cashOutValue(minorUnits(locked.stakeMinor), cashOutLegsOf(deps, await legsOfBets(tx, [locked.id])), deps.cashOutMarginBasisPoints);
      if (!value.ok || !cashOutAutoTriggered(value.valueMinor, minorUnits(entry.targetMinor))) return;
      const paid = await cashOutApply(deps, tx, locked, { cashOutStake: locked.stakeMinor, unitCashOutPayoutStake: value.valueMinor });
      await autoCashOutExecuted(tx, locked.id, paid.amount, deps.now());
      executed += 1;
    });
  }
  return { executed };
}
