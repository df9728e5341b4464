import { STORAGE_KEYS, storageGet, storageRemove, storageSet } from '../storage.ts';

/**
 * An invite this device arrived with (decision 051): `?invite=` on the landing link (before or inside the hash route)
 * or the mini app's start parameter. Kept until a sign-in or a later boot binds it (a success or a final refusal clears it,
 * as spec §4 clears the stored invite id on bind; see `inviteBindFinal`). Only a code's characters are kept.
 */
export interface InvitePending {
  source: 'link' | 'mini_app';
  code: string;
}

const CODE = /^[A-Za-z0-9-]{2,32}$/;

/** The code this page load landed with through a link (not one kept from an earlier visit). */
let landingCode: string | undefined;

export function inviteCapture(location: { search: string; hash: string }, startParam?: string): void {
  const inHash = location.hash.indexOf('?');
  for (const params of [new URLSearchParams(location.search), new URLSearchParams(inHash < 0 ? '' : location.hash.slice(inHash + 1))]) {
    const code = params.get('invite');
    if (code !== null && CODE.test(code)) {
      storageSet(STORAGE_KEYS.invitePending, { source: 'link', code } satisfies InvitePending);
      landingCode = code;
      return;
    }
  }
  if (startParam !== undefined && CODE.test(startParam))
    storageSet(STORAGE_KEYS.invitePending, { source: 'mini_app', code: startParam } satisfies InvitePending);
}

export function invitePending(): InvitePending | undefined {
  const stored = storageGet<InvitePending>(STORAGE_KEYS.invitePending);
  return stored && (stored.source === 'link' || stored.source === 'mini_app') && typeof stored.code === 'string' && CODE.test(stored.code) ? stored : undefined;
}

export function invitePendingClear(): void {
  storageRemove(STORAGE_KEYS.invitePending);
}

/**
 * After any sign-in, and at boot for a player still signed in (a bind that failed last time is sent again; decision
 * 067): binds a pending invite (the call and its contract load only when there is one).
 */
export function invitePendingBind(): void {
  if (!invitePending()) return;
  void import('./invite-bind.ts').then((module) => module.invitePendingSend()).catch(() => undefined);
}

/**
 * Once the brand is known (boot): a landing through an invite link is a visit to the inviter's share-to-cash-out
 * envelope (decision 063). The call and its contract load only on such a landing.
 */
export function inviteLandingVisit(): void {
  const code = landingCode;
  if (code === undefined) return;
  landingCode = undefined;
  void import('./pdd-visit.ts').then((module) => module.pddVisitSend(code)).catch(() => undefined);
}
