import { minorUnits, minorUnitsSum, type MinorUnits } from '../money/minor-units.ts';
import { type OddsThousandths } from '../odds/odds-format.ts';
import { LIMITS } from '../timers.ts';
import { combinationCount, combinationsOf } from './combinations.ts';
import { payoutFloorMinor } from './payout-floor.ts';

/**
 * The kinds of multiple a set of legs can be placed as (betting.md §2):
 * - `fold`: every X-fold of the n legs, C(n, X) lines (FB "X串1", the "X/n system"); X = n is the accumulator.
 * - `fullCover`: every 2..N-fold of exactly N legs (FB "N串M", M = 2^N − N − 1), plus the N singles when `singles`.
 */
export type SystemBetKind = { type: 'fold'; foldSize: number } | { type: 'fullCover'; legCount: number; singles: boolean };

/** The named full covers of betting.md §2. Full covers of other sizes are not offered (see `systemBetCheck`). */
export type SystemBetFullCoverName = 'trixie' | 'patent' | 'yankee' | 'lucky15' | 'canadian' | 'lucky31' | 'heinz' | 'lucky63' | 'superHeinz' | 'goliath';

const FULL_COVER_NAMES: Readonly<Record<number, { withoutSingles: SystemBetFullCoverName; withSingles: SystemBetFullCoverName | null }>> = {
  3: { withoutSingles: 'trixie', withSingles: 'patent' },
  4: { withoutSingles: 'yankee', withSingles: 'lucky15' },
  5: { withoutSingles: 'canadian', withSingles: 'lucky31' },
  6: { withoutSingles: 'heinz', withSingles: 'lucky63' },
  7: { withoutSingles: 'superHeinz', withSingles: null },
  8: { withoutSingles: 'goliath', withSingles: null },
};

/** One leg as a multiple sees it: its match (legs of one match never combine) and its odds. */
export interface SystemLeg {
  matchId: number;
  /**
   * The teams (or players) of its match, when known: legs whose matches share a team never combine either. A leg
   * without them is not compared.
   */
  teamIds?: readonly number[];
  oddsThousandths: OddsThousandths;
  /** The market's `au` flag: false when the market may only be bet as a single. */
  multipleAllowed: boolean;
}

export type SystemBetErrorCode =
  | 'TOO_FEW_LEGS'
  | 'TOO_MANY_LEGS'
  | 'FOLD_SIZE_INVALID'
  | 'LEG_COUNT_MISMATCH'
  | 'SYSTEM_UNSUPPORTED'
  | 'SAME_MATCH_LEGS'
  | 'SAME_TEAM_LEGS'
  | 'LEG_NOT_ALLOWED_IN_MULTIPLE'
  | 'STAKE_INVALID';

export function systemBetAccumulator(legCount: number): SystemBetKind {
  return { type: 'fold', foldSize: legCount };
}

export function systemBetFullCover(name: SystemBetFullCoverName): SystemBetKind {
  for (const [legCount, names] of Object.entries(FULL_COVER_NAMES)) {
    if (names.withoutSingles === name) return { type: 'fullCover', legCount: Number(legCount), singles: false };
    if (names.withSingles === name) return { type: 'fullCover', legCount: Number(legCount), singles: true };
  }
  throw new RangeError(`unknown full cover ${name}`);
}

/** The bookmaker's name of a full cover (Trixie, Lucky 15…), or null for a fold or an unnamed cover. */
export function systemBetName(kind: SystemBetKind): SystemBetFullCoverName | null {
  switch (kind.type) {
    case 'fold':
      return null;
    case 'fullCover': {
      const names = FULL_COVER_NAMES[kind.legCount];
      if (!names) return null;
      return kind.singles ? names.withSingles : names.withoutSingles;
    }
  }
}

/** How many lines the kind has on `legCount` legs; 0 when it does not fit them. */
export function systemBetLineCount(kind: SystemBetKind, legCount: number): number {
  switch (kind.type) {
    case 'fold':
      return combinationCount(legCount, kind.foldSize);
    case 'fullCover':
      if (kind.legCount !== legCount) return 0;
      return 2 ** legCount - 1 - (kind.singles ? 0 : legCount);
  }
}

/** The legs of each line as indexes into the leg list, smallest folds first. */
export function systemBetLines(kind: SystemBetKind, legCount: number): number[][] {
  switch (kind.type) {
    case 'fold':
      return combinationsOf(legCount, kind.foldSize);
    case 'fullCover': {
      if (kind.legCount !== legCount) return [];
      const lines: number[][] = [];
      for (let size = kind.singles ? 1 : 2; size <= legCount; size += 1) lines.push(...combinationsOf(legCount, size));
      return lines;
    }
  }
}

/**
 * The series code FB clients send (betting.md §2): X-folds are X × 1000 + 1 ("X串1": 2001 doubles, 3001 trebles),
 * a full cover N × 1000 + M with M its line count (3004 Trixie, 4011 Yankee, 5026 Canadian, 7120 Super Heinz).
 * The reference writes this as `${N}00${M}`, which only matches for one-digit M; its examples are N × 1000 + M.
 * Covers with singles follow the same rule (3007 Patent, 4015 Lucky 15); the reference lists none, so they are ours.
 */
export function systemBetCode(kind: SystemBetKind, legCount: number): number {
  switch (kind.type) {
    case 'fold':
      return kind.foldSize * 1000 + 1;
    case 'fullCover':
      return kind.legCount * 1000 + systemBetLineCount(kind, legCount);
  }
}

