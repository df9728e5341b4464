/** The eight locales of spec §1. Thai and Vietnamese carry the product's historic `vm-` prefix. */
export const LOCALES = ['en-US', 'es-MX', 'pt-BR', 'ru-RU', 'vm-VI', 'vm-TH', 'zh-CN', 'ms-MY'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en-US';

/** Short language codes used by profiles and the API (spec §1). */
export const LANGUAGE_CODES = {
  ENG: 'en-US',
  PT: 'pt-BR',
  ES: 'es-MX',
  RU: 'ru-RU',
  VI: 'vm-VI',
  TH: 'vm-TH',
  MS: 'ms-MY',
  ZH: 'zh-CN',
} as const satisfies Record<string, Locale>;
export type LanguageCode = keyof typeof LANGUAGE_CODES;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** Accepts a locale or a short code (ENG, PT…) and answers the locale, or undefined. */
export function localeFromCode(value: string | undefined | null): Locale | undefined {
  if (!value) return undefined;
  if (isLocale(value)) return value;
  const upper = value.toUpperCase();
  return Object.hasOwn(LANGUAGE_CODES, upper) ? LANGUAGE_CODES[upper as LanguageCode] : undefined;
}

/** The BCP 47 tag Intl understands for each product locale. */
export function localeToIntl(locale: Locale): string {
  switch (locale) {
    case 'vm-VI':
      return 'vi-VN';
    case 'vm-TH':
      return 'th-TH';
    default:
      return locale;
  }
}

/**
 * The tag to give Intl for any language string the app holds: a product locale (`vm-VI`, `vm-TH`…) becomes its
 * BCP 47 tag, anything else passes through. `vm-VI` is well-formed BCP 47 ("vm" is a language subtag nobody
 * uses), so Intl does not throw on it: it silently formats dates and numbers in the default (US) style.
 */
export function intlLocaleOf(language: string): string {
  return isLocale(language) ? localeToIntl(language) : language;
}

/** Spec §9: language by country; everything else English. */
export const LANGUAGE_BY_COUNTRY: Readonly<Record<string, Locale>> = {
  BR: 'pt-BR',
  MX: 'es-MX',
  PE: 'es-MX',
  AR: 'es-MX',
  VN: 'vm-VI',
  TH: 'vm-TH',
  MY: 'ms-MY',
  RU: 'ru-RU',
};

export function localeForCountry(countryCode: string | undefined | null): Locale {
  return (countryCode && LANGUAGE_BY_COUNTRY[countryCode.toUpperCase()]) || DEFAULT_LOCALE;
}
