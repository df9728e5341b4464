import { useSyncExternalStore } from 'react';

/** One 1-second timer for every live clock on the page, running only while some clock listens. */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The wall-clock time, refreshed every second. */
export function useSecondTick(): number {
  return useSyncExternalStore(subscribe, () => now);
}
