import { bonusMaxMinor } from '../payments/limits.ts';
import type { MarketKey, VariantProfile } from '../variants/profile.ts';

/**
 * VIP club rules (issue 18, spec §9): levels 0–30 reached by points, six stages over 0–5, 6–10, 11–15, 16–20, 21–25
 * and 26–30. Points come from settled turnover and deposits, weighted per brand, and are kept in "point minor units"
 * (the currency's minor units times the weight) so no fraction of a small bet is lost; a whole point is
 * `minorPerPoint` of them. Pure: no I/O.
 */

export const VIP_LEVEL_MAX = 30;
export const VIP_STAGE_MAX = 6;
export const BP_FULL = 10_000;

/** Spec §9: stage 1 covers levels 0–5, then every five levels one more stage, up to 6 at 26–30. */
export function vipStageOfLevel(level: number): number {
  if (!Number.isInteger(level) || level < 0 || level > VIP_LEVEL_MAX) throw new RangeError(`VIP level out of range: ${level}`);
  return Math.max(1, Math.ceil(level / 5));
}

/** The levels a stage covers, both ends included. */
export function vipStageLevels(stage: number): { from: number; to: number } {
  if (!Number.isInteger(stage) || stage < 1 || stage > VIP_STAGE_MAX) throw new RangeError(`VIP stage out of range: ${stage}`);
  return { from: stage === 1 ? 0 : 5 * (stage - 1) + 1, to: 5 * stage };
}

export type VipPointSource = 'sports' | 'casino' | 'deposit';

/** Share of each source's amount that becomes points, in basis points (10000 = every minor unit counts). */
export interface VipWeights {
  sportsBp: number;
  casinoBp: number;
  depositBp: number;
}

export interface VipConfig {
  /** Point minor units in one whole point (the brand currency's step, so a peso brand and a real brand climb alike). */
  minorPerPoint: number;
  weights: VipWeights;
  /** Whole points needed for each level, index = level: 31 entries, 0 first, strictly increasing. */
  thresholds: readonly number[];
  /** The level-up reward of each level in the brand currency's minor units, index = level (level 0 has none). */
  levelUpRewardMinor: readonly number[];
  /**
   * The weekly and monthly free VIP rewards (spec §3 reward kinds week_free, month_free) in minor units, index =
   * level: what a player at that level may receive once per brand week and once per brand month (level 0: none).
   */
  weekFreeMinor: readonly number[];
  monthFreeMinor: readonly number[];
  /** From this stage the player sees a dedicated support contact. */
  supportStage: number;
}

/** Points for each level: a gentle start (VIP 1 after about ten units of turnover), then steeper. */
const THRESHOLDS_DEFAULT: readonly number[] = [
  0, 10, 50, 100, 200, 400, 700, 1_000, 1_500, 2_000, 3_000, 4_000, 5_500, 7_000, 9_000, 12_000, 15_000, 20_000, 25_000, 32_000, 40_000, 50_000, 65_000, 80_000,
  100_000, 130_000, 170_000, 220_000, 300_000, 400_000, 500_000,
];

/**
 * Level-up rewards in currency steps (a step is 1 BRL for a real brand), index = level. The top one is 600 steps, the
 * country's bonus maximum (spec §9), which no single reward passes.
 */
const REWARD_STEPS_DEFAULT: readonly number[] = [
  0, 5, 10, 15, 20, 30, 40, 50, 60, 80, 100, 120, 140, 160, 180, 200, 230, 260, 290, 320, 350, 380, 410, 440, 470, 500, 520, 540, 560, 580, 600,
];

/** Weekly and monthly free rewards in currency steps by stage (1–6); level 0 has none. */
const WEEK_FREE_STEPS_BY_STAGE: readonly number[] = [2, 5, 10, 20, 40, 80];
const MONTH_FREE_STEPS_BY_STAGE: readonly number[] = [10, 25, 50, 100, 200, 400];

function byLevel(stepsByStage: readonly number[], step: number, max: number): number[] {
  return Array.from({ length: VIP_LEVEL_MAX + 1 }, (_unused, level) => (level === 0 ? 0 : Math.min(stepsByStage[vipStageOfLevel(level) - 1]! * step, max)));
}

/** Deposits count less than play where deposits are cheap to cycle (crypto); elsewhere half. */
function weightsOf(market: MarketKey): VipWeights {
  return { sportsBp: BP_FULL, casinoBp: BP_FULL, depositBp: market === 'CRYPTO' ? 2_500 : 5_000 };
}

/**
 * A brand's VIP rules. The currency step scales points and rewards so every brand's ladder feels the same; the stage
 * of the dedicated support contact is the brand's own (`vipSupportStage` of its profile; 4 when not given).
 */
export function vipConfigOf(profile: Pick<VariantProfile, 'currency' | 'market'> & Partial<Pick<VariantProfile, 'vipSupportStage'>>): VipConfig {
  const step = Math.max(1, Math.round(bonusMaxMinor(profile.currency) / 600));
  return {
    minorPerPoint: step,
    weights: weightsOf(profile.market),
    thresholds: THRESHOLDS_DEFAULT,
    levelUpRewardMinor: REWARD_STEPS_DEFAULT.map((steps) => Math.min(steps * step, bonusMaxMinor(profile.currency))),
    weekFreeMinor: byLevel(WEEK_FREE_STEPS_BY_STAGE, step, bonusMaxMinor(profile.currency)),
    monthFreeMinor: byLevel(MONTH_FREE_STEPS_BY_STAGE, step, bonusMaxMinor(profile.currency)),
    supportStage: profile.vipSupportStage ?? 4,
  };
}

