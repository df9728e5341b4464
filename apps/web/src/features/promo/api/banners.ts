import { bannerList } from '@piranha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';

export const promoKeys = { banners: (source: string, language: string) => ['promo', 'banners', source, language] as const };

export function bannersQueryOptions(source: string, language: string) {
  return queryOptions({ queryKey: promoKeys.banners(source, language), queryFn: () => api.call(bannerList, { query: { source } }), staleTime: 60_000 });
}

export function useBannersQuery(source: string, language: string) {
  return useQuery(bannersQueryOptions(source, language));
}
