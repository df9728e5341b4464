import { useSyncExternalStore } from 'react';
import type en from '../../i18n/locales/en-US.json';

/**
 * The app's translation layer (docs/decisions/029-translate-in-house.md). The catalogues are flat text with
 * `{{name}}` placeholders — no plurals, nesting or formatters (i18n/catalogues.test.ts keeps them so) — so this is
 * all the first screen needs: a lookup by dotted key, placeholder filling and a language the components follow.
 */

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the catalogues (English is the reference; the others have exactly its keys). */
export type TranslationKey = Leaves<typeof en>;
export type TranslationValues = Readonly<Record<string, string | number | undefined>>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

export type Catalogue = { readonly [key: string]: string | Catalogue };

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills `{{name}}` from `values`; a placeholder without a value becomes empty, never shown as braces. */
export function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values?.[name];
    return value === undefined ? '' : String(value);
  });
}

/**
 * A translator over one catalogue: a key it lacks reads as the key itself, so a gap is visible, not blank; `missed`
 * hears of it (the catalogue may be only its boot part: decision 059).
 */
export function translator(catalogue: Catalogue | undefined, missed?: (key: string) => void): TFunction {
  return (key, values) => {
    const text = lookup(catalogue, key);
    if (text === undefined) {
      missed?.(key);
      return key;
    }
    return interpolate(text, values);
  };
}

/** The catalogue with `part` added (both nested alike; a key of `part` wins). */
export function catalogueMerged(catalogue: Catalogue, part: Catalogue): Catalogue {
  const merged: Record<string, string | Catalogue> = { ...catalogue };
  for (const [name, value] of Object.entries(part)) {
    const own = merged[name];
    merged[name] = typeof value !== 'string' && own !== undefined && typeof own !== 'string' ? catalogueMerged(own, value) : value;
  }
  return merged;
}

const catalogues = new Map<string, Catalogue>();
const translators = new Map<string, TFunction>();
const listeners = new Set<() => void>();
let current = '';
let missHandler: ((language: string, key: string) => void) | undefined;

function translatorOf(language: string): TFunction {
  let t = translators.get(language);
  if (!t) {
    t = translator(catalogues.get(language), (key) => missHandler?.(language, key));
    translators.set(language, t);
  }
  return t;
}

/**
 * Who hears of a key the loaded catalogue lacks (i18n.ts: it loads the rest of that language, after which every
 * component draws again with the text).
 */
export function catalogueMissHandlerSet(handler: ((language: string, key: string) => void) | undefined): void {
  missHandler = handler;
}

/** Whether a language's catalogue is loaded (at least its boot part). */
export function catalogueHas(language: string): boolean {
  return catalogues.has(language);
}

/**
 * Adds a language's catalogue, or a part of it to what is loaded (decision 059: boot, then the rest). When it is the
 * language shown, every component draws again (its `t` is a new function).
 */
export function catalogueAdd(language: string, catalogue: Catalogue): void {
  const loaded = catalogues.get(language);
  catalogues.set(language, loaded ? catalogueMerged(loaded, catalogue) : catalogue);
  translators.delete(language);
  if (language === current) for (const listener of listeners) listener();
}

/** Makes `language` (whose catalogue is loaded) the one every component speaks, and re-renders them. */
export function languageSet(language: string): void {
  if (!catalogues.has(language)) throw new Error(`no catalogue for ${language}`);
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Outside React: the current language's text for `key`. */
export function translate(key: TranslationKey, values?: TranslationValues): string {
  return translatorOf(current)(key, values);
}

export const i18n = {
  /** The language shown now ('' before the first catalogue is set). */
  get language(): string {
    return current;
  },
  /** Whether the current catalogue has text for `key` (keys built at run time, e.g. per sport). */
  exists(key: string): boolean {
    return lookup(catalogues.get(current), key) !== undefined;
  },
};

/** The `t` of the language shown: the same function until the language or its loaded catalogue changes. */
function translatorCurrent(): TFunction {
  return translatorOf(current);
}

/**
 * The current language's `t` (a new function when the language changes or the rest of its catalogue arrives, so
 * memos and effects that list it rerun) and `i18n`; the component re-renders then.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(subscribe, translatorCurrent, translatorCurrent);
  return { t, i18n };
}
