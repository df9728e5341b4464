import type { Locale } from '../i18n/locales.ts';

/** What the help centre stores (decision 038): one row per brand and item, its text per locale. */
export const HELP_KINDS = ['faq', 'about', 'privacy', 'news', 'announcement', 'html'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

/** The FAQ home's categories, in the order they show. */
export const FAQ_CATEGORIES = ['deposits', 'withdrawals', 'bonus', 'betting', 'account', 'responsible'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface HelpText {
  title: string;
  body: string;
}

/**
 * The text a reader gets: their locale, else the brand's default language, else en-US, else the first one written.
 * Undefined only when no text exists at all.
 */
export function helpTextPick(texts: Partial<Record<string, HelpText>>, locale: string, brandDefault: string): HelpText | undefined {
  return texts[locale] ?? texts[brandDefault] ?? texts['en-US'] ?? Object.values(texts).find((text) => text !== undefined);
}

/** Words of a search, lower-cased, accents removed, so "deposito" finds "Depósito". */
export function helpSearchWords(value: string): string[] {
  return helpFold(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export function helpFold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every word of the query occurs in the text (titles and bodies already stripped of tags). Thai and Chinese have no spaces: a word is matched as a substring. */
export function helpMatches(query: string, haystack: string): boolean {
  const words = helpSearchWords(query);
  if (words.length === 0) return true;
  const folded = helpFold(haystack);
  return words.every((word) => folded.includes(word));
}

/** Same-language placeholders the seed texts use. */
export interface HelpSeedFacts {
  brand: string;
  email: string;
  /** The minimum deposit, formatted for the reader's locale with its currency. */
  minDeposit: string;
  age: number;
  regulator?: string;
  /** The data-protection law of the brand's jurisdiction, by its own name. */
  dataLaw?: string;
}

export type HelpLocaleTexts = Readonly<Record<Locale, HelpText>>;
