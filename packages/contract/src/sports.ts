import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Sports: the match lists, match detail and latest odds the sports pages read (spec §3 Match, Odds option, Match list
 * response; §4 Match list, market groups, home tab; §7 Sports; §9 page limits). Field names and codes are the FB
 * feed's (reference/betting.md §1). Odds `od` are decimal numbers (1.85), negative while the market is locked.
 */

const noBody = described(z.undefined(), 'No body');

/** Sport ids the feed covers (FB `sid`). */
export const SPORT_IDS = { soccer: 1, basketball: 3, tennis: 5, volleyball: 13, tableTennis: 15 } as const;
export type SportIdWire = (typeof SPORT_IDS)[keyof typeof SPORT_IDS];

/** Sport keys, as the A–Z tabs (`conf/az_tab`) name them; the sub-tabs of a type-1 home tab. */
export const SPORT_KEYS = ['soccer', 'basketball', 'tennis', 'volleyball', 'table_tennis'] as const;
export type SportKeyWire = (typeof SPORT_KEYS)[number];
export const SPORT_ID_OF_KEY: Readonly<Record<SportKeyWire, SportIdWire>> = {
  soccer: 1,
  basketball: 3,
  tennis: 5,
  volleyball: 13,
  table_tennis: 15,
};

/** Match status `ms`: 0 ended, 4 not started, 5 live (the simulator uses no other; FB also has 1–3, 6–8). */
export const MATCH_STATUS = { ended: 0, notStarted: 4, live: 5 } as const;

/** Sale status of a market `ss`: 1 open, 0 suspended (odds locked), −1 closed. */
export const SALE_STATUS = { open: 1, suspended: 0, closed: -1 } as const;

/**
 * Selection type `ty` (reference/betting.md §1): 1 home, 2 away, 3 draw, 4 over, 5 under, 8 yes, 9 no. Double chance
 * (which FB leaves unnamed) uses 10 home or draw, 11 home or away, 12 draw or away. Correct scores use
 * 100 + 10 × home + away (0–4 goals each, name "h-a") and 249 "other" for any score with a team above 4. Market
 * type codes `mty` are sport id × 1000 + n. The domain owns the codes (it prices by them); the wire names them here.
 */
export { correctScoreType as correctScoreSelectionType, marketTypes as MARKET_TYPES, selectionTypes as SELECTION_TYPES } from '@piranha/domain';

/** Spec §4: match-detail groups of these types go first (the main result market of each sport). */
export const PINNED_MARKET_TYPES = [1005, 3004, 5001, 13001, 6003, 19002, 15001, 2007, 7003, 177003] as const;

/** Spec §9: match lists hold at most 50 records; pages of 10; the first fetch takes 5. */
export const MATCH_LIST_CAP = 50;
export const MATCH_PAGE_LIMIT = 10;
export const MATCH_FIRST_PAGE_SIZE = 5;
/** At most this many ids in one get_by_ids or latest-odds call. */
export const MATCH_IDS_MAX = 50;

/**
 * Home sport tabs (spec §2, §4). Type 1 tabs (InPlay, Live) have sport sub-tabs (`sport_key`); type 2 tabs (one
 * sport each) have league sub-tabs (`league_id`). InPlay, the main home tab, holds at most 3 live matches and then
 * upcoming ones; Live holds only live matches.
 */
export const HOME_TAB_KEYS = ['InPlay', 'Live', 'Soccer', 'BasketBall', 'Tennis', 'TableTennis', 'Volleyball'] as const;
export type HomeTabKey = (typeof HOME_TAB_KEYS)[number];
export const HOME_TAB_SPORT: Readonly<Partial<Record<HomeTabKey, SportKeyWire>>> = {
  Soccer: 'soccer',
  BasketBall: 'basketball',
  Tennis: 'tennis',
  TableTennis: 'table_tennis',
  Volleyball: 'volleyball',
};
/** The main home tab shows at most this many live matches before the upcoming ones. */
export const HOME_TAB_LIVE_MAX = 3;

const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);

/** An integer sent in a query string (a string of digits) or in JSON (a number). */
function queryInteger(description: string, bounds: { min?: number; max?: number } = {}) {
  return z.pipe(
    z.pipe(
      z.union([z.string().check(z.maxLength(16), z.regex(/^-?\d+$/)), z.number()]),
      z.transform((value) => Number(value)),
    ),
    integer(description, bounds),
  );
}

