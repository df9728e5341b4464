import { STORAGE_KEYS, storageGet, storageSet } from '../storage.ts';

/**
 * The spec §7 attribution parameters: `afid` (the affiliate a landing link names) and `from_email` (the campaign of
 * an e-mail link). Read from the landing URL's query (before or inside the hash route), kept on the device — the
 * latest link wins — and sent as common parameters (decision 033). Only short opaque tokens are kept: a value that
 * could be an address or any personal data (an `@`, spaces, over 64 characters) is dropped, never sent.
 */
export interface Attribution {
  afid?: string;
  from_email?: string;
}

const TOKEN = /^[A-Za-z0-9._-]{1,64}$/;

function paramsOf(location: { search: string; hash: string }): URLSearchParams[] {
  const inHash = location.hash.indexOf('?');
  return [new URLSearchParams(location.search), new URLSearchParams(inHash < 0 ? '' : location.hash.slice(inHash + 1))];
}

export function attributionCapture(location: { search: string; hash: string }): void {
  const found: Attribution = {};
  for (const params of paramsOf(location))
    for (const name of ['afid', 'from_email'] as const) {
      const value = params.get(name);
      if (value !== null && TOKEN.test(value)) found[name] = value;
    }
  if (found.afid === undefined && found.from_email === undefined) return;
  storageSet(STORAGE_KEYS.attribution, { ...attributionCurrent(), ...found });
}

export function attributionCurrent(): Attribution {
  const stored = storageGet<Attribution>(STORAGE_KEYS.attribution);
  const kept: Attribution = {};
  if (stored && typeof stored === 'object')
    for (const name of ['afid', 'from_email'] as const) if (typeof stored[name] === 'string' && TOKEN.test(stored[name])) kept[name] = stored[name];
  return kept;
}
