import type { CampaignKind, CampaignTerms } from '../bonus/bonus-campaign.ts';
import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';

/**
 * The installed-web-app reward (spec §4, §7 award check and report; decision 053): one per player, cash (nothing to
 * wager), paid through the bonus engine's campaign `<brand>:pwa_install`, trigger `pwa_install`, so any number of
 * reports pay once. The amount scales with the country's bonus maximum like the other defaults (R$ 5 for a real brand).
 */
export const PWA_AWARD_TRIGGER = 'pwa_install';

export function pwaAwardCampaignId(appKey: string): string {
  return `${appKey}:pwa_install`;
}

/** award_status (spec §4): 0 no reward offered, 1 offered and not yet received, 2 received. */
export const PWA_AWARD_STATUS = { none: 0, offered: 1, received: 2 } as const;

export function pwaAwardCampaignDefault(profile: Pick<VariantProfile, 'appKey' | 'currency'>): { id: string; kind: CampaignKind; terms: CampaignTerms } {
  const step = Math.max(1, Math.round(bonusMaxMinor(profile.currency) / 600));
  return {
    id: pwaAwardCampaignId(profile.appKey),
    kind: 'pwa_install',
    terms: {
      purpose: 'loyalty',
      amountMinor: 5 * step,
      wagering: { multiplier: 0, base: 'bonus' },
      weights: { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 },
      lifetimeDays: 7,
    },
  };
}
