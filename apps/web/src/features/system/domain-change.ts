import { sessionHandoffCreate, sessionHandoffRedeem, type DynconfigEntry } from '@piranha/contract';
import { api } from '../../shared/api/api.ts';
import { hostAllowed } from '../../shared/hosts/host-allow.ts';
import { handoffPendingTake } from '../../shared/session/handoff-capture.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';

/** Where the domain_change config moves players, when it is on, names an allowed origin and is not this one. */
export function domainChangeTarget(entry: DynconfigEntry | undefined, location: Pick<Location, 'hostname' | 'origin'>): string | undefined {
  if (!entry || entry.switch !== 1) return undefined;
  const domain = entry.configs.domain;
  if (!hostAllowed(domain, location, variantCurrent().officialDomain) || domain === location.origin) return undefined;
  return domain;
}

/**
 * Moves the player to the new domain (dynconfig `domain_change`, decision 033), on the route they are on. A signed-in
 * player first gets a one-time code for that origin, carried in the fragment; the session itself never enters a URL.
 * If the code cannot be had, the player still moves and signs in there.
 */
export async function domainChangeFollow(target: string, location: Pick<Location, 'hash' | 'replace'>): Promise<void> {
  const route = location.hash.startsWith('#/') ? location.hash.slice(1).split('?')[0]! : '/';
  let fragment = `#${route}`;
  if (useSessionStore.getState().login) {
    const made = await api.call(sessionHandoffCreate, { body: { target } }).catch(() => undefined);
    if (made) fragment = `#handoff=${made.code}&to=${encodeURIComponent(route)}`;
  }
  location.replace(`${target}/${fragment}`);
}

/** On arrival: exchanges a captured code for a session of the same player here (before the first screen draws). */
export async function handoffRedeemPending(): Promise<void> {
  const code = handoffPendingTake();
  if (!code) return;
  const info = await api.call(sessionHandoffRedeem, { body: { code } }).catch(() => undefined);
  if (info) useSessionStore.getState().loginSet({ uid: info.uid, sid: info.sid, visitor: info.visitor === 1 });
}
