import { ApiError, ERRORS } from '@piranha/contract';
import { PLAY_HEARTBEAT_SECONDS } from '@piranha/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heartbeatCloses, heartbeatStart } from './play-heartbeat.ts';

function pageOf() {
  const listeners = new Set<() => void>();
  const page = {
    shown: true,
    beats: 0,
    visible: () => page.shown,
    onVisibilityChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    beat: () => {
      page.beats += 1;
    },
    show(shown: boolean) {
      page.shown = shown;
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return page;
}

describe('the game room heartbeat (decision 065)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('beats every PLAY_HEARTBEAT_SECONDS while visible, none while hidden, and stops', () => {
    const page = pageOf();
    const stop = heartbeatStart(page);
    vi.advanceTimersByTime(PLAY_HEARTBEAT_SECONDS * 1000 * 3);
    expect(page.beats).toBe(3);
    page.show(false);
    vi.advanceTimersByTime(PLAY_HEARTBEAT_SECONDS * 1000 * 10);
    expect(page.beats).toBe(3);
    // Shown again, the next beat comes a whole interval later: the hidden time is not announced at once.
    page.show(true);
    vi.advanceTimersByTime(PLAY_HEARTBEAT_SECONDS * 1000 - 1);
    expect(page.beats).toBe(3);
    vi.advanceTimersByTime(1);
    expect(page.beats).toBe(4);
    stop();
    vi.advanceTimersByTime(PLAY_HEARTBEAT_SECONDS * 1000 * 5);
    expect(page.beats).toBe(4);
    expect(page.listeners.size).toBe(0);
  });

  it('starts paused on a hidden page', () => {
    const page = pageOf();
    page.shown = false;
    heartbeatStart(page);
    vi.advanceTimersByTime(PLAY_HEARTBEAT_SECONDS * 1000 * 4);
    expect(page.beats).toBe(0);
  });

  it('closes the game on play time used up or a block, not on a network or other error', () => {
    expect(heartbeatCloses(new ApiError(ERRORS.SAFER_TIME_LIMIT.code, 'used up', {}, 200))).toBe(true);
    expect(heartbeatCloses(new ApiError(ERRORS.SAFER_SELF_EXCLUDED.code, 'excluded', {}, 200))).toBe(true);
    expect(heartbeatCloses(new ApiError(ERRORS.INTERNAL.code, '', {}, 500))).toBe(false);
    expect(heartbeatCloses(new TypeError('Failed to fetch'))).toBe(false);
  });
});
