import { globalConfigGet } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { DYNCONFIG_QUERY_KEY } from '../../../shared/dynconfig.ts';

export const systemKeys = {
  global: ['system', 'global'] as const,
  area: ['system', 'area'] as const,
  dynconfig: DYNCONFIG_QUERY_KEY,
  areaStatic: ['system', 'area-static'] as const,
  homeStatic: (group: string, ui: number) => ['system', 'home-static', group, ui] as const,
  popups: ['system', 'popups'] as const,
};

export function globalConfigQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.global,
    queryFn: () => api.call(globalConfigGet),
    refetchInterval: TIMERS.globalStatusPollMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export function useGlobalConfigQuery() {
  return useQuery(globalConfigQueryOptions());
}
