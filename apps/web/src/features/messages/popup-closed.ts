import { useQueryClient } from '@tanstack/react-query';
import { messagePopupId } from './message-link.ts';

/**
 * What the pop-up stack calls when a pop-up closes: a pop-up message (`message-<id>`) is marked read (decision 028).
 * The messages API loads on that close, not with the first screen (architecture.md first-route budget).
 */
export function useMessagePopupClosed(uid: number): (key: string) => void {
  const queryClient = useQueryClient();
  return (key) => {
    const id = messagePopupId(key);
    if (id === undefined) return;
    void import('./api/messages.ts').then(({ messagesRead }) => messagesRead(queryClient, uid, { ids: [id] })).catch(() => undefined);
  };
}
