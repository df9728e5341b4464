import { dateKitFormat, dateKitKey, DATE_FORMATS, type DateKit, type DateKitField, type DateKits } from './date-kit.ts';

/**
 * Makes date kits with Intl, where building formatters costs nothing that matters (the web build, tests). Not part of
 * the package's index: a page never needs it.
 */

const FIELDS: ReadonlySet<string> = new Set<DateKitField>(['weekday', 'day', 'month', 'year', 'hour', 'minute', 'second', 'dayPeriod']);
const NUMERIC: readonly DateKitField[] = ['day', 'year', 'hour', 'minute', 'second'];

function isField(type: string): type is DateKitField {
  return FIELDS.has(type);
}

/**
 * `formatToParts`, each part's text read from `format` itself: V8's `format` writes a plain space where
 * `formatToParts` keeps CLDR's narrow no-break space (before "AM", say), and a page shows what `format` writes.
 */
function partsOf(format: Intl.DateTimeFormat, date: Date): Intl.DateTimeFormatPart[] {
  const text = format.format(date);
  let at = 0;
  const parts = format.formatToParts(date).map(({ type, value }) => {
    const part = { type, value: text.slice(at, at + value.length) };
    at += value.length;
    return part;
  });
  if (at !== text.length) throw new Error(`The parts of ${date.toString()} are not its text "${text}"`);
  return parts;
}

function partOf(format: Intl.DateTimeFormat, date: Date, type: DateKitField): string {
  return partsOf(format, date).find((part) => part.type === type)?.value ?? '';
}

/** The dates a kit is checked on: every day of two years (a leap one), at every hour and minute over them. */
function checkDates(): Date[] {
  const dates: Date[] = [];
  for (let day = 0; day < 731; day += 1) dates.push(new Date(2024, 0, 1 + day, day % 24, day % 60, day % 60));
  for (let hour = 0; hour < 24; hour += 1) dates.push(new Date(2025, 5, 15, hour, 0, 0), new Date(2025, 5, 15, hour, 59, 9));
  return dates;
}

/**
 * The kit of `new Intl.DateTimeFormat(locale, options)`. Throws when the format has a part a kit cannot fill (an era,
 * a time zone name…) or when the kit would differ from Intl on any day of two years or any hour: a kit never shows a
 * date as Intl would not.
 */
export function dateKitBuild(locale: string, options: Intl.DateTimeFormatOptions): DateKit {
  const format = new Intl.DateTimeFormat(locale, options);
  // Monday 1 January 2024 at 03:04:05: every number is below ten, so a two-digit field shows itself.
  const reference = new Date(2024, 0, 1, 3, 4, 5);
  const referenceParts = partsOf(format, reference);
  const parts: (string | [DateKitField])[] = [];
  for (const { type, value } of referenceParts) {
    if (type === 'literal') parts.push(value);
    else if (isField(type)) parts.push([type]);
    else throw new Error(`A date kit cannot show the ${type} of ${locale} ${dateKitKey(options)}`);
  }
  const types = new Set(referenceParts.map((part) => part.type));
  const kit: { -readonly [K in keyof DateKit]: DateKit[K] } = { parts };
  // 7 January 2024 was a Sunday.
  if (types.has('weekday')) kit.weekdays = Array.from({ length: 7 }, (_, day) => partOf(format, new Date(2024, 0, 7 + day, 12), 'weekday'));
  if (types.has('month')) kit.months = Array.from({ length: 12 }, (_, month) => partOf(format, new Date(2024, month, 1, 12), 'month'));
  if (types.has('dayPeriod')) kit.dayPeriods = [partOf(format, new Date(2024, 0, 1, 3), 'dayPeriod'), partOf(format, new Date(2024, 0, 1, 15), 'dayPeriod')];
  if (types.has('hour')) kit.hourCycle = format.resolvedOptions().hourCycle;
  const twoDigits = NUMERIC.filter((field) => types.has(field) && partOf(format, reference, field).length === 2);
  if (twoDigits.length > 0) kit.twoDigits = twoDigits;
  for (const date of checkDates()) {
    const expected = format.format(date);
    const made = dateKitFormat(kit, date);
    if (made !== expected) {
      throw new Error(`The date kit of ${locale} ${dateKitKey(options)} shows ${date.toString()} as "${made}", Intl as "${expected}"`);
    }
  }
  return kit;
}

/** The kit of every format the first screen draws with (`DATE_FORMATS`), in one locale (its Intl tag). */
export function dateKitsBuild(locale: string): DateKits {
  return Object.fromEntries(Object.values(DATE_FORMATS).map((options) => [dateKitKey(options), dateKitBuild(locale, options)]));
}
