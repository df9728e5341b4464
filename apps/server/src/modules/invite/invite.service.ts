import {
  attributionPick,
  bonusAllowedInMarket,
  fissionTreeOf,
  inviteCodeOf,
  inviteCodeParse,
  inviteLinkOf,
  ipRangeOf,
  nickMasked,
  OFFICIAL_SOURCE,
  paymentAccountIdentity,
  referralBindOpen,
  referralCampaignId,
  referralQualifies,
  referralTermsOf,
  referralTriggerRef,
  referrerDecode,
  selfReferralReason,
  variantFindByDomain,
  variantFindByKey,
  type ReferralParty,
  type VariantProfile,
} from '@piranha/domain';
import type { ErrorName } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { rewardPay } from '../loyalty/loyalty.service.ts';
import { pddOnSignup } from '../pdd/pdd-help.ts';
import {
  hasPaidDeposit,
  invitedOf,
  invitedPage,
  inviteRewardsOf,
  inviterCounts,
  markRecord,
  partyOf,
  referralInsert,
  referralOfInvitee,
  referralQualifySet,
  referralRewardStatusSet,
  referrerInstallInsert,
  referrerInstallOf,
  userOfBrand,
} from './invite.repository.ts';

/**
 * Invites and referral attribution (issue 19, decision 051). A player's code is derived from the id (domain
 * `inviteCodeOf`), so nothing is issued. A new account is attributed once (the `referrals` primary key) from the
 * first of: the link's code, a typed code, the mini app's start parameter, the device's reported install referrer —
 * while the account is young and has no paid deposit, and never to itself (same player, device, payment account or
 * network). The invitee qualifies in the transaction that credits its first qualifying pay-in; the inviter's reward
 * is the engine's grant under `<brand>:referral`, trigger `referral:<invitee>`: paid once however many notices arrive.
 */

export interface InviteDeps {
  db: Db;
  now: () => Date;
}

export interface InviteCaller {
  user: SessionUser;
  appKey: string;
  smid: string | undefined;
  ip: string;
}

const seconds = (at: Date | undefined) => (at === undefined ? 0 : Math.floor(at.getTime() / 1000));
const PAGE_SIZE = 20;
const FISSION_LIMIT = 500;

function profileOf(user: SessionUser, requestAppKey: string): VariantProfile {
  const profile = variantFindByKey(user.appKey ?? requestAppKey);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  return profile;
}

/** The player is seen on this device and network: what a later invite is compared with. */
export async function marksRecord(db: Db | Tx, userId: number, smid: string | undefined, ip: string, now: Date): Promise<void> {
  if (smid && smid.trim() !== '') await markRecord(db, userId, 'device', smid, now);
  // A loopback address names no network: only a local run has one (in production it is the player's public address,
  // or the proxy's X-Forwarded-For from TRUSTED_PROXIES).
  if (ip && !/^(127\.|::1$|::ffff:127\.)/.test(ip)) await markRecord(db, userId, 'network', ipRangeOf(ip), now);
}

/** The origins the player's link is given on: the brand's official domain, and the one the page is open on if it is the brand's. */
export function originsOf(profile: VariantProfile, requestOrigin: { protocol: string; host: string } | undefined): { domain: string; origin: string }[] {
  const origins = [{ domain: profile.officialDomain, origin: `https://${profile.officialDomain}` }];
  if (requestOrigin) {
    const hostname = requestOrigin.host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    const local = hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '::1';
    if ((local || variantFindByDomain(hostname)?.appKey === profile.appKey) && hostname !== profile.officialDomain)
      origins.push({ domain: requestOrigin.host, origin: `${requestOrigin.protocol}://${requestOrigin.host}` });
  }
  return origins;
}

