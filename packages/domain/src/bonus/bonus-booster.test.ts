import { describe, expect, it } from 'vitest';
import {
  boosterAdjustMinor,
  boosterExtraMinor,
  boosterQualifies,
  boosterSessionEnd,
  depositOfferPeriodKey,
  losingStreak,
  netLossMinor,
  realTimeRuleMet,
  realTimeWindowKey,
  type PlaySettled,
} from './bonus-booster.ts';
import { campaignTakesCodes, CAMPAIGN_KINDS } from './bonus-campaign.ts';

describe('booster cards (decision 044)', () => {
  const terms = { target: 'sports' as const, oddsMinThousandths: 1_500, stakeMaxMinor: 10_000 };

  it('is a code campaign kind', () => {
    expect(CAMPAIGN_KINDS).toEqual(expect.arrayContaining(['booster', 'real_time', 'reload', 'daily_deposit']));
    expect(campaignTakesCodes('booster')).toBe(true);
    expect(campaignTakesCodes('reload')).toBe(false);
  });

  it.each<[string, { stakeMinor: number; oddsTotalThousandths: number; freeBet: boolean }, boolean]>([
    ['a bet at the minimum odds and the largest stake', { stakeMinor: 10_000, oddsTotalThousandths: 1_500, freeBet: false }, true],
    ['odds below the minimum', { stakeMinor: 1_000, oddsTotalThousandths: 1_499, freeBet: false }, false],
    ['a stake above the maximum', { stakeMinor: 10_001, oddsTotalThousandths: 2_000, freeBet: false }, false],
    ['a free bet', { stakeMinor: 1_000, oddsTotalThousandths: 2_000, freeBet: true }, false],
    ['a zero stake', { stakeMinor: 0, oddsTotalThousandths: 2_000, freeBet: false }, false],
  ])('qualifies %s: %s', (_name, bet, expected) => {
    expect(boosterQualifies(terms, bet)).toBe(expected);
  });

  it('never qualifies a sports bet for a casino card, and any bet without limits', () => {
    expect(boosterQualifies({ target: 'casino' }, { stakeMinor: 100, oddsTotalThousandths: 5_000, freeBet: false })).toBe(false);
    expect(boosterQualifies({ target: 'sports' }, { stakeMinor: 100, oddsTotalThousandths: 1_010, freeBet: false })).toBe(true);
  });

  it.each<[string, number, number, number, 'USD' | 'BRL', number]>([
    ['+25 % of winnings, rounded down', 1_003, 2_500, 100_000, 'USD', 250],
    ['capped by the card', 100_000, 5_000, 2_000, 'USD', 2_000],
    ['capped by the country maximum', 10_000_000, 10_000, 10_000_000, 'BRL', 60_000],
    ['nothing on a loss', -500, 2_500, 10_000, 'USD', 0],
    ['nothing on a push', 0, 2_500, 10_000, 'USD', 0],
  ])('pays %s', (_name, winnings, rateBp, capMinor, currency, expected) => {
    expect(boosterExtraMinor(winnings, { rateBp, capMinor }, currency)).toBe(expected);
  });

  it('refuses fractional winnings', () => {
    expect(() => boosterExtraMinor(1.5, { rateBp: 1, capMinor: 1 }, 'USD')).toThrow(RangeError);
  });

  it.each<[string, number, number, number, number]>([
    ['pays the rest when the resettled bet wins more', 500, 200, 0, 300],
    ['takes back the difference', 0, 500, 1_000, -500],
    ['takes back no more than the wallet holds', 0, 500, 120, -120],
    ['moves nothing when unchanged', 300, 300, 0, 0],
  ])('on resettlement %s', (_name, due, paid, wallet, expected) => {
    expect(boosterAdjustMinor(due, paid, wallet)).toBe(expected);
  });

  it('ends a casino session after its minutes (an hour by default)', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    expect(boosterSessionEnd(at, { sessionMinutes: 30 }).toISOString()).toBe('2026-11-28T10:30:00.000Z');
    expect(boosterSessionEnd(at, {}).toISOString()).toBe('2026-11-28T11:00:00.000Z');
  });
});

describe('real-time bonus rules (decision 044)', () => {
  const lost = (stakeMinor: number): PlaySettled => ({ stakeMinor, returnMinor: 0 });
  const won = (stakeMinor: number, returnMinor: number): PlaySettled => ({ stakeMinor, returnMinor });

  it.each<[string, PlaySettled[], number, number]>([
    ['three losses in a row', [won(100, 200), lost(100), lost(100), lost(100)], 3, 200],
    ['a win last breaks the streak', [lost(100), lost(100), won(100, 150)], 0, 150],
    ['a void (stake back) breaks it', [lost(100), won(100, 100), lost(100)], 1, 200],
    ['nothing played', [], 0, 0],
  ])('%s', (_name, settled, streak, loss) => {
    expect(losingStreak(settled)).toBe(streak);
    expect(netLossMinor(settled)).toBe(loss);
  });

  it.each<[string, Parameters<typeof realTimeRuleMet>[0], PlaySettled[], boolean]>([
    ['streak of 3 met', { kind: 'losing_streak', count: 3 }, [lost(1), lost(1), lost(1)], true],
    ['streak of 3 not met by 2', { kind: 'losing_streak', count: 3 }, [won(1, 5), lost(1), lost(1)], false],
    ['net loss of 500 met at exactly 500', { kind: 'net_loss', thresholdMinor: 500 }, [lost(300), won(100, 50), lost(150)], true],
    ['net loss under 500', { kind: 'net_loss', thresholdMinor: 500 }, [lost(300), won(100, 200)], false],
    ['a zero rule never grants', { kind: 'losing_streak', count: 0 }, [], false],
  ])('%s', (_name, rule, settled, expected) => {
    expect(realTimeRuleMet(rule, settled)).toBe(expected);
  });

  it('has one window per UTC day', () => {
    expect(realTimeWindowKey(new Date('2026-11-28T23:59:59Z'))).toBe('day:2026-11-28');
    expect(realTimeWindowKey(new Date('2026-11-29T00:00:00Z'))).toBe('day:2026-11-29');
  });
});

describe('reload and daily-deposit periods (decision 044)', () => {
  it.each<[string, 'reload' | 'daily_deposit', string, number | undefined, string]>([
    ['daily: the UTC day', 'daily_deposit', '2026-11-28T23:00:00Z', undefined, 'day:2026-11-28'],
    ['reload: weekly by default', 'reload', '1970-01-08T00:00:00Z', undefined, 'period7:1'],
    ['reload: a 3-day period', 'reload', '1970-01-04T00:00:00Z', 3, 'period3:1'],
  ])('%s', (_name, kind, at, days, expected) => {
    expect(depositOfferPeriodKey(kind, new Date(at), days)).toBe(expected);
  });

  it('keeps two deposits of one period on one key', () => {
    const a = depositOfferPeriodKey('reload', new Date('2026-11-23T01:00:00Z'), 7);
    const b = depositOfferPeriodKey('reload', new Date('2026-11-24T22:00:00Z'), 7);
    expect(a).toBe(b);
  });
});
