import { ApiError, areaCheck, ERRORS } from '@piranha/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/api.ts';
import { shellKind } from '../../shared/shell.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { systemKeys } from './api/global-config.ts';

/**
 * Spec §4 area check: a 403 sends the player to /forbidden, unless inside the native shell (the store app
 * has its own rules). Any other failure falls back to the brand's own country, so a flaky network never
 * locks a player out.
 */
export function AreaCheck() {
  const navigate = useNavigate();
  const { error } = useQuery({
    queryKey: systemKeys.area,
    queryFn: async () => {
      try {
        return await api.call(areaCheck);
      } catch (failure) {
        if (failure instanceof ApiError && failure.dmError === ERRORS.FORBIDDEN.code) throw failure;
        return { country_code: variantCurrent().country };
      }
    },
    staleTime: Infinity,
  });
  useEffect(() => {
    if (error instanceof ApiError && error.dmError === ERRORS.FORBIDDEN.code && shellKind() !== 'native') navigate('/forbidden', { replace: true });
  }, [error, navigate]);
  return null;
}
