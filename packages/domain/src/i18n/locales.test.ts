import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LANGUAGE_CODES, LOCALES, intlLocaleOf, isLocale, localeForCountry, localeFromCode, localeToIntl } from './locales.ts';

describe('locales (spec §1)', () => {
  it('are the eight locales of the spec', () => {
    expect([...LOCALES].sort()).toEqual(['en-US', 'es-MX', 'ms-MY', 'pt-BR', 'ru-RU', 'vm-TH', 'vm-VI', 'zh-CN']);
    expect(DEFAULT_LOCALE).toBe('en-US');
  });

  it.each([
    ['ENG', 'en-US'],
    ['PT', 'pt-BR'],
    ['ES', 'es-MX'],
    ['RU', 'ru-RU'],
    ['VI', 'vm-VI'],
    ['TH', 'vm-TH'],
    ['MS', 'ms-MY'],
    ['ZH', 'zh-CN'],
  ])('maps the code %s to %s, in any case', (code, locale) => {
    expect(LANGUAGE_CODES[code as keyof typeof LANGUAGE_CODES]).toBe(locale);
    expect(localeFromCode(code)).toBe(locale);
    expect(localeFromCode(code.toLowerCase())).toBe(locale);
  });

  it('has exactly the eight codes of the spec', () => {
    expect(Object.keys(LANGUAGE_CODES).sort()).toEqual(['ENG', 'ES', 'MS', 'PT', 'RU', 'TH', 'VI', 'ZH']);
  });

  it.each(LOCALES)('accepts the locale %s itself as a code', (locale) => {
    expect(isLocale(locale)).toBe(true);
    expect(localeFromCode(locale)).toBe(locale);
  });

  it.each([undefined, null, '', 'EN', 'fr-FR', 'vi-VN', 'constructor', 'toString', '__proto__', 'hasOwnProperty'])('answers undefined for %s', (value) => {
    expect(localeFromCode(value)).toBeUndefined();
  });
});

describe('localeForCountry (spec §9, language by country)', () => {
  it.each([
    ['BR', 'pt-BR'], // Brazil Portuguese
    ['MX', 'es-MX'], // Mexico, Peru, Argentina Spanish
    ['PE', 'es-MX'],
    ['AR', 'es-MX'],
    ['VN', 'vm-VI'], // Vietnam Vietnamese
    ['TH', 'vm-TH'], // Thailand Thai
    ['MY', 'ms-MY'], // Malaysia Malay
    ['RU', 'ru-RU'], // Russia Russian
    ['CO', 'en-US'], // others English, Colombia included
    ['IN', 'en-US'],
    ['KE', 'en-US'],
    ['PH', 'en-US'],
    ['US', 'en-US'],
    ['CN', 'en-US'],
    ['br', 'pt-BR'], // case does not matter
    ['mx', 'es-MX'],
  ])('gives %s the locale %s', (country, locale) => {
    expect(localeForCountry(country)).toBe(locale);
  });

  it.each([undefined, null, '', 'XX', 'constructor', 'toString'])('falls back to English for %s', (country) => {
    expect(localeForCountry(country)).toBe('en-US');
  });
});

describe('localeToIntl', () => {
  it.each([
    ['en-US', 'en-US'],
    ['es-MX', 'es-MX'],
    ['pt-BR', 'pt-BR'],
    ['ru-RU', 'ru-RU'],
    ['vm-VI', 'vi-VN'],
    ['vm-TH', 'th-TH'],
    ['zh-CN', 'zh-CN'],
    ['ms-MY', 'ms-MY'],
  ] as const)('turns %s into the BCP 47 tag %s', (locale, tag) => {
    expect(localeToIntl(locale)).toBe(tag);
  });

  it.each(LOCALES)('gives Intl a tag it supports for %s', (locale) => {
    const tag = localeToIntl(locale);
    expect(Intl.NumberFormat.supportedLocalesOf([tag])).toEqual([tag]);
  });
});

describe('intlLocaleOf', () => {
  it.each([
    ['vm-VI', 'vi-VN'],
    ['vm-TH', 'th-TH'],
    ['pt-BR', 'pt-BR'],
    ['es-CO', 'es-CO'],
  ])('gives Intl %s as %s, keeping the spec’s codes for the wire', (language, tag) => {
    expect(intlLocaleOf(language)).toBe(tag);
  });

  it('formats a Thai date in the Buddhist era and a Vietnamese one day first', () => {
    const day = new Date(Date.UTC(2026, 1, 3, 12));
    expect(day.toLocaleDateString(intlLocaleOf('vm-TH'), { timeZone: 'UTC' })).toBe('3/2/2569');
    expect(day.toLocaleDateString(intlLocaleOf('vm-VI'), { timeZone: 'UTC' })).toBe('3/2/2026');
  });
});
