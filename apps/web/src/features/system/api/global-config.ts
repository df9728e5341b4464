import { globalConfigGet } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

export const systemKeys = {
  global: ['system', 'global'] as const,
  area: ['system', 'area'] as const,
  dynconfig: ['system', 'dynconfig'] as const,
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
