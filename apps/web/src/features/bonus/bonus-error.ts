import { ApiError, ERRORS } from '@piranha/contract';
import type { TFunction } from '../../shared/i18n/translate.ts';

/** The server answers bonus refusals in the player's language (contract error-messages); no answer gets the generic text. */
export function bonusErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.errorMsg && error.dmError !== ERRORS.INTERNAL.code) return error.errorMsg;
  return t('toast.abnormal');
}
