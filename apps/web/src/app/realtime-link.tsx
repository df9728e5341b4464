import { chatRoomUrl, type RealtimeEvent } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bettingKeys } from '../features/betting/api/betting-api.ts';
import { oddsEventApply, oddsSocketState } from '../features/sports/odds-push.ts';
import { messagesKeys } from '../features/messages/api/messages.ts';
import { crashLiveKeys } from '../features/studio/api/studio.ts';
import { systemKeys } from '../features/system/api/global-config.ts';
import { api } from '../shared/api/api.ts';
import { firstChargeOpen } from '../shared/bonus/bonus-popup-store.ts';
import { realtimeConnect, socketUrlOf, type SocketLike } from '../shared/realtime/realtime-connection.ts';
import { realtimeStateSet } from '../shared/realtime/realtime-store.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { STORAGE_KEYS, storageGet } from '../shared/storage.ts';

/** What each event makes the page read again (the socket carries no figures: the API answers them). */
export function realtimeEventApply(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.type) {
    case 'balance_changed':
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
      return;
    case 'bet_settled':
      void queryClient.invalidateQueries({ queryKey: bettingKeys.all });
      return;
    case 'message_new':
      void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
      return;
    case 'money_rain':
    case 'lucky_rounds':
      // Spec §4: a normal pop-up — the server's pop-up list now holds the message; the stack shows it by its level.
      void queryClient.invalidateQueries({ queryKey: systemKeys.popups });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
      return;
    case 'crash_live':
      // The brand's shared Crash round moved on: the game reads its state now instead of at its next poll.
      void queryClient.invalidateQueries({ queryKey: crashLiveKeys.all });
      return;
    case 'first_charge_pop':
      firstChargeOpen();
      return;
    case 'odds_changed':
      // Decision 075: the brand's odds, written into the sports cache (no read: the delta is the data).
      oddsEventApply(queryClient, event);
      return;
  }
}

/**
 * The signed-in player's one socket for the whole page (decision 036), without UI: opened on sign-in, closed on
 * sign-out or when another player signs in; events refresh the queries they concern.
 */
export function RealtimeLink() {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (uid <= 0) return;
    const connection = realtimeConnect({
      urlOf: async () => {
        const { url } = await api.call(chatRoomUrl, { query: {} });
        return socketUrlOf(url, storageGet<string>(STORAGE_KEYS.apiHost) ?? window.location.href);
      },
      // The browser's handlers take its Event types; the connection reads nothing of them but a message's data.
      socketOf: (url) => new WebSocket(url) as unknown as SocketLike,
      onEvent: (event) => realtimeEventApply(queryClient, event),
      onState: (state) => {
        realtimeStateSet(state);
        oddsSocketState(queryClient, 'player', state);
      },
      retryDelayMs: TIMERS.chatRetryDelayMs,
      retryMax: TIMERS.chatRetryMax,
    });
    return () => connection.stop();
  }, [uid, queryClient]);
  return null;
}
