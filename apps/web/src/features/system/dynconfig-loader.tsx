import { DYNCONFIG_KEYS, dynconfigGet } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/api.ts';
import { STORAGE_KEYS, storageRemove, storageSet } from '../../shared/storage.ts';
import { track } from '../../shared/tracking/track.ts';
import { systemKeys } from './api/global-config.ts';

/**
 * Loads the dynamic configs once per visit; a failed load is retried every 5 s until it succeeds (spec §8).
 * Remembers the UI v3 arm and any API host override for the next start, and records each A/B arm the server
 * assigned as an `ab_assigned` event (decision 030), so an experiment's result can be read from the funnel.
 */
export function DynconfigLoader() {
  const { data } = useQuery({
    queryKey: systemKeys.dynconfig,
    queryFn: () => api.call(dynconfigGet, { body: { keys: [...DYNCONFIG_KEYS] } }),
    retry: true,
    retryDelay: TIMERS.dynconfigRetryMs,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (!data) return;
    for (const entry of data.configs) if (entry.key.endsWith('_ab')) track('ab_assigned', { key: entry.key, arm: entry.result.slice(0, 16) });
    const uiV3 = data.configs.find((entry) => entry.key === 'ui_v3_ab');
    if (uiV3) storageSet(STORAGE_KEYS.uiV3, uiV3.switch === 1);
    const apiHost = data.configs.find((entry) => entry.configs.api_host)?.configs.api_host;
    if (apiHost) storageSet(STORAGE_KEYS.apiHost, apiHost);
    else storageRemove(STORAGE_KEYS.apiHost);
  }, [data]);
  return null;
}
