import { useEffect } from 'react';
import { useLocation } from '../router/router.tsx';
import { track } from './track.ts';

/** One `page_view` per route the player opens (the path only: no query, which may carry codes or ids). */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page_view', { page: pathname.slice(0, 128) });
  }, [pathname]);
  return null;
}
