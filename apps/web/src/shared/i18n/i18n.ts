import { isLocale, localeToIntl, type Locale } from '@piranha/domain';
import { STORAGE_KEYS, storageGet, storageSet } from '../storage.ts';
import { catalogueAdd, catalogueHas, languageSet, type Catalogue } from './translate.ts';

const LOCALE_MODULES = import.meta.glob<{ default: Catalogue }>('../../i18n/locales/*.json');

/** Loads one locale's catalogue on demand; an unknown locale fails with the spec's module-not-found error. */
export async function localeCatalogueLoad(locale: string): Promise<Catalogue> {
  const loader = LOCALE_MODULES[`../../i18n/locales/${locale}.json`];
  if (!loader) throw new Error(`Cannot find module './locales/${locale}.json'`);
  return (await loader()).default;
}

/** The player's chosen language, else the brand's. */
export function localeInitial(brandDefault: Locale): Locale {
  const stored = storageGet<string>(STORAGE_KEYS.language);
  return stored && isLocale(stored) ? stored : brandDefault;
}

function documentLanguageSet(locale: Locale): void {
  document.documentElement.lang = localeToIntl(locale);
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
 * Loads the one catalogue the first screen speaks. The English fallback is not fetched: every catalogue has every key
 * (i18n/catalogues.test.ts fails on a missing or untranslated one), so it would be a second request on the first
 * screen's path that is never read.
 */
export async function i18nInit(locale: Locale): Promise<void> {
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
  if (!catalogueHas(locale)) catalogueAdd(locale, await localeCatalogueLoad(locale));
  languageSet(locale);
  documentLanguageSet(locale);
}
