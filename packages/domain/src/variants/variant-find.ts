import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
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

/** The profile whose client-version prefix starts `cv` (e.g. `AGUILA_MX_1.0.0`), the native shells' way of saying who they are. */
export function variantFindByCvPrefix(cv: string): VariantProfile | undefined {
  return VARIANT_PROFILES.find((profile) => cv.startsWith(`${profile.cvPrefix}_`));
}

export function variantFindByDomain(host: string): VariantProfile | undefined {
  const domain = registrableDomain(host);
  return VARIANT_PROFILES.find((profile) => profile.officialDomain === domain);
}

/** SHA-256 in plain JavaScript: `crypto.subtle` exists only on secure origins, and brands are also opened over plain HTTP. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

let digestTable: Map<string, VariantProfile> | undefined;

/** The profile for a SHA-256 hex digest of a main domain (spec §1); an unknown digest gets the default profile. */
export function variantFindByDomainHash(digestHex: string): VariantProfile {
  digestTable ??= new Map(VARIANT_PROFILES.map((profile) => [sha256Hex(profile.officialDomain), profile]));
  return digestTable.get(digestHex.toLowerCase()) ?? DEFAULT_VARIANT;
}
