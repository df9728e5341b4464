import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '../money/currency.ts';
import type { MarketKey } from '../variants/profile.ts';
import { bonusConversionSplit } from './bonus-conversion.ts';
import { bonusAllowedInMarket, depositMatchMinor, fixedBonusMinor } from './bonus-grant.ts';
import { BONUS_STATUS, bonusIsExpired, bonusStatusNext, bonusTab, type BonusEvent, type BonusStatus } from './bonus-status.ts';
import { stakeAllowedWhileUnlocking, wageringProgressMinor, wageringProgressPercent, wageringRequirementMinor } from './bonus-wagering.ts';

describe('depositMatchMinor (spec §9 maximum bonus per country)', () => {
  it.each<[string, number, number, number, CurrencyCode, number]>([
    ['a 100 % match of R$50 is R$50', 5_000, 10_000, 1_000_000, 'BRL', 5_000],
    ['a 100 % match of R$1,000 stops at the default R$600', 100_000, 10_000, 1_000_000, 'BRL', 60_000],
    ['Mexico allows up to $5000', 1_000_000, 10_000, 10_000_000, 'MXN', 500_000],
    ['Philippines allows up to 5000', 1_000_000, 10_000, 10_000_000, 'PHP', 500_000],
    ['India allows up to 5000', 1_000_000, 10_000, 10_000_000, 'INR', 500_000],
    ['the campaign maximum wins when lower', 100_000, 10_000, 20_000, 'MXN', 20_000],
    ['a 50 % match rounds down', 1_001, 5_000, 1_000_000, 'USD', 500],
  ])('%s', (_name, deposit, rateBp, campaignMax, currency, expected) => {
    expect(depositMatchMinor(deposit, rateBp, campaignMax, currency)).toBe(expected);
  });

  it('caps a fixed bonus by the country maximum', () => {
    expect(fixedBonusMinor(100_000, 'BRL')).toBe(60_000);
    expect(fixedBonusMinor(1_000, 'BRL')).toBe(1_000);
  });
});

describe('bonusAllowedInMarket (regulation.md)', () => {
  it.each<[MarketKey, 'acquisition' | 'loyalty', boolean]>([
    ['BR', 'acquisition', false],
    ['BR', 'loyalty', true],
    ['MX', 'acquisition', true],
    ['IN', 'acquisition', false],
    ['VN', 'loyalty', false],
  ])('%s %s → %s', (market, purpose, allowed) => {
    expect(bonusAllowedInMarket(market, purpose)).toBe(allowed);
  });
});

describe('wagering requirement and progress', () => {
  it.each([
    [{ multiplier: 10, base: 'bonus' as const }, 5_000, 5_000, 50_000],
    [{ multiplier: 10, base: 'bonus_deposit' as const }, 5_000, 5_000, 100_000],
    [{ multiplier: 0, base: 'bonus' as const }, 5_000, 0, 0],
  ])('%o of bonus %i and deposit %i is %i', (terms, bonus, deposit, expected) => {
    expect(wageringRequirementMinor(terms, bonus, deposit)).toBe(expected);
  });

  it('keeps progress between zero and the requirement when a resettlement takes some back', () => {
    expect(wageringProgressMinor(900, 300, 1_000)).toBe(1_000);
    expect(wageringProgressMinor(200, -300, 1_000)).toBe(0);
    expect(wageringProgressMinor(200, -100, 1_000)).toBe(100);
  });

  it('shows 100 % only once the requirement is met', () => {
    expect(wageringProgressPercent(999, 1_000)).toBe(99);
    expect(wageringProgressPercent(1_000, 1_000)).toBe(100);
    expect(wageringProgressPercent(0, 0)).toBe(100);
  });

  it('refuses a stake above the maximum while unlocking', () => {
    expect(stakeAllowedWhileUnlocking(500, 500)).toBe(true);
    expect(stakeAllowedWhileUnlocking(501, 500)).toBe(false);
    expect(stakeAllowedWhileUnlocking(1e9, undefined)).toBe(true);
  });
});

describe('bonusConversionSplit', () => {
  it.each([
    [10_000, undefined, 10_000, 0],
    [10_000, 5_000, 5_000, 5_000],
    [3_000, 5_000, 3_000, 0],
    [0, 5_000, 0, 0],
  ])('balance %i with cap %s converts %i and forfeits %i', (balance, cap, toCash, forfeit) => {
    expect(bonusConversionSplit(balance, cap)).toEqual({ toCashMinor: toCash, forfeitMinor: forfeit });
  });

  it('splits the balance exactly: converted plus forfeited is the balance, and the cash never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.option(fc.integer({ min: 0, max: 1e12 }), { nil: undefined }), (balance, cap) => {
        const split = bonusConversionSplit(balance, cap);
        return split.toCashMinor + split.forfeitMinor === balance && split.forfeitMinor >= 0 && (cap === undefined || split.toCashMinor <= cap);
      }),
    );
  });
});

describe('bonus status (spec §4)', () => {
  const { locked, unlocking, unlocked, expired } = BONUS_STATUS;
  it.each<[BonusStatus, BonusEvent, BonusStatus | undefined]>([
    [locked, { kind: 'start' }, unlocking],
    [unlocking, { kind: 'start' }, undefined],
    [unlocking, { kind: 'wagered', wageredMinor: 999, requirementMinor: 1_000 }, unlocking],
    [unlocking, { kind: 'wagered', wageredMinor: 1_000, requirementMinor: 1_000 }, unlocked],
    [locked, { kind: 'wagered', wageredMinor: 1_000, requirementMinor: 1_000 }, undefined],
    [locked, { kind: 'expire' }, expired],
    [unlocking, { kind: 'forfeit' }, expired],
    [unlocked, { kind: 'expire' }, undefined],
    [expired, { kind: 'start' }, undefined],
  ])('%i on %o → %s', (status, event, next) => {
    expect(bonusStatusNext(status, event)).toBe(next);
  });

  it('expires open bonuses at their deadline and never finished ones', () => {
    expect(bonusIsExpired(unlocking, 1_000, 999)).toBe(false);
    expect(bonusIsExpired(unlocking, 1_000, 1_000)).toBe(true);
    expect(bonusIsExpired(locked, 1_000, 2_000)).toBe(true);
    expect(bonusIsExpired(unlocked, 1_000, 2_000)).toBe(false);
  });

  it('lists open bonuses as available and finished ones as unavailable', () => {
    expect([locked, unlocking, unlocked, expired].map(bonusTab)).toEqual(['available', 'available', 'unavailable', 'unavailable']);
  });
});
