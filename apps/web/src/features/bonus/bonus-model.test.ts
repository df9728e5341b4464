import { describe, expect, it } from 'vitest';
import {
  bonusBalanceOf,
  bonusCardView,
  bonusCountdown,
  bonusPollNext,
  bonusProgressPercent,
  bonusRemaining,
  bonusWatchStep,
  promoCodeShapeOk,
  unlockingCurrencies,
  type Bonus,
} from './bonus-model.ts';
import { bonusPopupQuiet } from './bonus-quiet.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const NOW_S = NOW / 1000;

function bonus(overrides: Partial<Bonus> = {}): Bonus {
  return {
    id: '7',
    campaign_id: 'brand:first',
    kind: 'first_deposit',
    status: 0,
    currency: 'BRL',
    amount: 10_000,
    wagered: 0,
    requirement: 100_000,
    progress: 0,
    stake_max: 0,
    conversion_cap: 0,
    create_time: NOW_S - 3600,
    expire_time: NOW_S + 3 * 86_400 + 2 * 3600,
    ...overrides,
  };
}

describe('bonusProgressPercent', () => {
  it.each([
    [0, 1000, 0],
    [-5, 1000, 0],
    [1, 1000, 0],
    [10, 1000, 1],
    [333, 1000, 33],
    [999, 1000, 99],
    [99_999, 100_000, 99],
    [1000, 1000, 100],
    [5000, 1000, 100],
    [0, 0, 100],
  ])('wagered %i of %i → %i %%', (wagered, requirement, percent) => {
    expect(bonusProgressPercent(wagered, requirement)).toBe(percent);
  });
});

describe('bonusRemaining', () => {
  it.each([
    [0, 1000, 1000],
    [400, 1000, 600],
    [1200, 1000, 0],
    [-3, 1000, 1000],
  ])('wagered %i of %i leaves %i', (wagered, requirement, left) => {
    expect(bonusRemaining(wagered, requirement)).toBe(left);
  });
});

describe('bonusCountdown', () => {
  it.each([
    [3 * 86_400 + 2 * 3600, { unit: 'days', days: 3, hours: 2, minutes: 0 }],
    [86_400, { unit: 'days', days: 1, hours: 0, minutes: 0 }],
    [86_399, { unit: 'days', days: 1, hours: 0, minutes: 0 }],
    [86_340, { unit: 'hours', days: 0, hours: 23, minutes: 59 }],
    [5 * 3600 + 30 * 60, { unit: 'hours', days: 0, hours: 5, minutes: 30 }],
    [59 * 60, { unit: 'minutes', days: 0, hours: 0, minutes: 59 }],
    [1, { unit: 'minutes', days: 0, hours: 0, minutes: 1 }],
    [0, { unit: 'ended', days: 0, hours: 0, minutes: 0 }],
    [-100, { unit: 'ended', days: 0, hours: 0, minutes: 0 }],
  ])('%i s left', (left, expected) => {
    expect(bonusCountdown(NOW_S + left, NOW)).toEqual(expected);
  });
});

