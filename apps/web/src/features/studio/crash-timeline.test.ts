import { describe, expect, it } from 'vitest';
import { crashDurationMs, crashMultiplierAt } from './crash-timeline.ts';

describe('crash timeline', () => {
  it('doubles every 1.6 s and caps a round at 7 s', () => {
    expect(crashDurationMs(200)).toBeCloseTo(1600, 6);
    expect(crashDurationMs(400)).toBeCloseTo(3200, 6);
    expect(crashDurationMs(100)).toBe(0);
    expect(crashDurationMs(1_000_000)).toBe(7000);
  });

  it('starts at 1.00× and ends exactly on the crash point, never above it', () => {
    expect(crashMultiplierAt(0, 500)).toBe(100);
    expect(crashMultiplierAt(crashDurationMs(500), 500)).toBe(500);
    expect(crashMultiplierAt(99_999, 500)).toBe(500);
    expect(crashMultiplierAt(1600, 400)).toBe(200);
  });
});
