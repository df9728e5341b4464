import { ApiError, areaCheck, ERRORS } from '@piranha/contract';
import { useQuery } from '@tanstack/react-query';
import { localeForCountry } from '@piranha/domain';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate } from 'react-router';
import { paths } from '../../shared/paths/paths.ts';
import { api } from '../../shared/api/api.ts';
import { languageChange, languageChosen } from '../../shared/i18n/i18n.ts';
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
  const { i18n } = useTranslation();
  const { data, error } = useQuery({
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
    const blocked = error instanceof ApiError && error.dmError === ERRORS.FORBIDDEN.code;
    // A banned brand shows the guide page to everyone, whatever their country.
    if ((blocked || variantCurrent().flags.banned) && shellKind() !== 'native') navigate(paths.forbidden, { replace: true });
  }, [error, navigate]);
  useEffect(() => {
    // Spec §9 language by country: a visitor from another country than the brand's reads their own language,
    // until they pick one themselves.
    if (!data || languageChosen() || data.country_code === variantCurrent().country) return;
    const locale = localeForCountry(data.country_code);
    if (locale !== i18n.language) void languageChange(locale, { remember: false });
  }, [data, i18n.language]);
  return null;
}
