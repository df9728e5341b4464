import { messageGet, messageList, messageReadBatch, messageTopBarClose, messageUnreadCount, type EndpointData } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { unreadKey } from '../unread-cache.ts';
import { pollEveryUnlessLive } from '../../../shared/realtime/realtime-store.ts';

export type Message = EndpointData<typeof messageList>['message_list'][number];

/** Every message query is the signed-in player's and the reading language's: a new language or player asks again. */
export const messagesKeys = {
  all: ['messages'] as const,
  list: (uid: number, language: string) => ['messages', 'list', uid, language] as const,
  topBar: (uid: number, language: string) => ['messages', 'topBar', uid, language] as const,
  detail: (uid: number, language: string, id: string) => ['messages', 'detail', uid, language, id] as const,
  unread: unreadKey,
};

/** The message centre: unread first, then newest, a page at a time. */
export function useMessageListQuery(uid: number, language: string) {
  return useInfiniteQuery({
    queryKey: messagesKeys.list(uid, language),
    queryFn: ({ pageParam }) => api.call(messageList, { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.has_more === 1 ? page.cursor : undefined),
    enabled: uid > 0,
    staleTime: 0,
  });
}

/** Spec §9: the top bar's messages are asked for every 15 s (a safety net's pace while the socket tells of new ones). */
export function useTopBarQuery(uid: number, language: string) {
  return useQuery({
    queryKey: messagesKeys.topBar(uid, language),
    queryFn: () => api.call(messageList, { query: { message_type: '2' } }),
    enabled: uid > 0,
    refetchInterval: pollEveryUnlessLive(TIMERS.topBarPollMs),
    staleTime: 0,
  });
}

export function useMessageQuery(uid: number, language: string, id: string) {
  return useQuery({
    queryKey: messagesKeys.detail(uid, language, id),
    queryFn: () => api.call(messageGet, { query: { message_id: id } }),
    enabled: uid > 0 && id !== '',
    staleTime: 0,
    retry: false,
  });
}

/** The header badge; it follows the top bar's 15 s poll so a new message shows within one poll. */
export function useUnreadCountQuery(uid: number) {
  return useQuery({
    queryKey: messagesKeys.unread(uid),
    queryFn: () => api.call(messageUnreadCount),
    enabled: uid > 0,
    refetchInterval: pollEveryUnlessLive(TIMERS.topBarPollMs),
    staleTime: 0,
  });
}

/** Marks messages read (or all of them) and refreshes what shows the count. */
export async function messagesRead(queryClient: QueryClient, uid: number, input: { ids: string[] } | { all: true }) {
  const answer = await api.call(messageReadBatch, { query: 'all' in input ? { all: '1' } : { message_ids: input.ids.join(',') }, body: {} });
  queryClient.setQueryData(messagesKeys.unread(uid), { count: answer.unread_count });
  void queryClient.invalidateQueries({ queryKey: ['messages', 'list', uid] });
  void queryClient.invalidateQueries({ queryKey: ['messages', 'detail', uid] });
  return answer;
}

export function useReadMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: { ids: string[] } | { all: true }) => messagesRead(queryClient, uid, input) });
}

/** Spec §4: the bar is emptied and marked closed only when the server answers dm_error 0 (the call throws otherwise). */
export function useTopBarCloseMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(messageTopBarClose),
    onSuccess: () => {
      queryClient.setQueriesData<EndpointData<typeof messageList>>({ queryKey: ['messages', 'topBar', uid] }, (data) =>
        data ? { ...data, top_bar_closed: 1, message_list: [] } : data,
      );
    },
  });
}
