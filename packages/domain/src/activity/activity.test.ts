import { describe, expect, it } from 'vitest';
import {
  activityPeriodOf,
  activityProgressMinor,
  activityStatusOf,
  activityTemplateIssue,
  activityTriggerRef,
  tierStatesOf,
  type ActivityTemplate,
} from './activity.ts';

const at = (iso: string) => new Date(iso);
const template = (over: Partial<ActivityTemplate> = {}): ActivityTemplate => ({
  kind: 'daily_deposit',
  startsAt: at('2026-11-01T03:00:00Z'),
  endsAt: at('2026-12-01T03:00:00Z'),
  tiers: [
    { thresholdMinor: 5_000, rewardMinor: 500 },
    { thresholdMinor: 20_000, rewardMinor: 2_500 },
  ],
  wageringMultiplier: 0,
  ...over,
});

describe('activityTemplateIssue', () => {
  it.each([
    ['valid', {}, undefined],
    ['end before start', { endsAt: at('2026-10-01T00:00:00Z') }, 'end_time'],
    ['no tiers', { tiers: [] }, 'tiers'],
    ['threshold zero', { tiers: [{ thresholdMinor: 0, rewardMinor: 1 }] }, 'tiers.0.threshold'],
    [
      'thresholds not rising',
      {
        tiers: [
          { thresholdMinor: 10, rewardMinor: 1 },
          { thresholdMinor: 10, rewardMinor: 2 },
        ],
      },
      'tiers.1.threshold',
    ],
    ['reward above the country maximum', { tiers: [{ thresholdMinor: 10, rewardMinor: 1_000_000_000 }] }, 'tiers.0.reward'],
    ['fractional reward', { tiers: [{ thresholdMinor: 10, rewardMinor: 1.5 }] }, 'tiers.0.reward'],
    ['negative wagering', { wageringMultiplier: -1 }, 'wagering'],
    ['free bet to wager', { kind: 'free_bet', wageringMultiplier: 1 }, 'wagering'],
    ['free bet', { kind: 'free_bet' }, undefined],
    ['ui switch with two tiers', { kind: 'ui_switch_reward' }, 'tiers'],
    ['ui switch reached by more than turning it on', { kind: 'ui_switch_reward', tiers: [{ thresholdMinor: 2, rewardMinor: 1 }] }, 'tiers'],
    ['ui switch', { kind: 'ui_switch_reward', tiers: [{ thresholdMinor: 1, rewardMinor: 500 }] }, undefined],
  ] as const)('%s', (_name, over, expected) => {
    expect(activityTemplateIssue(template(over as Partial<ActivityTemplate>), 'BRL')).toBe(expected);
  });
});

describe('activityPeriodOf', () => {
  it('daily-deposit uses the brand day (São Paulo), clipped to the window', () => {
    const period = activityPeriodOf(template(), at('2026-11-28T02:30:00Z'), 'America/Sao_Paulo');
    expect(period).toEqual({ key: 'd:2026-11-27', startsAt: at('2026-11-27T03:00:00Z'), endsAt: at('2026-11-28T03:00:00Z') });
    const first = activityPeriodOf(template({ startsAt: at('2026-11-27T15:00:00Z') }), at('2026-11-27T16:00:00Z'), 'America/Sao_Paulo');
    expect(first.startsAt).toEqual(at('2026-11-27T15:00:00Z'));
  });
  it('daily-cash closes at the brand midnight; week-cash at the brand Monday', () => {
    // 2026-11-28 is a Saturday; 02:30Z is 23:30 on Friday the 27th in São Paulo, and 03:00Z is Saturday's midnight.
    expect(activityPeriodOf(template({ kind: 'daily_cash' }), at('2026-11-28T02:59:59Z'), 'America/Sao_Paulo').key).toBe('d:2026-11-27');
    expect(activityPeriodOf(template({ kind: 'daily_cash' }), at('2026-11-28T03:00:00Z'), 'America/Sao_Paulo').key).toBe('d:2026-11-28');
    const week = activityPeriodOf(template({ kind: 'week_cash' }), at('2026-11-28T02:30:00Z'), 'America/Sao_Paulo');
    expect(week).toEqual({ key: 'w:2026-11-23', startsAt: at('2026-11-23T03:00:00Z'), endsAt: at('2026-11-30T03:00:00Z') });
    // Sunday 23:59 local is still that week; Monday 00:00 local starts the next, cut to the window's end.
    expect(activityPeriodOf(template({ kind: 'week_cash' }), at('2026-11-30T02:59:59Z'), 'America/Sao_Paulo').key).toBe('w:2026-11-23');
    const next = activityPeriodOf(template({ kind: 'week_cash' }), at('2026-11-30T03:00:00Z'), 'America/Sao_Paulo');
    expect(next).toEqual({ key: 'w:2026-11-30', startsAt: at('2026-11-30T03:00:00Z'), endsAt: at('2026-12-01T03:00:00Z') });
  });
  it.each(['first_charge', 'total_deposit', 'bet_reward', 'free_bet', 'ui_switch_reward'] as const)('%s spans the whole window', (kind) => {
    const period = activityPeriodOf(template({ kind }), at('2026-11-28T02:30:00Z'), 'America/Sao_Paulo');
    expect(period).toEqual({ key: 'all', startsAt: at('2026-11-01T03:00:00Z'), endsAt: at('2026-12-01T03:00:00Z') });
  });
});

