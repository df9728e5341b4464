import { globalStatusTarget } from '@piranha/domain';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../shared/router/router.tsx';
import { useGlobalConfigQuery } from './api/global-config.ts';

/** Spec §4: every 10 s, maintenance sends players to /error (type 3), news to /news, and normal lets them out of /error. */
export function GlobalStatusPoll() {
  const { data } = useGlobalConfigQuery();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!data) return;
    const target = globalStatusTarget(data.global_stats, pathname);
    if (target) navigate(target, { replace: true });
  }, [data, pathname, navigate]);
  return null;
}
