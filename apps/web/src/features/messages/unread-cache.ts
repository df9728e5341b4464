import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** The unread count's query key (decision 028); the bell's poll fills it. */
export const unreadKey = (uid: number) => ['messages', 'unread', uid] as const;

/**
 * The unread count as the bell's 15 s poll left it in the query cache (0 before its first answer). The header's menu
 * button reads it from here, so the messages API and its schemas load with the lazy bell, after the first screen
 * (architecture.md first-route budget), and one poll serves both.
 */
export function useUnreadCached(uid: number): number {
  const client = useQueryClient();
  return useSyncExternalStore(
    (changed) => client.getQueryCache().subscribe(changed),
    () => client.getQueryData<{ count: number }>(unreadKey(uid))?.count ?? 0,
  );
}

export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));
