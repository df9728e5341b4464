import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { EVENT_MESSAGE_BUTTON, EVENT_MESSAGE_KINDS, EVENT_MESSAGE_LINKS, eventMessageTexts } from './event-messages.ts';

describe('eventMessageTexts', () => {
  it.each(EVENT_MESSAGE_KINDS)('writes %s in every locale, with the amount of that locale', (kind) => {
    const texts = eventMessageTexts(kind, (locale) => `<${locale}>`);
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect(texts[locale].title.length).toBeGreaterThan(0);
      expect(texts[locale].content).toContain(`<${locale}>`);
      expect(texts[locale].content).not.toContain('{amount}');
    }
    // Real translations: no locale repeats the English text.
    const english = texts['en-US'].content.replace('<en-US>', '');
    for (const locale of LOCALES.filter((entry) => entry !== 'en-US')) expect(texts[locale].content.replace(`<${locale}>`, '')).not.toBe(english);
    expect(EVENT_MESSAGE_LINKS[kind]).toMatch(/^\/[a-z-]+$/);
  });

  it('labels the button in every locale', () => {
    for (const locale of LOCALES) expect(EVENT_MESSAGE_BUTTON[locale].length).toBeGreaterThan(0);
  });
});