/** `GET /user/invite`: the player's code, links, terms and standing. */
export async function inviteInfoGet(deps: InviteDeps, caller: InviteCaller, requestOrigin: { protocol: string; host: string } | undefined) {
  const profile = profileOf(caller.user, caller.appKey);
  const terms = referralTermsOf(profile);
  const uid = caller.user.uid;
  const now = deps.now();
  // Whoever opens their own invite is about to share it from here: this device and network are theirs.
  await marksRecord(deps.db, uid, caller.smid, caller.ip, now);
  const code = inviteCodeOf(uid);
  const counts = await inviterCounts(deps.db, uid);
  const rewards = await inviteRewardsOf(deps.db, uid, referralCampaignId(profile.appKey));
  const own = await referralOfInvitee(deps.db, uid);
  const account = await userOfBrand(deps.db, uid);
  const open =
    !own && account !== undefined && referralBindOpen(terms, { createdAt: account.createdAt, hasPaidDeposit: await hasPaidDeposit(deps.db, uid) }, now);
  return {
    code,
    links: originsOf(profile, requestOrigin).map((entry) => ({ domain: entry.domain, url: inviteLinkOf(entry.origin, code) })),
    currency: profile.currency,
    // Where acquisition bonuses are forbidden (Brazil) an invite pays nothing: the engine would refuse the grant.
    reward: bonusAllowedInMarket(profile.market, 'acquisition') ? terms.rewardMinor : 0,
    qualify_min: terms.qualifyMinMinor,
    wagering: terms.wagering,
    invited: counts.invited,
    qualified: counts.qualified,
    earned: [...rewards.values()].reduce((sum, amount) => sum + amount, 0),
    inviter_code: own ? inviteCodeOf(own.inviterId) : '',
    can_bind: open ? (1 as const) : (0 as const),
  };
}

/** `GET /user/invite/detail`: invited friends, newest first, with their qualifying action and the reward. */
export async function inviteDetailGet(deps: InviteDeps, user: SessionUser, requestAppKey: string, page: number) {
  const profile = profileOf(user, requestAppKey);
  const rows = await invitedPage(deps.db, user.uid, PAGE_SIZE + 1, (page - 1) * PAGE_SIZE);
  const rewards = await inviteRewardsOf(deps.db, user.uid, referralCampaignId(profile.appKey));
  return {
    currency: profile.currency,
    has_more: rows.length > PAGE_SIZE ? (1 as const) : (0 as const),
    list: rows.slice(0, PAGE_SIZE).map((row) => {
      const reward = rewards.get(referralTriggerRef(row.inviteeId)) ?? 0;
      return {
        nick: nickMasked(row.nick),
        source: row.source as 'link' | 'code' | 'mini_app' | 'install_referrer',
        join_time: seconds(row.createdAt),
        qualify_time: seconds(row.qualifiedAt),
        reward,
        reward_status: reward > 0 ? (1 as const) : row.rewardStatus === 'unavailable' ? (2 as const) : (0 as const),
      };
    }),
  };
}

/** The inviter a code names on this brand, or the refusal. */
async function inviterOf(deps: InviteDeps, profile: VariantProfile, inviterId: number | undefined, field: string) {
  const inviter = inviterId === undefined ? undefined : await userOfBrand(deps.db, inviterId);
  if (inviterId === undefined || !inviter || inviter.appKey !== profile.appKey) throw new AppError('INVITE_CODE_INVALID', { field });
  return { id: inviterId, ...inviter };
}

/** `GET /user/invite/promo_code`: whose code a typed one is. */
export async function invitePromoCodeGet(deps: InviteDeps, user: SessionUser, requestAppKey: string, typed: string) {
  const profile = profileOf(user, requestAppKey);
  const inviter = await inviterOf(deps, profile, inviteCodeParse(typed), 'code');
  if (inviter.id === user.uid) throw new AppError('INVITE_SELF', { field: 'code' });
  return { code: inviteCodeOf(inviter.id), inviter_nick: nickMasked(inviter.nick) };
}

