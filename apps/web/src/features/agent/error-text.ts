import { ApiError, ERRORS } from '@piranha/contract';
import type { TFunction } from '../../shared/i18n/translate.ts';

/** A refused call: the server's message in the player's language, or the spec's generic failure text. */
export function agentErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError) || error.dmError === ERRORS.INTERNAL.code || !error.errorMsg) return t('toast.abnormal');
  return error.errorMsg;
}
