import { DEFAULT_VARIANT, sha256Hex, VARIANT_PROFILES, variantFindByDomainHash, variantFindByKey } from '@piranha/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRAND_COLOURS_ATTRIBUTE, variantCurrent, variantDetect, variantSet } from './variant-detect.ts';

const at = (href: string) => new URL(href) as unknown as Location;

describe('the brand of the site (spec §1)', () => {
  it('is the profile the hash of the main domain maps to, for every brand and its subdomains, without hashing', async () => {
    for (const profile of VARIANT_PROFILES) {
      const byHash = await variantFindByDomainHash(await sha256Hex(profile.officialDomain));
      expect(byHash, profile.appKey).toBe(profile);
      expect(variantDetect(at(`https://${profile.officialDomain}/`), true), profile.appKey).toBe(byHash);
      expect(variantDetect(at(`https://m.www.${profile.officialDomain.toUpperCase()}/#/sport`), true), profile.appKey).toBe(profile);
    }
  });

  it('is the default profile for a domain no profile has, as the digest lookup answers', async () => {
    for (const host of ['example.org', 'piranha.com.br.evil.net', '127.0.0.1', `x${VARIANT_PROFILES[1]!.officialDomain}`]) {
      expect(variantDetect(at(`http://${host}/`), true), host).toBe(DEFAULT_VARIANT);
      expect(await variantFindByDomainHash(await sha256Hex(host)), host).toBe(DEFAULT_VARIANT);
    }
  });

  it('takes ?app=KEY outside production only', () => {
    expect(variantDetect(at('http://127.0.0.1/?app=aguila'), false)).toBe(variantFindByKey('aguila'));
    expect(variantDetect(at('http://127.0.0.1/?app=aguila'), true)).toBe(DEFAULT_VARIANT);
    expect(variantDetect(at('http://127.0.0.1/?app=nobody'), false)).toBe(DEFAULT_VARIANT);
  });
});

describe("the brand's colours on the page", () => {
  afterEach(() => vi.unstubAllGlobals());

  function pageStub(marked: string | null) {
    const set = new Map<string, string>();
    vi.stubGlobal('document', {
      documentElement: {
        getAttribute: (name: string) => (name === BRAND_COLOURS_ATTRIBUTE ? marked : null),
        style: { setProperty: (name: string, value: string) => set.set(name, value) },
      },
    });
    return set;
  }

  it('are set from the profile unless the page says its head already sets this brand’s', () => {
    const aguila = variantFindByKey('aguila')!;
    for (const marked of [null, 'piranha']) {
      const set = pageStub(marked);
      variantSet(aguila);
      expect(Object.fromEntries(set), String(marked)).toStrictEqual({
        '--brand': aguila.colours.brand,
        '--accent': aguila.colours.accent,
        '--on-brand': aguila.colours.onBrand,
        '--on-accent': aguila.colours.onAccent,
        '--brand-text': aguila.colours.brandText,
        '--accent-text': aguila.colours.accentText,
      });
    }
    const set = pageStub('aguila');
    variantSet(aguila);
    expect(set.size).toBe(0);
    expect(variantCurrent()).toBe(aguila);
  });
});