/** A ladder is 31 whole-point thresholds from 0, strictly increasing. */
export function vipThresholdsValid(thresholds: readonly number[]): boolean {
  if (thresholds.length !== VIP_LEVEL_MAX + 1 || thresholds[0] !== 0) return false;
  return thresholds.every((value, index) => Number.isSafeInteger(value) && (index === 0 || value > thresholds[index - 1]!));
}

/** Point minor units an amount earns: the source's share, rounded down (exact for any safe amount). */
export function vipPointsMinorOf(source: VipPointSource, amountMinor: number, weights: VipWeights): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 0;
  const bp = source === 'sports' ? weights.sportsBp : source === 'casino' ? weights.casinoBp : weights.depositBp;
  return Number((BigInt(amountMinor) * BigInt(bp)) / BigInt(BP_FULL));
}

/** Whole points from point minor units. */
export function vipPointsOf(pointsMinor: number, minorPerPoint: number): number {
  return Math.floor(Math.max(0, pointsMinor) / minorPerPoint);
}

/** The highest level whose threshold the points reach. */
export function vipLevelOf(points: number, thresholds: readonly number[]): number {
  let level = 0;
  for (let next = 1; next < thresholds.length && points >= thresholds[next]!; next += 1) level = next;
  return level;
}

export interface VipStanding {
  level: number;
  stage: number;
  points: number;
  /** Points of the current level's threshold and of the next one (null at the top). */
  levelPoints: number;
  nextLevelPoints: number | null;
  /** Progress from this level to the next in whole per cent, rounded down (100 only at the top). */
  progressPercent: number;
}

export function vipStandingOf(pointsMinor: number, config: VipConfig): VipStanding {
  const points = vipPointsOf(pointsMinor, config.minorPerPoint);
  const level = vipLevelOf(points, config.thresholds);
  const levelPoints = config.thresholds[level]!;
  const nextLevelPoints = level >= VIP_LEVEL_MAX ? null : config.thresholds[level + 1]!;
  const progressPercent = nextLevelPoints === null ? 100 : Math.floor(((points - levelPoints) * 100) / (nextLevelPoints - levelPoints));
  return { level, stage: vipStageOfLevel(level), points, levelPoints, nextLevelPoints, progressPercent };
}

/** Levels from 1 up to `level` that carry a reward and are not in `received`: what waits to be received. */
export function vipRewardsWaiting(level: number, received: ReadonlySet<number>, config: VipConfig): number[] {
  const waiting: number[] = [];
  for (let each = 1; each <= level; each += 1) if ((config.levelUpRewardMinor[each] ?? 0) > 0 && !received.has(each)) waiting.push(each);
  return waiting;
}

export type VipFreeKind = 'week_free' | 'month_free';

/**
 * The free rewards a player at `level` may still receive in the current week and month: each kind once per period
 * (`received` holds the kinds already received in their current period), at the amount of the level held when
 * receiving.
 */
export function vipFreeRewardsWaiting(level: number, received: ReadonlySet<VipFreeKind>, config: VipConfig): { kind: VipFreeKind; amountMinor: number }[] {
  const waiting: { kind: VipFreeKind; amountMinor: number }[] = [];
  const week = config.weekFreeMinor[level] ?? 0;
  const month = config.monthFreeMinor[level] ?? 0;
  if (week > 0 && !received.has('week_free')) waiting.push({ kind: 'week_free', amountMinor: week });
  if (month > 0 && !received.has('month_free')) waiting.push({ kind: 'month_free', amountMinor: month });
  return waiting;
}

export interface VipStageBenefits {
  stage: number;
  levelFrom: number;
  levelTo: number;
  /** Whole points to enter the stage. */
  pointsFrom: number;
  /** Sum of the level-up rewards of its levels. */
  levelUpRewardsMinor: number;
  /** The weekly and monthly free rewards at the stage's first level that has one. */
  weekFreeMinor: number;
  monthFreeMinor: number;
  dedicatedSupport: boolean;
}

/** The benefits table by stage, from the brand's configuration: only what the club actually pays or gives. */
export function vipBenefitsTable(config: VipConfig): VipStageBenefits[] {
  return Array.from({ length: VIP_STAGE_MAX }, (_unused, index) => {
    const stage = index + 1;
    const { from, to } = vipStageLevels(stage);
    let rewards = 0;
    for (let level = from; level <= to; level += 1) rewards += config.levelUpRewardMinor[level] ?? 0;
    return {
      stage,
      levelFrom: from,
      levelTo: to,
      pointsFrom: config.thresholds[from]!,
      levelUpRewardsMinor: rewards,
      weekFreeMinor: config.weekFreeMinor[Math.max(1, from)] ?? 0,
      monthFreeMinor: config.monthFreeMinor[Math.max(1, from)] ?? 0,
      dedicatedSupport: stage >= config.supportStage,
    };
  });
}
