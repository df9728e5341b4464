import { describe, expect, it } from 'vitest';
import { bonusAllowedInMarket } from '../bonus/bonus-grant.ts';
import { VARIANT_PROFILES } from '../variants/profiles.ts';
import {
  JURISDICTIONS,
  jurisdictionOfBrand,
  jurisdictionResolve,
  paymentAllowed,
  prizeWithholdingMinor,
  signupBonusAllowed,
  withdrawalTaxMinor,
  type JurisdictionKey,
  type JurisdictionProfile,
} from './jurisdictions.ts';
import { isRealityCheckMinutes, minutesPlayed, realityCheckDueAt } from './reality-check.ts';
import {
  blockEndsAt,
  blockExtends,
  coolingEndsAt,
  limitChange,
  limitFits,
  limitInForce,
  limitWindowEnd,
  limitWindowStart,
  limitWindowStarts,
} from './limit-windows.ts';

const at = (iso: string) => new Date(iso);

describe('jurisdiction profiles', () => {
  const table: [JurisdictionKey, Partial<JurisdictionProfile>][] = [
    [
      'BR',
      { minimumAge: 18, signupBonusAllowed: false, coolingHours: 168, idleReauthMinutes: 30, rtpShown: true, riskWarningEveryAccess: true, closed: false },
    ],
    ['KE', { minStakeMinor: 2000, withdrawalTaxBp: 500, signupBonusAllowed: true, closed: false }],
    ['PH', { minimumAge: 21, closed: false }],
    ['IN', { closed: true }],
    ['VN', { closed: true, minimumAge: 21 }],
    ['PE', { paymentBanned: ['crypto', 'credit_card'], closed: false }],
    ['MX', { minimumAge: 18, prizeWithholdingBp: 100 }],
    ['CO', { minimumAge: 18, withdrawalTaxBp: 0 }],
  ];
  it.each(table)('%s has the facts of the reference', (key, expected) => {
    expect(JURISDICTIONS[key]).toMatchObject(expected);
  });

  it('closes exactly India and Vietnam (decision 049): their brands, and no bonus of any kind there', () => {
    const closed = Object.values(JURISDICTIONS)
      .filter((profile) => profile.closed)
      .map((profile) => profile.key);
    expect(closed.sort()).toEqual(['IN', 'VN']);
    // A closed fact is the law, not a setting: no operator override may reopen the market.
    expect(() => jurisdictionResolve('IN', { IN: { closed: false } })).toThrow(/verified fact/);
    for (const key of ['IN', 'VN'] as const) {
      expect(signupBonusAllowed(JURISDICTIONS[key])).toBe(false);
      expect(bonusAllowedInMarket(key, 'loyalty')).toBe(false);
      expect(bonusAllowedInMarket(key, 'acquisition')).toBe(false);
    }
    expect(VARIANT_PROFILES.filter((brand) => jurisdictionOfBrand(brand).closed).map((brand) => brand.market)).toEqual(expect.arrayContaining(['IN', 'VN']));
    expect(jurisdictionOfBrand(VARIANT_PROFILES.find((brand) => brand.appKey === 'eaglebet')!).closed).toBe(false);
  });

  it('Brazil asks for a loss limit at sign-up and links the national self-exclusion service', () => {
    expect(JURISDICTIONS.BR.mandatoryLimits).toEqual({ kinds: ['loss'], askedAt: 'signup' });
    expect(JURISDICTIONS.BR.nationalSelfExclusionUrl).toMatch(/^https:\/\/www\.gov\.br\//);
  });

  it.each([
    ['BR', 'crypto', false],
    ['BR', 'credit_card', false],
    ['BR', 'other', true],
    ['PE', 'crypto', false],
    ['PE', 'credit_card', false],
    ['MX', 'crypto', true],
    ['IN', 'other', false],
  ] as const)('%s: paying by %s allowed is %s', (key, method, allowed) => {
    expect(paymentAllowed(JURISDICTIONS[key], method)).toBe(allowed);
  });

  it.each([
    ['BR', false],
    ['MX', true],
    ['KE', true],
    ['IN', false],
  ] as const)('%s: a sign-up bonus allowed is %s', (key, allowed) => {
    expect(signupBonusAllowed(JURISDICTIONS[key])).toBe(allowed);
  });

  it('Kenya withholds 5 % of a withdrawal, rounded down', () => {
    expect(withdrawalTaxMinor(JURISDICTIONS.KE, 1000_00)).toBe(50_00);
    expect(withdrawalTaxMinor(JURISDICTIONS.KE, 99)).toBe(4);
    expect(withdrawalTaxMinor(JURISDICTIONS.BR, 1000_00)).toBe(0);
    // Rounded down to the currency's step: KES 1,234.56 pays 61.72 exactly, 61.00 when paid in whole shillings.
    expect(withdrawalTaxMinor(JURISDICTIONS.KE, 1234_56)).toBe(61_72);
    expect(withdrawalTaxMinor(JURISDICTIONS.KE, 1234_56, 100)).toBe(61_00);
  });

  it('Mexico withholds its setting (1 % by default) of the net win of a bet or round, never of the stake returned', () => {
    // MXN 100 staked, 250 returned: the prize is 150, 1 % of it 1.50.
    expect(prizeWithholdingMinor(JURISDICTIONS.MX, 100_00, 250_00)).toBe(1_50);
    expect(prizeWithholdingMinor(JURISDICTIONS.MX, 100_00, 100_00)).toBe(0);
    expect(prizeWithholdingMinor(JURISDICTIONS.MX, 100_00, 40_00)).toBe(0);
    expect(prizeWithholdingMinor(JURISDICTIONS.MX, 100_00, 100_99)).toBe(0);
    // A free round's prize is all it paid.
    expect(prizeWithholdingMinor(JURISDICTIONS.MX, 0, 12_34)).toBe(12);
    // The rate is a setting: 21 % in a state that asks it.
    expect(prizeWithholdingMinor(jurisdictionResolve('MX', { MX: { prizeWithholdingBp: 2100 } }), 100_00, 200_00)).toBe(21_00);
    expect(prizeWithholdingMinor(JURISDICTIONS.BR, 100_00, 250_00)).toBe(0);
    expect(prizeWithholdingMinor(JURISDICTIONS.MX, 0, 1234_56, 100)).toBe(12_00);
  });

  it('every brand names a profile with a valid time zone', () => {
    for (const brand of VARIANT_PROFILES) {
      const profile = jurisdictionOfBrand(brand);
      expect(profile.key).toBe(brand.jurisdiction);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: profile.timeZone })).not.toThrow();
    }
  });

  it('an unverified fact is a setting; a verified one is not', () => {
    expect(jurisdictionResolve('MX', { MX: { prizeWithholdingBp: 2100 } }).prizeWithholdingBp).toBe(2100);
    expect(jurisdictionResolve('BR', { BR: { coolingHours: 24 } }).coolingHours).toBe(24);
    expect(jurisdictionResolve('KE', { KE: { realityCheckMinutes: 30 } }).realityCheckMinutes).toBe(30);
    expect(() => jurisdictionResolve('BR', { BR: { signupBonusAllowed: true } })).toThrow(/verified fact/);
    expect(() => jurisdictionResolve('KE', { KE: { withdrawalTaxBp: 0 } })).toThrow(/verified fact/);
  });
});

