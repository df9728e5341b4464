import { bannerList } from '@piranha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { i18n } from '../../../shared/i18n/translate.ts';
import { api, queryClient } from '../../../shared/api/api.ts';
import { i18nReady } from '../../../shared/i18n/i18n.ts';

export const promoKeys = { banners: (source: string, language: string) => ['promo', 'banners', source, language] as const };

export function bannersQueryOptions(source: string, language: string) {
  return queryOptions({ queryKey: promoKeys.banners(source, language), queryFn: () => api.call(bannerList, { query: { source } }), staleTime: 60_000 });
}

export function useBannersQuery(source: string, language: string) {
  return useQuery(bannersQueryOptions(source, language));
}

/**
 * Asks for a page's banners as soon as the language is known, before the page has rendered: the first banner is the
 * largest thing on the first screen (its LCP element), so its request should not wait for the page's first commit.
 */
export function bannersPrefetch(source: string): void {
  void i18nReady().then(() => queryClient.prefetchQuery(bannersQueryOptions(source, i18n.language)));
}
