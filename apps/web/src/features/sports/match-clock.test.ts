import { describe, expect, it } from 'vitest';
import { clockSecondsAt, clockText, periodLabel } from './match-clock.ts';

describe('live clock', () => {
  it('ticks up between polls while running', () => {
    expect(clockSecondsAt({ s: 600, r: true, tp: 1, pe: 1002 }, 1_000, 4_500)).toBe(603);
  });

  it('ticks down a count-down clock and stops at zero', () => {
    expect(clockSecondsAt({ s: 10, r: 1, tp: 2, pe: 3005 }, 0, 4_000)).toBe(6);
    expect(clockSecondsAt({ s: 10, r: 1, tp: 2, pe: 3005 }, 0, 60_000)).toBe(0);
  });

  it('stays still when stopped, and never runs backwards on a device clock that steps back', () => {
    expect(clockSecondsAt({ s: 2700, r: false, tp: 1, pe: 1003 }, 0, 90_000)).toBe(2700);
    expect(clockSecondsAt({ s: 100, r: true, tp: 1, pe: 1002 }, 10_000, 5_000)).toBe(100);
  });

  it('writes minutes past 60 in full', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(65)).toBe('01:05');
    expect(clockText(5432)).toBe('90:32');
  });
});

describe('period labels', () => {
  it('names soccer halves and half time', () => {
    expect(periodLabel(1, 1002)).toEqual({ key: 'firstHalf' });
    expect(periodLabel(1, 1003)).toEqual({ key: 'halfTime' });
    expect(periodLabel(1, 1004)).toEqual({ key: 'secondHalf' });
  });

  it('numbers basketball quarters and names overtime', () => {
    expect(periodLabel(3, 3005)).toEqual({ key: 'quarter', n: 1 });
    expect(periodLabel(3, 3011)).toEqual({ key: 'quarter', n: 4 });
    expect(periodLabel(3, 3012)).toEqual({ key: 'overtime' });
  });

  it('names the basketball breaks the server sends between quarters (even codes), not the quarter just played', () => {
    expect(periodLabel(3, 3006)).toEqual({ key: 'quarterBreak', n: 1 });
    expect(periodLabel(3, 3008)).toEqual({ key: 'halfTime' });
    expect(periodLabel(3, 3010)).toEqual({ key: 'quarterBreak', n: 3 });
  });

  it('numbers sets of tennis and volleyball, games of table tennis', () => {
    expect(periodLabel(5, 5002)).toEqual({ key: 'set', n: 1 });
    expect(periodLabel(13, 13004)).toEqual({ key: 'set', n: 3 });
    expect(periodLabel(15, 15003)).toEqual({ key: 'game', n: 2 });
    expect(periodLabel(5, 5011)).toEqual({ key: 'ended' });
  });
});
