import { ApiError, areaCheck, ERRORS } from '@piranha/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { api } from '../../shared/api/api.ts';
import { languageChange, languageChosen } from '../../shared/i18n/i18n.ts';
import { shellKind } from '../../shared/shell.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { areaStaticLoad, regionLanguage } from '../../shared/cdn/cdn-static.ts';
import { systemKeys } from './api/global-config.ts';
import { useDynconfig } from '../../shared/dynconfig.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';

/**
 * Spec §4 area check: a 403 sends the player to /forbidden, unless inside the native shell (the store app
 * has its own rules) — which the server decides on the shell's proof, so a 403 here means /forbidden everywhere.
 * Any other failure falls back to the brand's own country, so a flaky network never locks a player out.
 */
export function AreaCheck() {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const { data, error } = useQuery({
    queryKey: systemKeys.area,
    queryFn: async () => {
      try {
        // Inside the native shell, the shell's signed proof (decision 062; loaded there only).
        const headers =
          shellKind() === 'native'
            ? await import('../../shared/native-shell/area-proof.ts').then((module) => module.areaProofHeaders(variantCurrent().appKey))
            : {};
        return await api.call(areaCheck, { headers });
      } catch (failure) {
        if (failure instanceof ApiError && failure.dmError === ERRORS.FORBIDDEN.code) throw failure;
        return { country_code: variantCurrent().country };
      }
    },
    staleTime: Infinity,
  });
  const signedIn = useSessionStore((state) => state.login !== undefined);
  useEffect(() => {
    const blocked = error instanceof ApiError && error.dmError === ERRORS.FORBIDDEN.code;
    // A closed market's brand (decision 049) keeps a signed-in player in: they may still see their history and
    // withdraw their balance (the server refuses everything else). Everyone else reads the guide page.
    const closedMarket = blocked && (error.data as { field?: string } | null)?.field === 'market';
    if (closedMarket && signedIn) return;
    // The server decides who the area check lets through (a native shell proves itself, decision 062); a banned brand
    // shows the guide page (to download its app) to everyone but the app itself.
    if (blocked || (variantCurrent().flags.banned && shellKind() !== 'native')) navigate(paths.forbidden, { replace: true });
  }, [error, navigate, signedIn]);
  // The operator's regionDefaultLang (dynconfig global_config) and the area document decide the language of a
  // country before the built-in table; the area document is only fetched for a visitor from another country.
  const foreign = Boolean(data && data.country_code !== variantCurrent().country && !languageChosen());
  const area = useQuery({ queryKey: systemKeys.areaStatic, queryFn: () => areaStaticLoad().then((doc) => doc ?? null), staleTime: Infinity, enabled: foreign });
  const globalConfig = useDynconfig('global_config');
  useEffect(() => {
    // Spec §9 language by country: a visitor from another country than the brand's reads their own language,
    // until they pick one themselves. Each source that cannot load falls back to the next (cdn-static.ts).
    if (!data || !foreign || area.isPending) return;
    const locale = regionLanguage(data.country_code, globalConfig?.switch === 1 ? globalConfig.configs.regionDefaultLang : undefined, area.data ?? undefined);
    if (locale !== i18n.language) void languageChange(locale, { remember: false });
  }, [data, foreign, area.isPending, area.data, globalConfig, i18n.language]);
  return null;
}
