import { dateKitFormat, dateKitKey, type DateKit, type DateKits } from './date-kit.ts';

/**
 * Intl formatters kept per locale and options. Building one loads and resolves the locale's data (~0.5–1 ms here,
 * four times that on a phone); a list of matches built two per card on every render, the largest slice of /sport's
 * first render (decision 079). A formatter's output is the same as `toLocale…String` with the same arguments.
 */
const dateFormats = new Map<string, DateFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** What the app asks of a date format (an `Intl.DateTimeFormat` is one). */
export interface DateFormat {
  format(date?: Date | number): string;
}

/** Kits shipped with a locale's catalogue, by locale and options (decision 092). */
const dateKits = new Map<string, DateKit>();

/**
 * Makes `locale`'s kits the formats `dateFormatOf` answers for their options, instead of building Intl formatters
 * (the first of which costs a page 130–420 ms at 4× CPU). A kit formats exactly as Intl would (date-kit-build.ts).
 */
export function dateKitsAdd(locale: string, kits: DateKits): void {
  for (const [options, kit] of Object.entries(kits)) {
    const key = `${locale}|${options}`;
    dateKits.set(key, kit);
    dateFormats.delete(key);
  }
}

function kitFormat(kit: DateKit): DateFormat {
  return { format: (date) => dateKitFormat(kit, date === undefined ? new Date() : new Date(date)) };
}

export function dateFormatOf(locale: string, options: Intl.DateTimeFormatOptions): DateFormat {
  const key = `${locale}|${dateKitKey(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    const kit = dateKits.get(key);
    dateFormats.set(key, (format = kit ? kitFormat(kit) : new Intl.DateTimeFormat(locale, options)));
  }
  return format;
}

export function numberFormatOf(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
