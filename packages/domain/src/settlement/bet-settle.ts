import { minorUnits, minorUnitsSum, type MinorUnits } from '../money/minor-units.ts';
import { type OddsThousandths } from '../odds/odds-format.ts';
import { payoutFloorMinor } from '../bet-slip/payout-floor.ts';
import { systemBetLineCount, systemBetLines, type SystemBetKind } from '../bet-slip/system-bets.ts';
import { LEG_FACTOR_DENOMINATOR, legFactorPer2000 } from './leg-factor.ts';
import { type LegState } from './leg-outcome.ts';

/** A leg of a placed bet: the odds it was accepted at and how it stands. */
export interface SettlementLeg {
  oddsThousandths: OddsThousandths;
  state: LegState;
}

export type LineSettleResult = { ok: true; payoutMinor: MinorUnits } | { ok: false; code: 'LEG_UNSETTLED' };

/**
 * Settles one line — a single, an accumulator, or one line of a system bet: floor(stake × Π effective odds),
 * computed exactly and rounded down once (betting.md §2). A void or pushed leg has factor 1, so the line pays as
 * the fold without it. A lost leg settles the line at 0 at once, even while other legs are still open; otherwise
 * a line with an open leg cannot settle yet.
 */
export function betLineSettle(stakeMinor: MinorUnits, legs: readonly SettlementLeg[]): LineSettleResult {
  if (legs.length === 0) throw new RangeError('a line has at least one leg');
  if (legs.some((leg) => leg.state === 'lost')) return { ok: true, payoutMinor: minorUnits(0) };
  const factors: number[] = [];
  for (const leg of legs) {
    if (leg.state === 'unsettled') return { ok: false, code: 'LEG_UNSETTLED' };
    factors.push(legFactorPer2000(leg.state, leg.oddsThousandths));
  }
  return {
    ok: true,
    payoutMinor: payoutFloorMinor(
      stakeMinor,
      factors,
      factors.map(() => LEG_FACTOR_DENOMINATOR),
    ),
  };
}

export interface SystemBetSettlement {
  /** The sum of the lines' payouts, each floored on its own. */
  payoutMinor: MinorUnits;
  lines: { legIndexes: number[]; payoutMinor: MinorUnits }[];
}

/**
 * Settles a system bet line by line (unit stake on each): its return is the sum of its lines. It settles only
 * when every line can; until then the answer is LEG_UNSETTLED. The kind must fit the legs — placement checked it.
 */
export function systemBetSettle(
  kind: SystemBetKind,
  unitStakeMinor: MinorUnits,
  legs: readonly SettlementLeg[],
): ({ ok: true } & SystemBetSettlement) | { ok: false; code: 'LEG_UNSETTLED' } {
  if (systemBetLineCount(kind, legs.length) === 0) throw new RangeError(`a ${kind.type} system does not fit ${legs.length} legs`);
  const lines: SystemBetSettlement['lines'] = [];
  for (const legIndexes of systemBetLines(kind, legs.length)) {
    const settled = betLineSettle(
      unitStakeMinor,
      legIndexes.map((index) => legAt(legs, index)),
    );
    if (!settled.ok) return settled;
    lines.push({ legIndexes, payoutMinor: settled.payoutMinor });
  }
  return { ok: true, payoutMinor: minorUnitsSum(lines.map((line) => line.payoutMinor)), lines };
}

function legAt(legs: readonly SettlementLeg[], index: number): SettlementLeg {
  const leg = legs[index];
  if (leg === undefined) throw new RangeError(`no leg at index ${index}`);
  return leg;
}
