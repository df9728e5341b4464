import { ApiError, ERRORS } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import type { TFunction } from '../i18n/translate.ts';

/** The safer-play refusals: limits, blocks and identity (8250–8299), and the daily play-time limit (8310–8319). */
function isSaferRefusal(code: number): boolean {
  return (code >= 8250 && code <= 8299) || (code >= 8310 && code <= 8319);
}

/**
 * A safer-play refusal (dm_error 8250–8299, 8310–8319) carries when its limit resets or its block ends (`data.reset_at`, Unix
 * seconds; 0 for a permanent self-exclusion). The server's message is translated but cannot hold a time; this adds
 * it, in the player's language and time zone. Other errors answer "".
 */
export function saferResetText(error: unknown, t: TFunction, language: string): string {
  if (!(error instanceof ApiError) || !isSaferRefusal(error.dmError)) return '';
  const data = error.data as { reset_at?: unknown } | undefined;
  if (typeof data?.reset_at !== 'number') return '';
  if (data.reset_at === 0) return t('saferPlay.resetNever');
  const when = new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(data.reset_at * 1000));
  // A time-out or self-exclusion ends; a limit's window resets.
  const block = error.dmError === ERRORS.SAFER_TIMED_OUT.code || error.dmError === ERRORS.SAFER_SELF_EXCLUDED.code;
  return t(block ? 'saferPlay.endsAt' : 'saferPlay.resetAt', { when });
}

/** The server's message with the reset time after it, for the deposit, bet and casino screens. */
export function withSaferReset(message: string, error: unknown, t: TFunction, language: string): string {
  const reset = saferResetText(error, t, language);
  return reset ? `${message} ${reset}` : message;
}
