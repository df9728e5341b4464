import { TIMERS } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { heartbeatNext, renewOutcome } from './session-timing.ts';

const MINUTE = 60_000;

describe('heartbeatNext', () => {
  it('beats at once when none went out yet', () => {
    expect(heartbeatNext({ now: 1_000, lastTouchAt: 1_000, lastBeatAt: undefined }, TIMERS)).toBe(0);
  });

  it('waits out the rest of the 60 s after a beat', () => {
    expect(heartbeatNext({ now: 20_000, lastTouchAt: 15_000, lastBeatAt: 0 }, TIMERS)).toBe(40_000);
    expect(heartbeatNext({ now: 61_000, lastTouchAt: 15_000, lastBeatAt: 0 }, TIMERS)).toBe(0);
  });

  it('keeps beating up to 10 minutes after the last touch and stops at 10 minutes', () => {
    expect(heartbeatNext({ now: 10 * MINUTE - 1, lastTouchAt: 0, lastBeatAt: 9 * MINUTE - 1 }, TIMERS)).toBe(0);
    expect(heartbeatNext({ now: 10 * MINUTE, lastTouchAt: 0, lastBeatAt: 9 * MINUTE }, TIMERS)).toBe('idle');
    expect(heartbeatNext({ now: 3 * 60 * MINUTE, lastTouchAt: 0, lastBeatAt: 9 * MINUTE }, TIMERS)).toBe('idle');
  });

  it('resumes with an immediate beat on the next touch after going idle', () => {
    const touch = 30 * MINUTE;
    expect(heartbeatNext({ now: touch, lastTouchAt: touch, lastBeatAt: 9 * MINUTE }, TIMERS)).toBe(0);
  });
});

describe('renewOutcome', () => {
  const stored = { uid: 7, sid: 'old', visitor: false };

  it('keeps the sid when the answer is valid and the same (or empty)', () => {
    expect(renewOutcome(stored, { valid: 1, sid: 'old' })).toEqual({ kind: 'keep' });
    expect(renewOutcome(stored, { valid: 1, sid: '' })).toEqual({ kind: 'keep' });
  });

  it('replaces the sid only when the answer is valid and differs', () => {
    expect(renewOutcome(stored, { valid: 1, sid: 'new' })).toEqual({ kind: 'replace', login: { uid: 7, sid: 'new', visitor: false } });
  });

  it('treats a not-valid answer as an expired session, whatever sid it carries', () => {
    expect(renewOutcome(stored, { valid: 0, sid: 'new' })).toEqual({ kind: 'expired' });
  });
});
