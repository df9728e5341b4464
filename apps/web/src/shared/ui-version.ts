import { shellKind, type ShellKind } from './shell.ts';
import { STORAGE_KEYS, storageGet, storageSet } from './storage.ts';
import { telegramInitData } from './telegram-launch.ts';
import { variantCurrent } from './variant/variant-detect.ts';

export interface UiVersionInputs {
  /** `?v3=1` in the page URL. */
  urlFlag: boolean;
  /** The player's own switch (spec §4): true on, false off, undefined never chosen. */
  choice: boolean | undefined;
  shell: ShellKind;
  /** The server's A/B arm for UI v3, remembered from the dynamic config. */
  abArm: boolean | undefined;
  /** The brand's "new UI version 3" flag. */
  brandFlag: boolean;
}

/**
 * Whether the newer UI (v3) is on. A URL flag always turns it on (it is how a link opts a player in); then
 * the player's own choice wins, so switching off sticks; then the messaging-app mini app and the native
 * shell, which ship with it; then the A/B arm and the brand flag.
 */
export function uiV3Decide({ urlFlag, choice, shell, abArm, brandFlag }: UiVersionInputs): boolean {
  if (urlFlag) return true;
  if (choice !== undefined) return choice;
  if (shell === 'telegram' || shell === 'native') return true;
  return abArm === true || brandFlag;
}

export function uiV3Current(brandFlag: boolean): boolean {
  return uiV3Decide({
    urlFlag: new URLSearchParams(window.location.search).get('v3') === '1' || /[?&]v3=1\b/.test(window.location.hash),
    choice: storageGet<boolean>(STORAGE_KEYS.uiV3Choice),
    // The mini app's launch data is taken out of the hash before the router starts; it marks the shell too.
    shell: telegramInitData() !== undefined ? 'telegram' : shellKind(),
    abArm: storageGet<boolean>(STORAGE_KEYS.uiV3),
    brandFlag,
  });
}

export function uiV3ChoiceSet(on: boolean): void {
  storageSet(STORAGE_KEYS.uiV3Choice, on);
}

/** UI v3 for the current brand (see uiV3Decide). */
export function uiV3On(): boolean {
  return uiV3Current(variantCurrent().flags.uiV3);
}
