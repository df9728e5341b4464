import { LOCALES } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from './error-messages.ts';
import { ERRORS } from './errors.ts';

const KEYS = Object.values(ERRORS)
  .map((error) => error.key)
  .sort();

/**
 * Texts a translation may legitimately share with English: brand-like words that are the same in the
 * other language. Keep it short; every entry is a decision, not a convenience.
 */
const SAME_AS_ENGLISH_ALLOWED: ReadonlySet<string> = new Set(['Casino', 'OK', 'Odds']);

const NON_ENGLISH = LOCALES.filter((locale) => locale !== 'en-US');

describe('error messages', () => {
  it('covers exactly the eight locales', () => {
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('has a message for every error key in %s and no other key', (locale) => {
    expect(Object.keys(ERROR_MESSAGES[locale]).sort()).toEqual(KEYS);
  });

  it.each(LOCALES)('has no blank message in %s', (locale) => {
    const blank = Object.entries(ERROR_MESSAGES[locale]).filter(([, text]) => text.trim() === '');
    expect(blank).toEqual([]);
  });

  it.each(NON_ENGLISH)('translates every message in %s rather than repeating the English', (locale) => {
    const english = ERROR_MESSAGES['en-US'];
    const untranslated = KEYS.filter((key) => {
      const text = ERROR_MESSAGES[locale][key as keyof typeof english];
      return text === english[key as keyof typeof english] && !SAME_AS_ENGLISH_ALLOWED.has(text);
    });
    expect(untranslated).toEqual([]);
  });

  it('says the spec §8 default failure text in English', () => {
    expect(ERROR_MESSAGES['en-US'].internal).toContain('The interface responds abnormally, please contact the administrator');
  });
});
