import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneDateOf, zoneDayStart } from './zone-calendar.ts';

describe('zone calendar', () => {
  it.each([
    // An instant late on a UTC day is already the next day in Kolkata (+05:30), still the same day in São Paulo (−03).
    ['2026-11-28T20:00:00Z', 'Asia/Kolkata', { year: 2026, month: 11, day: 29, weekdayIndex: 6 }],
    ['2026-11-28T20:00:00Z', 'America/Sao_Paulo', { year: 2026, month: 11, day: 28, weekdayIndex: 5 }],
    ['2026-11-30T02:59:59Z', 'America/Sao_Paulo', { year: 2026, month: 11, day: 29, weekdayIndex: 6 }],
    ['2026-11-30T03:00:00Z', 'America/Sao_Paulo', { year: 2026, month: 11, day: 30, weekdayIndex: 0 }],
  ])('dates %s in %s', (instant, zone, expected) => {
    expect(zoneDateOf(new Date(instant), zone)).toEqual(expected);
  });

  it.each([
    [2026, 11, 28, 'Asia/Kolkata', '2026-11-27T18:30:00.000Z'],
    [2026, 11, 28, 'Africa/Nairobi', '2026-11-27T21:00:00.000Z'],
    // Day 32 of December rolls over to 1 January; month 13 to January of the next year.
    [2026, 12, 32, 'UTC', '2027-01-01T00:00:00.000Z'],
    [2026, 13, 1, 'America/Sao_Paulo', '2027-01-01T03:00:00.000Z'],
    // New York changes its clocks at 02:00, so its midnights stay whole: 5 hours behind in winter, 4 in summer.
    [2026, 3, 8, 'America/New_York', '2026-03-08T05:00:00.000Z'],
    [2026, 3, 9, 'America/New_York', '2026-03-09T04:00:00.000Z'],
    // Brazil's summer time began at midnight on 4 November 2018: that day had no 00:00 and began at 01:00 (−02).
    [2018, 11, 4, 'America/Sao_Paulo', '2018-11-04T03:00:00.000Z'],
  ])('starts %i-%i-%i in %s at %s', (year, month, day, zone, expected) => {
    expect(zoneDayStart(year, month, day, zone).toISOString()).toBe(expected);
  });

  it('dates every instant as a fresh Intl read does, whatever was asked before in this or another zone', () => {
    const zones = ['Asia/Kolkata', 'America/Sao_Paulo', 'America/New_York', 'Africa/Nairobi', 'UTC'];
    const fresh = (instantMs: number, timeZone: string) => {
      const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(instantMs));
      const [year, month, day] = parts.split('-').map(Number);
      return { year, month, day };
    };
    // Instants a few milliseconds to two seconds apart around the zones' midnights and DST changes, zones interleaved.
    const midnightUtc = Date.UTC(2026, 10, 29);
    const instant = fc.record({
      day: fc.integer({ min: -3000, max: 3000 }),
      hour: fc.constantFrom(0, 2, 3, 5, 18, 21, 23),
      minute: fc.constantFrom(0, 30, 59),
      ms: fc.integer({ min: -2000, max: 2000 }),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.constantFrom(...zones)), { minLength: 1, maxLength: 12 }), (asks) => {
        for (const [{ day, hour, minute, ms }, zone] of asks) {
          const at = midnightUtc + day * 86_400_000 + (hour * 60 + minute) * 60_000 + ms;
          const { year, month, day: dayOfMonth } = zoneDateOf(new Date(at), zone);
          expect({ year, month, day: dayOfMonth }).toEqual(fresh(at, zone));
        }
      }),
      { numRuns: 300 },
    );
  });
});