describe('activityProgressMinor', () => {
  const window = { startsAt: at('2026-11-10T00:00:00Z'), endsAt: at('2026-11-11T00:00:00Z') };
  const before = { amountMinor: 7_000, paidAt: at('2026-11-09T23:59:59Z') };
  const inA = { amountMinor: 3_000, paidAt: at('2026-11-10T00:00:00Z') };
  const inB = { amountMinor: 4_000, paidAt: at('2026-11-10T23:59:59Z') };
  const after = { amountMinor: 9_000, paidAt: at('2026-11-11T00:00:00Z') };
  it.each([
    ['daily_deposit', [before, inA, inB, after], 7_000],
    ['total_deposit', [inB, inA], 7_000],
    ['total_deposit', [], 0],
    ['first_charge', [inB, inA, after], 3_000],
    ['first_charge', [before, inA], 0],
    ['first_charge', [after], 0],
    ['bet_reward', [before, inA, inB, after], 7_000],
    ['daily_cash', [before, inA, inB, after], 7_000],
    ['week_cash', [before, inA, after], 3_000],
    ['free_bet', [inB], 4_000],
    ['ui_switch_reward', [{ amountMinor: 1, paidAt: at('2026-01-01T00:00:00Z') }], 1],
    ['ui_switch_reward', [after], 0],
    ['ui_switch_reward', [], 0],
  ] as const)('%s of %j is %i', (kind, facts, expected) => {
    expect(activityProgressMinor(kind, window, facts)).toBe(expected);
  });
});

describe('tier states and status', () => {
  const tiers = template().tiers;
  it.each([
    [0, [], [0, 0]],
    [4_999, [], [0, 0]],
    [5_000, [], [1, 0]],
    [20_000, [0], [2, 1]],
    [25_000, [0, 1], [2, 2]],
  ] as const)('progress %i claimed %j → %j', (progress, claimed, expected) => {
    expect(tierStatesOf(progress, tiers, new Set(claimed))).toEqual(expected);
  });
  it.each([
    ['before the window', '2026-10-31T00:00:00Z', [0, 0], 0],
    ['at the start', '2026-11-01T03:00:00Z', [0, 0], 1],
    ['claimable inside', '2026-11-15T00:00:00Z', [1, 0], 1],
    ['all claimed', '2026-11-15T00:00:00Z', [2, 2], 2],
    ['at the end', '2026-12-01T03:00:00Z', [1, 0], 3],
  ] as const)('%s', (_name, now, states, expected) => {
    expect(activityStatusOf(at(now), template(), states)).toBe(expected);
  });
  it('a trigger per period and tier', () => {
    expect(activityTriggerRef('d:2026-11-27', 1)).toBe('activity:d:2026-11-27:1');
  });
});
