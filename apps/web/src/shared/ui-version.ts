import { shellKind } from './shell.ts';
import { STORAGE_KEYS, storageGet } from './storage.ts';
import { telegramInitData } from './telegram-launch.ts';
import { variantCurrent } from './variant/variant-detect.ts';

/** Spec §4: UI v3 is on for the brand's flag, a stored switch, a URL flag (`?v3=1`), the mini app or the native shell. */
export function uiV3On(): boolean {
  const urlFlag = new URLSearchParams(globalThis.location?.search ?? '').get('v3') === '1';
  return (
    variantCurrent().flags.uiV3 || storageGet<boolean>(STORAGE_KEYS.uiV3) === true || urlFlag || telegramInitData() !== undefined || shellKind() === 'native'
  );
}
