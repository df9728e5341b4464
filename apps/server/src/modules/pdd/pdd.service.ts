import {
  inviteCodeOf,
  inviteCodeParse,
  inviteLinkOf,
  nickMasked,
  pddStatusOf,
  pddTermsOf,
  pddUidOf,
  pddVisitorMasked,
  paymentAccountIdentity,
  selfReferralReason,
  variantFindByKey,
  type ReferralParty,
  type VariantProfile,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { marksRecord, originsOf } from '../invite/invite.service.ts';
import { partyOf, userOfBrand } from '../invite/invite.repository.ts';
import { pddHelpAdd, pddOffered } from './pdd-help.ts';
import { envelopeInsert, envelopeLatest, envelopesExpire, helpsOf, rewardStatusOf, type EnvelopeRow } from './pdd.repository.ts';

/**
 * Share-to-cash-out (issue 19, decision 063). A player opens an envelope (one open per brand); friends landing on the
 * player's invite link (one device, once) and signing up through it (the invite module's attribution, once) add the
 * brand's steps under the envelope's row lock, capped at the target. The help that reaches the target closes the
 * envelope and inserts the `pdd_rewards` row as ready in the same transaction; the finance `pdd/withdraw` pays it once.
 */

export interface PddDeps {
  db: Db;
  now: () => Date;
}

export interface PddCaller {
  user: SessionUser | undefined;
  appKey: string;
  smid: string | undefined;
  ip: string;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

function profileOf(appKey: string): VariantProfile {
  const profile = variantFindByKey(appKey);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  return profile;
}

async function envelopeView(db: DbOrTx, envelope: EnvelopeRow, now: Date) {
  const status = pddStatusOf(envelope, now);
  const pddUid = pddUidOf(envelope.id);
  const reward = status === 'reached' ? await rewardStatusOf(db, pddUid) : undefined;
  const helps = await helpsOf(db, envelope.id);
  return {
    pdd_uid: pddUid,
    status,
    target: envelope.targetMinor,
    progress: envelope.progressMinor,
    remaining: Math.max(0, envelope.targetMinor - envelope.progressMinor),
    opened_at: seconds(envelope.openedAt),
    expires_at: seconds(envelope.expiresAt),
    seconds_left: status === 'open' ? Math.max(0, seconds(envelope.expiresAt) - seconds(now)) : 0,
    reward_status: reward === 'withdrawn' ? ('withdrawn' as const) : reward === 'ready' ? ('ready' as const) : ('none' as const),
    friends: helps.map((help) => ({
      nick: help.kind === 'signup' ? nickMasked(help.nick) : pddVisitorMasked(help.friend.slice(2)),
      kind: help.kind,
      amount: help.amountMinor,
      time: seconds(help.createdAt),
    })),
  };
}

async function infoOf(deps: PddDeps, profile: VariantProfile, uid: number, requestOrigin: { protocol: string; host: string } | undefined) {
  const terms = pddTermsOf(profile);
  const code = inviteCodeOf(uid);
  const now = deps.now();
  const envelope = await envelopeLatest(deps.db, uid, profile.appKey);
  const origin = originsOf(profile, requestOrigin).at(-1)!.origin;
  return {
    offered: pddOffered(profile),
    currency: profile.currency,
    target: terms.targetMinor,
    visit_step: terms.visitStepMinor,
    signup_step: terms.signupStepMinor,
    expiry_hours: terms.expiryHours,
    code,
    link: inviteLinkOf(origin, code),
    envelope: envelope ? await envelopeView(deps.db, envelope, now) : null,
  };
}

/** `GET /activity/pdd/info`: terms, link and the latest envelope. Whoever looks here is about to share: their device and network are theirs. */
export async function pddInfoGet(deps: PddDeps, caller: PddCaller & { user: SessionUser }, requestOrigin: { protocol: string; host: string } | undefined) {
  const profile = profileOf(caller.user.appKey ?? caller.appKey);
  await marksRecord(deps.db, caller.user.uid, caller.smid, caller.ip, deps.now());
  return infoOf(deps, profile, caller.user.uid, requestOrigin);
}

/** `POST /activity/pdd/open`: one open envelope per player and brand; an expired one is closed first. */
export async function pddOpenPost(deps: PddDeps, caller: PddCaller & { user: SessionUser }, requestOrigin: { protocol: string; host: string } | undefined) {
  const profile = profileOf(caller.user.appKey ?? caller.appKey);
  if (!pddOffered(profile)) throw new AppError('PDD_NOT_OFFERED');
  const terms = pddTermsOf(profile);
  const uid = caller.user.uid;
  const now = deps.now();
  await marksRecord(deps.db, uid, caller.smid, caller.ip, now);
  const opened = await transaction(deps.db, async (tx) => {
    await envelopesExpire(tx, now, { userId: uid, appKey: profile.appKey });
    return envelopeInsert(tx, {
      userId: uid,
      appKey: profile.appKey,
      currency: profile.currency,
      targetMinor: terms.targetMinor,
      now,
      expiresAt: new Date(now.getTime() + terms.expiryHours * 3_600_000),
    });
  });
  if (!opened) throw new AppError('PDD_ALREADY_OPEN');
  return infoOf(deps, profile, uid, requestOrigin);
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

async function visitorPartyOf(db: Db, caller: PddCaller, smid: string): Promise<ReferralParty> {
  const own = caller.user ? await partyOf(db, caller.user.uid) : undefined;
  const networks = (own?.networks ?? []).map((range) => range.replace(/\.0\/24$/, '.0').replace(/::\/64$/, '::'));
  return {
    userId: caller.user?.uid ?? 0,
    deviceIds: [smid, ...(own?.deviceIds ?? [])],
    paymentAccounts: (own?.accounts ?? []).map((elements) => paymentAccountIdentity(elements)).filter((value): value is string => value !== undefined),
    // A loopback address names no network (only a local run has one), as the invite module holds.
    ips: [...(LOOPBACK.test(caller.ip) ? [] : [caller.ip]), ...networks],
  };
}

async function inviterPartyOf(db: Db, inviterId: number): Promise<ReferralParty> {
  const party = await partyOf(db, inviterId);
  return {
    userId: inviterId,
    deviceIds: party.deviceIds,
    paymentAccounts: party.accounts.map((elements) => paymentAccountIdentity(elements)).filter((value): value is string => value !== undefined),
    ips: party.networks.map((range) => range.replace(/\.0\/24$/, '.0').replace(/::\/64$/, '::')),
  };
}

/** `POST /activity/pdd/visit`: a device landing on an invite link, counted once per device and inviter while the envelope is open. */
export async function pddVisitPost(deps: PddDeps, caller: PddCaller, code: string) {
  const profile = profileOf(caller.user?.appKey ?? caller.appKey);
  const inviterId = inviteCodeParse(code);
  const inviter = inviterId === undefined ? undefined : await userOfBrand(deps.db, inviterId);
  if (inviterId === undefined || !inviter || inviter.appKey !== profile.appKey) throw new AppError('PDD_CODE_INVALID', { field: 'code' });
  const smid = caller.smid?.trim() ?? '';
  if (smid === '') throw new AppError('PDD_DEVICE_REQUIRED', { field: 'smid' });
  if (selfReferralReason(await inviterPartyOf(deps.db, inviterId), await visitorPartyOf(deps.db, caller, smid)))
    throw new AppError('PDD_SELF_VISIT', { field: 'code' });
  const now = deps.now();
  const counted = await transaction(deps.db, (tx) => pddHelpAdd(tx, { inviterId, appKey: profile.appKey, kind: 'visit', friend: `d:${smid}` }, now));
  return { counted: counted ? (1 as const) : (0 as const) };
}

/** The job's pass: tidies the status of envelopes past their expiry (their status is read from the clock anyway). */
export async function pddExpirePass(db: Db, now: Date): Promise<number> {
  return envelopesExpire(db, now);
}
