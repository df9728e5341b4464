import { redPointClick, tabPromptListV2, type TabKey } from '@piranha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';

/** Red dots change rarely: a minute of freshness, refetched when the player signs in or out. */
const TAB_PROMPT_STALE_MS = 60_000;

export const tabPromptKeys = { list: (uid: number) => ['tab-prompt', uid] as const };

export function tabPromptQueryOptions(uid: number) {
  return queryOptions({ queryKey: tabPromptKeys.list(uid), queryFn: () => api.call(tabPromptListV2), staleTime: TAB_PROMPT_STALE_MS });
}

/** The footer tabs that carry a red dot (v2/tab_prompt, so each dot can say why). */
export function useRedPoints(): { has: (tab: TabKey) => boolean; textOf: (tab: TabKey) => string | undefined } {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const { data } = useQuery(tabPromptQueryOptions(uid));
  const list = data?.list ?? [];
  return {
    has: (tab) => list.some((prompt) => prompt.tab_key === tab),
    textOf: (tab) => list.find((prompt) => prompt.tab_key === tab && prompt.text)?.text,
  };
}

/** Opening a tab clears its dots: at once on screen, and for good on the server. */
export function useRedPointClickMutation() {
  const queryClient = useQueryClient();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  return useMutation({
    mutationFn: (tab: TabKey) => api.call(redPointClick, { body: { tab_key: tab } }),
    onMutate: (tab) => {
      queryClient.setQueryData(tabPromptQueryOptions(uid).queryKey, (old) => (old ? { list: old.list.filter((prompt) => prompt.tab_key !== tab) } : old));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tabPromptKeys.list(uid) }),
  });
}
