import { DURATIONS } from '@piranha/domain';

/**
 * When the install bar and pop-up show (spec §4, decision 053), as a pure rule the unit tests read: only while the
 * award check says award_status 1, not in the installed app, not once this device accepted the install, and not within
 * 24 h of the player closing them. There must be a way to install: Chromium's kept offer, or Safari on iOS (the
 * bookmark prompt).
 */
export interface InstallBarInput {
  awardStatus: number | undefined;
  standalone: boolean;
  installed: boolean;
  closedAt: number | undefined;
  now: number;
  canPrompt: boolean;
  iosSafari: boolean;
}

export function installBarShown(input: InstallBarInput): boolean {
  if (input.awardStatus !== 1 || input.standalone || input.installed) return false;
  if (input.closedAt !== undefined && input.now - input.closedAt < DURATIONS.closeSuppressionMs) return false;
  return input.canPrompt || input.iosSafari;
}

/** Spec §4: a prompt dismissed on the login or game page sets the show-install flag again (no 24 h quiet). */
export function dismissKeepsShowing(pathname: string): boolean {
  return ['/login', '/loginb', '/game'].includes(pathname);
}

/** Safari on an iPhone or iPad (iPadOS says Macintosh with touch): no install event, the bookmark steps instead. */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return Boolean(window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone);
}
