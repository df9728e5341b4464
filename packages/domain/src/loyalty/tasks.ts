import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';
import type { LoyaltyPeriod } from './brand-time.ts';

/**
 * The task centre (issue 18, spec §3): daily and weekly tasks per brand. `conf_num` (the target) and `progress_num`
 * are minor units of the brand currency (spec §9: divide by 100). Progress comes from the same durable facts as VIP
 * points: a paid deposit, a settled bet, a settled casino round. Pure: no I/O.
 */

export const TASK_KINDS = ['recharge', 'bet_amount', 'bet_win', 'play_game', 'multiple'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** Kinds whose target and progress count facts (rounds, bets) rather than minor units (decision 045). */
export const TASK_COUNT_KINDS: ReadonlySet<TaskKind> = new Set(['play_game', 'multiple']);

/** Legs a settled multiple needs by default to count for a `multiple` task. */
export const TASK_MULTIPLE_LEGS_DEFAULT = 3;

export interface TaskDefinition {
  /** Stable id within the brand: `<period>_<kind>`. */
  id: string;
  period: LoyaltyPeriod;
  kind: TaskKind;
  /** The target, in minor units. */
  confMinor: number;
  /** What claiming pays, in minor units (through the bonus engine). */
  rewardMinor: number;
  /** play_game: the house game (`dice`) or `slot` (any slot) whose settled rounds count; absent for other kinds. */
  game?: string;
  /** multiple: the least legs a settled multiple needs to count. */
  minLegs?: number;
}

/**
 * Targets and rewards in currency steps (1 BRL for a real brand); count kinds (play_game, multiple) have their target
 * in rounds or bets: five settled dice rounds a day, a settled multiple of three legs or more a day, three a week.
 */
const TASKS_DEFAULT: readonly (readonly [LoyaltyPeriod, TaskKind, number, number, { game?: string; minLegs?: number }?])[] = [
  ['daily', 'bet_amount', 10, 1],
  ['daily', 'recharge', 20, 2],
  ['daily', 'bet_win', 10, 2],
  ['daily', 'play_game', 5, 1, { game: 'dice' }],
  ['daily', 'multiple', 1, 2, { minLegs: TASK_MULTIPLE_LEGS_DEFAULT }],
  ['weekly', 'bet_amount', 300, 15],
  ['weekly', 'recharge', 200, 10],
  ['weekly', 'bet_win', 100, 10],
  ['weekly', 'multiple', 3, 10, { minLegs: TASK_MULTIPLE_LEGS_DEFAULT }],
];

export function tasksOf(profile: Pick<VariantProfile, 'currency'>): TaskDefinition[] {
  const step = Math.max(1, Math.round(bonusMaxMinor(profile.currency) / 600));
  return TASKS_DEFAULT.map(([period, kind, conf, reward, target]) => ({
    id: `${period}_${kind}`,
    period,
    kind,
    confMinor: TASK_COUNT_KINDS.has(kind) ? conf : conf * step,
    rewardMinor: reward * step,
    ...target,
  }));
}

/** Slot games: a play_game task on `slot` counts a round of any of them. */
const SLOT_GAMES: ReadonlySet<string> = new Set(['reef-riches', 'neon-koi', 'lucky-sevens']);

/** Whether a play_game target (`dice`, `slot`) names this game. */
export function taskGameMatches(target: string | undefined, gameId: string): boolean {
  if (target === undefined) return false;
  return target === gameId || (target === 'slot' && SLOT_GAMES.has(gameId));
}

/**
 * A durable fact as tasks read it: a deposit, or a settled stake with what it returned. A round names its game; a bet
 * says whether it is a multiple (an accumulator, `bet_multi`) and how many legs it has.
 */
export type TaskFact =
  | { source: 'deposit'; amountMinor: number }
  | { source: 'bet'; stakeMinor: number; returnMinor: number; multipleLegs?: number }
  | { source: 'round'; stakeMinor: number; returnMinor: number; gameId?: string };

/**
 * How far one fact moves a task: deposits fill recharge, stakes bet_amount, net wins bet_win; a settled round of the
 * task's game adds one to play_game; a settled multiple (stake riding: not void) of enough legs adds one to multiple.
 */
export function taskProgressDelta(task: TaskKind | Pick<TaskDefinition, 'kind' | 'game' | 'minLegs'>, fact: TaskFact): number {
  const def = typeof task === 'string' ? { kind: task } : task;
  const kind = def.kind;
  switch (kind) {
    case 'play_game':
      return fact.source === 'round' && fact.stakeMinor > 0 && taskGameMatches(def.game, fact.gameId ?? '') ? 1 : 0;
    case 'multiple':
      return fact.source === 'bet' && fact.stakeMinor > 0 && (fact.multipleLegs ?? 0) >= Math.max(2, def.minLegs ?? TASK_MULTIPLE_LEGS_DEFAULT) ? 1 : 0;
    case 'recharge':
      return fact.source === 'deposit' ? Math.max(0, fact.amountMinor) : 0;
    case 'bet_amount':
      return fact.source === 'deposit' ? 0 : Math.max(0, fact.stakeMinor);
    case 'bet_win':
      return fact.source === 'deposit' ? 0 : Math.max(0, fact.returnMinor - fact.stakeMinor);
  }
}

/** 0 in progress, 1 ready to claim, 2 claimed. */
export type TaskState = 0 | 1 | 2;

export function taskStateOf(progressMinor: number, confMinor: number, claimed: boolean): TaskState {
  if (claimed) return 2;
  return progressMinor >= confMinor ? 1 : 0;
}
