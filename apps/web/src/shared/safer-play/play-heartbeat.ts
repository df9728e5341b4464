import { ApiError, ERRORS, saferHeartbeat } from '@piranha/contract';
import { PLAY_HEARTBEAT_SECONDS } from '@piranha/domain';
import { useEffect, useState } from 'react';
import { api } from '../api/api.ts';

/** The refusals that close an open game: play time used up, a time-out or self-exclusion, a closed market. */
const CLOSING_CODES: ReadonlySet<number> = new Set([
  ERRORS.SAFER_TIME_LIMIT.code,
  ERRORS.SAFER_TIMED_OUT.code,
  ERRORS.SAFER_SELF_EXCLUDED.code,
  ERRORS.JURISDICTION_CLOSED.code,
]);

export function heartbeatCloses(error: unknown): error is ApiError {
  return error instanceof ApiError && CLOSING_CODES.has(error.dmError);
}

/** What the heartbeat needs of the page: whether it is visible, word when that changes, and the beat itself. */
export interface HeartbeatPage {
  visible(): boolean;
  onVisibilityChange(listener: () => void): () => void;
  beat(): void;
}

/**
 * Beats every `PLAY_HEARTBEAT_SECONDS` while the page is visible, none while it is hidden (the interval restarts when it
 * shows again, so hidden time is never announced as play). Answers the stop.
 */
export function heartbeatStart(page: HeartbeatPage): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const schedule = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = page.visible() ? setInterval(page.beat, PLAY_HEARTBEAT_SECONDS * 1000) : undefined;
  };
  schedule();
  const unsubscribe = page.onVisibilityChange(schedule);
  return () => {
    unsubscribe();
    if (timer !== undefined) clearInterval(timer);
  };
}

/**
 * The game room's heartbeat (decision 065): while `active` (a game is open) and the page is visible, it tells the
 * server every `PLAY_HEARTBEAT_SECONDS` that the player is playing; hidden, it pauses. The server counts the time on
 * the play-time clock (clamped, so a beat never adds more than the wall clock) and refuses a beat once today's time is
 * used up: the answer's error is returned, and the room closes the game with its translated reason. Other failures
 * (the network) are ignored: the next beat tries again.
 */
export function usePlayHeartbeat(active: boolean): ApiError | undefined {
  const [closed, setClosed] = useState<ApiError | undefined>(undefined);
  useEffect(() => {
    if (!active || closed) return undefined;
    return heartbeatStart({
      visible: () => document.visibilityState === 'visible',
      onVisibilityChange: (listener) => {
        document.addEventListener('visibilitychange', listener);
        return () => document.removeEventListener('visibilitychange', listener);
      },
      beat: () => {
        api.call(saferHeartbeat, { body: {} }).catch((error: unknown) => {
          if (heartbeatCloses(error)) setClosed(error);
        });
      },
    });
  }, [active, closed]);
  return closed;
}