/** Comma-separated match ids in a query string, 1 to 50 of them: "100001,100002". */
const matchIdsQuery = deferred(() =>
  described(
    z
      .pipe(
        z.string().check(z.maxLength(MATCH_IDS_MAX * 13), z.regex(/^\d{1,12}(,\d{1,12})*$/)),
        z.transform((value) => value.split(',').map(Number)),
      )
      .check(z.refine((ids) => ids.length <= MATCH_IDS_MAX, { message: 'too_many_ids' })),
    `Comma-separated match ids, 1 to ${MATCH_IDS_MAX}`,
  ),
);

const cursorQuery = deferred(() =>
  z.optional(queryInteger('Offset of the first record to return; 0 or absent for the first page', { min: 0, max: 1_000_000 })),
);
const pageLimitQuery = deferred(() =>
  z.optional(queryInteger(`Records per page, 1–${MATCH_LIST_CAP}; default ${MATCH_PAGE_LIMIT}`, { min: 1, max: MATCH_LIST_CAP })),
);
const sportIdQuery = deferred(() =>
  z.optional(
    described(
      z.pipe(queryInteger('Sport id'), z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(13), z.literal(15)])),
      'Sport id: 1 soccer, 3 basketball, 5 tennis, 13 volleyball, 15 table tennis',
    ),
  ),
);
const leagueIdQuery = deferred(() => z.optional(queryInteger('League id', { min: 1, max: 1_000_000_000 })));
const teamIdQuery = deferred(() => z.optional(queryInteger('Team or player id: only the matches it plays in, home or away', { min: 1, max: 1_000_000_000 })));

// ---- Wire shapes --------------------------------------------------------------------------------------------------

function leagueShape() {
  return {
    id: integer('League id'),
    na: described(z.string(), 'League name'),
    or: integer('Display order within the sport; lower first'),
    lurl: described(z.string(), 'League logo URL'),
    sid: integer('Sport id'),
    rid: integer('Region id'),
    rnm: described(z.string(), 'Region name'),
  };
}
export const leagueSchema = deferred(() => z.object(leagueShape()));
export type League = z.infer<typeof leagueSchema>;

function teamShape() {
  return {
    id: integer('Team or player id'),
    na: described(z.string(), 'Team or player name'),
    lurl: described(z.string(), 'Logo URL'),
  };
}
export const teamSchema = deferred(() => z.object(teamShape()));
export type Team = z.infer<typeof teamSchema>;

export const oddsOptionSchema = deferred(() =>
  z.object({
    ty: integer('Selection type: 1 home, 2 away, 3 draw, 4 over, 5 under, 8 yes, 9 no, 10–12 double chance, 100–249 correct score'),
    od: described(z.number(), 'Decimal odds (1.85); negative while locked (market suspended)'),
    nm: described(z.string(), 'Short name: 1, X, 2, Over, Under, Yes, No, 1X, 12, X2, h-a'),
    na: described(z.string(), 'Full name: the team, Draw, Over 2.5, Home −0.25 …'),
    li: described(z.string(), 'Line of this selection, signed for handicaps ("-0.25", "+0.25", "2.5"); empty when none'),
  }),
);
export type OddsOption = z.infer<typeof oddsOptionSchema>;

export const marketSchema = deferred(() =>
  z.object({
    id: integer('Market id: stable for a match, type, period and line; the bet slip sends it back as marketId'),
    ss: described(z.union([z.literal(1), z.literal(0), z.literal(-1)]), 'Sale status: 1 open, 0 suspended (odds locked), −1 closed'),
    au: z.optional(flag('1 when allowed in multiples')),
    li: z.optional(described(z.string(), 'Line text of the market (handicap given to home, or the total); empty when none')),
    op: z.optional(described(z.array(oddsOptionSchema), 'Options; absent when the market is closed')),
  }),
);
export type Market = z.infer<typeof marketSchema>;

