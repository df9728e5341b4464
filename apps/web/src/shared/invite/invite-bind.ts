import { ApiError, ERRORS, inviteBind } from '@piranha/contract';
import { api } from '../api/api.ts';
import { invitePending, invitePendingClear } from './invite-pending.ts';

/** The answers that settle an invite for good: a wrong code, self-referral, already bound, too late. */
const FINAL = new Set<number>([
  ERRORS.VALIDATION_FAILED.code,
  ERRORS.INVITE_CODE_INVALID.code,
  ERRORS.INVITE_SELF.code,
  ERRORS.INVITE_SAME_DEVICE.code,
  ERRORS.INVITE_SAME_PAYMENT_ACCOUNT.code,
  ERRORS.INVITE_SAME_NETWORK.code,
  ERRORS.INVITE_ALREADY_BOUND.code,
  ERRORS.INVITE_TOO_LATE.code,
]);

/**
 * The retry rule (decision 067): a failed bind is settled for good only by one of the final refusals above. Anything
 * else (no network, a server error, an expired session, too many requests) keeps the invite for the next boot or
 * sign-in, until the server says yes or no.
 */
export function inviteBindFinal(error: unknown): boolean {
  return error instanceof ApiError && FINAL.has(error.dmError);
}

let sending: Promise<void> | undefined;

/**
 * Sends the device's pending invite for the signed-in player (after a sign-in, and at boot for a player still signed
 * in); kept when the call did not get through. One send at a time: boot and a sign-in racing send it once.
 */
export function invitePendingSend(): Promise<void> {
  sending ??= send().finally(() => {
    sending = undefined;
  });
  return sending;
}

async function send(): Promise<void> {
  const pending = invitePending();
  if (!pending) return;
  try {
    await api.call(inviteBind, { body: pending.source === 'link' ? { link: pending.code } : { start_param: pending.code } });
    invitePendingClear();
  } catch (error) {
    if (inviteBindFinal(error)) invitePendingClear();
  }
}
