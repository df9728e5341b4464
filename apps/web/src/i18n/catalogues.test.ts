import { readdirSync, readFileSync } from 'node:fs';
import { LOCALES } from '@piranha/domain';
import { describe, expect, it } from 'vitest';

const FOLDER = new URL('./locales/', import.meta.url);

type Catalogue = { [key: string]: string | Catalogue };

function load(locale: string): Catalogue {
  return JSON.parse(readFileSync(new URL(`${locale}.json`, FOLDER), 'utf8')) as Catalogue;
}

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** Words that are genuinely the same in a language (brand-like loanwords); every other value must be translated. */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  // "Hong Kong" (the odds format) is a place name, written the same in these languages.
  'es-MX': ['footer.game', 'game.title', 'sports.option.no', 'betting.pick.no', 'sports.oddsFormat.hongKong', 'help.videoTitle', 'saferPlay.kyc.selfieFile'],
  'vm-VI': ['footer.game', 'game.title', 'help.videoTitle'],
  // "Bonus" is the Malay word too; "Video" is the Spanish, Vietnamese and Malay word.
  'ms-MY': ['header.deposit', 'sports.oddsFormat.hongKong', 'header.bonus', 'bonus.kind.other', 'help.videoTitle'],
  // "Selfie" and "Chance" are Portuguese words too.
  'pt-BR': ['account.email', 'sports.oddsFormat.hongKong', 'help.supportEmail', 'saferPlay.kyc.selfieFile', 'loyalty.wheel.chance'],
};

/**
 * Named system bets (Trixie, Yankee, Lucky 15 … Goliath) are proper names that bettors use untranslated in most
 * markets; a locale may keep them (Russian and Chinese books transliterate or translate them, and do here).
 */
const PROPER_NAMES = new Set(
  ['trixie', 'patent', 'yankee', 'lucky15', 'canadian', 'lucky31', 'heinz', 'lucky63', 'superHeinz', 'goliath']
    .map((name) => `betting.series.${name}`)
    // The Brazilian tax id's name, written the same in every language.
    .concat('saferPlay.kyc.documentNumber.CPF')
    // A limit's name and its currency code (decision 065): layout only, no words to translate.
    .concat('saferPlay.limitInCurrency')
    // Poker hands (video poker, decision 069): Brazilian and Malaysian players say them in English.
    .concat(['royal-flush', 'straight-flush', 'full-house', 'flush', 'straight'].map((hand) => `casino.studio.vpHands.${hand}`)),
);

const english = flatten(load('en-US'));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe('locale catalogues', () => {
  it('ships exactly one catalogue per product locale', () => {
    const files = readdirSync(FOLDER)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en-US'))('%s has every English key, no extra key, and the same placeholders', (locale) => {
    const catalogue = flatten(load(locale));
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(placeholders(catalogue.get(key)!), key).toEqual(placeholders(text));
  });

  it.each(LOCALES.filter((locale) => locale !== 'en-US'))('%s leaves no English text behind', (locale) => {
    const catalogue = flatten(load(locale));
    const untranslated = [...english].filter(([key, text]) => catalogue.get(key) === text && !PROPER_NAMES.has(key)).map(([key]) => key);
    expect(untranslated.sort()).toEqual([...(SAME_AS_ENGLISH[locale] ?? [])].sort());
  });

  it('has no empty text anywhere', () => {
    for (const locale of LOCALES) for (const [key, text] of flatten(load(locale))) expect(text.trim(), `${locale} ${key}`).not.toBe('');
  });
});
