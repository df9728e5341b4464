import { bannerList, type Banner } from '@piranha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryClient } from '../../../shared/api/api.ts';
import { i18nReady, languageBooting } from '../../../shared/i18n/i18n.ts';
import { pageData } from '../../../shared/page-data.ts';

export const promoKeys = { banners: (source: string, language: string) => ['promo', 'banners', source, language] as const };

export function bannersQueryOptions(source: string, language: string) {
  return queryOptions({ queryKey: promoKeys.banners(source, language), queryFn: () => api.call(bannerList, { query: { source } }), staleTime: 60_000 });
}

export function useBannersQuery(source: string, language: string) {
  return useQuery(bannersQueryOptions(source, language));
}

/**
 * Asks the browser for the first banner's image as soon as the list is known, before the carousel has drawn it: it is
 * the first screen's largest element (its LCP), and drawing the page first put a render between the two.
 */
function firstBannerPreload(banners: Banner[] | undefined): void {
  const first = banners?.[0]?.info;
  if (!first || document.querySelector(`link[rel="preload"][href="${CSS.escape(first)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = first;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * The banners the server drew the static first screen with (decision 078: the page's `#fs-data`, the banner
 * endpoint's answer for each lobby in the page's language, read when the page was served) become the query's first
 * answer: React's first commit then draws the same banner the static screen showed, with no skeleton between them
 * and no second request. Only for the page's language and only when the query has no answer yet; anything the
 * contract would refuse is ignored (the query then asks the API as before).
 */
export function firstScreenBannersSeed(source: string, language: string): void {
  const data = pageData();
  if (data?.lang !== language) return;
  const parsed = bannerList.data.safeParse({ list: data.banners?.[source] });
  const { queryKey } = bannersQueryOptions(source, language);
  if (parsed.success && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, parsed.data);
}

/**
 * Asks for a page's banners as soon as the page's module runs, beside the language catalogue (the language boot is
 * loading is already known), then for the first banner's image: the first banner is the largest thing on the first
 * screen (its LCP element), so neither request should wait for the page's first commit.
 */
export function bannersPrefetch(source: string): void {
  const languageKnown = languageBooting() ? Promise.resolve() : i18nReady();
  void languageKnown.then(async () => {
    firstScreenBannersSeed(source, languageBooting());
    const options = bannersQueryOptions(source, languageBooting());
    await queryClient.prefetchQuery(options);
    firstBannerPreload(queryClient.getQueryData(options.queryKey)?.list);
  });
}
