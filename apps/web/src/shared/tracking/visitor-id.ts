import { randomId } from '../random-id.ts';
import { STORAGE_KEYS, storageGet, storageSet } from '../storage.ts';

let current: string | undefined;

/** The install id (spec §7 `uuid`): random, kept on the device, never derived from the player. */
export function visitorId(): string {
  if (current) return current;
  const stored = storageGet<string>(STORAGE_KEYS.visitor);
  current = typeof stored === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(stored) ? stored : randomId();
  if (current !== stored) storageSet(STORAGE_KEYS.visitor, current);
  return current;
}
