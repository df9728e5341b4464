import { ApiError, ERRORS } from '@piranha/contract';
import type { TFunction } from '../../shared/i18n/translate.ts';

/**
 * The text to show under a form for a failed call: the server already answers in the player's language;
 * the two code-login failures have their own keys (spec §8); a call that never got an answer gets the
 * spec's generic failure text.
 */
export function apiErrorText(error: unknown, t: TFunction): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return t('toast.abnormal');
  if (error.dmError === ERRORS.EMAIL_CODE_INVALID.code) return t('account.codeLoginError');
  if (error.dmError === ERRORS.EMAIL_CODE_INVALID_NEW.code) return t('account.codeLoginErrorNew');
  if (error.dmError === ERRORS.INTERNAL.code || !error.errorMsg) return t('toast.abnormal');
  return error.errorMsg;
}