/** Reads a series code back for `legCount` legs; undefined when it names nothing those legs can be. */
export function systemBetFromCode(code: number, legCount: number): SystemBetKind | undefined {
  if (!Number.isInteger(code) || code < 1000) return undefined;
  const size = Math.floor(code / 1000);
  const lines = code % 1000;
  if (lines === 1) return size >= 2 && size <= legCount ? { type: 'fold', foldSize: size } : undefined;
  if (size !== legCount) return undefined;
  for (const singles of [false, true]) {
    const kind: SystemBetKind = { type: 'fullCover', legCount: size, singles };
    if (systemBetLineCount(kind, legCount) === lines && systemBetName(kind) !== null) return kind;
  }
  return undefined;
}

/**
 * Why these legs cannot be placed as this kind, or null when they can. Legs of one match never combine
 * (their outcomes are correlated), nor legs of two matches of one team (`legTeamSharedIndex`), so a multiple
 * holding two of them is refused outright rather than silently dropping lines; the slip offers those legs as
 * singles instead.
 */
export function systemBetCheck(kind: SystemBetKind, legs: readonly SystemLeg[]): SystemBetErrorCode | null {
  if (legs.length < 2) return 'TOO_FEW_LEGS';
  if (legs.length > LIMITS.betSlipMax) return 'TOO_MANY_LEGS';
  switch (kind.type) {
    case 'fold':
      if (!Number.isInteger(kind.foldSize) || kind.foldSize < 2 || kind.foldSize > legs.length) return 'FOLD_SIZE_INVALID';
      break;
    case 'fullCover':
      if (kind.legCount !== legs.length) return 'LEG_COUNT_MISMATCH';
      if (systemBetName(kind) === null) return 'SYSTEM_UNSUPPORTED';
      break;
  }
  if (new Set(legs.map((leg) => leg.matchId)).size !== legs.length) return 'SAME_MATCH_LEGS';
  if (legTeamSharedIndex(legs) !== undefined) return 'SAME_TEAM_LEGS';
  if (legs.some((leg) => !leg.multipleAllowed)) return 'LEG_NOT_ALLOWED_IN_MULTIPLE';
  return null;
}

/**
 * The index of the first leg whose match shares a team with an earlier leg's match, or undefined. Two matches of one
 * team are not independent events (one evening's form, injuries, a title already decided), so a multiple must not
 * multiply their prices as if they were; and a team never plays two matches at once, so a pair like that in one slip
 * is usually a mistake or a duplicated fixture. Legs of the same match are `SAME_MATCH_LEGS`, not this.
 */
export function legTeamSharedIndex(legs: readonly Pick<SystemLeg, 'matchId' | 'teamIds'>[]): number | undefined {
  const matchOfTeam = new Map<number, number>();
  for (const [index, leg] of legs.entries()) {
    for (const teamId of leg.teamIds ?? []) {
      const matchId = matchOfTeam.get(teamId);
      if (matchId !== undefined && matchId !== leg.matchId) return index;
      matchOfTeam.set(teamId, leg.matchId);
    }
  }
  return undefined;
}

/** Every kind the slip can offer for `legCount` legs: the X-folds (the last is the accumulator), then the named full covers. */
export function systemBetKindsAvailable(legCount: number): SystemBetKind[] {
  if (legCount < 2 || legCount > LIMITS.betSlipMax) return [];
  const kinds: SystemBetKind[] = [];
  for (let foldSize = 2; foldSize <= legCount; foldSize += 1) kinds.push({ type: 'fold', foldSize });
  for (const singles of [false, true]) {
    const kind: SystemBetKind = { type: 'fullCover', legCount, singles };
    if (systemBetName(kind) !== null) kinds.push(kind);
  }
  return kinds;
}

export interface SystemBetQuoteLine {
  legIndexes: number[];
  /** floor(unit stake × Π odds of the line) if every leg wins. */
  payoutMinorMax: MinorUnits;
}

export interface SystemBetQuote {
  code: number;
  lineCount: number;
  unitStakeMinor: MinorUnits;
  /** unit stake × lines: the stake is per line (betting.md §2). */
  totalStakeMinor: MinorUnits;
  lines: SystemBetQuoteLine[];
  /** The sum of the lines' maximum payouts, each already floored: what the bet returns if every leg wins. */
  payoutMinorMax: MinorUnits;
}

export type SystemBetQuoteResult = ({ ok: true } & SystemBetQuote) | { ok: false; code: SystemBetErrorCode };

/** What the slip shows before placing: lines, total stake and potential return. */
export function systemBetQuote(kind: SystemBetKind, legs: readonly SystemLeg[], unitStakeMinor: MinorUnits): SystemBetQuoteResult {
  const problem = systemBetCheck(kind, legs);
  if (problem) return { ok: false, code: problem };
  if (unitStakeMinor <= 0) return { ok: false, code: 'STAKE_INVALID' };
  const lines = systemBetLines(kind, legs.length).map((legIndexes) => {
    const odds = legIndexes.map((index) => legAt(legs, index).oddsThousandths);
    return {
      legIndexes,
      payoutMinorMax: payoutFloorMinor(
        unitStakeMinor,
        odds,
        odds.map(() => 1000),
      ),
    };
  });
  return {
    ok: true,
    code: systemBetCode(kind, legs.length),
    lineCount: lines.length,
    unitStakeMinor,
    totalStakeMinor: minorUnits(unitStakeMinor * lines.length),
    lines,
    payoutMinorMax: minorUnitsSum(lines.map((line) => line.payoutMinorMax)),
  };
}

function legAt<T>(legs: readonly T[], index: number): T {
  const leg = legs[index];
  if (leg === undefined) throw new RangeError(`no leg at index ${index}`);
  return leg;
}
