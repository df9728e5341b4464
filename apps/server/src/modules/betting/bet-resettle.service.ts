import { BET_ORDER_STATUS, BET_OUTCOME } from '@piranha/contract';
import { legOutcomeCode, minorUnits, resettlementSplit, type LegState, type OddsThousandths } from '@piranha/domain';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { MatchResult } from '../../providers/feed/sports-feed.ts';
import { ledgerTransfer, type TransferRequest } from '../ledger/ledger.service.ts';
import { betIdsWithStaleLegs, legResultSet, legResultsOf, resettlementInsert, resettlementLatest, walletBalanceLock } from './bet-resettle.repository.ts';
import { betOutcomeOf, betPayoutOf, betSettleApply, legStateFromResult, legStateOf } from './bet-settle.service.ts';
import { playerCreditOf, resettleReverseTransferOf, settleTransferOf } from './bet-settle-transfers.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betPaymentWithheldMinor, withholdingRateOf } from './bet-withholding.ts';
import { betLock, betUpdate, legOutcomeSet, legsOfBets, type BetLegRow, type BetRow } from './betting.repository.ts';

/** Bets resettled at once, each in its own transaction (as settlement: bets share no row). */
const RESETTLE_LANES = 8;

/**
 * Resettles the bets a corrected result changed. The feed shows each match's latest result with its revision; a
 * leg whose saved outcome was decided under an older revision is decided again, and its bet:
 * - settled (and not cashed out in full): the corrected settlement is credited (`bet_resettle`) and the earlier one
 *   reversed (`bet_resettle_reverse`), both with the ref `<bet>:<match>r<revision>`; when a leg the bet had lost on
 *   is now won while other legs are still open, the bet is reversed and reopened instead, and settles later;
 * - open (a multiple with legs still to play): its saved leg is corrected, and it settles now if that decides it;
 * - cashed out in full: the cash-out stands; only the legs' outcomes are corrected for the history.
 * One transaction per bet, with the bet row locked: the legs' revisions are written with the transfers, so a rerun,
 * a crash and a restart, a correction published twice, or two nodes resettle each bet once per revision.
 */
export async function betsResettle(deps: BettingDeps): Promise<{ resettled: number }> {
  const results = deps.sports.feed.results();
  const corrected = results.filter((result) => result.revision > 1);
  if (corrected.length === 0) return { resettled: 0 };
  const latest = new Map<number, MatchResult>(corrected.map((result) => [result.matchId, result]));
  const betIds = new Set<number>();
  for (const result of corrected) for (const betId of await betIdsWithStaleLegs(deps.db, result.matchId, result.revision)) betIds.add(betId);
  const queue = [...betIds].sort((left, right) => left - right);
  let resettled = 0;
  let failure: unknown;
  let next = 0;
  const lane = async () => {
    while (failure === undefined && next < queue.length) {
      const betId = queue[next++]!;
      try {
        if (await transaction(deps.db, (tx) => betResettle(deps, tx, betId, latest))) resettled += 1;
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: RESETTLE_LANES }, lane));
  if (failure !== undefined) throw failure;
  return { resettled };
}

/** Decides one bet again inside its transaction; true when money moved. */
async function betResettle(deps: BettingDeps, tx: Tx, betId: number, latest: ReadonlyMap<number, MatchResult>): Promise<boolean> {
  const bet = await betLock(tx, betId);
  if (!bet) return false;
  // Read after the lock: a pass that resettled this bet first has committed its legs' revisions.
  const legs = await legsOfBets(tx, [bet.id]);
  const revisions = new Map(
    (
      await legResultsOf(
        tx,
        legs.map((leg) => leg.id),
      )
    ).map((row) => [row.legId, row.revision]),
  );
  const stale = legs.filter((leg) => {
    const result = latest.get(leg.matchId);
    return leg.outcome !== BET_OUTCOME.unsettled && result !== undefined && result.revision > (revisions.get(leg.id) ?? 1);
  });
  if (stale.length === 0) return false;

  const states = legs.map((leg) => (stale.includes(leg) ? legStateFromResult(deps, leg) : legStateOf(deps, leg)));
  const at = deps.now();
  let outcomeChanged = false;
  for (const leg of stale) {
    const state = states[legs.indexOf(leg)]!;
    // The result is published, so every market of it is decided; an undecided one is a market id we cannot read.
    if (state === 'unsettled') throw new Error(`leg ${leg.id} of bet ${bet.id} is not decided by the corrected result of match ${leg.matchId}`);
    const result = latest.get(leg.matchId)!;
    await legResultSet(tx, {
      legId: leg.id,
      betId: bet.id,
      revision: result.revision,
      scoreHome: result.score.home,
      scoreAway: result.score.away,
      updatedAt: at,
    });
    if (legOutcomeCode(state) !== leg.outcome) {
      await legOutcomeSet(tx, leg.id, legOutcomeCode(state));
      outcomeChanged = true;
    }
  }
  if (!outcomeChanged) return false;

  if (bet.status === BET_ORDER_STATUS.confirmed) {
    // Saved legs now read as corrected, so the settlement rules see the corrected outcome.
    const own = legs.map((leg, index) => (stale.includes(leg) ? { ...leg, outcome: legOutcomeCode(states[index]!) } : leg));
    return betSettleApply(deps, tx, { bet, own, states, payoutMinor: payoutOf(bet, legs, states), rate: await withholdingRateOf(tx, bet.userId) });
  }
  // A bet cashed out in full (no stake left riding) keeps its cash-out; rejected and pending bets have no outcome.
  if (bet.status !== BET_ORDER_STATUS.settled || bet.stakeMinor === 0 || bet.payoutMinor === null) return false;
  await settledBetResettle(deps, tx, { bet, legs, states, ref: resettleRefOf(bet, stale, latest) });
  return true;
}

