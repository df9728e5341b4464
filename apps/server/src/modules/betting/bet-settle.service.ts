import { BET_OUTCOME, BET_ORDER_STATUS, realtimeTopic } from '@piranha/contract';
import {
  betLineSettle,
  legOutcomeCode,
  legOutcomeFromCode,
  minorUnits,
  systemBetFromCode,
  systemBetSettle,
  type LegState,
  type OddsThousandths,
  type SettlementLeg,
} from '@piranha/domain';
import { groupCommitEnabled, groupTransaction } from '../../db/group-commit.ts';
import { transactionScope } from '../../db/transaction.ts';
import type { Tx } from '../../db/client.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import { saferReturnCount } from '../safer-play/safer-play.service.ts';
import { sportsOptionSettle } from '../sports/sports.service.ts';
import { betSettleAgain } from './bet-settle-again.ts';
import { playerCreditOf, settleTransferOf } from './bet-settle-transfers.ts';
import { betPaymentWithheldMinor, withholdingRatesOf, type WithholdingRate } from './bet-withholding.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betStatusMove, betsWithStatus, legOutcomeSet, legsOfBets, type BetLegRow, type BetRow } from './betting.repository.ts';

/** Open bets looked at per batch of a settlement run. */
const SETTLE_BATCH = 1000;
/** Bets settled at once, each in its own transaction (below the pool's 20 connections; PGlite runs them in turn). */
const SETTLE_LANES = 8;
/**
 * Bets handed to group commit at once (decision 074): they queue for its few connections rather than take one each,
 * so many more can wait to share a batch's commit than could each hold a connection.
 */
const SETTLE_LANES_BATCHED = 64;

/** How a leg stands under the feed's latest result of its match ('unsettled' while it has none). */
export function legStateFromResult(deps: BettingDeps, leg: BetLegRow): LegState {
  const state = sportsOptionSettle(deps.sports, {
    marketId: leg.marketId,
    optionType: leg.optionType,
    // Live Asian handicaps count only goals after the bet; the settle function ignores it for other markets.
    ...(leg.live ? { scoreAtBet: { home: leg.scoreHome, away: leg.scoreAway } } : {}),
  });
  return state ?? 'unsettled';
}

/** A leg's saved outcome, or while it has none, how the latest result decides it. */
export function legStateOf(deps: BettingDeps, leg: BetLegRow): LegState {
  if (leg.outcome !== BET_OUTCOME.unsettled) return legOutcomeFromCode(leg.outcome) ?? 'unsettled';
  return legStateFromResult(deps, leg);
}

/** The bet's return, or undefined while it cannot settle yet. */
export function betPayoutOf(bet: BetRow, legs: readonly SettlementLeg[]): number | undefined {
  if (bet.kind === 'system_bet') {
    const kind = systemBetFromCode(bet.seriesCode, legs.length);
    if (!kind) throw new Error(`bet ${bet.id} has series ${bet.seriesCode} that does not fit ${legs.length} legs`);
    const settled = systemBetSettle(kind, minorUnits(bet.unitStakeMinor), legs);
    return settled.ok ? settled.payoutMinor : undefined;
  }
  const settled = betLineSettle(minorUnits(bet.stakeMinor), legs);
  return settled.ok ? settled.payoutMinor : undefined;
}

/** Spec §4 outcome of the whole bet: a single takes its leg's; a multiple or system reads its return. */
export function betOutcomeOf(bet: BetRow, states: readonly LegState[], payoutMinor: number): number {
  if (bet.kind === 'single_bet') return legOutcomeCode(states[0]!);
  if (states.every((state) => state === 'void')) return BET_OUTCOME.cancelled;
  if (payoutMinor === 0) return BET_OUTCOME.lost;
  if (payoutMinor === bet.stakeMinor) return BET_OUTCOME.push;
  return payoutMinor > bet.stakeMinor ? BET_OUTCOME.won : BET_OUTCOME.halfLost;
}

export { settleTransferOf };

export interface BetDecided {
  bet: BetRow;
  /** The bet's legs, in order, as read before the transaction. */
  own: BetLegRow[];
  /** Each leg's state: saved, or read from the latest results. */
  states: LegState[];
  /** The bet's return, or undefined while it cannot settle yet. */
  payoutMinor: number | undefined;
  /** The prize withholding rate of the player's brand (decision 060). */
  rate: WithholdingRate;
}

/**
 * Inside the caller's transaction: settles a confirmed bet whose return is known (the 4 → 5 move is conditional, so
 * only one caller pays it) and saves the outcome of every leg decided since it was read. True when it settled.
 */
