import { AREA_STATIC_PATH, areaStaticSchema, homeStaticPath, homeStaticSchema, type AreaStatic } from '@piranha/contract';
import { isLocale, localeForCountry, type Locale } from '@piranha/domain';

/**
 * The image CDN's static documents (spec §7): the home layout per group and UI version, and the country/version-area
 * document. Fetched without credentials (they are the same for everyone and cached publicly), validated, and
 * undefined when they cannot be had — every caller has a built-in fallback (decision 033).
 */
async function staticFetch<T>(path: string, parse: (value: unknown) => T, fetchImpl: typeof fetch): Promise<T | undefined> {
  try {
    const response = await fetchImpl(path, { credentials: 'omit', signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return undefined;
    return parse(await response.json());
  } catch {
    return undefined;
  }
}

export type HomeSectionKey = 'casino' | 'sport';

/** The home's section order when the document cannot load: the casino first, as the app has always opened. */
export const HOME_SECTIONS_FALLBACK: readonly HomeSectionKey[] = ['casino', 'sport'];

export async function homeSectionsLoad(group: string, uiVersion: number, fetchImpl: typeof fetch = fetch): Promise<readonly HomeSectionKey[]> {
  const home = await staticFetch(homeStaticPath(group, uiVersion), (value) => homeStaticSchema.parse(value), fetchImpl);
  const keys = (home?.sections ?? []).map((section) => section.key).filter((key): key is HomeSectionKey => key === 'casino' || key === 'sport');
  // Both sections, each once, or the fallback: a partial document never hides a tab.
  return keys.length === 2 && new Set(keys).size === 2 ? keys : HOME_SECTIONS_FALLBACK;
}

export function areaStaticLoad(fetchImpl: typeof fetch = fetch): Promise<AreaStatic | undefined> {
  return staticFetch(AREA_STATIC_PATH, (value) => areaStaticSchema.parse(value), fetchImpl);
}

/**
 * The language a visitor from `country` reads first: the operator's regionDefaultLang (dynconfig global_config),
 * then the area document, then the built-in table (spec §9) — each only when it names a product locale.
 */
export function regionLanguage(country: string, regionDefaultLang: unknown, area: AreaStatic | undefined): Locale {
  const code = country.toUpperCase();
  const fromConfig = regionDefaultLang && typeof regionDefaultLang === 'object' ? (regionDefaultLang as Record<string, unknown>)[code] : undefined;
  if (typeof fromConfig === 'string' && isLocale(fromConfig)) return fromConfig;
  const fromArea = area?.languages[code];
  if (fromArea && isLocale(fromArea)) return fromArea;
  return localeForCountry(code);
}
