import { registrableDomain, sha256Hex, variantFindByDomainHash, variantFindByKey, type VariantProfile } from '@piranha/domain';

/**
 * Picks the brand (spec §1): SHA-256 of the site's main domain, looked up among the profiles; an unknown
 * domain gets the default profile. Builds other than production also accept `?app=KEY`.
 */
export async function variantDetect(location: Location, production: boolean): Promise<VariantProfile> {
  if (!production) {
    const key = new URLSearchParams(location.search).get('app');
    const byKey = key ? variantFindByKey(key) : undefined;
    if (byKey) return byKey;
  }
  return variantFindByDomainHash(await sha256Hex(registrableDomain(location.hostname)));
}

let current: VariantProfile | undefined;

export function variantSet(variant: VariantProfile): void {
  current = variant;
  const style = document.documentElement.style;
  style.setProperty('--brand', variant.colours.brand);
  style.setProperty('--accent', variant.colours.accent);
  style.setProperty('--on-brand', variant.colours.onBrand);
  style.setProperty('--on-accent', variant.colours.onAccent);
  style.setProperty('--brand-text', variant.colours.brandText);
  style.setProperty('--accent-text', variant.colours.accentText);
}

/** The brand of this page; set once at boot, before the first render. */
export function variantCurrent(): VariantProfile {
  if (!current) throw new Error('variantCurrent() called before boot set the variant');
  return current;
}
