import type { CampaignKind, CampaignTerms } from '../bonus/bonus-campaign.ts';
import type { VariantProfile } from '../variants/profile.ts';

/**
 * The bonus-engine campaigns loyalty pays through (issue 18), one of each per brand, seeded at boot and then the
 * operator's to pause or end. Level-up rewards are bonus money wagered once (×1) within 30 days; task rewards are
 * cash (nothing to wager: the engine converts them in the grant's transaction), and so are ranking prizes. The amount of each grant comes from
 * the VIP ladder or the task, so `amountMinor` is not set here.
 */
const WEIGHTS = { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 } as const;

export function loyaltyCampaignId(
  appKey: string,
  kind: 'vip_level_up' | 'task_reward' | 'rank_prize' | 'cash_back' | 'vip_spin' | 'week_free' | 'month_free' | 'raffle_prize',
): string {
  return `${appKey}:${kind}`;
}

export function loyaltyCampaignsDefault(profile: Pick<VariantProfile, 'appKey'>): { id: string; kind: CampaignKind; terms: CampaignTerms }[] {
  return [
    {
      id: loyaltyCampaignId(profile.appKey, 'vip_level_up'),
      kind: 'vip_level_up',
      terms: { purpose: 'loyalty', wagering: { multiplier: 1, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 30 },
    },
    {
      id: loyaltyCampaignId(profile.appKey, 'task_reward'),
      kind: 'task_reward',
      terms: { purpose: 'loyalty', wagering: { multiplier: 0, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 7 },
    },
    {
      id: loyaltyCampaignId(profile.appKey, 'rank_prize'),
      kind: 'rank_prize',
      terms: { purpose: 'loyalty', wagering: { multiplier: 0, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 7 },
    },
    {
      // Net-loss cash-back is cash: nothing to wager.
      id: loyaltyCampaignId(profile.appKey, 'cash_back'),
      kind: 'cash_back',
      terms: { purpose: 'loyalty', wagering: { multiplier: 0, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 7 },
    },
    {
      // VIP wheel prizes (vip-roulette) are cash: nothing to wager.
      id: loyaltyCampaignId(profile.appKey, 'vip_spin'),
      kind: 'vip_spin',
      terms: { purpose: 'loyalty', wagering: { multiplier: 0, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 7 },
    },
    {
      // Weekly and monthly free VIP rewards (spec §3 week_free, month_free): bonus money wagered once, like level-ups.
      id: loyaltyCampaignId(profile.appKey, 'week_free'),
      kind: 'week_free',
      terms: { purpose: 'loyalty', wagering: { multiplier: 1, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 7 },
    },
    {
      id: loyaltyCampaignId(profile.appKey, 'month_free'),
      kind: 'month_free',
      terms: { purpose: 'loyalty', wagering: { multiplier: 1, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 30 },
    },
    {
      // Raffle prizes are cash: nothing to wager.
      id: loyaltyCampaignId(profile.appKey, 'raffle_prize'),
      kind: 'raffle_prize',
      terms: { purpose: 'loyalty', wagering: { multiplier: 0, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 7 },
    },
  ];
}
