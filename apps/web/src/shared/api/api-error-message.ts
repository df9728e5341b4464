import { ApiError, ERRORS } from '@piranha/contract';
import { i18n, type TFunction } from '../i18n/translate.ts';
import { withSaferReset } from './safer-refusal.ts';

/**
 * The server answers refusals in the player's language; a call with no answer (or an internal error) gets `fallback`,
 * the generic text unless the caller knows better (a round's "nothing was charged").
 */
export function apiErrorMessage(error: unknown, t: TFunction, fallback?: string): string {
  // A wager or loss limit, a time-out or self-exclusion says when it resets (decision 027).
  if (error instanceof ApiError && error.errorMsg && error.dmError !== ERRORS.INTERNAL.code) return withSaferReset(error.errorMsg, error, t, i18n.language);
  return fallback ?? t('toast.abnormal');
}
