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

/**
 * SHA-256 of UTF-8 text as lower-case hex. `crypto.subtle` does it natively, but exists only on secure origins and
 * brands are also opened over plain HTTP; there the pure-JavaScript fallback is loaded on demand, so it is not part
 * of the first screen's scripts everywhere else (decision 017).
 */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return sha256HexPortable(text);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 in plain JavaScript (@noble/hashes), for pages where `crypto.subtle` is missing; a chunk of its own on the web. */
export async function sha256HexPortable(text: string): Promise<string> {
  const [{ sha256 }, { bytesToHex }] = await Promise.all([import('@noble/hashes/sha2.js'), import('@noble/hashes/utils.js')]);
  return bytesToHex(sha256(new TextEncoder().encode(text)));
}

let digestTable: Promise<Map<string, VariantProfile>> | undefined;

async function digestTableBuild(): Promise<Map<string, VariantProfile>> {
  const digests = await Promise.all(VARIANT_PROFILES.map((profile) => sha256Hex(profile.officialDomain)));
  return new Map(VARIANT_PROFILES.map((profile, index) => [digests[index]!, profile]));
}

/** The profile for a SHA-256 hex digest of a main domain (spec §1); an unknown digest gets the default profile. */
export async function variantFindByDomainHash(digestHex: string): Promise<VariantProfile> {
  digestTable ??= digestTableBuild();
  return (await digestTable).get(digestHex.toLowerCase()) ?? DEFAULT_VARIANT;
}
