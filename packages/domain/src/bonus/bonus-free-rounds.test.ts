import { describe, expect, it } from 'vitest';
import {
  campaignIsAward,
  campaignPromoted,
  campaignTakesCodes,
  CAMPAIGN_KINDS,
  freeRoundsGrantFinished,
  freeRoundsGrantTermsOf,
  freeRoundsWinBonusMinor,
  type CampaignTerms,
} from './bonus-campaign.ts';

const base: CampaignTerms = {
  purpose: 'loyalty',
  wagering: { multiplier: 5, base: 'bonus' },
  weights: { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 },
  lifetimeDays: 3,
  freeRounds: { gameId: 'neon-koi', rounds: 10, stakeMinor: 100, winTo: 'bonus', on: 'code' },
};
const at = new Date('2026-11-01T00:00:00Z');

describe('free_rounds campaigns (decision 043)', () => {
  it('is a campaign kind redeemed by codes', () => {
    expect(CAMPAIGN_KINDS).toContain('free_rounds');
    expect(campaignTakesCodes('free_rounds')).toBe(true);
  });

  it('grants its rounds with the campaign lifetime as expiry', () => {
    expect(freeRoundsGrantTermsOf(base, at)).toEqual({ ...base.freeRounds, expiresAt: new Date('2026-11-04T00:00:00Z') });
  });

  it.each<[string, CampaignTerms['freeRounds']]>([
    ['no rounds named', undefined],
    ['zero rounds', { gameId: 'neon-koi', rounds: 0, stakeMinor: 100, winTo: 'cash', on: 'code' }],
    ['a fractional count', { gameId: 'neon-koi', rounds: 1.5, stakeMinor: 100, winTo: 'cash', on: 'code' }],
    ['no stake', { gameId: 'neon-koi', rounds: 5, stakeMinor: 0, winTo: 'cash', on: 'code' }],
  ])('grants nothing with %s', (_name, freeRounds) => {
    expect(freeRoundsGrantTermsOf({ ...base, freeRounds }, at)).toBeUndefined();
  });

  it.each<[string, number, number | undefined, 'BRL' | 'USD', number]>([
    ['the total win', 2_345, undefined, 'USD', 2_345],
    ['nothing for no win', 0, undefined, 'USD', 0],
    ['nothing for a negative total', -5, undefined, 'USD', 0],
    ['capped by the campaign maximum', 9_000, 5_000, 'USD', 5_000],
    ['capped by the country maximum (R$600)', 10_000_000, undefined, 'BRL', 60_000],
  ])('a bonus-paying grant becomes %s', (_name, win, maxMinor, currency, expected) => {
    expect(freeRoundsWinBonusMinor(win, { maxMinor }, currency)).toBe(expected);
  });

  it.each<[string, number, Date, number, boolean]>([
    ['every round played, none in flight', 0, new Date('2026-11-10T00:00:00Z'), 0, true],
    ['every round played, one still paying', 0, new Date('2026-11-10T00:00:00Z'), 1, false],
    ['rounds left before expiry', 3, new Date('2026-11-10T00:00:00Z'), 0, false],
    ['rounds left at expiry', 3, at, 0, true],
    ['lapsed with a round in flight', 3, new Date('2026-10-01T00:00:00Z'), 1, false],
  ])('finished: %s', (_name, remaining, expiresAt, inFlight, expected) => {
    expect(freeRoundsGrantFinished({ remaining, expiresAt }, inFlight, at)).toBe(expected);
  });
});

describe('awards and promotions (decision 043)', () => {
  it.each<[string, boolean]>([
    ['rank_prize', true],
    ['raffle_prize', true],
    ['vip_spin', true],
    ['cash_back', true],
    ['first_deposit', false],
    ['redeem_code', false],
    ['free_rounds', false],
  ])('%s is an award: %s', (kind, expected) => {
    expect(campaignIsAward(kind)).toBe(expected);
  });

  it.each<[string, CampaignTerms['freeRounds'], boolean]>([
    ['first_deposit', undefined, true],
    ['sign_up', undefined, true],
    ['redeem_code', undefined, false],
    ['rank_prize', undefined, false],
    ['free_rounds', { gameId: 'neon-koi', rounds: 5, stakeMinor: 100, winTo: 'cash', on: 'first_deposit' }, true],
    ['free_rounds', { gameId: 'neon-koi', rounds: 5, stakeMinor: 100, winTo: 'cash', on: 'code' }, false],
  ])('%s is promoted: %s', (kind, freeRounds, expected) => {
    expect(campaignPromoted(kind, { freeRounds })).toBe(expected);
  });
});
