import { DEVICE_SECRET_PATTERN } from '@piranha/contract';
import { STORAGE_KEYS, storageGet, storageSet } from '../storage.ts';

/**
 * The device secret of each brand's tourist on this device (issue 14). Guest login answers it once, when it creates
 * the tourist; the device keeps it beside the smid and sends it with every later guest login, because the smid alone
 * no longer brings the tourist back: it names the device, the secret proves it. Kept after logout — the same device
 * should find the same tourist — and replaced when a guest login answers a new one.
 */
export type DeviceSecrets = Readonly<Record<string, string>>;

/** The secret kept for a brand, if it has the shape the server accepts (anything else would be refused). */
export function deviceSecretIn(stored: unknown, appKey: string): string | undefined {
  if (stored === null || typeof stored !== 'object') return undefined;
  const secret = (stored as Record<string, unknown>)[appKey];
  return typeof secret === 'string' && DEVICE_SECRET_PATTERN.test(secret) ? secret : undefined;
}

/** The kept secrets with a brand's replaced. */
export function deviceSecretsWith(stored: unknown, appKey: string, secret: string): DeviceSecrets {
  const kept = stored !== null && typeof stored === 'object' ? (stored as DeviceSecrets) : {};
  return { ...kept, [appKey]: secret };
}

export function deviceSecretOf(appKey: string): string | undefined {
  return deviceSecretIn(storageGet<unknown>(STORAGE_KEYS.deviceSecrets), appKey);
}

export function deviceSecretKeep(appKey: string, secret: string): void {
  storageSet(STORAGE_KEYS.deviceSecrets, deviceSecretsWith(storageGet<unknown>(STORAGE_KEYS.deviceSecrets), appKey, secret));
}
