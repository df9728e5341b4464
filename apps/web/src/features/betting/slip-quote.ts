import {
  betSlipLegs,
  betSlipSinglesPlaceCheck,
  betSlipSinglesQuote,
  betSlipSystemQuote,
  systemBetCheck,
  systemBetCode,
  systemBetKindsAvailable,
  systemBetName,
  type BetSlip,
  type BetSlipTeamsOf,
  type MinorUnits,
  type SystemBetFullCoverName,
  type SystemBetKind,
} from '@piranha/domain';
import type { SlipMode } from './bet-slip-store.ts';
import { feedShownNewer } from '../../shared/feed-version.ts';
import { amountMinorParse } from '../../shared/money/money.ts';

/** One way to combine the slip's items: its series code, a label key with its values, and its line count. */
export interface SlipSeries {
  code: number;
  kind: SystemBetKind;
  /** i18n key under `betting.series` and its values (fold size, legs). */
  labelKey: SystemBetFullCoverName | 'accumulator' | 'fold';
  labelValues: Record<string, number>;
  lineCount: number;
  accumulator: boolean;
}

/**
 * Every series the slip's n items allow (n ≥ 2): the accumulator first, then the k-folds (2/n …), then the named
 * full covers (Trixie, Patent … Goliath) — the domain decides which exist.
 */
export function slipSeriesOf(legCount: number): SlipSeries[] {
  const all = systemBetKindsAvailable(legCount).map((kind): SlipSeries => {
    const code = systemBetCode(kind, legCount);
    const named = systemBetName(kind);
    const accumulator = kind.type === 'fold' && kind.foldSize === legCount;
    const lineCount = code % 1000 === 1 ? combinations(legCount, Math.floor(code / 1000)) : code % 1000;
    if (named) return { code, kind, labelKey: named, labelValues: {}, lineCount, accumulator };
    if (accumulator) return { code, kind, labelKey: 'accumulator', labelValues: { legs: legCount }, lineCount, accumulator };
    return { code, kind, labelKey: 'fold', labelValues: { size: kind.type === 'fold' ? kind.foldSize : legCount, legs: legCount }, lineCount, accumulator };
  });
  return [...all.filter((series) => series.accumulator), ...all.filter((series) => !series.accumulator)];
}

function combinations(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/**
 * The blocking codes the slip explains in words, with their message keys (`betting.slip.blocked.<key>`): the player
 * cannot see them in the rows, unlike a locked row or a missing stake.
 */
const SLIP_BLOCKED_MESSAGE_KEYS: Readonly<Record<string, 'sameMatch' | 'sameTeam'>> = { SAME_MATCH_LEGS: 'sameMatch', SAME_TEAM_LEGS: 'sameTeam' };

/** The message key that explains why the slip is blocked, or null when the slip shows it already (or is not blocked). */
export function slipBlockedMessageKey(blocked: string | null): 'sameMatch' | 'sameTeam' | null {
  return (blocked !== null && SLIP_BLOCKED_MESSAGE_KEYS[blocked]) || null;
}

export interface SlipTotals {
  totalStakeMinor: number;
  payoutMinorMax: number;
  lineCount: number;
  /** Why the slip cannot be placed now (a domain code), or null. */
  blocked: string | null;
}

/**
 * Total stake, potential return and lines of what the slip would place in its mode. `teamsOf` gives each match's teams
 * from the latest bet info, so a multiple of two matches of one team is blocked here (SAME_TEAM_LEGS) as the server
 * would refuse it.
 */
export function slipTotalsOf(
  slip: BetSlip,
  mode: SlipMode,
  series: SlipSeries | undefined,
  unitStakeMinor: MinorUnits | null,
  teamsOf?: BetSlipTeamsOf,
): SlipTotals {
  if (mode === 'singles') {
    const quote = betSlipSinglesQuote(slip);
    return {
      totalStakeMinor: quote.totalStakeMinor,
      payoutMinorMax: quote.payoutMinorMax,
      lineCount: quote.lines.length,
      blocked: betSlipSinglesPlaceCheck(slip),
    };
  }
  if (!series) return { totalStakeMinor: 0, payoutMinorMax: 0, lineCount: 0, blocked: 'SYSTEM_UNSUPPORTED' };
  // Legs that may never be combined are said before a stake is asked for: the stake would not help.
  const legsProblem = systemBetCheck(series.kind, betSlipLegs(slip, teamsOf));
  if (slipBlockedMessageKey(legsProblem)) return { totalStakeMinor: 0, payoutMinorMax: 0, lineCount: series.lineCount, blocked: legsProblem };
  if (unitStakeMinor === null) return { totalStakeMinor: 0, payoutMinorMax: 0, lineCount: series.lineCount, blocked: 'STAKE_MISSING' };
  const quote = betSlipSystemQuote(slip, series.kind, unitStakeMinor, teamsOf);
  if (!quote.ok) return { totalStakeMinor: 0, payoutMinorMax: 0, lineCount: series.lineCount, blocked: quote.code };
  return { totalStakeMinor: quote.totalStakeMinor, payoutMinorMax: quote.payoutMinorMax, lineCount: quote.lineCount, blocked: null };
}

/**
 * The first row of the slip's totals: how many bets (lines) the stake buys, or — while no line has a stake — a
 * prompt to enter one, rather than "Lines: 0" beside an empty cell.
 */
export function slipLinesRowOf(totals: Pick<SlipTotals, 'lineCount' | 'totalStakeMinor'>): { key: 'lines'; count: number } | { key: 'stakeHint' } {
  return totals.lineCount > 0 && totals.totalStakeMinor > 0 ? { key: 'lines', count: totals.lineCount } : { key: 'stakeHint' };
}

/** "12.5" or "12,50" in major units → minor units, read as every amount box reads them; null for empty, zero or invalid. */
export function stakeMinorParse(text: string): MinorUnits | null {
  const minor = amountMinorParse(text);
  return minor !== undefined && minor > 0 ? minor : null;
}

/**
 * The return the slip promises: a free bet's win pays without its stake (the server's settlement transfer does the
 * same: `bet-settle-transfers.ts`), so "Potential return" must not count it.
 */
export function slipReturnShownMinor(totals: Pick<SlipTotals, 'totalStakeMinor' | 'payoutMinorMax'>, freeBet: boolean): number {
  return freeBet ? Math.max(totals.payoutMinorMax - totals.totalStakeMinor, 0) : totals.payoutMinorMax;
}

/**
 * Which of two bet-info answers the slip shows: the fresh one unless another node's newer view is shown
 * (`feedShownNewer`). Without this, live odds step back and forth and the slip asks the player to accept "new" odds
 * on every poll.
 */
export function betInfoNewest<Answer extends { ver?: number | undefined }>(shown: Answer | undefined, fresh: Answer): Answer {
  return shown && feedShownNewer(shown.ver, fresh.ver) ? shown : fresh;
}
