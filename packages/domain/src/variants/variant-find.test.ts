import { describe, expect, it } from 'vitest';
import { DEFAULT_VARIANT, VARIANT_PROFILES } from './profiles.ts';
import {
  registrableDomain,
  sha256Hex,
  sha256HexPortable,
  variantFindByCvPrefix,
  variantFindByDomain,
  variantFindByDomainHash,
  variantFindByKey,
} from './variant-find.ts';

/** Digests written down from `printf %s DOMAIN | sha256sum`, so sha256Hex is checked against another implementation. */
const KNOWN_DIGESTS: readonly [domain: string, digest: string][] = [
  ['piranha.com.br', 'f00514ab3b8f88338e1a7d81c4ae6a7f7fd421232c563cf99f9d0cc5cdde92ec'],
  ['simba.co.ke', '6ff93d69ec56c27404a6433778e9bbaef7f6af7f845d591a330b82ae06fc6e0e'],
  ['aguila.mx', 'c5f8e587c76ccda7678f960f4035036b5f94ee99a9b9564bf1863640edb08084'],
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
];

describe('registrableDomain', () => {
  it.each([
    ['piranha.com.br', 'piranha.com.br'],
    ['www.piranha.com.br', 'piranha.com.br'],
    ['m.piranha.com.br', 'piranha.com.br'],
    ['m.www.piranha.com.br', 'piranha.com.br'],
    ['simba.co.ke', 'simba.co.ke'],
    ['www.simba.co.ke', 'simba.co.ke'],
    ['m.aguila.mx', 'aguila.mx'],
    ['www.eaglebet.com', 'eaglebet.com'],
    ['WWW.Piranha.COM.BR', 'piranha.com.br'],
    ['www.piranha.com.br:8443', 'piranha.com.br'],
    ['piranha.com.br.', 'piranha.com.br'],
    ['www.piranha.com.br.:8080', 'piranha.com.br'],
    ['chang.co.th', 'chang.co.th'],
    ['m.harimau.com.my', 'harimau.com.my'],
    ['localhost', 'localhost'],
    ['localhost:5173', 'localhost'],
  ])('%s → %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });

  it.each(VARIANT_PROFILES.map((profile) => [profile.officialDomain, profile] as const))('finds %s behind www., m. and a port', (domain, profile) => {
    for (const host of [domain, `www.${domain}`, `m.${domain}`, `${domain}:443`, `${domain}.`]) {
      expect(registrableDomain(host)).toBe(domain);
      expect(variantFindByDomain(host)).toBe(profile);
    }
  });
});

describe('variant lookup', () => {
  it('finds a profile by its key and nothing for an unknown key', () => {
    expect(variantFindByKey('aguila')?.market).toBe('MX');
    expect(variantFindByKey('nope')).toBeUndefined();
  });

  it('finds a profile by the prefix of a client version, and nothing for a prefix that only starts the same', () => {
    expect(variantFindByCvPrefix('AGUILA_MX_1.0.0')?.appKey).toBe('aguila');
    expect(variantFindByCvPrefix('AGUILA_MXX_1.0.0')).toBeUndefined();
    expect(variantFindByCvPrefix('')).toBeUndefined();
  });

  it('finds nothing by domain for a host no brand owns', () => {
    expect(variantFindByDomain('www.example.org')).toBeUndefined();
  });

  it.each(KNOWN_DIGESTS)('hashes "%s" to the SHA-256 digest %s', async (text, digest) => {
    expect(await sha256Hex(text)).toBe(digest);
  });

  it.each(KNOWN_DIGESTS)('hashes "%s" without crypto.subtle (plain-HTTP pages) to the digest %s', async (text, digest) => {
    expect(await sha256HexPortable(text)).toBe(digest);
  });

  it.each(KNOWN_DIGESTS.slice(0, 3))('finds %s by its written-down digest', async (domain, digest) => {
    expect((await variantFindByDomainHash(digest)).officialDomain).toBe(domain);
  });

  it.each(VARIANT_PROFILES.map((profile) => [profile.officialDomain, profile] as const))(
    'finds the profile of %s by the SHA-256 of its domain',
    async (domain, profile) => {
      expect(await variantFindByDomainHash(await sha256Hex(domain))).toBe(profile);
    },
  );

  it('accepts an upper-case digest', async () => {
    const profile = VARIANT_PROFILES[5]!;
    expect(await variantFindByDomainHash((await sha256Hex(profile.officialDomain)).toUpperCase())).toBe(profile);
  });

  it.each(['a'.repeat(64), '0'.repeat(64), '', 'not-a-digest'])('gives the default profile for the unknown digest "%s"', async (digest) => {
    expect(await variantFindByDomainHash(digest)).toBe(DEFAULT_VARIANT);
  });

  it('does not find a brand by the hash of its www. host (the spec hashes the main domain)', async () => {
    const profile = VARIANT_PROFILES.find((item) => item !== DEFAULT_VARIANT)!;
    expect(await variantFindByDomainHash(await sha256Hex(`www.${profile.officialDomain}`))).toBe(DEFAULT_VARIANT);
  });
});