function payoutOf(bet: BetRow, legs: readonly BetLegRow[], states: readonly LegState[]): number | undefined {
  return betPayoutOf(
    bet,
    legs.map((leg, index) => ({ oddsThousandths: leg.oddsThousandths as OddsThousandths, state: states[index]! })),
  );
}

/** The ref of one resettlement: the bet and each corrected leg's match and revision, so it is unique per revision. */
function resettleRefOf(bet: BetRow, stale: readonly BetLegRow[], latest: ReadonlyMap<number, MatchResult>): string {
  const parts = [...stale].sort((left, right) => left.matchId - right.matchId).map((leg) => `${leg.matchId}r${latest.get(leg.matchId)!.revision}`);
  return `${bet.id}:${parts.join('+')}`;
}

async function transferOnce(tx: Tx, request: TransferRequest): Promise<void> {
  const transfer = await ledgerTransfer(tx, request);
  // The legs' revisions guard the resettlement; a transfer already there means that guard failed: roll it all back.
  if (!transfer.created) throw new Error(`transfer ${request.kind}/${request.externalRef} already exists`);
}

/**
 * A settled bet under its corrected legs: the corrected settlement (or none, when the bet reopens) and the reversal
 * of the earlier one, which takes back what the wallet covers and records the rest as the player's debt. Prize
 * withholding (decision 060) moves once, by the difference between what the corrected net win asks and what the bet
 * kept back: the corrected settlement withholds or gives it back, or, when the bet reopens, the reversal gives back
 * the earlier settlement's. The reversal takes back the earlier credit whole, so the player returns what was paid.
 */
async function settledBetResettle(
  deps: BettingDeps,
  tx: Tx,
  { bet, legs, states, ref }: { bet: BetRow; legs: readonly BetLegRow[]; states: readonly LegState[]; ref: string },
): Promise<void> {
  const payoutBeforeMinor = bet.payoutMinor!;
  const payoutAfterMinor = payoutOf(bet, legs, states);
  const paidMinor = playerCreditOf(bet, payoutBeforeMinor);
  const creditMinor = payoutAfterMinor === undefined ? 0 : playerCreditOf(bet, payoutAfterMinor);
  const withheldMinor = betPaymentWithheldMinor(await withholdingRateOf(tx, bet.userId), bet, bet.cashOutMinor + creditMinor, creditMinor);
  const owedMinor = (await resettlementLatest(tx, bet.id))?.owedMinor ?? 0;
  const balanceMinor = await walletBalanceLock(tx, bet.userId, bet.currency);
  const split = resettlementSplit({
    paidMinor: minorUnits(paidMinor),
    owedMinor: minorUnits(owedMinor),
    // What the player is credited now, withholding given back included (never negative: a payment withholds at most itself).
    creditMinor: minorUnits(creditMinor - withheldMinor),
    balanceMinor: minorUnits(balanceMinor),
  });
  // The corrected settlement first: its credit is in the wallet when the reversal takes the earlier one back.
  if (payoutAfterMinor !== undefined)
    await transferOnce(tx, { ...settleTransferOf(bet, payoutAfterMinor, withheldMinor), kind: 'bet_resettle', externalRef: ref });
  await transferOnce(tx, resettleReverseTransferOf(bet, split.takenMinor, ref, payoutAfterMinor === undefined ? -withheldMinor : 0));
  const at = deps.now();
  const outcomeAfter = payoutAfterMinor === undefined ? BET_OUTCOME.unsettled : betOutcomeOf(bet, states, payoutAfterMinor);
  const withheld = withheldMinor === 0 ? {} : { withheldMinor: bet.withheldMinor + withheldMinor };
  await betUpdate(
    tx,
    bet.id,
    payoutAfterMinor === undefined
      ? { status: BET_ORDER_STATUS.confirmed, outcome: outcomeAfter, payoutMinor: null, settledAt: null, ...withheld }
      : { outcome: outcomeAfter, payoutMinor: payoutAfterMinor, settledAt: at, ...withheld },
  );
  // Legs the first settlement never looked at (it stopped at a lost leg) are saved once the result decides them.
  for (const [index, leg] of legs.entries()) {
    if (leg.outcome === BET_OUTCOME.unsettled && states[index] !== 'unsettled') await legOutcomeSet(tx, leg.id, legOutcomeCode(states[index]!));
  }
  await resettlementInsert(tx, {
    betId: bet.id,
    kind: payoutAfterMinor === undefined ? 'reopen' : 'resettle',
    ref,
    outcomeBefore: bet.outcome,
    outcomeAfter,
    payoutBeforeMinor,
    payoutAfterMinor: payoutAfterMinor ?? null,
    takenMinor: split.takenMinor,
    creditedMinor: creditMinor,
    owedMinor: split.owedMinor,
    createdAt: at,
  });
}
