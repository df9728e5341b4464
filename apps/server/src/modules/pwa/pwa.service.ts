import {
  bonusAllowedInMarket,
  PWA_AWARD_STATUS,
  PWA_AWARD_TRIGGER,
  pwaAwardCampaignDefault,
  pwaAwardCampaignId,
  pwaLocaleOf,
  pwaManifestOf,
  registrableDomain,
  VARIANT_PROFILES,
  variantFindByKey,
  type VariantProfile,
  type WebAppManifest,
} from '@piranha/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bonuses } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { bonusGrant, bonusStart } from '../bonus/bonus-ledger.service.ts';
import { bonusShownSet, campaignFind, type CampaignSeedRow } from '../bonus/bonus.repository.ts';

/** The installable web app's server side (issue 22, decision 053): manifests, the award check and its once-only report. */

export interface PwaDeps {
  db: Db;
  now: () => Date;
}

export interface PwaManifestQuery {
  app_group?: string | undefined;
  src_host?: string | undefined;
  lca_lang?: string | undefined;
  cv_prefix?: string | undefined;
}

/**
 * The manifest of the Host's brand. `app_group` and `src_host` are the client's word for which app it installs: one that
 * names another brand is refused rather than answered with this brand's manifest under the other's name.
 */
export function pwaManifestFor(variant: VariantProfile, query: PwaManifestQuery): WebAppManifest {
  if (query.app_group !== undefined && query.app_group !== variant.appGroup) throw new AppError('PWA_APP_GROUP_MISMATCH', { field: 'app_group' });
  if (query.src_host !== undefined) {
    const domain = registrableDomain(query.src_host);
    // Local and test hosts (127.0.0.1, localhost) serve the default brand; a brand's own domains are its.
    const local = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/.test(query.src_host);
    if (!local && domain !== variant.officialDomain) throw new AppError('PWA_HOST_MISMATCH', { field: 'src_host' });
  }
  return pwaManifestOf(variant, pwaLocaleOf(variant, query.lca_lang), { cvPrefix: query.cv_prefix });
}

/** Every brand's installed-web-app campaign (inserted only when missing: an operator's pause stays). */
export function pwaCampaignRows(): CampaignSeedRow[] {
  return VARIANT_PROFILES.map((profile) => ({ ...pwaAwardCampaignDefault(profile), appKey: profile.appKey }));
}

function profileOf(user: SessionUser | undefined, requestAppKey: string): VariantProfile {
  return variantFindByKey(user?.appKey ?? requestAppKey) ?? variantFindByKey(requestAppKey)!;
}

async function offerOf(db: DbOrTx, profile: VariantProfile) {
  const campaign = await campaignFind(db, pwaAwardCampaignId(profile.appKey));
  if (!campaign || campaign.status !== 'active' || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) return undefined;
  const amountMinor = campaign.terms.amountMinor ?? 0;
  return amountMinor > 0 ? { campaign, amountMinor } : undefined;
}

async function receivedBy(db: DbOrTx, profile: VariantProfile, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: bonuses.id })
    .from(bonuses)
    .where(and(eq(bonuses.campaignId, pwaAwardCampaignId(profile.appKey)), eq(bonuses.userId, userId), eq(bonuses.triggerRef, PWA_AWARD_TRIGGER)));
  return Boolean(row);
}

/** award_status for the player (or a visitor: 1 while the brand offers it, so the install bar can say what it pays). */
export async function pwaAwardCheckGet(deps: PwaDeps, user: SessionUser | undefined, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const offer = await offerOf(deps.db, profile);
  const base = { award_amount: offer?.amountMinor ?? 0, currency: profile.currency };
  if (user && (await receivedBy(deps.db, profile, user.uid))) return { ...base, award_status: PWA_AWARD_STATUS.received };
  return { ...base, award_status: offer ? PWA_AWARD_STATUS.offered : PWA_AWARD_STATUS.none };
}

/**
 * The installed app reports itself: the reward is granted through the bonus engine and, having nothing to wager,
 * converted to cash in the same transaction. The grant's unique (campaign, player, trigger) key makes any number of
 * concurrent reports pay once; the others answer award_status 2 with paid 0.
 */
export async function pwaAwardReportGet(deps: PwaDeps, user: SessionUser, requestAppKey: string, displayMode: string) {
  if (displayMode === 'browser') throw new AppError('PWA_NOT_INSTALLED', { field: 'display_mode' });
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    const offer = await offerOf(tx, profile);
    const base = { award_amount: offer?.amountMinor ?? 0, currency: profile.currency };
    if (await receivedBy(tx, profile, user.uid)) return { ...base, award_status: PWA_AWARD_STATUS.received, paid: 0 as const };
    if (!offer) throw new AppError('PWA_AWARD_UNAVAILABLE');
    const bonus = await bonusGrant(tx, {
      campaign: offer.campaign,
      userId: user.uid,
      triggerRef: PWA_AWARD_TRIGGER,
      currency: profile.currency,
      amountMinor: offer.amountMinor,
      depositMinor: 0,
      now,
    });
    if (!bonus) {
      // A twin report won the unique key (it is received), or safer play holds marketing back (decision 027).
      if (await receivedBy(tx, profile, user.uid)) return { ...base, award_status: PWA_AWARD_STATUS.received, paid: 0 as const };
      throw new AppError('PWA_AWARD_UNAVAILABLE');
    }
    await bonusShownSet(tx, bonus.id, now);
    if (bonus.requirementMinor === 0) await bonusStart(tx, user.uid, bonus.id, now);
    return { ...base, award_status: PWA_AWARD_STATUS.received, paid: 1 as const };
  });
}