describe('bonusCardView', () => {
  it('a locked bonus offers to unlock, with its terms and countdown', () => {
    const view = bonusCardView(bonus({ stake_max: 2_500, conversion_cap: 5_000 }), NOW, false);
    expect(view).toMatchObject({ status: 'locked', action: 'unlock', showProgress: true, progress: 0, remaining: 100_000, cashValue: 5_000 });
    expect(view.countdown?.unit).toBe('days');
    expect(view.terms).toEqual([
      { key: 'wager', amount: 100_000 },
      { key: 'stakeMax', amount: 2_500 },
      { key: 'conversionCap', amount: 5_000 },
    ]);
  });
  it('a locked bonus waits while another of its currency unlocks', () => {
    expect(bonusCardView(bonus(), NOW, true).action).toBe('waitOther');
  });
  it('an unlocking bonus shows its progress and asks to play', () => {
    const view = bonusCardView(bonus({ status: 1, wagered: 40_000, progress: 40 }), NOW, true);
    expect(view).toMatchObject({ status: 'unlocking', action: 'play', progress: 40, remaining: 60_000, showProgress: true });
  });
  it('a bonus past its expiry offers nothing even before the sweep marks it', () => {
    const view = bonusCardView(bonus({ expire_time: NOW_S - 1 }), NOW, false);
    expect(view.action).toBe('none');
    expect(view.countdown?.unit).toBe('ended');
  });
  it('an unlocked bonus is full, without countdown or action', () => {
    const view = bonusCardView(bonus({ status: 2, wagered: 100_000, progress: 100 }), NOW, false);
    expect(view).toMatchObject({ status: 'unlocked', progress: 100, showProgress: false, countdown: null, action: 'none' });
  });
  it.each<[string, Partial<Bonus>, object]>([
    [
      'a usable free bet',
      { status: 0 },
      { action: 'useFreeBet', badgeKey: 'bonus.freeBet.ready', showProgress: false, terms: [{ key: 'freeBet', amount: 10_000 }] },
    ],
    ['a free bet past its expiry', { status: 0, expire_time: NOW_S - 1 }, { action: 'none', badgeKey: 'bonus.status.expired' }],
    ['a spent free bet', { status: 2 }, { action: 'none', badgeKey: 'bonus.freeBet.used', countdown: null }],
    ['an expired free bet', { status: 3 }, { action: 'none', badgeKey: 'bonus.status.expired', countdown: null }],
  ])('free bet card: %s', (_name, fields, expected) => {
    // Another bonus unlocking never blocks a free bet.
    expect(bonusCardView(bonus({ kind: 'free_bet', amount: 10_000, requirement: 0, progress: 0, ...fields }), NOW, true)).toMatchObject(expected);
  });
  it('an expired bonus shows no bar', () => {
    expect(bonusCardView(bonus({ status: 3 }), NOW, false)).toMatchObject({ status: 'expired', showProgress: false, countdown: null, action: 'none' });
  });
  it('no wagering reads as such and draws no bar; a cap above the amount is not a term', () => {
    const view = bonusCardView(bonus({ requirement: 0, progress: 100, conversion_cap: 20_000 }), NOW, false);
    expect(view.terms).toEqual([{ key: 'noWagering', amount: 0 }]);
    expect(view.showProgress).toBe(false);
    expect(view.cashValue).toBe(10_000);
  });
});

describe('unlockingCurrencies', () => {
  it('lists the currencies with a bonus unlocking', () => {
    const set = unlockingCurrencies([bonus({ status: 1 }), bonus({ currency: 'USD' }), bonus({ currency: 'MXN', status: 1 })]);
    expect([...set].sort()).toEqual(['BRL', 'MXN']);
  });
});

describe('promoCodeShapeOk', () => {
  it.each([
    ['WELCOME-10', true],
    ['  abc  ', true],
    ['ab', false],
    ['has space', false],
    ['ÇÃO123', false],
    ['x'.repeat(32), true],
    ['x'.repeat(33), false],
  ])('%s → %s', (code, ok) => {
    expect(promoCodeShapeOk(code)).toBe(ok);
  });
});

describe('bonusBalanceOf', () => {
  it('reads the currency asked for, 0 otherwise', () => {
    const balances = [
      { currency: 'BRL', balance: 500 },
      { currency: 'USD', balance: 7 },
    ];
    expect(bonusBalanceOf(balances, 'USD')).toBe(7);
    expect(bonusBalanceOf(balances, 'MXN')).toBe(0);
    expect(bonusBalanceOf(undefined, 'USD')).toBe(0);
  });
});

describe('bonusPollNext', () => {
  it.each([
    [0, false, 10_000],
    [9, false, 10_000],
    [10, false, false],
    [3, true, false],
  ] as const)('after %i asks (found %s) → %s', (asked, found, next) => {
    expect(bonusPollNext(asked, found, 10, 10_000)).toBe(next);
  });
});

describe('bonusPopupQuiet', () => {
  it.each([
    ['/game-room', true],
    ['/deposit', true],
    ['/deposit-wait', true],
    ['/wallet/deposit', true],
    ['/withdraw', true],
    ['/activity/rain', true],
    ['/thin', true],
    ['/vip-club', true],
    ['/task', true],
    ['/bonus', false],
    ['/game', false],
    ['/wallet/bonus', false],
  ])('%s → %s', (pathname, quiet) => {
    expect(bonusPopupQuiet(pathname)).toBe(quiet);
  });
});

describe('bonusWatchStep', () => {
  it('watches unlocking bonuses and reports those that left the available tab', () => {
    expect(bonusWatchStep([], [bonus({ id: '1', status: 1 }), bonus({ id: '2' })])).toEqual({ watch: ['1'], gone: [] });
    expect(bonusWatchStep(['1'], [bonus({ id: '2', status: 1 })])).toEqual({ watch: ['2'], gone: ['1'] });
    expect(bonusWatchStep(['1'], [bonus({ id: '1', status: 1 })])).toEqual({ watch: ['1'], gone: [] });
    expect(bonusWatchStep(['1', '3'], [])).toEqual({ watch: [], gone: ['1', '3'] });
  });
});
