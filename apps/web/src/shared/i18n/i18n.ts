import { dateKitsAdd, intlLocaleOf, isLocale, localeToIntl, type DateKits, type Locale } from '@piranha/domain';
import { STORAGE_KEYS, storageGet, storageSet } from '../storage.ts';
import { catalogueAdd, catalogueHas, catalogueMissHandlerSet, i18n, languageSet, type Catalogue } from './translate.ts';

/**
 * Each catalogue comes in two parts cut at build time from `i18n/locales/<lang>.json` (locale-split-plugin.ts,
 * decision 059): the boot part holds every key the shell and the first routes name, the rest the other pages' keys.
 */
const BOOT_PARTS = import.meta.glob<{ default: Catalogue; dateKits: DateKits }>('../../i18n/locales/*.json', { query: '?part=boot' });
const REST_PARTS = import.meta.glob<{ default: Catalogue }>('../../i18n/locales/*.json', { query: '?part=rest' });

function partLoader<Part>(parts: Record<string, () => Promise<Part>>, locale: string) {
  const loader = parts[`../../i18n/locales/${locale}.json`];
  if (!loader) throw new Error(`Cannot find module './locales/${locale}.json'`);
  return loader;
}

/**
 * Loads one locale's boot catalogue on demand; an unknown locale fails with the spec's module-not-found error. Its date
 * kits become the locale's first-screen date formats (decision 092).
 */
export async function localeCatalogueLoad(locale: string): Promise<Catalogue> {
  const boot = await partLoader(BOOT_PARTS, locale)();
  dateKitsAdd(intlLocaleOf(locale), boot.dateKits);
  return boot.default;
}

/** Loads the rest of one locale's catalogue (the keys only lazy pages show). */
export async function localeCatalogueRestLoad(locale: string): Promise<Catalogue> {
  return (await partLoader(REST_PARTS, locale)()).default;
}

/** The language boot is loading, before it is set. */
let localeBooting = '';

/**
 * The language the app speaks, or the one boot is loading before it is set: requests that name the language (the API's
 * `lca_lang`, the first screen's banners) can start beside the catalogue instead of after it.
 */
export function languageBooting(): string {
  return i18n.language || localeBooting;
}

/** The rest of each language's catalogue, asked for once (a failed load is asked for again next time). */
const restLoads = new Map<string, Promise<void>>();

/** Loads and adds the rest of `locale`'s catalogue (once); resolves when its every key can be shown. */
export function catalogueRestEnsure(locale: string): Promise<void> {
  let load = restLoads.get(locale);
  if (!load) {
    load = localeCatalogueRestLoad(locale).then((rest) => catalogueAdd(locale, rest));
    load.catch(() => restLoads.delete(locale));
    restLoads.set(locale, load);
  }
  return load;
}

/**
 * A lazy page's module, loaded beside the rest of the catalogue of the language shown: the page draws with every
 * text it needs, never a raw key (the router's lazy imports go through it; the first routes do not need it).
 */
export function lazyPage<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    // At boot (a link straight to a lazy page) the rest loads beside the boot part, not after it.
    const locale = i18n.language || localeBooting;
    const rest = locale ? catalogueRestEnsure(locale) : i18nReady().then(() => catalogueRestEnsure(i18n.language));
    const [page] = await Promise.all([load(), rest]);
    return page;
  };
}

// A key that is in neither loaded part (one the boot measure could not see: built from data, say) loads the rest of
// its language; every component then draws again with the text.
catalogueMissHandlerSet((language) => {
  void catalogueRestEnsure(language).catch(() => undefined);
});

/** The player's chosen language, else the brand's. */
export function localeInitial(brandDefault: Locale): Locale {
  const stored = storageGet<string>(STORAGE_KEYS.language);
  return stored && isLocale(stored) ? stored : brandDefault;
}

function documentLanguageSet(locale: Locale): void {
  document.documentElement.lang = localeToIntl(locale);
  manifestLanguageSet(locale);
}

/**
 * The installable app's name and texts follow the player's language (issue 22): the server renders the brand's
 * manifest link in its default language; the link then asks for the player's (`lca_lang`, spec §7 and §9's fallback).
 */
export function manifestLanguageSet(locale: Locale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  // Only the path and query are kept: the base merely parses the relative link.
  const url = new URL(link.getAttribute('href') ?? '', 'http://manifest.invalid');
  if (url.searchParams.get('lca_lang') === locale) return;
  url.searchParams.set('lca_lang', locale);
  link.setAttribute('href', `${url.pathname}${url.search}`);
}

let i18nReadyResolve: () => void;
const i18nReadyPromise = new Promise<void>((resolve) => {
  i18nReadyResolve = resolve;
});

/** Resolves once the first language is set: requests whose answer depends on the language may start from then on. */
export function i18nReady(): Promise<void> {
  return i18nReadyPromise;
}

/**
 * Loads the boot part of the one catalogue the first screen speaks (the rest comes with the first lazy page). The
 * English fallback is not fetched: every catalogue has every key (i18n/catalogues.test.ts fails on a missing or
 * untranslated one), so it would be a second request on the first screen's path that is never read.
 */
export async function i18nInit(locale: Locale): Promise<void> {
  localeBooting = locale;
  catalogueAdd(locale, await localeCatalogueLoad(locale));
  languageSet(locale);
  documentLanguageSet(locale);
  i18nReadyResolve();
}

/** Whether the player picked a language themselves (then nothing else may change it). */
export function languageChosen(): boolean {
  const stored = storageGet<string>(STORAGE_KEYS.language);
  return stored !== undefined && isLocale(stored);
}

/** Switches language now; a player's own choice is remembered for the next visit, a detected one is not. */
export async function languageChange(locale: Locale, options: { remember: boolean } = { remember: true }): Promise<void> {
  // The choice is kept before the catalogue arrives, so a reload in between still honours it.
  if (options.remember) storageSet(STORAGE_KEYS.language, locale);
  // Both parts: the page shown may be a lazy one, which draws only with its whole catalogue.
  await Promise.all([catalogueHas(locale) ? undefined : localeCatalogueLoad(locale).then((boot) => catalogueAdd(locale, boot)), catalogueRestEnsure(locale)]);
  languageSet(locale);
  documentLanguageSet(locale);
}
