import { describe, expect, it } from 'vitest';
import { boosterCardView, boosterPopupCandidate, boostersOrdered, realTimeProgress, type Booster, type RealTimeRule } from './booster-model.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const card = (overrides: Partial<Booster> = {}): Booster => ({
  id: '1',
  campaign_id: 'aguila:boost',
  status: 0,
  target: 'sports',
  rate_bp: 2_500,
  cap: 5_000,
  pay_as: 'cash',
  odds_min: 1_500,
  stake_max: 10_000,
  session_minutes: 0,
  currency: 'MXN',
  bet_id: '',
  paid: 0,
  create_time: NOW / 1000 - 60,
  activate_time: 0,
  session_end_time: 0,
  expire_time: NOW / 1000 + 3_600,
  ...overrides,
});

describe('boosterCardView', () => {
  it.each<[string, Partial<Booster>, boolean, string, string]>([
    ['a ready card offers activation', {}, false, 'ready', 'activate'],
    ['a ready card waits while another is active', {}, true, 'ready', 'waitOther'],
    ['an active card sends the player to play', { status: 1 }, false, 'active', 'play'],
    ['a card on a bet offers nothing', { status: 2, bet_id: '7' }, false, 'attached', 'none'],
    ['a paid card offers nothing', { status: 3, paid: 500 }, false, 'paid', 'none'],
    ['a ready card past its expiry is expired', { expire_time: NOW / 1000 }, false, 'expired', 'none'],
    ['an active casino session runs past the card expiry', { status: 1, target: 'casino', expire_time: NOW / 1000 - 1 }, false, 'active', 'play'],
  ])('%s', (_name, overrides, otherActive, state, action) => {
    const view = boosterCardView(card(overrides), NOW, otherActive);
    expect([view.state, view.action]).toEqual([state, action]);
  });

  it('lists the sports terms and the raise in whole per cent', () => {
    expect(boosterCardView(card({ rate_bp: 2_550 }), NOW, false)).toMatchObject({
      percent: 25,
      terms: [{ key: 'cap', amount: 5_000 }, { key: 'oddsMin', odds: 1_500 }, { key: 'stakeMax', amount: 10_000 }, { key: 'payCash' }],
    });
    expect(boosterCardView(card({ target: 'casino', odds_min: 0, stake_max: 0, pay_as: 'bonus' }), NOW, false).terms).toEqual([
      { key: 'cap', amount: 5_000 },
      { key: 'payBonus' },
    ]);
  });

  it('counts an active casino session down in whole minutes, rounded up', () => {
    const view = boosterCardView(card({ status: 1, target: 'casino', session_end_time: NOW / 1000 + 61 }), NOW, false);
    expect(view.sessionMinutesLeft).toBe(2);
    expect(boosterCardView(card({ status: 1 }), NOW, false).sessionMinutesLeft).toBeUndefined();
  });
});

describe('the booster list and modal', () => {
  const cards = [card({ id: '1', status: 3 }), card({ id: '2' }), card({ id: '3' }), card({ id: '4', status: 4 })];

  it('puts cards in use first, then ready ones newest first, then the finished', () => {
    expect(boostersOrdered([...cards, card({ id: '5', status: 2 })], NOW).map((entry) => entry.id)).toEqual(['5', '3', '2', '4', '1']);
  });

  it('offers the newest ready card, and none while one is active', () => {
    expect(boosterPopupCandidate(cards, NOW)?.id).toBe('3');
    expect(boosterPopupCandidate([...cards, card({ id: '9', status: 1 })], NOW)).toBeUndefined();
    expect(boosterPopupCandidate([card({ expire_time: NOW / 1000 - 1 })], NOW)).toBeUndefined();
  });
});

describe('realTimeProgress', () => {
  const rule = (overrides: Partial<RealTimeRule>): RealTimeRule => ({
    campaign_id: 'aguila:rt',
    rule: 'losing_streak',
    count: 4,
    threshold: 0,
    amount: 1_000,
    currency: 'MXN',
    granted_today: 0,
    streak: 1,
    net_loss: 0,
    ...overrides,
  });
  it.each<[string, Partial<RealTimeRule>, number]>([
    ['a streak of 1 of 4', {}, 25],
    ['a net loss of 300 of 1,000', { rule: 'net_loss', count: 0, threshold: 1_000, net_loss: 300 }, 30],
    ['never past 100', { streak: 9 }, 100],
    ['full once granted today', { granted_today: 1, streak: 0 }, 100],
  ])('%s', (_name, overrides, expected) => {
    expect(realTimeProgress(rule(overrides))).toBe(expected);
  });
});
