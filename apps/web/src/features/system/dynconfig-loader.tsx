import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hostAllowed } from '../../shared/hosts/host-allow.ts';
import { STORAGE_KEYS, storageRemove, storageSet } from '../../shared/storage.ts';
import { track } from '../../shared/tracking/track.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { domainChangeFollow, domainChangeTarget } from './domain-change.ts';
import { dynconfigQueryOptions } from '../../shared/dynconfig.ts';

/**
 * Loads the dynamic configs once per visit (dynconfig.ts) and applies those that act at once (decision 033):
 * - every key's assignment (A/B arm, or on/off of a switch) is recorded as an `ab_assigned` event, so each
 *   experiment's result can be read from the funnel;
 * - the UI v3 arm is remembered for the next start;
 * - api_host and maidian_host are kept only when on the allow-list (shared/hosts/host-allow.ts), else forgotten;
 * - domain_change, when on, moves the player to the new domain with their session (domain-change.ts).
 * The other keys are read where they apply (useDynconfig): global_config in the area check, vip_club and task_ab in
 * the loyalty links, login_optimisation_ab on the login page; sms_switch is honoured by the server.
 */
export function DynconfigLoader() {
  const { data } = useQuery(dynconfigQueryOptions());
  useEffect(() => {
    if (!data) return;
    for (const entry of data.configs) track('ab_assigned', { key: entry.key, arm: entry.result.slice(0, 16) });
    const uiV3 = data.configs.find((entry) => entry.key === 'ui_v3_ab');
    if (uiV3) storageSet(STORAGE_KEYS.uiV3, uiV3.switch === 1);
    const officialDomain = variantCurrent().officialDomain;
    const hostKept = (key: typeof STORAGE_KEYS.apiHost | typeof STORAGE_KEYS.trackingHost, name: 'api_host' | 'maidian_host') => {
      const host = data.configs.find((entry) => entry.configs[name])?.configs[name];
      if (hostAllowed(host, window.location, officialDomain)) storageSet(key, host);
      else storageRemove(key);
    };
    hostKept(STORAGE_KEYS.apiHost, 'api_host');
    hostKept(STORAGE_KEYS.trackingHost, 'maidian_host');
    const target = domainChangeTarget(
      data.configs.find((entry) => entry.key === 'domain_change'),
      window.location,
    );
    if (target) void domainChangeFollow(target, window.location);
  }, [data]);
  return null;
}