export async function betSettleApply(deps: BettingDeps, tx: Tx, decided: BetDecided): Promise<boolean> {
  const { bet, own, states, payoutMinor } = decided;
  let settled = false;
  if (payoutMinor !== undefined) {
    const outcome = betOutcomeOf(bet, states, payoutMinor);
    const at = deps.now();
    // The bet's net win counts its cash-outs too (decision 060): the stake as placed against all it returned.
    const creditMinor = playerCreditOf(bet, payoutMinor);
    const withheldMinor = betPaymentWithheldMinor(decided.rate, bet, bet.cashOutMinor + creditMinor, creditMinor);
    const moved = await betStatusMove(
      tx,
      bet.id,
      BET_ORDER_STATUS.confirmed,
      {
        status: BET_ORDER_STATUS.settled,
        outcome,
        payoutMinor,
        settledAt: at,
        ...(withheldMinor === 0 ? {} : { withheldMinor: bet.withheldMinor + withheldMinor }),
      },
      bet.cashOutCount,
    );
    // Not moved: settled by another pass, or cashed out (in part) since it was read — then its legs stay unsaved so the
    // next pass, reading the bet again, still sees them decided and settles what is left riding.
    if (!moved) return false;
    const paid = await ledgerTransfer(tx, settleTransferOf(bet, payoutMinor, withheldMinor));
    // What comes back lowers the loss a loss limit counts (decision 027); a free bet's stake was never the player's.
    if (paid.created && !bet.freeBet) await saferReturnCount(tx, bet.userId, bet.currency, payoutMinor, at);
    // The ref is taken only by a bet a corrected result reopened after its first settlement.
    if (!paid.created) await betSettleAgain(tx, bet, payoutMinor, outcome, at, withheldMinor);
    settled = true;
  }
  for (const [index, leg] of own.entries()) {
    if (leg.outcome === BET_OUTCOME.unsettled && states[index] !== 'unsettled') await legOutcomeSet(tx, leg.id, legOutcomeCode(states[index]!));
  }
  return settled;
}

/**
 * Settles every confirmed bet whose legs the feed's results decide. Each bet settles in its own transaction: the
 * move from confirmed to settled is conditional and the transfer is unique per bet, so a rerun, a crash half way
 * and a restart, or a result published twice, pay each bet exactly once. Legs decided while others are still open
 * are saved so the history shows them.
 */
export async function betsSettle(deps: BettingDeps): Promise<{ settled: number }> {
  let settled = 0;
  let afterId = 0;
  for (;;) {
    const open = await betsWithStatus(deps.db, BET_ORDER_STATUS.confirmed, SETTLE_BATCH, afterId);
    if (open.length === 0) break;
    const legs = await legsOfBets(
      deps.db,
      open.map((bet) => bet.id),
    );
    const legsByBet = new Map<number, BetLegRow[]>();
    for (const leg of legs) {
      const own = legsByBet.get(leg.betId);
      if (own) own.push(leg);
      else legsByBet.set(leg.betId, [leg]);
    }
    afterId = open.at(-1)!.id;
    const decided: Omit<BetDecided, 'rate'>[] = [];
    for (const bet of open) {
      const own = legsByBet.get(bet.id) ?? [];
      const states = own.map((leg) => legStateOf(deps, leg));
      const changed = own.some((leg, index) => leg.outcome === BET_OUTCOME.unsettled && states[index] !== 'unsettled');
      if (!changed) continue;
      const payoutMinor = betPayoutOf(
        bet,
        own.map((leg, index) => ({ oddsThousandths: leg.oddsThousandths as OddsThousandths, state: states[index]! })),
      );
      decided.push({ bet, own, states, payoutMinor });
    }
    // One read of the players' brands for the bets the results decide, not one per bet.
    const rates = await withholdingRatesOf(
      deps.db,
      decided.map((entry) => entry.bet.userId),
    );
    // Bets touch no common row (house accounts carry no balance row), so several settle at once; the first failure
    // stops taking new ones and is thrown once those under way are done. Each is a member of group commit
    // (decision 074), keyed by its player: those settling together share a transaction and its commit, each bet in a
    // savepoint of its own, so a bet that fails rolls back alone and the others commit.
    let failure: unknown;
    let next = 0;
    const lane = async () => {
      while (failure === undefined && next < decided.length) {
        const entry = decided[next++]!;
        try {
          const applied = await groupTransaction(
            deps.db,
            async (tx) => {
              // After the commit (decision 036): the player's page reads the bet, then (the ledger's balance_changed,
              // decision 041, told after this) the balance again.
              let done = false;
              transactionScope(tx)?.afterCommit.push(() => {
                if (done) deps.realtime.publish(realtimeTopic.player(entry.bet.userId), { type: 'bet_settled', order_id: String(entry.bet.id) });
              });
              done = await betSettleApply(deps, tx, { ...entry, rate: rates.get(entry.bet.userId) ?? { prizeWithholdingBp: 0 } });
              return done;
            },
            entry.bet.userId,
          );
          if (applied) settled += 1;
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: groupCommitEnabled(deps.db) ? SETTLE_LANES_BATCHED : SETTLE_LANES }, lane));
    if (failure !== undefined) throw failure;
    if (open.length < SETTLE_BATCH) break;
  }
  return { settled };
}
