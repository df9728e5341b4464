import type { BasketballLeague, BasketballTeamRating, ServeStrengths, TennisRules } from '@piranha/domain';

/**
 * The sports feed the API reads: a simulator today, a real provider tomorrow. Types here use readable names; the
 * mapping to the FB wire names (`ms`, `mc`, `nsg`, …) belongs to the contract, so a provider never speaks wire.
 */

/** Sports the feed covers, by their FB sport id (reference/betting.md §1). */
export const sportIds = { soccer: 1, basketball: 3, tennis: 5, volleyball: 13, tableTennis: 15 } as const;
export type SportId = (typeof sportIds)[keyof typeof sportIds];

export interface FeedLeague {
  readonly id: number;
  readonly sportId: SportId;
  readonly name: string;
  /** Display order within the sport: lower first. */
  readonly rank: number;
  readonly regionId: number;
  readonly regionName: string;
  /** The logo's URL, or '' when the feed has none (the app draws the initial). */
  readonly logoPath: string;
}

export interface FeedTeam {
  readonly id: number;
  readonly name: string;
  /** The logo's URL, or '' when the feed has none (the app draws the initial). */
  readonly logoPath: string;
}

/** What a match needs to be simulated and priced, per sport; the pricing models of `@piranha/domain` read it. */
export type MatchModel =
  | { readonly sport: 'soccer'; readonly goalsExpectedHome: number; readonly goalsExpectedAway: number; readonly rho: number }
  | {
      readonly sport: 'basketball';
      readonly league: BasketballLeague;
      readonly home: BasketballTeamRating;
      readonly away: BasketballTeamRating;
    }
  | { readonly sport: 'tennis'; readonly strengths: ServeStrengths; readonly rules: TennisRules }
  | { readonly sport: 'volleyball'; readonly strengths: ServeStrengths }
  | { readonly sport: 'tableTennis'; readonly strengths: ServeStrengths; readonly gamesToWin: 3 | 4 };

export type MatchStatus = 'notStarted' | 'live' | 'ended';

/** The live clock (`mc` on the wire). `periodCode` is the live period code of reference/betting.md §1. */
export interface MatchClock {
  readonly seconds: number;
  readonly running: boolean;
  readonly direction: 'up' | 'down';
  readonly periodCode: number;
  /** Stoppage time announced for the period in play, in whole minutes (soccer). */
  readonly injuryMinutes: number;
}

/** A score of one period (`pe` is the market period code: 1002 first half, 3005 first quarter, 5002 first set …). */
export interface PeriodScore {
  readonly periodCode: number;
  readonly home: number;
  readonly away: number;
}

export interface FeedMatch {
  readonly id: number;
  readonly sportId: SportId;
  readonly league: FeedLeague;
  readonly home: FeedTeam;
  readonly away: FeedTeam;
  readonly startsAtMs: number;
  readonly status: MatchStatus;
  readonly clock: MatchClock;
  /** Goals, points, or sets won (tennis, volleyball, table tennis). */
  readonly score: { readonly home: number; readonly away: number };
  readonly periodScores: readonly PeriodScore[];
  /** True for a short window after a goal or a burst of points: markets show suspended and odds locked. */
  readonly marketsSuspended: boolean;
  readonly featured: boolean;
  readonly model: MatchModel;
  /**
   * Tennis, volleyball and table tennis while live: points of the game (tennis) or set in play and who serves the
   * next one, which the point-by-point pricing reads. A provider without it leaves it out (pricing assumes 0-0).
   */
  readonly rally?: { readonly pointsHome: number; readonly pointsAway: number; readonly server: 'home' | 'away' };
}

/** A finished match with its final and per-period scores. */
export interface MatchResult {
  readonly matchId: number;
  readonly sportId: SportId;
  readonly league: FeedLeague;
  readonly home: FeedTeam;
  readonly away: FeedTeam;
  readonly startsAtMs: number;
  readonly endedAtMs: number;
  readonly score: { readonly home: number; readonly away: number };
  readonly periodScores: readonly PeriodScore[];
  /**
   * 1 when first published; each correction of the result publishes a new object with the next revision. Settlement
   * follows the latest revision and resettles bets settled under an earlier one (betting README).
   */
  readonly revision: number;
}

/**
 * A corrected result for a finished match: the revision after the current one, the final score, and the period
 * scores when they change too (otherwise they stay as published). Publishing the current revision again with the
 * same scores changes nothing, as a provider's repeated message must not.
 */
export interface ResultCorrection {
  readonly matchId: number;
  readonly revision: number;
  readonly score: { readonly home: number; readonly away: number };
  readonly periodScores?: readonly PeriodScore[];
}

export type ResultCorrectionOutcome =
  | { readonly ok: true; readonly result: MatchResult; readonly changed: boolean }
  | { readonly ok: false; readonly code: 'RESULT_NOT_FOUND' | 'RESULT_REVISION_INVALID' | 'RESULT_SCORES_INCONSISTENT' | 'FEED_NOT_LEADER' };

/**
 * All matches at one instant. `version` grows with every change, so the API can serialise each version once and
 * answer polls with an ETag instead of rebuilding responses.
 */
export interface FeedSnapshot {
  readonly version: number;
  readonly matches: readonly FeedMatch[];
}

export interface SportsFeed {
  snapshot(): FeedSnapshot;
  match(matchId: number): FeedMatch | undefined;
  /** Results of finished matches, one per match at its latest revision. */
  results(): readonly MatchResult[];
  /** The latest result of one match, or undefined while it has none (a lookup: placement asks it on every leg). */
  result(matchId: number): MatchResult | undefined;
  /**
   * The feed's own time at wall-clock instant `wallNowMs`, in which `startsAtMs` is given: the wall clock itself for
   * a real provider; simulated time for the simulator, never before the time it has reached. Placement compares a
   * pre-match market's start with it (the past-posting guard), whatever status the feed shows.
   */
  clockMs(wallNowMs: number): number;
  /**
   * Resolves once everything the feed has published so far is stored (at once for a feed that keeps nothing of its
   * own, as a provider that replays its results does). Settlement waits for it, so no bet is paid on a result a
   * crash could take back; it rejects while the store is failing.
   */
  persisted(): Promise<void>;
  /**
   * Publishes a corrected result of a finished match and tells listeners, as a provider's correction would arrive.
   * The simulator takes it from the operator (POST /api/ops/feed/result); a real provider's adapter shows the
   * provider's own corrections and takes the book's manual overrides here.
   */
  resultCorrect(correction: ResultCorrection): ResultCorrectionOutcome;
  /** Calls `listener` after every tick that changed the snapshot; returns the unsubscribe function. */
  subscribe(listener: (snapshot: FeedSnapshot) => void): () => void;
  /** Moves the feed to wall-clock `nowMs`: a simulator advances its matches, a real provider applies pushed updates. */
  tick(nowMs: number): void;
}
