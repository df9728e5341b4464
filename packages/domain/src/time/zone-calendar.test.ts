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
});
