import { describe, expect, it } from 'vitest';
import { betOddsTotalThousandths, campaignTakesCodes, CAMPAIGN_KINDS, freeBetGrantTermsOf, freeBetUsable, type CampaignTerms } from './bonus-campaign.ts';

const terms: CampaignTerms = {
  purpose: 'loyalty',
  amountMinor: 1_000,
  wagering: { multiplier: 0, base: 'bonus' },
  weights: { sportsOddsMinThousandths: 1000, tableBp: 0, crashBp: 0, diceBp: 0 },
  lifetimeDays: 7,
  freeBetOddsMinThousandths: 1_500,
};
const at = new Date('2026-11-01T00:00:00Z');

describe('free_bet campaigns (decision 024)', () => {
  it('is a campaign kind redeemed by codes', () => {
    expect(CAMPAIGN_KINDS).toContain('free_bet');
    expect(campaignTakesCodes('free_bet')).toBe(true);
    expect(campaignTakesCodes('redeem_code')).toBe(true);
    expect(campaignTakesCodes('first_deposit')).toBe(false);
  });

  it.each<[string, number | undefined, 'BRL' | 'USD', number]>([
    ['grants the stated amount', 1_000, 'USD', 1_000],
    ['caps it by the country maximum', 1_000_000, 'BRL', 60_000],
    ['grants nothing without an amount', undefined, 'USD', 0],
  ])('%s', (_name, amountMinor, currency, expected) => {
    expect(freeBetGrantTermsOf({ ...terms, amountMinor }, at, currency).amountMinor).toBe(expected);
  });

  it('expires after the campaign lifetime and keeps its minimum odds', () => {
    const grant = freeBetGrantTermsOf(terms, at, 'USD');
    expect(grant.expiresAt.toISOString()).toBe('2026-11-08T00:00:00.000Z');
    expect(grant.oddsMinThousandths).toBe(1_500);
  });

  it.each<[string, number[], number]>([
    ['a single is its odds', [2_100], 2_100],
    ['a double multiplies', [1_500, 2_000], 3_000],
    ['rounds down', [1_333, 1_333], 1_776],
  ])('total odds: %s', (_name, legs, expected) => {
    expect(betOddsTotalThousandths(legs)).toBe(expected);
  });

  it.each<[string, number | null, Date | null, number, Date, boolean]>([
    ['at the minimum odds', 1_500, null, 1_500, at, true],
    ['below the minimum odds', 1_500, null, 1_499, at, false],
    ['without a minimum', null, null, 1_010, at, true],
    ['before expiry', null, new Date('2026-11-02T00:00:00Z'), 2_000, at, true],
    ['at expiry', null, at, 2_000, at, false],
  ])('usable %s', (_name, oddsMin, expiresAt, odds, now, expected) => {
    expect(freeBetUsable({ oddsMinThousandths: oddsMin, expiresAt }, odds, now)).toBe(expected);
  });
});