export const marketGroupSchema = deferred(() =>
  z.object({
    mty: integer('Market type: sport id × 1000 + n (1005 1X2, 1000 Asian handicap, 1007 over/under …)'),
    pe: integer('Market period: 1001 full time, 1002 first half, 3001 game incl. OT, 5001 match …'),
    nm: described(z.string(), 'Market name in English; label by mty in the UI'),
    mks: described(z.array(marketSchema), 'Markets of the group, one per line, main line first'),
  }),
);
export type MarketGroup = z.infer<typeof marketGroupSchema>;

export const matchClockSchema = deferred(() =>
  z.object({
    s: integer('Clock seconds at the time of the answer: elapsed (tp 1) or remaining in the period (tp 2)'),
    r: described(z.boolean(), 'True while the clock runs'),
    tp: described(z.union([z.literal(1), z.literal(2)]), '1 counts up, 2 counts down'),
    pe: integer(
      'Live period: soccer 1001 not started, 1002 1st half, 1003 half time, 1004 2nd half, 1005 ended; basketball 3005/3007/3009/3011 quarters, 3012 OT; tennis 5002… sets, 5011 ended',
    ),
    itd: integer('Injury (stoppage) minutes announced for the period'),
  }),
);
export type MatchClockWire = z.infer<typeof matchClockSchema>;

export const scoreGroupSchema = deferred(() =>
  z.object({
    pe: integer(
      'Period of the score: sport id × 1000 + 1 for the match (sets won in tennis, volleyball, table tennis), then 1002 1st half, 3005 Q1, 5002 set 1 …',
    ),
    tyg: integer('Score kind: 5 goals/points'),
    sc: described(z.tuple([z.number(), z.number()]), '[home, away]'),
  }),
);
export type ScoreGroup = z.infer<typeof scoreGroupSchema>;

export const matchSchema = deferred(() =>
  z.object({
    id: integer('Match id'),
    sid: integer('Sport id'),
    ty: integer('Match type: 2 match'),
    lg: leagueSchema,
    nm: described(z.string(), 'Match name, "Home vs Away"'),
    ts: described(z.tuple([teamSchema, teamSchema]), '[home, away]'),
    bt: integer('Start time, epoch ms'),
    ms: described(z.union([z.literal(0), z.literal(4), z.literal(5)]), 'Status: 0 ended, 4 not started, 5 live'),
    nsg: described(z.array(scoreGroupSchema), 'Scores: the match first, then by period; empty before kick-off'),
    mc: matchClockSchema,
    is_hot: flag('1 for a featured match'),
    tms: integer('Number of open or suspended markets'),
    mg: described(z.array(marketGroupSchema), 'Market groups: in lists the main ones only (1X2 or winner, main total); in detail all, pinned types first'),
    incr_cursor: integer('Feed version of the last change to this match (score, status, markets); get_new returns matches changed after a cursor'),
  }),
);
export type Match = z.infer<typeof matchSchema>;

/** Spec §3 "Match list response". */
function matchPageShape() {
  return {
    records: z.array(matchSchema),
    cursor: integer('Cursor of the next page (offset); send it back for more'),
    has_more: flag('1 when another page exists; 0 at the end or once the list reaches 50 records'),
  };
}
export const matchPageSchema = deferred(() => z.object(matchPageShape()));
export type MatchPage = z.infer<typeof matchPageSchema>;

/** What the latest-odds poll answers per match: everything that moves, nothing that does not. */
export const matchOddsSchema = deferred(() =>
  z.object({
    id: integer('Match id'),
    ms: described(z.union([z.literal(0), z.literal(4), z.literal(5)]), 'Status: 0 ended, 4 not started, 5 live'),
    mc: matchClockSchema,
    nsg: z.array(scoreGroupSchema),
    tms: integer('Number of open or suspended markets'),
    mg: described(z.array(marketGroupSchema), 'Main groups, or every group with detail=1'),
    incr_cursor: z.optional(
      integer(
        'Feed version of the last change to this match, as in the lists: of two copies the greater is the newer, whichever server node gave it. Optional: a node of an earlier build (a rolling deploy) answers without it, and the page then takes its copy',
      ),
    ),
  }),
);
export type MatchOdds = z.infer<typeof matchOddsSchema>;

export const leagueWithCountsSchema = deferred(() =>
  z.object({
    ...leagueShape(),
    live_count: integer('Matches live now'),
    upcoming_count: integer('Matches not started yet (next 7 days)'),
  }),
);
export type LeagueWithCounts = z.infer<typeof leagueWithCountsSchema>;

