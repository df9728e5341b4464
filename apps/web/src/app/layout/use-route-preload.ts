import { TIMERS } from '@piranha/domain';
import { useEffect } from 'react';
import { preloadOrder, ROUTES } from '../routes.ts';

/** Spec §2: 20 s after load, fetch the tagged pages' chunks one after another, so later taps are instant. */
export function useRoutePreload(): void {
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      for (const route of preloadOrder(ROUTES)) {
        if (cancelled) return;
        await route.load().catch(() => undefined);
      }
    }, TIMERS.preloadAfterMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
}
