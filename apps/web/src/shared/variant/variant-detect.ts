import { DEFAULT_VARIANT, variantFindByDomain, variantFindByKey, type VariantProfile } from '@piranha/domain';

/**
 * Picks the brand (spec §1): the profile whose main domain is the site's, as the server picks it for the page and the
 * API (`variantFindByDomain`); an unknown domain gets the default profile. The spec's hash of the main domain maps to
 * the same profile (equal digests are equal domains), so nothing is hashed: the boot used to digest every profile's
 * domain (~100 SHA-256) on every start, a tenth of the first screen's longest task (decision 090). Builds other than
 * production also accept `?app=KEY`.
 */
export function variantDetect(location: Location, production: boolean): VariantProfile {
  if (!production) {
    const key = new URLSearchParams(location.search).get('app');
    const byKey = key ? variantFindByKey(key) : undefined;
    if (byKey) return byKey;
  }
  return variantFindByDomain(location.hostname) ?? DEFAULT_VARIANT;
}

let current: VariantProfile | undefined;

/** The attribute with which the server's page says its head already sets this brand's colours (index-html.ts). */
export const BRAND_COLOURS_ATTRIBUTE = 'data-brand-colours';

export function variantSet(variant: VariantProfile): void {
  current = variant;
  // The brand's colours are worked out on first read (a contrast search per colour, decision 078): a page whose head
  // already sets this brand's (the server's page) is not asked to again.
  if (document.documentElement.getAttribute(BRAND_COLOURS_ATTRIBUTE) === variant.appKey) return;
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
