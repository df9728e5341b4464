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

/** Sends the device's pending invite for the player just signed in; kept when the call did not get through. */
export async function invitePendingSend(): Promise<void> {
  const pending = invitePending();
  if (!pending) return;
  try {
    await api.call(inviteBind, { body: pending.source === 'link' ? { link: pending.code } : { start_param: pending.code } });
    invitePendingClear();
  } catch (error) {
    if (error instanceof ApiError && FINAL.has(error.dmError)) invitePendingClear();
  }
}
