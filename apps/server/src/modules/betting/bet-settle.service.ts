import { BET_OUTCOME, BET_ORDER_STATUS } from '@piranha/contract';
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
import { transaction } from '../../db/transaction.ts';
import { ledgerTransfer, type TransferRequest } from '../ledger/ledger.service.ts';
import { sportsOptionSettle } from '../sports/sports.service.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betStatusMove, betsWithStatus, legOutcomeSet, legsOfBets, type BetLegRow, type BetRow } from './betting.repository.ts';

/** Open bets looked at per batch of a settlement run. */
const SETTLE_BATCH = 1000;
/** Bets settled at once, each in its own transaction (below the pool's 20 connections; PGlite runs them in turn). */
const SETTLE_LANES = 8;

function legStateOf(deps: BettingDeps, leg: BetLegRow): LegState {
  if (leg.outcome !== BET_OUTCOME.unsettled) return legOutcomeFromCode(leg.outcome) ?? 'unsettled';
  const state = sportsOptionSettle(deps.sports, {
    marketId: leg.marketId,
    optionType: leg.optionType,
    // Live Asian handicaps count only goals after the bet; the settle function ignores it for other markets.
    ...(leg.live ? { scoreAtBet: { home: leg.scoreHome, away: leg.scoreAway } } : {}),
  });
  return state ?? 'unsettled';
}

/** The bet's return, or undefined while it cannot settle yet. */
function betPayoutOf(bet: BetRow, legs: readonly SettlementLeg[]): number | undefined {
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
function betOutcomeOf(bet: BetRow, states: readonly LegState[], payoutMinor: number): number {
  if (bet.kind === 'single_bet') return legOutcomeCode(states[0]!);
  if (states.every((state) => state === 'void')) return BET_OUTCOME.cancelled;
  if (payoutMinor === 0) return BET_OUTCOME.lost;
  if (payoutMinor === bet.stakeMinor) return BET_OUTCOME.push;
  return payoutMinor > bet.stakeMinor ? BET_OUTCOME.won : BET_OUTCOME.halfLost;
}

/**
 * The settlement transfer: the stake leaves bets_in_play, the player gets the return (a free bet only the winnings
 * above its stake, which was never theirs), and revenue takes or pays the difference. Zero lines are left out.
 */
export function settleTransferOf(bet: BetRow, payoutMinor: number): TransferRequest {
  const currency = bet.currency;
  const toPlayer = bet.freeBet ? Math.max(payoutMinor - bet.stakeMinor, 0) : payoutMinor;
  const lines: TransferRequest['lines'][number][] = [
    { account: { house: 'bets_in_play', currency }, amountMinor: -bet.stakeMinor },
    { account: { userId: bet.userId, currency }, amountMinor: toPlayer },
    { account: { house: 'revenue', currency }, amountMinor: bet.stakeMinor - toPlayer },
  ];
  return { kind: 'bet_settle', externalRef: String(bet.id), lines: lines.filter((line) => line.amountMinor !== 0) };
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
    const decided: { bet: BetRow; own: BetLegRow[]; states: LegState[]; changed: BetLegRow[]; payoutMinor: number | undefined }[] = [];
    for (const bet of open) {
      const own = legsByBet.get(bet.id) ?? [];
      const states = own.map((leg) => legStateOf(deps, leg));
      const changed = own.filter((leg, index) => leg.outcome === BET_OUTCOME.unsettled && states[index] !== 'unsettled');
      if (changed.length === 0) continue;
      const payoutMinor = betPayoutOf(
        bet,
        own.map((leg, index) => ({ oddsThousandths: leg.oddsThousandths as OddsThousandths, state: states[index]! })),
      );
      decided.push({ bet, own, states, changed, payoutMinor });
    }
    // Bets touch no common row (house accounts carry no balance row), so several settle at once; the first failure
    // stops taking new ones and is thrown once those under way are done.
    let failure: unknown;
    let next = 0;
    const lane = async () => {
      while (failure === undefined && next < decided.length) {
        const { bet, own, states, changed, payoutMinor } = decided[next++]!;
        try {
          await transaction(deps.db, async (tx) => {
            if (payoutMinor !== undefined) {
              const moved = await betStatusMove(tx, bet.id, BET_ORDER_STATUS.confirmed, {
                status: BET_ORDER_STATUS.settled,
                outcome: betOutcomeOf(bet, states, payoutMinor),
                payoutMinor,
                settledAt: deps.now(),
              });
              if (!moved) return;
              await ledgerTransfer(tx, settleTransferOf(bet, payoutMinor));
              settled += 1;
            }
            for (const leg of changed) await legOutcomeSet(tx, leg.id, legOutcomeCode(states[own.indexOf(leg)]!));
          });
        } catch (error) {
          failure ??= error;
        }
      }
    };
    await Promise.all(Array.from({ length: SETTLE_LANES }, lane));
    if (failure !== undefined) throw failure;
    if (open.length < SETTLE_BATCH) break;
  }
  return { settled };
}
