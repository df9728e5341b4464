import { DEFAULT_VARIANT, VARIANT_PROFILES } from './profiles.ts';
import type { VariantProfile } from './profile.ts';

/** Two-label public suffixes our markets use; a host under one keeps three labels as its main domain. */
const SECOND_LEVEL_SUFFIXES = new Set(['com.br', 'com.mx', 'co.in', 'com.ph', 'co.ke', 'com.vn', 'com.pe', 'com.co', 'com.ar', 'co.th', 'com.my', 'co.uk']);

/** The registrable ("main") domain of a host name: `m.www.piranha.com.br` → `piranha.com.br`. */
export function registrableDomain(host: string): string {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const labels = name.split('.');
  if (labels.length <= 2) return name;
  const lastTwo = labels.slice(-2).join('.');
  const keep = SECOND_LEVEL_SUFFIXES.has(lastTwo) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

export function variantFindByKey(appKey: string): VariantProfile | undefined {
  return VARIANT_PROFILES.find((profile) => profile.appKey === appKey);
}

export function variantFindByDomain(host: string): VariantProfile | undefined {
  const domain = registrableDomain(host);
  return VARIANT_PROFILES.find((profile) => profile.officialDomain === domain);
}

/**
 * The profile for a SHA-256 hex digest of a main domain (spec §1). Builds the digest table once
 * from the profiles' domains, with the platform's own SHA-256.
 */
let digestTable: Promise<Map<string, VariantProfile>> | undefined;

export async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function variantFindByDomainHash(digestHex: string): Promise<VariantProfile> {
  digestTable ??= Promise.all(VARIANT_PROFILES.map(async (profile) => [await sha256Hex(profile.officialDomain), profile] as const)).then(
    (entries) => new Map(entries),
  );
  return (await digestTable).get(digestHex.toLowerCase()) ?? DEFAULT_VARIANT;
}
