import type { MarketKey } from '../variants/profile.ts';

/**
 * A brand's day and week (issue 18): tasks reset, and later rankings and cash-back close, at midnight in the time
 * zone of the brand's market. Weeks start on Monday. Pure: the time zone database is the platform's Intl.
 */

const TIME_ZONE_OF_MARKET: Record<MarketKey, string> = {
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  IN: 'Asia/Kolkata',
  PH: 'Asia/Manila',
  KE: 'Africa/Nairobi',
  VN: 'Asia/Ho_Chi_Minh',
  PE: 'America/Lima',
  CO: 'America/Bogota',
  AR: 'America/Argentina/Buenos_Aires',
  TH: 'Asia/Bangkok',
  MY: 'Asia/Kuala_Lumpur',
  RU: 'Europe/Moscow',
  USD: 'America/New_York',
  CRYPTO: 'UTC',
  MULTI: 'UTC',
};

export function brandTimeZone(market: MarketKey): string {
  return TIME_ZONE_OF_MARKET[market];
}

export type LoyaltyPeriod = 'daily' | 'weekly';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClockOf(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const wall = wallClockOf(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of local midnight starting a calendar day (year, month 1–12, day) in the zone. */
function midnightOf(year: number, month: number, day: number, timeZone: string): Date {
  const naive = Date.UTC(year, month - 1, day);
  const first = naive - offsetMs(new Date(naive), timeZone);
  return new Date(naive - offsetMs(new Date(first), timeZone));
}

const pad = (value: number) => String(value).padStart(2, '0');

export interface PeriodWindow {
  /** `d:2026-11-28` for a day, `w:2026-11-23` for the week starting that Monday (local dates). */
  key: string;
  startsAt: Date;
  endsAt: Date;
}

/** The day or week (Monday to Sunday) of the brand that contains an instant. */
export function periodWindowOf(at: Date, timeZone: string, period: LoyaltyPeriod): PeriodWindow {
  const wall = wallClockOf(at, timeZone);
  // Calendar arithmetic on a UTC date stands in for the local calendar day.
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  const back = period === 'daily' ? 0 : (day.getUTCDay() + 6) % 7;
  const start = new Date(day.getTime() - back * 86_400_000);
  const end = new Date(start.getTime() + (period === 'daily' ? 1 : 7) * 86_400_000);
  const date = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`;
  return {
    key: `${period === 'daily' ? 'd' : 'w'}:${date}`,
    startsAt: midnightOf(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate(), timeZone),
    endsAt: midnightOf(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate(), timeZone),
  };
}
