import { create } from 'zustand';
import type { RealtimeState } from './realtime-connection.ts';

/**
 * Whether the page's socket is up (decision 036). While it is, the polls it replaces (balance, unread count, top bar)
 * slow to a safety net: the socket tells the page when to read again. Down, retrying or given up, they poll at the
 * spec's pace.
 */
export const REALTIME_SAFETY_POLL_MS = 60_000;

export const useRealtimeStore = create<{ state: RealtimeState }>(() => ({ state: 'stopped' }));

export function realtimeStateSet(state: RealtimeState): void {
  useRealtimeStore.setState({ state });
  // On the root element too (decision 041): the server lets a socket open only once its ticket is used up and the
  // socket joined its topics, so a journey waits for `open` before expecting events.
  if (typeof document !== 'undefined') document.documentElement.dataset.realtime = state;
}

/** A refetchInterval for a poll the socket stands in for: `ms` while the socket is down, the safety net while up. */
export function pollEveryUnlessLive(ms: number): () => number {
  return () => (useRealtimeStore.getState().state === 'open' ? Math.max(ms, REALTIME_SAFETY_POLL_MS) : ms);
}
