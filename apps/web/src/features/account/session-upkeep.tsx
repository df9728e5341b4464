import { heartbeat, sessionRenew } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useEffect } from 'react';
import { api } from '../../shared/api/api.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { heartbeatNext, renewOutcome } from './session-timing.ts';

let renewDone = false;

/** Spec §4: once per app start, and only when a login is stored (over HTTPS its sid is empty: the cookie holds it). */
async function sessionRenewOnce(): Promise<void> {
  if (renewDone) return;
  renewDone = true;
  const stored = useSessionStore.getState().login;
  if (!stored) return;
  const answer = await api.call(sessionRenew).catch(() => undefined);
  const current = useSessionStore.getState().login;
  // A network failure proves nothing; an answer about a session the device no longer holds is stale.
  if (!answer || current?.uid !== stored.uid || current.sid !== stored.sid) return;
  const outcome = renewOutcome(stored, answer);
  if (outcome.kind === 'replace') useSessionStore.getState().loginSet(outcome.login);
  if (outcome.kind === 'expired') {
    useSessionStore.getState().expire(current);
    window.location.hash = '#/loginb?expired=true';
  }
}

const TOUCH_EVENTS = ['pointerdown', 'keydown'] as const;

/** Session renew at start, and the heartbeat while signed in and touched (stops after 10 idle minutes). */
export function SessionUpkeep() {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);

  useEffect(() => {
    void sessionRenewOnce();
  }, []);

  useEffect(() => {
    if (uid === 0) return;
    let lastTouchAt = Date.now();
    let lastBeatAt: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tick = () => {
      timer = undefined;
      const next = heartbeatNext({ now: Date.now(), lastTouchAt, lastBeatAt }, TIMERS);
      if (next === 'idle') return;
      if (next === 0) {
        lastBeatAt = Date.now();
        // A 604 is handled by the API client (expiry flow); any other failure waits for the next beat.
        void api.call(heartbeat, { body: {} }).catch(() => undefined);
        timer = setTimeout(tick, TIMERS.heartbeatMs);
      } else timer = setTimeout(tick, next);
    };
    const touch = () => {
      lastTouchAt = Date.now();
      if (timer === undefined) tick();
    };
    const visibility = () => {
      if (document.visibilityState === 'visible') touch();
    };

    tick();
    for (const name of TOUCH_EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });
    document.addEventListener('visibilitychange', visibility);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const name of TOUCH_EVENTS) window.removeEventListener(name, touch, { capture: true });
      document.removeEventListener('visibilitychange', visibility);
    };
  }, [uid]);

  return null;
}
