import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';
import type { LoyaltyPeriod } from './brand-time.ts';

/**
 * Daily and weekly rankings (issue 18, spec §3, §9): players of a brand ordered by settled turnover in the period,
 * the top three shown apart, 50 rows make a full board, ties broken by who reached the score first (then by the
 * lower player id, so the order is total). Pure: no I/O.
 */

export const RANKING_FULL = 50;

/**
 * What a board ranks (decision 045): settled turnover, or the biggest single net win (return − stake of one bet or
 * round) of the period. Both close and pay the same way.
 */
export const RANKING_KINDS = ['turnover', 'win'] as const;
export type RankingKind = (typeof RANKING_KINDS)[number];

/** The board's stored key: the period key for turnover (`d:2026-11-28`), prefixed for biggest win (`win:d:2026-11-28`). */
export function rankBoardKey(kind: RankingKind, periodKey: string): string {
  return kind === 'turnover' ? periodKey : `${kind}:${periodKey}`;
}

/** The kind and period key of a stored board key. */
export function rankBoardKeyParse(boardKey: string): { kind: RankingKind; periodKey: string } {
  return boardKey.startsWith('win:') ? { kind: 'win', periodKey: boardKey.slice('win:'.length) } : { kind: 'turnover', periodKey: boardKey };
}
export const RANKING_PODIUM = 3;

export interface RankingRow {
  userId: number;
  scoreMinor: number;
  /** When the player reached this score (the last fact that raised it). */
  reachedAtMs: number;
}

/** Higher score first; on a tie, who got there first; then the lower id. */
export function rankingCompare(a: RankingRow, b: RankingRow): number {
  return b.scoreMinor - a.scoreMinor || a.reachedAtMs - b.reachedAtMs || a.userId - b.userId;
}

export function rankingSorted<T extends RankingRow>(rows: readonly T[]): T[] {
  return [...rows].sort(rankingCompare);
}

/** The board of a sorted list: the podium and the rest, 50 rows at most in all. */
export function rankingBoard<T>(sorted: readonly T[]): { podium: T[]; rest: T[] } {
  const board = sorted.slice(0, RANKING_FULL);
  return { podium: board.slice(0, RANKING_PODIUM), rest: board.slice(RANKING_PODIUM) };
}

/** What the player needs to pass the one above (ahead by one minor unit); 0 when first. */
export function rankingGapMinor(ownScoreMinor: number, aboveScoreMinor: number | undefined): number {
  if (aboveScoreMinor === undefined) return 0;
  return aboveScoreMinor - ownScoreMinor + 1;
}

/** A nick as others see it on a board: the first two characters, stars, the last one ("go***r"). */
export function nickMasked(nick: string): string {
  const chars = [...nick.trim()];
  if (chars.length === 0) return '***';
  if (chars.length <= 3) return `${chars[0]}***`;
  return `${chars.slice(0, 2).join('')}***${chars[chars.length - 1]}`;
}

/** Prizes of the first places in currency steps (1 BRL for a real brand); a week pays five times a day. */
const PRIZE_STEPS_DAILY: readonly number[] = [50, 25, 10];

/** A board's prizes by place (index 0 = first place), in minor units, never above the country's bonus maximum. */
export function rankingPrizesMinor(profile: Pick<VariantProfile, 'currency'>, period: LoyaltyPeriod, kind: RankingKind = 'turnover'): number[] {
  const step = Math.max(1, Math.round(bonusMaxMinor(profile.currency) / 600));
  const factor = period === 'daily' ? 1 : 5;
  // A biggest-win board pays half a turnover board's prizes: one lucky spin, not a week's play.
  const share = kind === 'turnover' ? 2 : 1;
  return PRIZE_STEPS_DAILY.map((steps) => Math.min(Math.floor((steps * factor * step * share) / 2), bonusMaxMinor(profile.currency)));
}

/** Late facts (a bet settled at 23:59:59, counted by the next pass) still reach a board this long after it ends. */
export const RANKING_CLOSE_GRACE_MS = 10 * 60_000;

/**
 * A stale board's places are recounted by the loyalty pass (decision 048): a board of up to
 * `RANK_SNAPSHOT_EVERY_PASS_UP_TO` players at every pass that moved it; a larger one once a wait growing with its players
 * has passed since its last count (100,000 players: every 20 s), never waiting more than `RANK_SNAPSHOT_WAIT_MAX_MS`.
 * The first count of a board is due at once.
 *
 * Decision 055: a count also waits `RANK_SNAPSHOT_COUNT_SPACING` times as long as the board's last count took
 * (`lastCountMs`) when it is a large one, whatever the cap says, so counting holds the database for at most a tenth of the time: a count of
 * 100,000 players that took 31 s on PGlite (one connection, held by it) comes back after 279 s, not 20 s later;
 * on PostgreSQL, where it takes about a second, the players' wait decides as before.
 */
export const RANK_SNAPSHOT_EVERY_PASS_UP_TO = 1_000;
/** Players counted per millisecond of wait: 100,000 players wait 20 s. */
export const RANK_SNAPSHOT_PLAYERS_PER_MS = 5;
export const RANK_SNAPSHOT_WAIT_MAX_MS = 30_000;
/** A board waits at least this many times its last count's duration before the next: counting ≤ 1/10 of the time. */
export const RANK_SNAPSHOT_COUNT_SPACING = 9;

export function rankSnapshotDue(players: number, refreshedAtMs: number | undefined, nowMs: number, lastCountMs = 0): boolean {
  if (refreshedAtMs === undefined || players <= RANK_SNAPSHOT_EVERY_PASS_UP_TO) return true;
  const spacing = lastCountMs * RANK_SNAPSHOT_COUNT_SPACING;
  return nowMs - refreshedAtMs >= Math.max(spacing, Math.min(RANK_SNAPSHOT_WAIT_MAX_MS, players / RANK_SNAPSHOT_PLAYERS_PER_MS));
}
