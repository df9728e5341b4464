/**
 * The filter of the A–Z filter's match page (/az-filter-match, spec §2): one team's, one league's or one sport's
 * live and upcoming matches. It travels in the page's query (`teamId=12&name=…`, `leagueId=…`, `sportId=1`) so a
 * reload or a shared link keeps it; the name is carried only to title the page before the list answers.
 * No imports: the paths module builds its links with `matchFilterQuery`.
 */

export type MatchFilterBy = 'team' | 'league' | 'sport';

export interface MatchFilter {
  by: MatchFilterBy;
  id: number;
  /** The team's or league's name as the link knew it; the page prefers the name the matches carry. */
  name?: string;
}

const PARAM_OF: Readonly<Record<MatchFilterBy, string>> = { team: 'teamId', league: 'leagueId', sport: 'sportId' };
/** Sport ids the feed covers (contract SPORT_IDS), checked here so a hand-edited link gets the not-found state. */
const SPORT_IDS_KNOWN: readonly number[] = [1, 3, 5, 13, 15];
const ID_MAX = 1_000_000_000;
/** Names longer than this in a link are cut: they only title the page until the list arrives. */
const NAME_LENGTH_MAX = 80;

/** The query string of a filter, without the leading "?". */
export function matchFilterQuery(filter: MatchFilter): string {
  const query = new URLSearchParams({ [PARAM_OF[filter.by]]: String(filter.id) });
  if (filter.name) query.set('name', filter.name.slice(0, NAME_LENGTH_MAX));
  return query.toString();
}

/** The filter a page's query names; undefined when none or not a valid id (the page shows its not-found state). */
export function matchFilterParse(query: URLSearchParams): MatchFilter | undefined {
  const name = query.get('name')?.trim().slice(0, NAME_LENGTH_MAX) || undefined;
  for (const by of ['team', 'league', 'sport'] as const) {
    const text = query.get(PARAM_OF[by]);
    if (text === null) continue;
    if (!/^\d{1,10}$/.test(text)) return undefined;
    const id = Number(text);
    if (id < 1 || id > ID_MAX || (by === 'sport' && !SPORT_IDS_KNOWN.includes(id))) return undefined;
    return name ? { by, id, name } : { by, id };
  }
  return undefined;
}
