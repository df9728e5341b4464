import {
  bonusAllowedInMarket,
  pddIncrementOf,
  pddStatusOf,
  pddTermsOf,
  pddUidOf,
  variantFindByKey,
  type PddHelpKind,
  type VariantProfile,
} from '@piranha/domain';
import type { Tx } from '../../db/client.ts';
import { envelopeOpenLock, envelopeProgressSet, helpInsert, rewardReadyInsert } from './pdd.repository.ts';

/** Envelopes pay a promotional reward: offered where acquisition bonuses are (not Brazil, not a closed market). */
export function pddOffered(profile: VariantProfile): boolean {
  return bonusAllowedInMarket(profile.market, 'acquisition');
}

/**
 * One friend's help to the inviter's open envelope, inside the caller's transaction: false when there is no open
 * envelope (none, reached, or past its expiry) or this friend already helped with this kind. The step is the brand's,
 * cut at the target; the help that reaches the target inserts the ready reward, in this same transaction.
 */
export async function pddHelpAdd(
  tx: Tx,
  help: { inviterId: number; appKey: string; kind: PddHelpKind; friend: string; friendUserId?: number | undefined },
  now: Date,
): Promise<boolean> {
  const profile = variantFindByKey(help.appKey);
  if (!profile || !pddOffered(profile)) return false;
  const envelope = await envelopeOpenLock(tx, help.inviterId, help.appKey);
  if (!envelope || pddStatusOf(envelope, now) !== 'open') return false;
  const amountMinor = pddIncrementOf({ ...pddTermsOf(profile), targetMinor: envelope.targetMinor }, envelope.progressMinor, help.kind);
  if (amountMinor <= 0) return false;
  const inserted = await helpInsert(tx, {
    inviterId: help.inviterId,
    kind: help.kind,
    friend: help.friend,
    envelopeId: envelope.id,
    friendUserId: help.friendUserId,
    amountMinor,
    now,
  });
  if (!inserted) return false;
  const progress = envelope.progressMinor + amountMinor;
  const reached = progress >= envelope.targetMinor;
  await envelopeProgressSet(tx, envelope.id, progress, reached ? now : undefined);
  if (reached)
    await rewardReadyInsert(tx, {
      pddUid: pddUidOf(envelope.id),
      userId: envelope.userId,
      currency: envelope.currency,
      amountMinor: envelope.targetMinor,
      now,
    });
  return true;
}

/** In the transaction that attributes a sign-up to its inviter (decision 051): the sign-up helps the inviter's envelope. */
export async function pddOnSignup(tx: Tx, signup: { inviterId: number; inviteeId: number; appKey: string }, now: Date): Promise<void> {
  await pddHelpAdd(
    tx,
    { inviterId: signup.inviterId, appKey: signup.appKey, kind: 'signup', friend: `u:${signup.inviteeId}`, friendUserId: signup.inviteeId },
    now,
  );
}
