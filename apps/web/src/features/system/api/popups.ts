import { popupList } from '@piranha/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryClient } from '../../../shared/api/api.ts';
import { pageData } from '../../../shared/page-data.ts';
import { systemKeys } from './global-config.ts';

/**
 * The pop-up list (spec §4) of a player: the operator's pop-ups, and signed in also the player's pop-up messages
 * (decision 028), so it is asked for again for each player (`uid`, 0 for a visitor). Kept until invalidated.
 */
export function popupsQueryOptions(uid: number) {
  return queryOptions({ queryKey: [...systemKeys.popups, uid], queryFn: () => api.call(popupList), staleTime: Infinity });
}

export function usePopupsQuery(uid: number) {
  return useQuery(popupsQueryOptions(uid));
}

/**
 * A visitor's pop-up list as the server read it when it served the page (decision 080: the page's `#fs-data`, the
 * `popup` endpoint's answer for a visitor of the brand in the page's language) becomes the visitor's (uid 0) pop-up
 * query's first answer: the welcome pop-up is then in the app's first render, on every route, with no request. Only
 * for the page's language and only when the query has no answer yet; anything the contract would refuse is ignored
 * (the query then asks the API as before). A signed-in player's list (it holds their pop-up messages) is never seeded.
 */
export function firstScreenPopupsSeed(language: string): void {
  const data = pageData();
  if (data?.lang !== language) return;
  const parsed = popupList.data.safeParse({ list: data.popups });
  const { queryKey } = popupsQueryOptions(0);
  if (parsed.success && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, parsed.data);
}
