/**
 * A date format as data (decision 092): the literal text and the fields of one `Intl.DateTimeFormat` (one locale, one
 * set of options), with the names its fields take, so a page can format dates without building an Intl formatter. The
 * first Intl formatter a page builds costs 130–420 ms at 4× CPU here (V8 resolves its locale tables then), one
 * unsliceable piece of the render that draws the first kick-off times. Kits are made at build time from the same
 * CLDR data by `dateKitBuild` (date-kit-build.ts), which refuses any kit that does not format exactly as Intl does.
 */

/** A field a kit fills from the date; the others are literal text. */
export type DateKitField = 'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'second' | 'dayPeriod';

export interface DateKit {
  /** The format in order: literal text, or a one-element array naming the field shown there. */
  readonly parts: readonly (string | readonly [DateKitField])[];
  /** The weekday as this format shows it, Sunday first (as `Date.getDay`). */
  readonly weekdays?: readonly string[];
  /** The month as this format shows it (a name or digits), January first. */
  readonly months?: readonly string[];
  /** The text before and after noon, when the clock is a 12-hour one. */
  readonly dayPeriods?: readonly [string, string];
  readonly hourCycle?: 'h11' | 'h12' | 'h23' | 'h24';
  /** The numeric fields this format writes with two digits at least. */
  readonly twoDigits?: readonly DateKitField[];
}

/** The kits of one locale, by `JSON.stringify` of the options each was made for. */
export type DateKits = Readonly<Record<string, DateKit>>;

/**
 * The date formats the first screen draws with (kick-off times and days, the match list's day titles): the build
 * makes a kit of each for every locale, shipped with the locale's boot catalogue.
 */
export const DATE_FORMATS = {
  kickOffTime: { hour: '2-digit', minute: '2-digit' },
  kickOffDay: { day: 'numeric', month: 'short' },
  listDay: { weekday: 'short', day: 'numeric', month: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export function dateKitKey(options: Intl.DateTimeFormatOptions): string {
  return JSON.stringify(options);
}

function hourOf(kit: DateKit, hours: number): number {
  switch (kit.hourCycle) {
    case 'h12':
      return hours % 12 || 12;
    case 'h11':
      return hours % 12;
    case 'h24':
      return hours || 24;
    default:
      return hours;
  }
}

function numberText(kit: DateKit, field: DateKitField, value: number): string {
  const text = String(value);
  return kit.twoDigits?.includes(field) ? text.padStart(2, '0') : text;
}

function fieldText(kit: DateKit, field: DateKitField, date: Date): string {
  switch (field) {
    case 'weekday':
      return kit.weekdays?.[date.getDay()] ?? '';
    case 'month':
      return kit.months?.[date.getMonth()] ?? '';
    case 'dayPeriod':
      return kit.dayPeriods?.[date.getHours() < 12 ? 0 : 1] ?? '';
    case 'day':
      return numberText(kit, field, date.getDate());
    case 'year':
      return numberText(kit, field, date.getFullYear());
    case 'hour':
      return numberText(kit, field, hourOf(kit, date.getHours()));
    case 'minute':
      return numberText(kit, field, date.getMinutes());
    case 'second':
      return numberText(kit, field, date.getSeconds());
  }
}

/** `date` in the kit's format, in the device's time zone (as an Intl formatter without `timeZone`). */
export function dateKitFormat(kit: DateKit, date: Date): string {
  let text = '';
  for (const part of kit.parts) text += typeof part === 'string' ? part : fieldText(kit, part[0], date);
  return text;
}
