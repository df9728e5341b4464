import { describe, expect, it } from 'vitest';
import type { FeedMatch } from '../../providers/feed/sports-feed.ts';
import { basketballMinutesPlayed } from './sports-book.ts';

/** A live basketball match reduced to what the minutes read: the clock. */
function atClock(periodCode: number, seconds: number): FeedMatch {
  return { status: 'live', clock: { periodCode, seconds, running: false, direction: 'down', injuryMinutes: 0 } } as unknown as FeedMatch;
}

describe('basketballMinutesPlayed', () => {
  it('counts whole quarters during the breaks 3006, 3008 and 3010 (48-minute game)', () => {
    expect(basketballMinutesPlayed(atClock(3006, 0), 48, 5)).toBe(12);
    expect(basketballMinutesPlayed(atClock(3008, 0), 48, 5)).toBe(24);
    expect(basketballMinutesPlayed(atClock(3010, 0), 48, 5)).toBe(36);
  });

  it('reads the countdown within a quarter and an overtime about to start as regulation time', () => {
    expect(basketballMinutesPlayed(atClock(3007, 6 * 60), 48, 5)).toBe(18);
    expect(basketballMinutesPlayed(atClock(3012, 5 * 60), 48, 5)).toBe(48);
  });
});