const SELF_ERRORS: Record<NonNullable<ReturnType<typeof selfReferralReason>>, ErrorName> = {
  same_player: 'INVITE_SELF',
  same_device: 'INVITE_SAME_DEVICE',
  same_payment_account: 'INVITE_SAME_PAYMENT_ACCOUNT',
  same_ip_range: 'INVITE_SAME_NETWORK',
};

async function referralPartyOf(deps: InviteDeps, userId: number): Promise<ReferralParty> {
  const party = await partyOf(deps.db, userId);
  return {
    userId,
    deviceIds: party.deviceIds,
    paymentAccounts: party.accounts.map((elements) => paymentAccountIdentity(elements)).filter((value): value is string => value !== undefined),
    // Networks are stored as ranges already: a range's own first address maps back to it.
    ips: party.networks.map((range) => range.replace(/\.0\/24$/, '.0').replace(/::\/64$/, '::')),
  };
}

/** `POST /user/invite/bind`: attributes the signed-in new player to the inviter the first candidate names. */
export async function inviteBindPost(
  deps: InviteDeps,
  caller: InviteCaller,
  body: { link?: string | undefined; code?: string | undefined; start_param?: string | undefined },
) {
  const profile = profileOf(caller.user, caller.appKey);
  const terms = referralTermsOf(profile);
  const uid = caller.user.uid;
  const now = deps.now();
  await marksRecord(deps.db, uid, caller.smid, caller.ip, now);
  const install = caller.smid ? await referrerInstallOf(deps.db, profile.appKey, caller.smid) : undefined;
  const given = { link: body.link, code: body.code, mini_app: body.start_param, install_referrer: install?.inviteCode };
  const picked = attributionPick(Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)));
  const field = body.link !== undefined ? 'link' : body.code !== undefined ? 'code' : body.start_param !== undefined ? 'start_param' : 'install_referrer';
  if (!picked) throw new AppError('INVITE_CODE_INVALID', { field });
  const inviter = await inviterOf(deps, profile, picked.inviterId, field);
  if (await referralOfInvitee(deps.db, uid)) throw new AppError('INVITE_ALREADY_BOUND');
  const account = await userOfBrand(deps.db, uid);
  if (!account || !referralBindOpen(terms, { createdAt: account.createdAt, hasPaidDeposit: await hasPaidDeposit(deps.db, uid) }, now))
    throw new AppError('INVITE_TOO_LATE');
  const reason = selfReferralReason(await referralPartyOf(deps, inviter.id), await referralPartyOf(deps, uid));
  if (reason) throw new AppError(SELF_ERRORS[reason], { field });
  const inserted = await transaction(deps.db, async (tx) => {
    const bound = await referralInsert(tx, { inviteeId: uid, inviterId: inviter.id, appKey: profile.appKey, source: picked.source, now });
    // The attributed sign-up helps the inviter's share-to-cash-out envelope, in the same transaction (decision 063).
    if (bound) await pddOnSignup(tx, { inviterId: inviter.id, inviteeId: uid, appKey: profile.appKey }, now);
    return bound;
  });
  if (!inserted) throw new AppError('INVITE_ALREADY_BOUND');
  return { source: picked.source, inviter_code: inviteCodeOf(inviter.id) };
}