describe('limit windows in the brand time zone', () => {
  it.each([
    // São Paulo (UTC−3, no DST since 2019): 02:00 UTC is still the previous local day.
    ['day', '2026-11-28T02:00:00Z', 'America/Sao_Paulo', '2026-11-27T03:00:00.000Z', '2026-11-28T03:00:00.000Z'],
    ['day', '2026-11-28T03:00:00Z', 'America/Sao_Paulo', '2026-11-28T03:00:00.000Z', '2026-11-29T03:00:00.000Z'],
    // 28 Nov 2026 is a Saturday: the week began Monday 23 Nov.
    ['week', '2026-11-28T12:00:00Z', 'America/Sao_Paulo', '2026-11-23T03:00:00.000Z', '2026-11-30T03:00:00.000Z'],
    ['month', '2026-11-28T12:00:00Z', 'Africa/Nairobi', '2026-10-31T21:00:00.000Z', '2026-11-30T21:00:00.000Z'],
    ['month', '2026-12-31T22:00:00Z', 'Africa/Nairobi', '2026-12-31T21:00:00.000Z', '2027-01-31T21:00:00.000Z'],
    // New York springs forward on 8 March 2026: that day is 23 hours long.
    ['day', '2026-03-08T12:00:00Z', 'America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    // …and falls back on 1 November 2026: 25 hours.
    ['day', '2026-11-01T12:00:00Z', 'America/New_York', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
    // A week across the spring change is 7 × 24 − 1 hours.
    ['week', '2026-03-10T12:00:00Z', 'America/New_York', '2026-03-09T04:00:00.000Z', '2026-03-16T04:00:00.000Z'],
    // São Paulo's DST in 2018 began at midnight on 4 November: that day started at 01:00 local (03:00 UTC).
    ['day', '2018-11-04T12:00:00Z', 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z', '2018-11-05T02:00:00.000Z'],
  ] as const)('%s holding %s in %s runs %s → %s', (period, now, zone, start, end) => {
    expect(limitWindowStart(period, at(now), zone).toISOString()).toBe(start);
    expect(limitWindowEnd(period, at(now), zone).toISOString()).toBe(end);
    // The three starts a stake reads at once are the same windows.
    expect(limitWindowStarts(at(now), zone)[period].toISOString()).toBe(start);
  });
});

describe('cooling periods and limit changes (pinned clock)', () => {
  it('a cooling period is elapsed hours even across a DST change', () => {
    // 24 h from 7 March 12:00 New York (EST) is 8 March 13:00 EDT: the same instant + 86,400 s.
    expect(coolingEndsAt(at('2026-03-07T17:00:00Z'), 24).toISOString()).toBe('2026-03-08T17:00:00.000Z');
    expect(coolingEndsAt(at('2026-03-05T17:00:00Z'), 168).toISOString()).toBe('2026-03-12T17:00:00.000Z');
  });

  const now = at('2026-11-28T12:00:00Z');
  it.each([
    ['first limit applies at once', { amountMinor: null }, 100, { amountMinor: 100, pending: null }],
    ['decrease applies at once', { amountMinor: 500 }, 100, { amountMinor: 100, pending: null }],
    ['increase waits', { amountMinor: 100 }, 500, { amountMinor: 100, pending: { amountMinor: 500, at: at('2026-11-29T12:00:00Z') } }],
    ['removal waits', { amountMinor: 100 }, null, { amountMinor: 100, pending: { amountMinor: null, at: at('2026-11-29T12:00:00Z') } }],
    [
      'asking for the limit in force cancels a pending raise',
      { amountMinor: 100, pending: { amountMinor: 900, at: at('2026-11-29T00:00:00Z') } },
      100,
      { amountMinor: 100, pending: null },
    ],
    [
      'a decrease drops a pending raise',
      { amountMinor: 100, pending: { amountMinor: 900, at: at('2026-11-29T00:00:00Z') } },
      50,
      { amountMinor: 50, pending: null },
    ],
  ] as const)('%s', (_name, state, requested, expected) => {
    expect(limitChange(state, requested, now, 24)).toEqual(expected);
  });

  it('a pending change applies once its time has come, not a millisecond before', () => {
    const state = { amountMinor: 100, pending: { amountMinor: 500, at: at('2026-11-29T12:00:00Z') } };
    expect(limitInForce(state, at('2026-11-29T11:59:59.999Z'))).toBe(100);
    expect(limitInForce(state, at('2026-11-29T12:00:00Z'))).toBe(500);
  });

  it('a limit fits exactly at its boundary', () => {
    expect(limitFits(100, 60, 40)).toBe(true);
    expect(limitFits(100, 60, 41)).toBe(false);
    expect(limitFits(null, 10 ** 12, 1)).toBe(true);
  });
});

describe('time-out and self-exclusion', () => {
  const now = at('2026-08-31T10:00:00Z');
  it.each([
    [{ kind: 'time_out', hours: 24 }, '2026-09-01T10:00:00.000Z'],
    [{ kind: 'time_out', hours: 1008 }, '2026-10-12T10:00:00.000Z'],
    [{ kind: 'time_out', hours: 23 }, undefined],
    [{ kind: 'time_out', hours: 1009 }, undefined],
    [{ kind: 'self_exclusion', months: 6 }, '2027-02-28T10:00:00.000Z'],
    [{ kind: 'self_exclusion', months: 60 }, '2031-08-31T10:00:00.000Z'],
    [{ kind: 'self_exclusion', months: 5 }, undefined],
    [{ kind: 'self_exclusion', months: 61 }, undefined],
    [{ kind: 'self_exclusion', months: 'permanent' }, null],
  ] as const)('%j ends %s', (request, expected) => {
    const ends = blockEndsAt(request, now);
    expect(ends === null || ends === undefined ? ends : ends.toISOString()).toBe(expected);
  });

  it('a block can be lengthened, never shortened or lifted', () => {
    const soon = at('2026-09-01T00:00:00Z');
    const later = at('2026-10-01T00:00:00Z');
    expect(blockExtends(undefined, soon, now)).toBe(true);
    expect(blockExtends({ endsAt: soon }, later, now)).toBe(true);
    expect(blockExtends({ endsAt: later }, soon, now)).toBe(false);
    expect(blockExtends({ endsAt: soon }, null, now)).toBe(true);
    expect(blockExtends({ endsAt: null }, later, now)).toBe(false);
    expect(blockExtends({ endsAt: at('2026-08-01T00:00:00Z') }, soon, now)).toBe(true);
  });
});

describe('the reality check', () => {
  const start = Date.parse('2026-11-28T12:00:00Z');
  it.each([
    [{ startedAtMs: start }, 60, start + 3_600_000],
    [{ startedAtMs: start, answeredAtMs: start + 3_600_000 }, 60, start + 7_200_000],
    [{ startedAtMs: start }, 15, start + 900_000],
  ])('%j every %i minutes is next due at %i', (session, minutes, due) => {
    expect(realityCheckDueAt(session, minutes)).toBe(due);
  });

  it('counts whole minutes played and offers only the listed intervals', () => {
    expect(minutesPlayed(start, start + 59_999)).toBe(0);
    expect(minutesPlayed(start, start + 61 * 60_000)).toBe(61);
    expect(minutesPlayed(start, start - 1)).toBe(0);
    expect(isRealityCheckMinutes(30)).toBe(true);
    expect(isRealityCheckMinutes(31)).toBe(false);
    expect(JURISDICTIONS.BR.realityCheckMinutes).toBe(60);
  });
});
