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
    let timer: ReturnType<typeof setInterval> | undefined;
    const beat = () => {
      api.call(saferHeartbeat, { body: {} }).catch((error: unknown) => {
        if (heartbeatCloses(error)) setClosed(error);
      });
    };
    const schedule = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === 'visible') timer = setInterval(beat, PLAY_HEARTBEAT_SECONDS * 1000);
    };
    schedule();
    document.addEventListener('visibilitychange', schedule);
    return () => {
      document.removeEventListener('visibilitychange', schedule);
      if (timer !== undefined) clearInterval(timer);
    };
  }, [active, closed]);
  return closed;
}