export const matchResultSchema = deferred(() =>
  z.object({
    id: integer('Match id'),
    sid: integer('Sport id'),
    lg: leagueSchema,
    nm: described(z.string(), 'Match name'),
    ts: z.tuple([teamSchema, teamSchema]),
    bt: integer('Start time, epoch ms'),
    et: integer('End time, epoch ms'),
    nsg: described(z.array(scoreGroupSchema), 'Final score first (pe sid×1000+1), then per period'),
  }),
);
export type MatchResultWire = z.infer<typeof matchResultSchema>;

// ---- Endpoints ----------------------------------------------------------------------------------------------------

/** Spec §7: the match list of a home tab, paged (§9: page_limit 10, first size 5, cap 50). */
export const matchGetList = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/fb/proxy/v1/match/getList',
  host: 'main',
  auth: 'none',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: z.strictObject({
    tab_key: described(z.pipe(z.string(), z.enum(HOME_TAB_KEYS)), 'Home tab: InPlay, Live, Soccer, BasketBall, Tennis, TableTennis, Volleyball'),
    sport_key: z.optional(described(z.pipe(z.string(), z.enum(SPORT_KEYS)), 'Sport sub-tab of a type-1 tab (InPlay, Live)')),
    league_id: z.optional(integer('League sub-tab of a type-2 tab', { min: 1 })),
    cursor: z.optional(integer('Offset of the first record; 0 or absent for the first page', { min: 0, max: MATCH_LIST_CAP })),
    page_limit: z.optional(integer(`Records per page, 1–${MATCH_LIST_CAP}; default ${MATCH_PAGE_LIMIT}`, { min: 1, max: MATCH_LIST_CAP })),
    size: z.optional(integer(`Records of this fetch, overriding page_limit (the first fetch asks ${MATCH_FIRST_PAGE_SIZE})`, { min: 1, max: MATCH_LIST_CAP })),
    lca_lang: z.optional(text(16, 'Language of names')),
  }),
  data: matchPageSchema,
}));

/** Spec §7 getMatchDetail: one match with every market group, the pinned types first. */
export const matchGetDetail = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/fb/proxy/v1/match/getMatchDetail',
  host: 'main',
  auth: 'none',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: z.strictObject({
    match_id: integer('Match id', { min: 1 }),
    lca_lang: z.optional(text(16, 'Language of names')),
  }),
  data: matchSchema,
}));

/**
 * Spec §7 list/get: matches by sport, league, team and status, with the cursor for get_new. The A–Z filter's
 * match page (/az-filter-match) reads one team's, one league's or one sport's matches here.
 */
export const matchListGet = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/list/get',
  host: 'main',
  auth: 'none',
  query: z.object({
    sport_id: sportIdQuery,
    league_id: leagueIdQuery,
    team_id: teamIdQuery,
    status: z.optional(described(z.enum(['all', 'live', 'upcoming']), 'all (default), live or upcoming')),
    cursor: cursorQuery,
    page_limit: pageLimitQuery,
  }),
  body: noBody,
  data: z.object({
    ...matchPageShape(),
    incr_cursor: integer('Feed version now: pass it to get_new to receive later changes'),
  }),
}));

/** Spec §7 get_new: matches changed after an incremental cursor (new, re-priced, scored, started, ended). */
export const matchListGetNew = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/list/get_new',
  host: 'main',
  auth: 'none',
  revalidate: true,
  query: z.object({
    cursor: queryInteger('incr_cursor of the last answer (list/get or get_new)', { min: 0 }),
    sport_id: sportIdQuery,
  }),
  body: noBody,
  data: z.object({
    records: described(z.array(matchSchema), 'Matches changed after the cursor; ended ones carry ms 0 so the client drops them'),
    removed_ids: described(z.array(z.number()), 'Matches gone from the feed since the cursor (ended long ago)'),
    incr_cursor: integer('Cursor to send next time'),
    reset: flag('1 when the cursor is too old or from another feed run: reload the list with list/get'),
  }),
}));

