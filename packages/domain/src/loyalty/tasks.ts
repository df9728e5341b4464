import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';
import type { LoyaltyPeriod } from './brand-time.ts';

/**
 * The task centre (issue 18, spec §3): daily and weekly tasks per brand. `conf_num` (the target) and `progress_num`
 * are minor units of the brand currency (spec §9: divide by 100). Progress comes from the same durable facts as VIP
 * points: a paid deposit, a settled bet, a settled casino round. Pure: no I/O.
 */

export const TASK_KINDS = ['recharge', 'bet_amount', 'bet_win'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export interface TaskDefinition {
  /** Stable id within the brand: `<period>_<kind>`. */
  id: string;
  period: LoyaltyPeriod;
  kind: TaskKind;
  /** The target, in minor units. */
  confMinor: number;
  /** What claiming pays, in minor units (through the bonus engine). */
  rewardMinor: number;
}

/** Targets and rewards in currency steps (1 BRL for a real brand). */
const TASKS_DEFAULT: readonly (readonly [LoyaltyPeriod, TaskKind, number, number])[] = [
  ['daily', 'bet_amount', 10, 1],
  ['daily', 'recharge', 20, 2],
  ['daily', 'bet_win', 10, 2],
  ['weekly', 'bet_amount', 300, 15],
  ['weekly', 'recharge', 200, 10],
  ['weekly', 'bet_win', 100, 10],
];

export function tasksOf(profile: Pick<VariantProfile, 'currency'>): TaskDefinition[] {
  const step = Math.max(1, Math.round(bonusMaxMinor(profile.currency) / 600));
  return TASKS_DEFAULT.map(([period, kind, conf, reward]) => ({ id: `${period}_${kind}`, period, kind, confMinor: conf * step, rewardMinor: reward * step }));
}

/** A durable fact as tasks read it: a deposit, or a settled stake with what it returned. */
export type TaskFact = { source: 'deposit'; amountMinor: number } | { source: 'bet' | 'round'; stakeMinor: number; returnMinor: number };

/** How far one fact moves a task of this kind: deposits fill recharge, stakes bet_amount, net wins bet_win. */
export function taskProgressDelta(kind: TaskKind, fact: TaskFact): number {
  switch (kind) {
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
