import { oddsSocketUrl } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from '../../shared/api/api.ts';
import { realtimeConnect, socketUrlOf, type RealtimeConnection, type RealtimeState, type SocketLike } from '../../shared/realtime/realtime-connection.ts';
import { REALTIME_SAFETY_POLL_MS } from '../../shared/realtime/realtime-store.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS, storageGet } from '../../shared/storage.ts';
import { oddsDeltaApply, oddsEntriesRefetch, type OddsChanged } from './odds-delta.ts';

/**
 * Odds pushed (decision 075) on the page. The odds reach the page on the signed-in player's socket (which joins the
 * brand's odds topic) or, for a visitor, on a socket of its own opened while a sports page is on screen. While one
 * is open the 2 s latest-odds polls slow to the safety net; when it drops, or a delta does not follow on from the
 * last one, the sports entries are read once and the polls run at their pace until the socket is back.
 */
type OddsSource = 'player' | 'visitor';

export const useOddsPushStore = create<{ open: ReadonlySet<OddsSource> }>(() => ({ open: new Set() }));

/** The `to` of the last delta applied; undefined until the first delta after a socket opened. */
let lastTo: number | undefined;

/** A socket carrying odds opened or closed: either way the next delta starts a new chain, and a drop reads once. */
export function oddsSocketState(queryClient: QueryClient, source: OddsSource, state: RealtimeState): void {
  const before = useOddsPushStore.getState().open;
  const isOpen = state === 'open';
  if (before.has(source) === isOpen) return;
  const open = new Set(before);
  if (isOpen) open.add(source);
  else open.delete(source);
  useOddsPushStore.setState({ open });
  lastTo = undefined;
  if (typeof document !== 'undefined') document.documentElement.dataset.oddsPush = open.size > 0 ? 'open' : 'closed';
  // The socket dropped: what changed since its last delta is read now, and the polls (told by this fetch) resume.
  if (!isOpen) void oddsEntriesRefetch(queryClient);
}

/** A delta from either socket: written into the cache; a gap reads the sports entries once. */
export function oddsEventApply(queryClient: QueryClient, delta: OddsChanged): void {
  const { gap } = oddsDeltaApply(queryClient, delta, lastTo, Date.now());
  lastTo = delta.to;
  if (gap) void oddsEntriesRefetch(queryClient);
}

/** A refetchInterval for an odds poll the push stands in for: `ms` while no odds socket is open, the safety net while one is. */
export function pollEveryUnlessOddsPushed(ms: number): () => number {
  return () => (useOddsPushStore.getState().open.size > 0 ? Math.max(ms, REALTIME_SAFETY_POLL_MS) : ms);
}

let subscribers = 0;
let visitor: RealtimeConnection | undefined;

function visitorOpen(queryClient: QueryClient): RealtimeConnection {
  return realtimeConnect({
    urlOf: async () => {
      const { url } = await api.call(oddsSocketUrl, { query: {} });
      return socketUrlOf(url, storageGet<string>(STORAGE_KEYS.apiHost) ?? window.location.href);
    },
    socketOf: (url) => new WebSocket(url) as unknown as SocketLike,
    onEvent: (event) => {
      if (event.type === 'odds_changed') oddsEventApply(queryClient, event);
    },
    onState: (state) => oddsSocketState(queryClient, 'visitor', state),
    retryDelayMs: TIMERS.chatRetryDelayMs,
    retryMax: TIMERS.chatRetryMax,
  });
}

/**
 * Called by each sports page on screen: a visitor's page opens the odds socket with the first and closes it with the
 * last; a signed-in player's already hears the odds on their own socket.
 */
export function useOddsPush(): void {
  const signedIn = useSessionStore((state) => (state.login?.uid ?? 0) > 0);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (signedIn) return;
    subscribers += 1;
    visitor ??= visitorOpen(queryClient);
    return () => {
      subscribers -= 1;
      if (subscribers > 0) return;
      visitor?.stop();
      visitor = undefined;
    };
  }, [signedIn, queryClient]);
}
