import type { FreeRoundGrant } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { awardKindKey, freeRoundsCardView, promotionCardView, type Promotion } from './promotion-model.ts';

const base: Promotion = {
  id: 'aguila:first_deposit',
  kind: 'first_deposit',
  currency: 'MXN',
  amount: 0,
  rate_bp: 10_000,
  max: 500_000,
  deposit_min: 8_330,
  wagering: 10,
  lifetime_days: 30,
  free_rounds: null,
};
const rounds = { game_id: 'neon-koi', rounds: 20, bet: 100, win_to: 'bonus' as const };

describe('promotionCardView', () => {
  it.each<[string, Promotion, boolean, ReturnType<typeof promotionCardView>]>([
    [
      'a deposit match up to its maximum, leading to the deposit page',
      base,
      true,
      {
        kindKey: 'first_deposit',
        headline: { key: 'match', percent: 100, max: 500_000 },
        terms: [
          { key: 'wager', times: 10 },
          { key: 'depositMin', amount: 8_330 },
          { key: 'lifetime', days: 30 },
        ],
        target: 'deposit',
      },
    ],
    [
      'a sign-up bonus for a visitor leads to registration',
      { ...base, id: 'aguila:welcome', kind: 'sign_up', rate_bp: 0, max: 0, amount: 5_000, deposit_min: 0, wagering: 0 },
      false,
      { kindKey: 'sign_up', headline: { key: 'fixed', amount: 5_000 }, terms: [{ key: 'noWager' }, { key: 'lifetime', days: 30 }], target: 'register' },
    ],
    [
      'free rounds paying a bonus say so, with the wagering',
      { ...base, kind: 'free_rounds', rate_bp: 0, deposit_min: 0, wagering: 3, free_rounds: rounds },
      true,
      {
        kindKey: 'free_rounds',
        headline: { key: 'rounds', rounds: 20, gameId: 'neon-koi', bet: 100 },
        terms: [{ key: 'winToBonus' }, { key: 'wager', times: 3 }, { key: 'lifetime', days: 30 }],
        target: 'freeRounds',
      },
    ],
    [
      'free rounds paying cash have nothing to wager',
      { ...base, kind: 'free_rounds', rate_bp: 0, deposit_min: 0, wagering: 3, free_rounds: { ...rounds, win_to: 'cash' } },
      true,
      {
        kindKey: 'free_rounds',
        headline: { key: 'rounds', rounds: 20, gameId: 'neon-koi', bet: 100 },
        terms: [{ key: 'winToCash' }, { key: 'lifetime', days: 30 }],
        target: 'freeRounds',
      },
    ],
  ])('%s', (_name, promotion, signedIn, expected) => {
    expect(promotionCardView(promotion, signedIn)).toEqual(expected);
  });

  it('sends a signed-in player’s sign-up offer and an unknown kind to the bonus page', () => {
    expect(promotionCardView({ ...base, kind: 'sign_up' }, true).target).toBe('bonus');
    expect(promotionCardView({ ...base, kind: 'booster' }, true)).toMatchObject({ kindKey: 'other', target: 'bonus' });
  });
});

describe('freeRoundsCardView', () => {
  const now = Date.UTC(2026, 10, 1);
  const grant: FreeRoundGrant = {
    grant_id: 'g1',
    game_platform: 'house',
    game_id: 'neon-koi',
    game_name: 'Neon Koi',
    total: 10,
    remaining: 7,
    bet: 100,
    currency: 'MXN',
    win_total: 0,
    expires_at: now / 1000 + 3600,
    status: 'available',
    win_to: 'cash',
  };
  it.each<[string, FreeRoundGrant, { status: string; playedPercent: number; canPlay: boolean; unit: string | null }]>([
    ['available with time left', grant, { status: 'available', playedPercent: 30, canPlay: true, unit: 'hours' }],
    ['lapsed while the list was open', { ...grant, expires_at: now / 1000 - 1 }, { status: 'expired', playedPercent: 30, canPlay: false, unit: 'ended' }],
    ['all played', { ...grant, remaining: 0, status: 'used' }, { status: 'used', playedPercent: 100, canPlay: false, unit: null }],
    ['expired on the server', { ...grant, status: 'expired' }, { status: 'expired', playedPercent: 30, canPlay: false, unit: null }],
  ])('%s', (_name, input, expected) => {
    const view = freeRoundsCardView(input, now);
    expect({ status: view.status, playedPercent: view.playedPercent, canPlay: view.canPlay, unit: view.countdown?.unit ?? null }).toEqual(expected);
  });
});

describe('awardKindKey', () => {
  it.each([
    ['rank_prize', 'rank_prize'],
    ['vip_spin', 'vip_spin'],
    ['something_new', 'other'],
  ])('%s → %s', (kind, expected) => {
    expect(awardKindKey(kind)).toBe(expected);
  });
});
