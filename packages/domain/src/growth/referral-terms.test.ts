import { describe, expect, it } from 'vitest';
import { variantFindByKey } from '../variants/variant-find.ts';
import {
  fissionTreeOf,
  inviteLinkOf,
  referralBindOpen,
  referralCampaignDefault,
  referralQualifies,
  referralTermsOf,
  referralTriggerRef,
} from './referral-terms.ts';
import { inviteCodeOf, inviteCodeParse, referrerDecode } from './referral.ts';

const profile = { appKey: 'brand', currency: 'INR' as const, minCharge: 100 };

describe('referral terms (decision 051)', () => {
  it('defaults: first deposit of at least the minimum deposit, a tenth of the bonus maximum wagered once, three levels', () => {
    expect(referralTermsOf(profile)).toEqual({
      qualify: 'first_deposit',
      qualifyMinMinor: 10_000,
      rewardMinor: 50_000,
      wagering: 1,
      fissionDepth: 3,
      bindWindowHours: 72,
    });
  });
  it('every real brand has terms and a campaign of its own', () => {
    const aguila = variantFindByKey('aguila');
    expect(aguila).toBeDefined();
    const campaign = referralCampaignDefault(aguila!);
    expect(campaign.id).toBe('aguila:referral');
    expect(campaign.kind).toBe('referral_reward');
    expect(referralTermsOf(aguila!).rewardMinor).toBeGreaterThan(0);
  });
  it.each([
    [{ amountMinor: 10_000, currency: 'INR' }, true],
    [{ amountMinor: 9_999, currency: 'INR' }, false],
    [{ amountMinor: 50_000, currency: 'USD' }, false],
  ])('deposit %j qualifies: %s', (deposit, expected) => {
    expect(referralQualifies(referralTermsOf(profile), deposit, 'INR')).toBe(expected);
  });
  it('binding is open for a young account without a paid deposit only', () => {
    const terms = referralTermsOf(profile);
    const now = new Date('2026-03-05T00:00:00Z');
    expect(referralBindOpen(terms, { createdAt: new Date('2026-03-02T00:00:00Z'), hasPaidDeposit: false }, now)).toBe(true);
    expect(referralBindOpen(terms, { createdAt: new Date('2026-03-01T23:59:59Z'), hasPaidDeposit: false }, now)).toBe(false);
    expect(referralBindOpen(terms, { createdAt: now, hasPaidDeposit: true }, now)).toBe(false);
  });
  it('the trigger names the invitee', () => expect(referralTriggerRef(42)).toBe('referral:42'));
  it('a link carries the code in the query, which the landing page reads back', () => {
    const link = inviteLinkOf('https://example.com/', inviteCodeOf(77));
    expect(link).toBe(`https://example.com/?invite=${inviteCodeOf(77)}`);
    expect(inviteCodeParse(new URL(link).searchParams.get('invite')!)).toBe(77);
  });
  it('a base64 install referrer carrying the code decodes to it', () => {
    const raw = btoa(`utm_source=apk&utm_campaign=friends&invite=${inviteCodeOf(5)}`);
    expect(referrerDecode(raw)).toEqual({ source: 'apk', campaign: 'friends', inviteCode: inviteCodeOf(5), decoded: true });
  });
});

describe('fission tree', () => {
  const edges = [
    { inviterId: 1, inviteeId: 2 },
    { inviterId: 1, inviteeId: 3 },
    { inviterId: 2, inviteeId: 4 },
    { inviterId: 4, inviteeId: 5 },
    { inviterId: 5, inviteeId: 6 },
    { inviterId: 9, inviteeId: 10 },
  ];
  it('walks breadth first to the depth asked', () => {
    expect(fissionTreeOf(1, edges, 3)).toEqual([
      { userId: 2, parentId: 1, level: 1 },
      { userId: 3, parentId: 1, level: 1 },
      { userId: 4, parentId: 2, level: 2 },
      { userId: 5, parentId: 4, level: 3 },
    ]);
    expect(fissionTreeOf(1, edges, 1).map((node) => node.userId)).toEqual([2, 3]);
  });
  it('stops at the limit and ignores a cycle', () => {
    expect(fissionTreeOf(1, edges, 10, 2)).toHaveLength(2);
    expect(fissionTreeOf(1, [...edges, { inviterId: 6, inviteeId: 1 }], 10).map((node) => node.userId)).toEqual([2, 3, 4, 5, 6]);
  });
});