/** `GET /user/invite/fission_list`: the invite tree, as deep as the brand shows, at most 500 players. */
export async function inviteFissionGet(deps: InviteDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const depth = referralTermsOf(profile).fissionDepth;
  const edges: Awaited<ReturnType<typeof invitedOf>> = [];
  let frontier = [user.uid];
  for (let level = 1; level <= depth && frontier.length > 0 && edges.length < FISSION_LIMIT; level += 1) {
    const found = await invitedOf(deps.db, frontier, FISSION_LIMIT - edges.length);
    edges.push(...found);
    frontier = found.map((edge) => edge.inviteeId);
  }
  const byInvitee = new Map(edges.map((edge) => [edge.inviteeId, edge]));
  const nodes = fissionTreeOf(user.uid, edges, depth, FISSION_LIMIT);
  const ids = new Map(nodes.map((node, index) => [node.userId, `n${index + 1}`]));
  const levels = Array.from({ length: depth }, (_, index) => {
    const at = nodes.filter((node) => node.level === index + 1);
    return { level: index + 1, count: at.length, qualified: at.filter((node) => byInvitee.get(node.userId)?.qualified).length };
  });
  return {
    depth,
    levels,
    list: nodes.map((node) => ({
      id: ids.get(node.userId)!,
      parent_id: ids.get(node.parentId) ?? '',
      level: node.level,
      nick: nickMasked(byInvitee.get(node.userId)?.nick ?? ''),
      qualified: byInvitee.get(node.userId)?.qualified ? (1 as const) : (0 as const),
    })),
  };
}

/** The referrer a device sent: the APK channel's first, then the store's (spec §5: undecodable → official). */
function referrerOf(body: { install_referrer?: string | undefined; apk_referrer?: string | undefined }) {
  const apk = referrerDecode(body.apk_referrer);
  return apk.decoded ? apk : referrerDecode(body.install_referrer);
}

/** `POST /api/v1/referrer/check`: decodes the device's referrer; answers when the device first reported one. */
export async function referrerCheckPost(
  deps: InviteDeps,
  appKey: string,
  smid: string | undefined,
  body: { install_referrer?: string | undefined; apk_referrer?: string | undefined },
) {
  const referrer = referrerOf(body);
  const stored = smid ? await referrerInstallOf(deps.db, appKey, smid) : undefined;
  return {
    official: referrer.source === OFFICIAL_SOURCE ? (1 as const) : (0 as const),
    activate_time: seconds(stored?.createdAt),
    utm_campaign: referrer.campaign,
  };
}

/** `POST /api/v1/referrer/report`: keeps the device's first referrer (read back at attribution as the install referrer). */
export async function referrerReportPost(
  deps: InviteDeps,
  appKey: string,
  smid: string | undefined,
  body: { install_referrer?: string | undefined; apk_referrer?: string | undefined; timezone?: string | undefined },
) {
  // Without a device id there is nothing to keep it under (the first report of a device is the one kept).
  if (!smid) return { recorded: 0 as const };
  const referrer = referrerOf(body);
  const recorded = await referrerInstallInsert(deps.db, {
    appKey,
    smid,
    source: referrer.source,
    campaign: referrer.campaign,
    inviteCode: referrer.inviteCode,
    timezone: body.timezone,
    now: deps.now(),
  });
  return { recorded: recorded ? (1 as const) : (0 as const) };
}

/**
 * In the transaction that credits a pay-in: if it makes an attributed player qualify, mark it (once) and pay the
 * inviter through the engine (once, by the grant's key). A paused or ended programme leaves the deposit as it is and
 * the referral marked unpaid.
 */
export async function referralOnPayinPaid(tx: Tx, payin: { userId: number; currency: string; amountMinor: number }, now: Date): Promise<void> {
  const referral = await referralOfInvitee(tx, payin.userId);
  if (!referral || referral.qualifiedAt) return;
  const profile = variantFindByKey(referral.appKey);
  if (!profile) return;
  const terms = referralTermsOf(profile);
  if (!referralQualifies(terms, payin, profile.currency)) return;
  const qualified = await referralQualifySet(tx, payin.userId, now);
  if (!qualified) return;
  const status = await tx
    .transaction(async (savepoint) => {
      await rewardPay(savepoint, profile, referralCampaignId(profile.appKey), qualified.inviterId, referralTriggerRef(payin.userId), terms.rewardMinor, now);
      return 'paid' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof AppError && error.errorName === 'LOYALTY_REWARD_UNAVAILABLE') return 'unavailable' as const;
      throw error;
    });
  await referralRewardStatusSet(tx, payin.userId, status);
}
