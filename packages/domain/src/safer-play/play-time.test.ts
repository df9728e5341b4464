import { describe, expect, it } from 'vitest';
import { LIMIT_KINDS, MONEY_LIMIT_KINDS } from './jurisdictions.ts';
import { limitWindowEnd, limitWindowStart } from './limit-windows.ts';
import { PLAY_GAP_CAP_SECONDS, playGapSplit, playTimeTake, timeLimitMinutesValid } from './play-time.ts';

const s = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

describe('play time (decision 054)', () => {
  const dayStart = s('2026-03-10T03:00:00Z'); // midnight in São Paulo (UTC−3)

  it('counts the gap since the last play action', () => {
    expect(playGapSplit(dayStart + 100, dayStart + 160, dayStart)).toEqual({ before: 0, today: 60 });
  });

  it('caps a gap at five minutes: time away from play is not play', () => {
    expect(PLAY_GAP_CAP_SECONDS).toBe(300);
    expect(playGapSplit(dayStart + 100, dayStart + 100 + 300, dayStart)).toEqual({ before: 0, today: 300 });
    expect(playGapSplit(dayStart + 100, dayStart + 100 + 301, dayStart)).toEqual({ before: 0, today: 300 });
    expect(playGapSplit(dayStart + 100, dayStart + 100 + 3 * 3600, dayStart)).toEqual({ before: 0, today: 300 });
  });

  it('splits a gap across the day start: only the part after it counts today', () => {
    expect(playGapSplit(dayStart - 120, dayStart + 60, dayStart)).toEqual({ before: 120, today: 60 });
    // Capped first: of a gap of ten minutes across midnight, the last five count — one before and four after.
    expect(playGapSplit(dayStart - 360, dayStart + 240, dayStart)).toEqual({ before: 60, today: 240 });
    // The capped part lies wholly after midnight.
    expect(playGapSplit(dayStart - 600, dayStart + 300, dayStart)).toEqual({ before: 0, today: 300 });
  });

  it('adds nothing for the first action known, or for a clock that reads earlier than the last action', () => {
    expect(playGapSplit(null, dayStart + 60, dayStart)).toEqual({ before: 0, today: 0 });
    expect(playGapSplit(dayStart + 60, dayStart + 30, dayStart)).toEqual({ before: 0, today: 0 });
    expect(playGapSplit(dayStart + 60, dayStart + 60, dayStart)).toEqual({ before: 0, today: 0 });
  });

  it('follows the brand calendar: the day window across a DST change', () => {
    // New York springs forward on 8 March 2026: that day is 23 hours long.
    const start = limitWindowStart('day', new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    const end = limitWindowEnd('day', new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
    const endS = end.getTime() / 1000;
    expect(playGapSplit(endS - 30, endS + 30, endS)).toEqual({ before: 30, today: 30 });
  });

  it('stops at the limit: the counter never passes it, and reaching it exactly refuses', () => {
    expect(playTimeTake(540, 59, 10)).toEqual({ usedSeconds: 599, allowed: true });
    expect(playTimeTake(540, 60, 10)).toEqual({ usedSeconds: 600, allowed: false });
    expect(playTimeTake(540, 300, 10)).toEqual({ usedSeconds: 600, allowed: false });
    expect(playTimeTake(600, 0, 10)).toEqual({ usedSeconds: 600, allowed: false });
    expect(playTimeTake(600, 120, null)).toEqual({ usedSeconds: 720, allowed: true });
  });

  it('accepts 1 to 1,440 whole minutes a day', () => {
    expect([0, 1, 1440, 1441, 1.5, -5].map(timeLimitMinutesValid)).toEqual([false, true, true, false, false, false]);
  });

  it('is a limit kind of its own, not one a sign-up asks for', () => {
    expect(LIMIT_KINDS).toContain('time');
    expect(MONEY_LIMIT_KINDS).not.toContain('time');
  });
});
