import { azFilterMatchHref, azFilterSearchHref } from '../shared/paths/paths.ts';
import type { SearchLinks } from '../features/sports/ui/search-view.tsx';

/** Where the A–Z filter pages lead: a team, league or sport to its matches (/az-filter-match), a keyword to its results. */
export const AZ_FILTER_LINKS: SearchLinks = {
  leagueHref: (leagueId, name) => azFilterMatchHref({ by: 'league', id: leagueId, name }),
  teamHref: (team) => azFilterMatchHref({ by: 'team', id: team.id, name: team.na }),
  sportHref: (sportId) => azFilterMatchHref({ by: 'sport', id: sportId }),
  resultsHref: azFilterSearchHref,
};
