import { describe, expect, it } from 'vitest';
import { agentCodeOf, agentCodeParse, agentCommissionOf, agentConfigIssue, agentRateBp, type AgentConfig } from './agent.ts';
import { inviteCodeOf } from './referral.ts';
import { rainEndsAt, rainGrabMinor, rainMomentOf, rainPayMinor, rainPlanIssue, type RainPlan } from './money-rain.ts';

const tiers = [
  { fromMinor: 0, rateBp: 1_000 },
  { fromMinor: 100_000, rateBp: 2_000 },
  { fromMinor: 1_000_000, rateBp: 3_000 },
];

describe('agent commission tiers', () => {
  it.each([
    [-5_000, 0],
    [0, 0],
    [1, 1_000],
    [99_999, 1_000],
    [100_000, 2_000],
    [999_999, 2_000],
    [1_000_000, 3_000],
    [50_000_000, 3_000],
  ])('a basis of %i gets %i bp', (basis, rate) => {
    expect(agentRateBp(tiers, basis)).toBe(rate);
  });

  it('below a first tier that starts above 0 earns nothing', () => {
    expect(agentRateBp([{ fromMinor: 10_000, rateBp: 500 }], 9_999)).toBe(0);
  });

  it('net revenue is stakes less returns; the rate of the tier reached applies to the whole amount, rounded down', () => {
    const config: AgentConfig = { basis: 'net_revenue', tiers };
    expect(agentCommissionOf(config, { stakeMinor: 300_000, returnMinor: 150_001 })).toEqual({ basisMinor: 149_999, rateBp: 2_000, commissionMinor: 29_999 });
    expect(agentCommissionOf(config, { stakeMinor: 1_000, returnMinor: 999 })).toEqual({ basisMinor: 1, rateBp: 1_000, commissionMinor: 0 });
  });

  it('a day the team won earns nothing under net revenue, but turnover still counts its stakes', () => {
    const day = { stakeMinor: 200_000, returnMinor: 500_000 };
    expect(agentCommissionOf({ basis: 'net_revenue', tiers }, day).commissionMinor).toBe(0);
    expect(agentCommissionOf({ basis: 'turnover', tiers }, day)).toEqual({ basisMinor: 200_000, rateBp: 2_000, commissionMinor: 40_000 });
  });

  it.each<[string, AgentConfig]>([
    ['tiers', { basis: 'turnover', tiers: [] }],
    ['tiers', { basis: 'turnover', tiers: Array.from({ length: 11 }, (_, index) => ({ fromMinor: index, rateBp: 1 })) }],
    [
      'tiers.from_minor',
      {
        basis: 'turnover',
        tiers: [
          { fromMinor: 5, rateBp: 1 },
          { fromMinor: 5, rateBp: 2 },
        ],
      },
    ],
    ['tiers.from_minor', { basis: 'turnover', tiers: [{ fromMinor: -1, rateBp: 1 }] }],
    ['tiers.rate_bp', { basis: 'turnover', tiers: [{ fromMinor: 0, rateBp: 0 }] }],
    ['tiers.rate_bp', { basis: 'turnover', tiers: [{ fromMinor: 0, rateBp: 5_001 }] }],
    ['basis', { basis: 'profit' as 'turnover', tiers }],
  ])('refuses a configuration (%s)', (field, config) => {
    expect(agentConfigIssue(config)).toBe(field);
  });

  it('accepts rising floors', () => {
    expect(agentConfigIssue({ basis: 'net_revenue', tiers })).toBeUndefined();
  });
});

describe('agent codes', () => {
  it.each([1, 32, 77_777, 123_456_789])('round-trips agent %i and refuses the invite code of the same player', (userId) => {
    expect(agentCodeOf(userId).startsWith('A')).toBe(true);
    expect(agentCodeParse(agentCodeOf(userId).toLowerCase())).toBe(userId);
    expect(agentCodeParse(inviteCodeOf(userId))).toBeUndefined();
  });
  it.each(['', 'A', 'AZZZZ', 'hello'])('refuses %j', (typed) => {
    expect(agentCodeParse(typed)).toBeUndefined();
  });
});

describe('money rain', () => {
  const plan: RainPlan = {
    startsAt: new Date('2026-11-28T12:00:00Z'),
    drops: 3,
    intervalMs: 60_000,
    openMs: 20_000,
    grabMinMinor: 100,
    grabMaxMinor: 500,
    budgetMinor: 10_000,
  };

  it('opens each drop for its time and tells the next one', () => {
    expect(rainMomentOf(plan, new Date('2026-11-28T11:59:59Z'))).toMatchObject({ open: undefined, next: { index: 0 }, started: 0 });
    expect(rainMomentOf(plan, new Date('2026-11-28T12:00:00Z'))).toMatchObject({ open: { index: 0 }, next: { index: 1 }, started: 1 });
    expect(rainMomentOf(plan, new Date('2026-11-28T12:00:20Z'))).toMatchObject({ open: undefined, next: { index: 1 }, started: 1 });
    expect(rainMomentOf(plan, new Date('2026-11-28T12:02:19Z'))).toMatchObject({ open: { index: 2 }, next: undefined, started: 3 });
    expect(rainMomentOf(plan, new Date('2026-11-28T13:00:00Z'))).toMatchObject({ open: undefined, next: undefined, started: 3 });
    expect(rainEndsAt(plan).toISOString()).toBe('2026-11-28T12:02:20.000Z');
  });

  it('draws within the range, the same for the same player and drop, and never more than is left', () => {
    const draws = Array.from({ length: 200 }, (_, userId) => rainGrabMinor(plan, 7, 0, userId + 1));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...draws)).toBeLessThanOrEqual(500);
    expect(new Set(draws).size).toBeGreaterThan(50);
    expect(rainGrabMinor(plan, 7, 0, 42)).toBe(rainGrabMinor(plan, 7, 0, 42));
    expect(rainPayMinor(300, 120)).toBe(120);
    expect(rainPayMinor(300, 0)).toBe(0);
    expect(rainPayMinor(300, 1_000)).toBe(300);
  });

  it.each<[string, Partial<RainPlan>]>([
    ['drops', { drops: 0 }],
    ['drops', { drops: 49 }],
    ['open_s', { openMs: 5_000 }],
    ['interval_s', { intervalMs: 10_000 }],
    ['grab_min_minor', { grabMinMinor: 0 }],
    ['grab_max_minor', { grabMaxMinor: 50 }],
    ['budget_minor', { budgetMinor: 499 }],
  ])('refuses a plan (%s)', (field, change) => {
    expect(rainPlanIssue({ ...plan, ...change })).toBe(field);
  });
});
