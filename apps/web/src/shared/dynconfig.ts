import { DYNCONFIG_KEYS, dynconfigGet, type DynconfigEntry, type DynconfigKey } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/api.ts';

/** The query key of the dynamic configs (features/system reads it as systemKeys.dynconfig). */
export const DYNCONFIG_QUERY_KEY = ['system', 'dynconfig'] as const;

/** Every dynconfig key, loaded once per visit; a failed load is retried every 5 s until it succeeds (spec §8). */
export function dynconfigQueryOptions() {
  return queryOptions({
    queryKey: DYNCONFIG_QUERY_KEY,
    queryFn: () => api.call(dynconfigGet, { body: { keys: [...DYNCONFIG_KEYS] } }),
    retry: true,
    retryDelay: TIMERS.dynconfigRetryMs,
    staleTime: Infinity,
  });
}

/** One config's entry for this player, or undefined while loading (callers keep their default until then). */
export function useDynconfig(key: DynconfigKey): DynconfigEntry | undefined {
  const { data } = useQuery(dynconfigQueryOptions());
  return data?.configs.find((entry) => entry.key === key);
}