/** Spec §7 by_source: a ready-made list by source (featured, live, today, upcoming). */
export const matchListBySource = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/list/by_source',
  host: 'main',
  auth: 'none',
  query: z.object({
    source: described(z.enum(['hot', 'live', 'today', 'upcoming']), 'hot (featured), live, today (starting today, UTC) or upcoming'),
    sport_id: sportIdQuery,
    cursor: cursorQuery,
    page_limit: pageLimitQuery,
  }),
  body: noBody,
  data: matchPageSchema,
}));

/** Spec §7 get_by_ids: the listed matches (favourites, the bet slip), unknown ids skipped. */
export const matchListGetByIds = endpoint(() => ({
  method: 'POST',
  path: '/api/piranha/v1/match/list/get_by_ids',
  host: 'main',
  auth: 'none',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: z.strictObject({
    match_ids: described(z.array(integer('Match id', { min: 1 })).check(z.minLength(1), z.maxLength(MATCH_IDS_MAX)), `1 to ${MATCH_IDS_MAX} match ids`),
  }),
  data: z.object({ records: described(z.array(matchSchema), 'Known matches in the order asked') }),
}));

/**
 * Latest odds of a set of matches, polled every 2 s for the visible cards (and with detail=1 for an open match).
 * Answers carry an ETag; the typed client sends it back as If-None-Match (`revalidate`) and gets 304 without a body
 * while nothing changed.
 */
export const matchOddsLatest = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/odds/latest',
  host: 'main',
  auth: 'none',
  revalidate: true,
  query: z.object({
    match_ids: matchIdsQuery,
    detail: z.optional(described(z.pipe(queryInteger('detail'), z.union([z.literal(0), z.literal(1)])), '1 for every market group, 0 (default) the main ones')),
  }),
  body: noBody,
  data: z.object({ records: described(z.array(matchOddsSchema), 'Known matches in the order asked') }),
}));

/** Home sport tabs of the brand with their sub-tabs and live counts (spec §2 default tabs, §4 Home tab). */
export const homeTabList = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/tab/list',
  host: 'main',
  auth: 'none',
  query: described(z.object({}), 'No parameters beyond the common ones'),
  body: noBody,
  data: z.object({
    list: z.array(
      z.object({
        tab_key: described(z.enum(HOME_TAB_KEYS), 'Tab key: label it in the UI'),
        type: described(z.union([z.literal(1), z.literal(2)]), '1 sports sub-tabs (sport_key), 2 league sub-tabs (league_id)'),
        count: integer('Matches in the tab'),
        children: z.array(
          z.object({
            key: described(z.string(), 'Sport key (type 1) or league id as text (type 2)'),
            na: described(z.string(), 'League name (type 2) or sport key (type 1)'),
            count: integer('Matches under it'),
          }),
        ),
      }),
    ),
  }),
}));

/** Search teams and leagues as the player types (1–50 characters, case and accents ignored). */
export const matchSearch = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/search',
  host: 'main',
  auth: 'none',
  query: z.object({
    keyword: described(z.string().check(z.minLength(1), z.maxLength(50)), 'Text to find in team and league names'),
    sport_id: sportIdQuery,
  }),
  body: noBody,
  data: z.object({
    leagues: described(z.array(leagueWithCountsSchema), 'Leagues whose name matches, at most 20'),
    teams: described(z.array(z.object({ ...teamShape(), sid: integer('Sport id'), lg_id: integer('League id') })), 'Teams whose name matches, at most 20'),
    records: described(z.array(matchSchema), 'Live and upcoming matches of those teams or leagues, at most 20, soonest first'),
  }),
}));

/** Leagues with their live and upcoming counts, by sport then rank. */
export const leagueList = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/league/list',
  host: 'main',
  auth: 'none',
  query: z.object({ sport_id: sportIdQuery }),
  body: noBody,
  data: z.object({ list: z.array(leagueWithCountsSchema) }),
}));

/** Results of finished matches, latest first. */
export const matchResultList = endpoint(() => ({
  method: 'GET',
  path: '/api/piranha/v1/match/result/list',
  host: 'main',
  auth: 'none',
  query: z.object({ sport_id: sportIdQuery, league_id: leagueIdQuery, cursor: cursorQuery, page_limit: pageLimitQuery }),
  body: noBody,
  data: z.object({
    records: z.array(matchResultSchema),
    cursor: integer('Cursor of the next page'),
    has_more: flag('1 when another page exists'),
  }),
}));
