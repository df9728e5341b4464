import { zoneDateOf, zoneDayStart } from '../time/zone-calendar.ts';
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

const pad = (value: number) => String(value).padStart(2, '0');

export interface PeriodWindow {
  /** `d:2026-11-28` for a day, `w:2026-11-23` for the week starting that Monday (local dates). */
  key: string;
  startsAt: Date;
  endsAt: Date;
}

/** The day or week (Monday to Sunday) of the brand that contains an instant. */
export function periodWindowOf(at: Date, timeZone: string, period: LoyaltyPeriod): PeriodWindow {
  const local = zoneDateOf(at, timeZone);
  // Calendar arithmetic on a UTC date stands in for the local calendar day.
  const back = period === 'daily' ? 0 : local.weekdayIndex;
  const start = new Date(Date.UTC(local.year, local.month - 1, local.day - back));
  const date = `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`;
  return {
    key: `${period === 'daily' ? 'd' : 'w'}:${date}`,
    startsAt: zoneDayStart(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate(), timeZone),
    endsAt: zoneDayStart(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate() + (period === 'daily' ? 1 : 7), timeZone),
  };
}

/**
 * The `count` days and the `count` weeks of a time zone that came before the ones containing `at`, newest first within
 * each kind (days, then weeks): the periods a close pass settles. They depend only on the zone, so a pass over every
 * brand works them out once per zone, not once per brand (101 brands share 14 zones; each window is several time-zone
 * conversions, ~100 ms of a start's CPU when worked out per brand, decision 103).
 */
export function periodWindowsBefore(at: Date, timeZone: string, count: number): { period: LoyaltyPeriod; window: PeriodWindow }[] {
  const windows: { period: LoyaltyPeriod; window: PeriodWindow }[] = [];
  for (const period of ['daily', 'weekly'] as const) {
    let window = periodWindowOf(at, timeZone, period);
    for (let back = 0; back < count; back += 1) {
      window = periodWindowOf(new Date(window.startsAt.getTime() - 1), timeZone, period);
      windows.push({ period, window });
    }
  }
  return windows;
}

/** The brand's calendar month containing an instant (weekly and monthly free VIP rewards): key `m:2026-11`. */
export function monthWindowOf(at: Date, timeZone: string): PeriodWindow {
  const local = zoneDateOf(at, timeZone);
  return {
    key: `m:${local.year}-${pad(local.month)}`,
    startsAt: zoneDayStart(local.year, local.month, 1, timeZone),
    endsAt: zoneDayStart(local.year, local.month + 1, 1, timeZone),
  };
}
