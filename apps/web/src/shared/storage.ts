/**
 * Every key the app keeps in localStorage, in one place. Reads never throw: private modes and full
 * quotas simply behave as if nothing was stored.
 */
export const STORAGE_KEYS = {
  language: 'pir.language',
  session: 'pir.session',
  smid: 'pir.smid',
  /** Per brand, the secret that claims this device's tourist again (shared/session/device-secret.ts). */
  deviceSecrets: 'pir.device_secrets',
  apiHost: 'pir.api_host',
  /** The tracking host (dynconfig maidian_host), kept only when on the allow-list (shared/hosts/host-allow.ts). */
  trackingHost: 'pir.maidian_host',
  /** Attribution from the landing link (spec §7 `afid`, `from_email`), sent with every request (shared/tracking/attribution.ts). */
  attribution: 'pir.attribution',
  uiV3: 'pir.ui_v3',
  /** The player's own UI-version switch (spec §4), separate from the A/B arm the config rewrites. */
  uiV3Choice: 'pir.ui_v3_choice',
  popupCache: 'pir.popup_cache',
  /** Safer play's reality check: when this session began and was last answered, and the player's interval. */
  realityCheck: 'pir.reality_check',
  appOverride: 'pir.app',
  oddsFormat: 'pir.odds_format',
  sportsFavourites: 'pir.sports_favourites',
  /** The wallet currency the player chose among the brand's (spec §4 currency change). */
  currency: 'pir.currency',
  /** Cached top-bar messages; a currency change clears it because messages are per currency. */
  messageCache: 'pir.message_cache',
  betSlip: 'pir.bet_slip',
  /** A granted bonus whose pop-up has not been closed yet (new_bonus answers each grant once). */
  bonusPending: 'pir.bonus_pending',
  /** Ids of the bonuses seen unlocking, to tell the player when one is released as cash. */
  bonusWatch: 'pir.bonus_watch',
  /** The install id sent as `uuid` with tracking events (features/tracking). */
  visitor: 'pir.uuid',
  /** This browser's push device id (`device_id` of POST /api/push/register, decision 035). */
  pushDevice: 'pir.push_device',
  /** When the player closed the notification bar: it stays away for 3 days (spec §9). */
  notificationBarMutedAt: 'pir.notification_bar_muted_at',
  /** An invite this device arrived with (link or mini-app start parameter), bound after the next sign-in (decision 051). */
  invitePending: 'pir.invite_pending',
  /** When the player closed the install bar or pop-up: they stay away for 24 h (spec §4, decision 053). */
  pwaClosedAt: 'pir.pwa_closed_at',
  /** The install prompt was accepted on this device (spec §4: accepted marks installed). */
  pwaInstalled: 'pir.pwa_installed',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The text stored under `key`, or null: nothing stored, or storage unavailable. */
export function storageText(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** A stored text read back as `storageSet` wrote it; undefined when there is none or it is not JSON. */
export function storageParse<T>(text: string | null): T | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function storageGet<T>(key: StorageKey): T | undefined {
  return storageParse<T>(storageText(key));
}

export function storageSet(key: StorageKey, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app keeps working without persistence.
  }
}

export function storageRemove(key: StorageKey): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to clean when storage is unavailable.
  }
}
