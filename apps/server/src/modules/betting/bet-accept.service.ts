import { BET_ORDER_STATUS, REJECT_REASON } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { sportsQuoteGet } from '../sports/sports.service.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betsOfIds, betStatusMove, betsWithStatus, freeBetGrantRefund, legsOfBets, type BetLegRow, type BetRow } from './betting.repository.ts';

/** Pending bets looked at per review; the rest wait for the next tick. */
const REVIEW_BATCH = 500;

/**
 * Whether an in-play leg still stands: its match has not scored since the bet (a goal means the price was stale)
 * and its market is open now. A suspension at any review during the delay rejects the bet.
 */
function legStillStands(deps: BettingDeps, leg: BetLegRow): boolean {
  if (!leg.live) return true;
  const quote = sportsQuoteGet(deps.sports, { matchId: leg.matchId, marketId: leg.marketId, optionType: leg.optionType });
  if (!quote || quote.status !== 'open') return false;
  return quote.score.home === leg.scoreHome && quote.score.away === leg.scoreAway;
}

/** Rejects a pending bet and refunds its stake to where it came from, once (the status move guards it). */
async function betReject(deps: BettingDeps, bet: BetRow, reason: number): Promise<void> {
  await transaction(deps.db, async (tx) => {
    if (!(await betStatusMove(tx, bet.id, BET_ORDER_STATUS.confirming, { status: BET_ORDER_STATUS.rejected, rejectReason: reason, settledAt: deps.now() })))
      return;
    if (bet.freeBet && bet.freeBetGrantId !== null) await freeBetGrantRefund(tx, bet.freeBetGrantId, bet.stakePlacedMinor);
    await ledgerTransfer(tx, {
      kind: 'bet_refund',
      externalRef: String(bet.id),
      lines: [
        { account: { house: 'bets_in_play', currency: bet.currency }, amountMinor: -bet.stakePlacedMinor },
        {
          account: bet.freeBet ? { house: 'bonus_liability', currency: bet.currency } : { userId: bet.userId, currency: bet.currency },
          amountMinor: bet.stakePlacedMinor,
        },
      ],
    });
  });
}

/**
 * Looks at every bet waiting out the live acceptance delay: one whose match scored or whose market suspended or
 * closed is rejected and refunded; one whose delay has passed with its legs standing is confirmed. Runs on every
 * feed change and before a status poll answers; each bet moves once whoever gets there first.
 */
export async function betsPendingReview(deps: BettingDeps, bets?: readonly BetRow[]): Promise<void> {
  const pending = (bets ?? (await betsWithStatus(deps.db, BET_ORDER_STATUS.confirming, REVIEW_BATCH))).filter(
    (bet) => bet.status === BET_ORDER_STATUS.confirming,
  );
  if (pending.length === 0) return;
  const legs = await legsOfBets(
    deps.db,
    pending.map((bet) => bet.id),
  );
  const nowMs = deps.now().getTime();
  for (const bet of pending) {
    const standing = legs.filter((leg) => leg.betId === bet.id).every((leg) => legStillStands(deps, leg));
    if (!standing) await betReject(deps, bet, REJECT_REASON.marketSuspended);
    else if (bet.acceptAt === null || bet.acceptAt.getTime() <= nowMs) {
      await betStatusMove(deps.db, bet.id, BET_ORDER_STATUS.confirming, { status: BET_ORDER_STATUS.confirmed });
    }
  }
}

/** `getStakeOrderStatus`: 0 created, 1 confirming, 2 rejected (with `rj`), 4 confirmed, 5 settled. */
export async function stakeOrderStatusOf(deps: BettingDeps, user: SessionUser, orderIds: readonly string[]) {
  const ids = orderIds.map((id, index) => {
    const value = Number(id);
    if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('VALIDATION_FAILED', { field: `orderIds.${index}`, issue: 'invalid_string' });
    return value;
  });
  await betsPendingReview(deps, await betsOfIds(deps.db, user.uid, ids));
  const rows = await betsOfIds(deps.db, user.uid, ids);
  return rows.map((bet) => ({ oid: String(bet.id), st: bet.status, ...(bet.rejectReason === null ? {} : { rj: bet.rejectReason }) }));
}
