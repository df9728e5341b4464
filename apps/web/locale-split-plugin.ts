import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { dateKitsBuild } from '../../packages/domain/src/i18n/date-kit-build.ts';
import { intlLocaleOf } from '../../packages/domain/src/i18n/locales.ts';
import { bootKeysUsed, FIRST_PAGES, flatten } from './src/i18n/key-usage.ts';

/**
 * Each language catalogue in two parts, cut at build time from the one JSON file translators edit (docs/decisions/059):
 * `locales/<lang>.json?part=boot` holds the keys the first screen's source files name (`bootKeysUsed`: the shell and
 * the first routes, measured from the files the entry reaches), `?part=rest` every other key. Boot loads the first
 * part; a lazy page awaits the second (`lazyPage`). The boot part also carries the language's date kits (`dateKits`,
 * decision 092): the first screen's date formats as data, made here with Intl, so the page builds no Intl formatter.
 */

type Catalogue = { [key: string]: string | Catalogue };

const PART = /[\\/]i18n[\\/]locales[\\/]([A-Za-z-]+)\.json\?part=(boot|rest)$/;

/** The keys of `catalogue` in `keys` (boot) and the others (rest), both keeping the catalogue's nesting. */
export function catalogueSplit(catalogue: Catalogue, keys: ReadonlySet<string>): { boot: Catalogue; rest: Catalogue } {
  const boot: Catalogue = {};
  const rest: Catalogue = {};
  const walk = (node: Catalogue, prefix: string, bootNode: Catalogue, restNode: Catalogue) => {
    for (const [name, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (typeof value === 'string') {
        (keys.has(path) ? bootNode : restNode)[name] = value;
        continue;
      }
      const bootChild: Catalogue = {};
      const restChild: Catalogue = {};
      walk(value, path, bootChild, restChild);
      if (Object.keys(bootChild).length > 0) bootNode[name] = bootChild;
      if (Object.keys(restChild).length > 0) restNode[name] = restChild;
    }
  };
  walk(catalogue, '', boot, rest);
  return { boot, rest };
}

/** The boot keys, measured from the source as it is now (English is the reference: every catalogue has its keys). */
export function bootKeys(englishFile: string): Set<string> {
  const english = JSON.parse(readFileSync(englishFile, 'utf8')) as Catalogue;
  return new Set(bootKeysUsed(english, FIRST_PAGES).keys());
}

/**
 * The texts the server's static first screens draw before the app (apps/server index-html.ts, decisions 078 and 097):
 * the operator pop-up's buttons and the match page's title, per language, written to the build as
 * `first-screen-texts.json` — the catalogues stay the one place a translator edits them.
 */
export const FIRST_SCREEN_TEXT_KEYS = ['popup.dismiss', 'popup.open', 'sports.detail.title'] as const;
export const FIRST_SCREEN_TEXTS_FILE = 'first-screen-texts.json';

/** `FIRST_SCREEN_TEXT_KEYS` of every catalogue in `directory`, by locale; a catalogue lacking one is an error. */
export function firstScreenTexts(directory: string): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const catalogue = JSON.parse(readFileSync(join(directory, file), 'utf8')) as Catalogue;
    const locale = file.slice(0, -'.json'.length);
    const entries = flatten(catalogue);
    texts[locale] = {};
    for (const key of FIRST_SCREEN_TEXT_KEYS) {
      const value = entries.get(key);
      if (value === undefined) throw new Error(`${file} has no text for ${key}`);
      texts[locale][key] = value;
    }
  }
  return texts;
}

const LOCALES_DIRECTORY = join(import.meta.dirname, 'src', 'i18n', 'locales');

let measured: Set<string> | undefined;

export function localeSplitPlugin(): Plugin {
  return {
    name: 'piranha:locale-split',
    enforce: 'pre',
    // Measured once per build (sixteen parts ask), and again in the dev server after a source file changes.
    buildStart() {
      measured = undefined;
    },
    watchChange() {
      measured = undefined;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FIRST_SCREEN_TEXTS_FILE, source: JSON.stringify(firstScreenTexts(LOCALES_DIRECTORY)) });
    },
    load(id) {
      const [, language, part] = PART.exec(id) ?? [];
      if (!language || !part) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
      measured ??= bootKeys(file.replace(/[A-Za-z-]+\.json$/, 'en-US.json'));
      const split = catalogueSplit(catalogue, measured);
      // A module of its own (not JSON for Vite's JSON loader: that one does not take every query alike); JSON.parse of
      // one string is the fastest way for a browser to build a large object.
      if (part === 'rest') return `export default JSON.parse(${JSON.stringify(JSON.stringify(split.rest))});`;
      return [
        `export default JSON.parse(${JSON.stringify(JSON.stringify(split.boot))});`,
        `export const dateKits = ${JSON.stringify(dateKitsBuild(intlLocaleOf(language)))};`,
      ].join('\n');
    },
  };
}
