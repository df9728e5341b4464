import { BET_KINDS, BET_OUTCOME, type BetKindWire, type BetRange, type BetRecord, type EndpointBody, type betList } from '@piranha/contract';
import { legOutcomeCode, minorUnits, payoutFloorMinor } from '@piranha/domain';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { BettingDeps } from './betting-deps.ts';
import { legResultsOf, type BetLegResultRow } from './bet-resettle.repository.ts';
import { playerCreditOf } from './bet-settle-transfers.ts';
import { legStateFromResult } from './bet-settle.service.ts';
import { betsPage, legsOfBets, type BetLegRow, type BetRow } from './betting.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const PAGE_SIZE_DEFAULT = 20;

/** A range's [from, to) in UTC days, the same rule as the daily deposit limit: one rule for every market. */
export function betRangeOf(range: BetRange, now: Date): { fromAt: Date; toAt: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const end = new Date(now.getTime() + 1);
  switch (range) {
    case 'today':
      return { fromAt: new Date(today), toAt: end };
    case 'yesterday':
      return { fromAt: new Date(today - DAY_MS), toAt: new Date(today) };
    case 'last7days':
      return { fromAt: new Date(today - 6 * DAY_MS), toAt: end };
    case 'last30days':
      return { fromAt: new Date(today - 29 * DAY_MS), toAt: end };
  }
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

function kindOf(value: string): BetKindWire {
  const kind = BET_KINDS.find((candidate) => candidate === value);
  if (!kind) throw new Error(`bet kind ${value} is not one of ${BET_KINDS.join(', ')}`);
  return kind;
}

/** The corrected result a leg was decided again on (bet-resettle.service.ts), by leg id. */
export type LegCorrections = ReadonlyMap<number, Pick<BetLegResultRow, 'revision' | 'scoreHome' | 'scoreAway'>>;

/** A bet whose whole stake was cashed out: it settled with nothing left riding (the resettlement rule too). */
const cashedOutWhole = (bet: BetRow) => bet.stakeMinor === 0 && bet.cashOutMinor > 0;

/**
 * What the history shows of a bet's money, so the page adds nothing up itself: the stake still riding and its
 * potential return (a partial cash-out shrinks both), and what was paid. A bet cashed out whole stores its cash-outs
 * as its `payout` too, so what was paid is the cash-outs alone; a bet settled on its result adds the credit of that
 * settlement (a free bet's only its winnings). What was paid is before prize withholding, which `withheld` shows
 * (decision 060).
 */
export function betMoneyOf(
  bet: BetRow,
  legs: readonly Pick<BetLegRow, 'oddsThousandths'>[],
): Pick<BetRecord, 'stake_open' | 'payout_open' | 'paid' | 'withheld' | 'cashed_out'> {
  if (cashedOutWhole(bet)) return { stake_open: 0, payout_open: 0, paid: bet.cashOutMinor, withheld: bet.withheldMinor, cashed_out: 1 };
  // Only singles and accumulators are cashed out in part, and each pays its stake times the product of the odds.
  const payoutOpen =
    bet.stakeMinor === bet.stakePlacedMinor
      ? bet.payoutMinorMax
      : payoutFloorMinor(
          minorUnits(bet.stakeMinor),
          legs.map((leg) => leg.oddsThousandths),
          legs.map(() => 1000),
        );
  const credited = bet.payoutMinor === null ? 0 : playerCreditOf(bet, bet.payoutMinor);
  return { stake_open: bet.stakeMinor, payout_open: payoutOpen, paid: bet.cashOutMinor + credited, withheld: bet.withheldMinor, cashed_out: 0 };
}

/** A leg's outcome code now: the saved one, or while none is saved, how the match's result decides it (0 without one). */
export type LegOutcomeNow = (leg: BetLegRow) => number;
const savedOutcome: LegOutcomeNow = (leg) => leg.outcome;

export function betRecordOf(
  bet: BetRow,
  legs: readonly BetLegRow[],
  corrections: LegCorrections = new Map(),
  legOutcomeNow: LegOutcomeNow = savedOutcome,
): BetRecord {
  return {
    id: String(bet.id),
    kind: kindOf(bet.kind),
    sn: bet.seriesCode,
    st: bet.status,
    ...(bet.rejectReason === null ? {} : { rj: bet.rejectReason }),
    sr: bet.outcome,
    stake: bet.stakePlacedMinor,
    unit: bet.unitStakeMinor,
    lines: bet.lineCount,
    payout_max: bet.payoutMinorMax,
    ...(bet.payoutMinor === null ? {} : { payout: bet.payoutMinor }),
    cash_out: bet.cashOutMinor,
    ...betMoneyOf(bet, legs),
    free: bet.freeBet ? 1 : 0,
    currency: bet.currency,
    create_time: seconds(bet.createdAt),
    ...(bet.settledAt ? { settle_time: seconds(bet.settledAt) } : {}),
    legs: legs.map((leg) => {
      const corrected = corrections.get(leg.id);
      return {
        matchId: leg.matchId,
        marketId: leg.marketId,
        ty: leg.optionType,
        mty: leg.marketType,
        pe: leg.period,
        ...(leg.line === null ? {} : { li: leg.line }),
        nm: leg.matchName,
        od: leg.oddsThousandths / 1000,
        ...(leg.live ? { re: `${leg.scoreHome}-${leg.scoreAway}` } : {}),
        sr: legOutcomeNow(leg),
        ...(corrected ? { rv: corrected.revision, rs: `${corrected.scoreHome}-${corrected.scoreAway}` } : {}),
      };
    }),
  };
}

/** `order/bet/list`: outstanding or settled bets of a range, newest first, paged by `current`. */
export async function betListOf(deps: BettingDeps, user: SessionUser, body: EndpointBody<typeof betList>) {
  const current = body.current ?? 1;
  const size = body.size ?? PAGE_SIZE_DEFAULT;
  const { fromAt, toAt } = betRangeOf((body.range as BetRange | undefined) ?? 'last30days', deps.now());
  const page = await betsPage(deps.db, { userId: user.uid, settled: body.isSettled ?? false, fromAt, toAt, offset: (current - 1) * size, limit: size });
  const legs = await legsOfBets(
    deps.db,
    page.rows.map((bet) => bet.id),
  );
  const corrections: LegCorrections = new Map(
    (
      await legResultsOf(
        deps.db,
        legs.map((leg) => leg.id),
      )
    ).map((row) => [row.legId, row]),
  );
  // Settlement never visits a bet cashed out whole, so its legs keep no outcome: the feed's result says how they went.
  const legOutcomeNow: LegOutcomeNow = (leg) => (leg.outcome === BET_OUTCOME.unsettled ? legOutcomeCode(legStateFromResult(deps, leg)) : leg.outcome);
  return {
    records: page.rows.map((bet) =>
      betRecordOf(
        bet,
        legs.filter((leg) => leg.betId === bet.id),
        corrections,
        legOutcomeNow,
      ),
    ),
    current,
    total: page.total,
  };
}
