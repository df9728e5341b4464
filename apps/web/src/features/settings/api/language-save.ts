import { accountInfoUpdate } from '@piranha/contract';
import type { Locale } from '@piranha/domain';
import { api } from '../../../shared/api/api.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

/**
 * A signed-in player's language also goes to their account, so mail and other devices use it. Best effort:
 * the device already switched, and a failure is reported by the API client like any other.
 */
export async function languageSaveToAccount(locale: Locale): Promise<void> {
  if (!useSessionStore.getState().login) return;
  await api.call(accountInfoUpdate, { body: { lang: locale } }).catch(() => undefined);
}
