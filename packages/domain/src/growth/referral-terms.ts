import type { CampaignKind, CampaignTerms } from '../bonus/bonus-campaign.ts';
import { bonusMaxMinor } from '../payments/limits.ts';
import type { VariantProfile } from '../variants/profile.ts';

/**
 * What a brand's invite programme pays and when (issue 19, decision 051). The invitee "qualifies" with a paid deposit
 * of at least `qualifyMinMinor` (the brand's minimum deposit unless set); the inviter is then paid `rewardMinor`
 * once, through the engine campaign `<brand>:referral` (bonus money wagered `wagering`× — 0 pays cash). The fission
 * list shows the inviter's tree `fissionDepth` levels deep. Attribution is accepted only while the invitee's account
 * is younger than `bindWindowHours` and has no paid deposit, so an established player cannot be claimed later.
 */
export interface ReferralTerms {
  qualify: 'first_deposit';
  qualifyMinMinor: number;
  rewardMinor: number;
  wagering: number;
  fissionDepth: number;
  bindWindowHours: number;
}

/** Per-brand overrides of the defaults (a release, like the brand profiles). */
export const REFERRAL_TERMS_BY_BRAND: Readonly<Record<string, Partial<ReferralTerms>>> = {};

/** The brand's invite terms: reward a tenth of the currency's bonus maximum, wagered once; a tree three levels deep. */
export function referralTermsOf(profile: Pick<VariantProfile, 'appKey' | 'currency' | 'minCharge'>): ReferralTerms {
  const defaults: ReferralTerms = {
    qualify: 'first_deposit',
    qualifyMinMinor: profile.minCharge * 100,
    rewardMinor: Math.floor(bonusMaxMinor(profile.currency) / 10),
    wagering: 1,
    fissionDepth: 3,
    bindWindowHours: 72,
  };
  return { ...defaults, ...REFERRAL_TERMS_BY_BRAND[profile.appKey] };
}

export function referralCampaignId(appKey: string): string {
  return `${appKey}:referral`;
}

/** The trigger of the inviter's reward for one invitee: the engine's unique (campaign, player, trigger) key pays it once. */
export function referralTriggerRef(inviteeId: number): string {
  return `referral:${inviteeId}`;
}

const WEIGHTS = { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 } as const;

/** The engine campaign a brand's invite rewards pay through, seeded at boot (then the operator's to pause or end). */
export function referralCampaignDefault(profile: Pick<VariantProfile, 'appKey' | 'currency' | 'minCharge'>): {
  id: string;
  kind: CampaignKind;
  terms: CampaignTerms;
} {
  const terms = referralTermsOf(profile);
  return {
    id: referralCampaignId(profile.appKey),
    kind: 'referral_reward',
    terms: { purpose: 'acquisition', wagering: { multiplier: terms.wagering, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 30 },
  };
}

/** Whether a paid deposit makes the invitee qualify. */
export function referralQualifies(terms: ReferralTerms, deposit: { amountMinor: number; currency: string }, brandCurrency: string): boolean {
  return deposit.currency === brandCurrency && deposit.amountMinor >= terms.qualifyMinMinor;
}

/** Whether an account may still be attributed to an inviter: young enough and without a paid deposit. */
export function referralBindOpen(terms: ReferralTerms, account: { createdAt: Date; hasPaidDeposit: boolean }, now: Date): boolean {
  return !account.hasPaidDeposit && now.getTime() - account.createdAt.getTime() <= terms.bindWindowHours * 3_600_000;
}

/** The invite link of a code on one of the brand's origins: the landing page with `?invite=` (read before the hash route). */
export function inviteLinkOf(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/?invite=${encodeURIComponent(code)}`;
}

export interface FissionEdge {
  inviterId: number;
  inviteeId: number;
}

export interface FissionNode {
  userId: number;
  parentId: number;
  level: number;
}

/**
 * The tree under `rootId`, breadth first, at most `depth` levels and `limit` nodes (a cycle cannot occur — each player
 * has one inviter, set once — but a visited set guards it anyway).
 */
export function fissionTreeOf(rootId: number, edges: readonly FissionEdge[], depth: number, limit = 500): FissionNode[] {
  const children = new Map<number, number[]>();
  for (const edge of edges) children.set(edge.inviterId, [...(children.get(edge.inviterId) ?? []), edge.inviteeId]);
  const seen = new Set([rootId]);
  const out: FissionNode[] = [];
  let frontier = [rootId];
  for (let level = 1; level <= depth && frontier.length > 0 && out.length < limit; level += 1) {
    const next: number[] = [];
    for (const parentId of frontier)
      for (const userId of children.get(parentId) ?? []) {
        if (seen.has(userId) || out.length >= limit) continue;
        seen.add(userId);
        out.push({ userId, parentId, level });
        next.push(userId);
      }
    frontier = next;
  }
  return out;
}
