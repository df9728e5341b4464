import {
  BACCARAT_SIDES,
  HOUSE_GAME_IDS,
  PLINKO_RISKS,
  ROULETTE_BET_KINDS,
  FISHING_FISH,
  TOWER_DIFFICULTIES,
  type CasinoGameInfo,
  type CasinoOutcome,
  type CasinoParams,
  type HouseGameId,
} from '@piranha/domain';
import { endpoint } from './endpoint.ts';
import { deferred, described, integer, text } from './schema.ts';
import * as z from 'zod/mini';

/**
 * Casino (spec §2 Games, §3 Game search / tab / banner, §4 New-UI switch, §7 Games; issue 7).
 *
 * Three surfaces:
 * 1. The hall (lobby) under /api/piranha/pg_game/hall/… — catalogue, search, favourites, recents, launch.
 * 2. The studio's play API under /api/studio/house/… — what the game client in the iframe calls with the
 *    token it got from launch. Rounds, provably-fair seeds, round history with proof.
 * 3. The seamless wallet under /api/wallet/seamless/… — what a studio or aggregator calls to move money
 *    (integrations.md §7.1). Provider-facing: its own answer shape, not the envelope; our studio calls it
 *    in-process through the same handler, signed like anyone else.
 *
 * Launch answers `game_url` built from GAME_URL_TEMPLATE: the web app routes `#/studio/<game_id>?token=…`
 * to the game client. External providers (pgsoft, pp, tada, spribe, bgaming, ka, fc, orca) answer their own URL.
 */

const noQuery = described(z.object({}), 'No parameters beyond the common ones');
const noBody = described(z.undefined(), 'No body');
const flag = (description: string) => described(z.union([z.literal(0), z.literal(1)]), description);

/** A non-negative integer sent in the query string (strings on the wire). */
function queryInt(description: string, max = 999_999_999) {
  return described(
    z
      .pipe(
        z.string().check(z.regex(/^\d{1,9}$/)),
        z.transform((value) => Number(value)),
      )
      .check(z.refine((value) => value <= max, { message: 'too_big' })),
    description,
  );
}

// --- Catalogue ------------------------------------------------------------------------------------------

/** Game platforms (providers). `house` is our studio; the others are adapter slots, listed only when configured. */
/** `orca` is Orca Games, the provider that runs as its own process (apps/provider, decision 072). */
export const GAME_PLATFORMS = ['house', 'pgsoft', 'pp', 'tada', 'spribe', 'bgaming', 'ka', 'fc', 'orca'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];
export const gamePlatformSchema = deferred(() =>
  described(z.pipe(z.string(), z.enum(GAME_PLATFORMS)), 'Game provider key: house, pgsoft, pp, tada, spribe, bgaming, ka, fc or orca'),
);
export const gameIdSchema = deferred(() =>
  described(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9][a-z0-9_-]*$/)), 'Game id within its provider'),
);

/** Main game tabs (spec §2). */
export const GAME_MAIN_KEYS = ['slots', 'casino'] as const;
export type GameMainKey = (typeof GAME_MAIN_KEYS)[number];

/** Top tabs of the newer lobby (spec §2). Favorites and Recents need a signed-in player. */
export const GAME_TOP_TABS = ['lobby', 'favorites', 'recents', 'new', 'providers'] as const;
export type GameTopTab = (typeof GAME_TOP_TABS)[number];

/**
 * Sub-tabs (categories) of the casino lobby in the spec's order. A sub-tab with no configured game is not
 * returned by `hallTabs`, so with only the house studio Fishing, BGaming, FA CHAI and Bingo stay hidden.
 */
export const GAME_SUB_TABS = ['popular', 'slots', 'mini', 'fishing', 'bgaming', 'fachai', 'bingo', 'table', 'new'] as const;
export type GameSubTab = (typeof GAME_SUB_TABS)[number];

/** `tab_key` of hall/list: a sub-tab, a top tab (favorites, recents, new), or `provider:<platform>`. */
export const tabKeySchema = deferred(() =>
  described(
    z.string().check(z.maxLength(40), z.regex(/^(popular|slots|mini|fishing|bgaming|fachai|bingo|table|new|lobby|favorites|recents|provider:[a-z]+)$/)),
    'Which list: a sub-tab (popular, slots, mini, fishing, bgaming, fachai, bingo, table, new), favorites, recents, lobby or provider:<platform>',
  ),
);

export const gameCardSchema = deferred(() =>
  z.object({
    game_platform: described(z.enum(GAME_PLATFORMS), 'Provider key'),
    game_id: described(z.string(), 'Game id within its provider'),
    game_name: described(z.string(), 'Display name (a proper name, not translated)'),
    /** House games have no image file: the web app draws the cover in SVG from the key. */
    game_cover: described(z.string(), 'Cover: "svg:<platform>/<game_id>" means the web app draws it; otherwise an image URL'),
    category: described(z.enum(GAME_SUB_TABS), 'The sub-tab the game belongs to'),
    tags: described(z.array(z.enum(GAME_SUB_TABS)), 'Every sub-tab that lists the game'),
    rtp: described(z.number(), 'Return to player in percent, e.g. 96.02'),
    is_new: flag('1 when the game is in the New tab'),
    is_hot: flag('1 when the game is in the Popular tab'),
    live_game: flag('1 for live-dealer games (none in the house studio)'),
    favourite: flag('1 when the signed-in player has favourited it; 0 for guests'),
  }),
);
export type GameCard = z.infer<typeof gameCardSchema>;

const pagedGames = deferred(() =>
  z.object({
    list: z.array(gameCardSchema),
    cursor: described(z.string(), 'Pass back as `cursor` for the next page; empty at the end'),
    has_more: flag('1 when another page exists'),
  }),
);

const HALL = '/api/piranha/pg_game/hall';

export const hallTabs = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/tabs`,
  host: 'main',
  auth: 'optional',
  query: z.object({ main_key: z.optional(described(z.pipe(z.string(), z.enum(GAME_MAIN_KEYS)), 'slots or casino; all games when absent')) }),
  body: noBody,
  data: z.object({
    top_tabs: described(
      z.array(z.object({ tab_key: described(z.enum(GAME_TOP_TABS), 'Top tab key'), game_count: integer('Games in it for this player') })),
      'Lobby, Favorites, Recents, New, Game Providers — the last only when a provider has games',
    ),
    sub_tabs: described(
      z.array(
        z.object({
          tab_key: described(z.enum(GAME_SUB_TABS), 'Sub-tab key'),
          category_name: described(z.string(), 'Title in the request language'),
          game_count: integer('Games in it'),
        }),
      ),
      'Sub-tabs with at least one game, in the spec order',
    ),
    providers: described(
      z.array(
        z.object({
          game_platform: described(z.enum(GAME_PLATFORMS), 'Provider key'),
          name: described(z.string(), 'Provider display name'),
          game_count: integer('Games'),
        }),
      ),
      'Providers with at least one configured game (house always)',
    ),
  }),
}));

export const hallList = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/list`,
  host: 'main',
  auth: 'optional',
  query: z.object({
    tab_key: tabKeySchema,
    live_game: z.optional(described(z.pipe(z.string(), z.enum(['0', '1'])), '1 lists only live games, 0 only non-live; both when absent')),
    cursor: z.optional(text(32, 'Cursor of the previous page')),
    page_size: z.optional(queryInt('Games per page, 1–100 (default 50)', 100)),
  }),
  body: noBody,
  data: pagedGames,
}));

export const gameBannerSchema = deferred(() =>
  z.object({
    game_platform: described(z.enum(GAME_PLATFORMS), 'Provider key'),
    game_id: described(z.string(), 'Game the banner opens'),
    game_name: described(z.string(), 'Display name'),
    game_cover: described(z.string(), 'Cover, as in the game card'),
    banner_image: described(z.string(), '"svg:banner/<game_id>" (the web app draws it) or an image URL'),
    banner_type: described(z.enum(['game', 'link']), 'game opens the game; link opens h5_url'),
    h5_url: described(z.string(), 'Route or URL for link banners; the game detail route for game banners'),
  }),
);
export type GameBanner = z.infer<typeof gameBannerSchema>;

export const hallBanner = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/banner`,
  host: 'main',
  auth: 'optional',
  query: z.object({ main_key: z.optional(described(z.pipe(z.string(), z.enum(GAME_MAIN_KEYS)), 'slots or casino')) }),
  body: noBody,
  data: z.object({ list: z.array(gameBannerSchema) }),
}));

export const hallSearch = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/search`,
  host: 'main',
  auth: 'optional',
  query: z.object({ keyword: described(z.string().check(z.minLength(1), z.maxLength(64)), 'Part of a game or provider name, any case') }),
  body: noBody,
  data: z.object({ list: z.array(gameCardSchema), no_data: flag('1 when nothing matched (the client shows the empty view)') }),
}));

/** The verify page of one round (the web app recomputes it in the browser with domain casinoVerify). */
export const VERIFY_URL_TEMPLATE = '/#/game-verify?round_id={round_id}';
export function verifyUrlBuild(roundId: string): string {
  return VERIFY_URL_TEMPLATE.replace('{round_id}', encodeURIComponent(roundId));
}

/** Where the game client lives in the web app; `{game_id}` and `{token}` are replaced (token URL-encoded). */
export const GAME_URL_TEMPLATE = '/#/studio/{game_id}?token={token}';
export function gameUrlBuild(gameId: string, token: string): string {
  return GAME_URL_TEMPLATE.replace('{game_id}', encodeURIComponent(gameId)).replace('{token}', encodeURIComponent(token));
}

export const hallLaunch = endpoint(() => ({
  method: 'GET',
  moneyAction: true,
  path: `${HALL}/launch`,
  host: 'main',
  auth: 'user',
  query: z.object({ game_platform: gamePlatformSchema, game_id: gameIdSchema }),
  body: noBody,
  data: z.object({
    game_platform: described(z.enum(GAME_PLATFORMS), 'Provider key'),
    game_id: described(z.string(), 'Game id'),
    game_url: described(z.string(), 'What the game-room iframe opens (GAME_URL_TEMPLATE for house games)'),
    token: described(z.string(), 'Game session token the game client sends with every studio call'),
    expires_at: integer('Unix seconds the token stops accepting new bets (wins still settle after)'),
  }),
}));

export const hallRecentList = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/recent/list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({ list: described(z.array(gameCardSchema), 'Games the player launched, latest first, at most 30') }),
}));

export const hallFavouriteList = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/favourite/list`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({ list: described(z.array(gameCardSchema), 'Favourited games, latest first') }),
}));

const gameRefBody = deferred(() => z.strictObject({ game_platform: gamePlatformSchema, game_id: gameIdSchema }));

export const hallFavouriteAdd = endpoint(() => ({
  method: 'POST',
  path: `${HALL}/favourite/add`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: gameRefBody,
  data: z.object({ favourite: flag('1: the game is now a favourite (adding twice is fine)') }),
}));

export const hallFavouriteDel = endpoint(() => ({
  method: 'POST',
  path: `${HALL}/favourite/del`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: gameRefBody,
  data: z.object({ favourite: flag('0: the game is no longer a favourite (removing twice is fine)') }),
}));

export const hallFeedback = endpoint(() => ({
  method: 'POST',
  path: `${HALL}/feedback`,
  host: 'main',
  auth: 'user',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    game_platform: z.optional(gamePlatformSchema),
    game_id: z.optional(gameIdSchema),
    content: described(z.string().check(z.minLength(1), z.maxLength(2000)), 'What the player wants to tell us'),
  }),
  data: z.object({ feedback_id: integer('Id of the stored feedback') }),
}));

/** Spec §4: switch 1 turns the newer UI (v3) on, 2 turns it off. */
export const hallUiSwitch = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/ui/switch`,
  host: 'main',
  auth: 'user',
  query: z.object({ switch: described(z.pipe(z.string(), z.enum(['1', '2'])), '1 on (go to /home/game), 2 off (go to /game)') }),
  body: noBody,
  data: z.object({ switch: described(z.union([z.literal(1), z.literal(2)]), 'The stored setting: 1 on, 2 off') }),
}));

export const hallUiSwitchInfo = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/ui/switch/info`,
  host: 'main',
  auth: 'optional',
  query: noQuery,
  body: noBody,
  data: z.object({ switch: described(z.union([z.literal(0), z.literal(1), z.literal(2)]), '1 on, 2 off, 0 never chosen (guests always 0)') }),
}));

export const hallGameUserToken = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/game/user/token`,
  host: 'main',
  auth: 'user',
  query: noQuery,
  body: noBody,
  data: z.object({
    token: described(z.string(), 'A studio token not bound to one game: the verify page and round history use it'),
    expires_at: integer('Unix seconds it expires'),
  }),
}));

export const hallGameTabList = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/game/tab/list`,
  host: 'main',
  auth: 'optional',
  query: z.object({
    main_key: described(z.pipe(z.string(), z.enum(GAME_MAIN_KEYS)), 'slots or casino'),
    tab_key: z.optional(tabKeySchema),
    pageKey: z.optional(text(32, 'Page cursor from the previous answer')),
  }),
  body: noBody,
  data: z.object({
    tabs: described(
      z.array(z.object({ tab_key: described(z.enum(GAME_SUB_TABS), 'Sub-tab'), category_name: described(z.string(), 'Title') })),
      'Sub-tabs of the main key that have games',
    ),
    tab_key: described(z.string(), 'The tab listed (the first tab when none was asked)'),
    list: z.array(gameCardSchema),
    pageKey: described(z.string(), 'Pass back for the next page; empty at the end'),
    has_more: flag('1 when another page exists'),
  }),
}));

export const hallGameInfo = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/game/info`,
  host: 'main',
  auth: 'optional',
  query: z.object({ game_platform: gamePlatformSchema, game_id: gameIdSchema }),
  body: noBody,
  data: z.object({
    card: gameCardSchema,
    info: described(
      z.nullable(z.custom<CasinoGameInfo>()),
      'House games: RTP, hit frequency, volatility, limits and method (domain CasinoGameInfo); null for other providers',
    ),
    currency: described(z.string(), 'Currency the limits are in'),
  }),
}));

// --- Rounds and provably fair --------------------------------------------------------------------------

export const fairStateSchema = deferred(() =>
  z.object({
    server_seed_hash: described(z.string(), 'SHA-256 (hex) of the current secret server seed, committed before play'),
    client_seed: described(z.string(), 'The client seed in use'),
    nonce: integer('Nonce the next round will use'),
  }),
);
export type FairState = z.infer<typeof fairStateSchema>;

export const ROUND_STATUSES = ['open', 'settled', 'refunded', 'void'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const roundProofSchema = deferred(() =>
  z.object({
    server_seed_hash: described(z.string(), 'The committed hash the round was played under'),
    server_seed: described(z.string(), 'The server seed, once rotated out; empty while still in use'),
    client_seed: described(z.string(), 'Client seed of the round'),
    nonce: integer('Nonce of the round'),
    revealed: flag('1 when server_seed is shown and the round can be verified'),
    verify_url: described(z.string(), 'Route of the verify page for this round'),
  }),
);

export const roundViewSchema = deferred(() =>
  z.object({
    round_id: described(z.string(), 'Public round id'),
    game_platform: described(z.enum(GAME_PLATFORMS), 'Provider key'),
    game_id: described(z.string(), 'Game id'),
    status: described(z.enum(ROUND_STATUSES), 'open (waiting for the player), settled, refunded (stake returned) or void (refused, no money moved)'),
    currency: described(z.string(), 'Currency of the amounts'),
    bet: integer('Stake in minor units (0 for a free round)'),
    win: integer('Amount paid in minor units'),
    balance_before: integer('Balance before the stake, minor units'),
    balance_after: integer('Balance after the win (or the stake while open), minor units'),
    free_round: flag('1 when played from a free-round grant'),
    params: described(z.custom<CasinoParams>(), 'The player’s choices (domain CasinoParams of the game)'),
    outcome: described(z.custom<CasinoOutcome>(), 'What happened (domain CasinoOutcome); mine positions only once over'),
    created_at: integer('Unix ms the round started'),
    settled_at: integer('Unix ms it closed; 0 while open'),
    proof: roundProofSchema,
  }),
);
export type RoundView = z.infer<typeof roundViewSchema>;

export const hallHistory = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/history`,
  host: 'main',
  auth: 'user',
  query: z.object({
    game_id: z.optional(gameIdSchema),
    cursor: z.optional(text(32, 'Cursor of the previous page')),
    page_size: z.optional(queryInt('Rounds per page, 1–50 (default 20)', 50)),
  }),
  body: noBody,
  data: z.object({
    list: described(z.array(roundViewSchema), 'Rounds, latest first'),
    cursor: described(z.string(), 'Pass back for older rounds; empty at the end'),
    has_more: flag('1 when older rounds exist'),
  }),
}));

export const hallRound = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/round`,
  host: 'main',
  auth: 'user',
  query: z.object({ round_id: described(z.string().check(z.minLength(1), z.maxLength(64)), 'Public round id') }),
  body: noBody,
  data: roundViewSchema,
}));

// --- Free rounds ----------------------------------------------------------------------------------------

export const freeRoundGrantSchema = deferred(() =>
  z.object({
    grant_id: described(z.string(), 'Grant id'),
    game_platform: described(z.enum(GAME_PLATFORMS), 'Provider key'),
    game_id: described(z.string(), 'The slot the rounds are for'),
    game_name: described(z.string(), 'Display name'),
    total: integer('Rounds granted'),
    remaining: integer('Rounds not yet played'),
    bet: integer('Stake of each round in minor units'),
    currency: described(z.string(), 'Currency'),
    win_total: integer('Won so far, minor units'),
    expires_at: integer('Unix seconds after which unplayed rounds lapse'),
    status: described(z.enum(['available', 'used', 'expired']), 'available while rounds remain and it has not expired'),
    win_to: described(z.enum(['cash', 'bonus']), 'Where winnings land: cash per round, or one bonus with wagering once the rounds are done'),
  }),
);
export type FreeRoundGrant = z.infer<typeof freeRoundGrantSchema>;

/** Spec §3 Free rounds: total_free_rounds, free_game_count, list, offset, has_more; grouped into available/unavailable. */
export const hallFreeRounds = endpoint(() => ({
  method: 'GET',
  path: `${HALL}/free_rounds`,
  host: 'main',
  auth: 'user',
  query: z.object({
    status: described(z.pipe(z.string(), z.enum(['available', 'unavailable'])), 'available, or unavailable (used or expired)'),
    offset: z.optional(queryInt('Skip this many grants')),
  }),
  body: noBody,
  data: z.object({
    total_free_rounds: integer('Rounds remaining over every available grant'),
    free_game_count: integer('Games with available free rounds'),
    list: z.array(freeRoundGrantSchema),
    offset: integer('Offset of the next page'),
    has_more: flag('1 when another page exists'),
  }),
}));

// --- The studio's play API (called by the game client in the iframe) -------------------------------------

const STUDIO = '/api/studio/house';
export const studioTokenSchema = deferred(() =>
  described(z.string().check(z.minLength(16), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)), 'Game session token from hall/launch'),
);
export const houseGameIdSchema = deferred(() => described(z.pipe(z.string(), z.enum(HOUSE_GAME_IDS)), 'House game id'));
export const clientSeedSchema = deferred(() =>
  described(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\x21-\x7e]+$/)), 'Client seed: 1–64 printable ASCII characters, no spaces'),
);

/**
 * The choices per game, as one object whose fields belong to different games; the server accepts exactly the
 * fields of the game played (domain casinoParamsParse) and refuses any other combination with
 * CASINO_PARAMS_INVALID.
 */
export const studioParamsSchema = deferred(() =>
  described(
    z.strictObject({
      target: z.optional(
        integer('Dice: target in hundredths (0–10000), 1–98 % win chance; Limbo: target multiplier in hundredths (101–1000000)', {
          min: 0,
          max: 1_000_000,
        }),
      ),
      direction: z.optional(described(z.pipe(z.string(), z.enum(['under', 'over'])), 'Dice: win under or over the target')),
      cashout: z.optional(integer('Crash: auto cash-out in hundredths, 101–100000', { min: 0, max: 10_000_000 })),
      mines: z.optional(integer('Mines: mines on the 25-tile board, 1–24', { min: 0, max: 25 })),
      rows: z.optional(integer('Plinko: rows, 8, 12 or 16', { min: 0, max: 64 })),
      risk: z.optional(described(z.pipe(z.string(), z.enum(PLINKO_RISKS)), 'Plinko: low, medium or high')),
      bets: z.optional(
        described(
          z
            .array(
              z.strictObject({
                kind: described(z.pipe(z.string(), z.enum(ROULETTE_BET_KINDS)), 'Bet kind'),
                number: z.optional(integer('Pocket (straight), dozen or column', { min: 0, max: 36 })),
                amount: integer('Chip amount in minor units', { min: 1 }),
              }),
            )
            .check(z.minLength(1), z.maxLength(50)),
          'Roulette: the chips; the round stake is their sum',
        ),
      ),
      picks: z.optional(
        described(z.array(integer('A number 1–40', { min: 0, max: 99 })).check(z.minLength(1), z.maxLength(10)), 'Keno: 1–10 distinct numbers from 1–40'),
      ),
      side: z.optional(described(z.pipe(z.string(), z.enum(BACCARAT_SIDES)), 'Baccarat: player, banker or tie')),
      segments: z.optional(integer('Wheel: segments, 10, 20, 30, 40 or 50', { min: 0, max: 100 })),
      difficulty: z.optional(described(z.pipe(z.string(), z.enum(TOWER_DIFFICULTIES)), 'Tower: easy, medium, hard or expert')),
      fish: z.optional(described(z.pipe(z.string(), z.enum(FISHING_FISH)), 'Fishing: the fish type the shot is fired at')),
    }),
    'The player’s choices: {} for slots; {target, direction} dice; {cashout} crash; {mines}; {rows, risk} plinko; {bets} roulette; {target} limbo; {picks} keno; {side} baccarat; {segments, risk} wheel; {difficulty} tower; {} bingo; {fish} fishing; {} video poker; {} hilo; {} blackjack',
  ),
);

export const studioGameSchema = deferred(() =>
  z.object({
    game_id: described(z.enum(HOUSE_GAME_IDS), 'Game id'),
    info: described(z.custom<CasinoGameInfo>(), 'Figures and limits (domain CasinoGameInfo)'),
  }),
);

export const studioSession = endpoint(() => ({
  method: 'GET',
  path: `${STUDIO}/session`,
  host: 'main',
  auth: 'none',
  query: z.object({ token: studioTokenSchema }),
  body: noBody,
  data: z.object({
    game: studioGameSchema,
    currency: described(z.string(), 'Currency of the session'),
    balance: integer('Wallet balance in minor units'),
    fair: fairStateSchema,
    open_round: described(z.nullable(roundViewSchema), 'A round waiting for the player (Mines, video poker, hilo) to resume, or null'),
    free_rounds: z.object({ remaining: integer('Free rounds available for this game'), bet: integer('Their stake, minor units (0 when none)') }),
  }),
}));

export const studioRound = endpoint(() => ({
  method: 'POST',
  path: `${STUDIO}/round`,
  host: 'main',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    token: studioTokenSchema,
    game_id: houseGameIdSchema,
    bet: integer('Stake in minor units (roulette: the sum of the chips; free round: the grant’s stake)', { min: 0 }),
    params: studioParamsSchema,
    free_round: z.optional(described(z.pipe(z.number(), z.union([z.literal(0), z.literal(1)])), '1 plays one round of a free-round grant for this game')),
  }),
  data: roundViewSchema,
}));

/** The moves of the open-round games (Mines, then video poker and hilo, decision 069; Blackjack's, decision 068). */
export const STUDIO_ACTIONS = [
  'reveal',
  'cashout',
  'pick',
  'draw',
  'higher',
  'lower',
  'skip',
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'no_insurance',
] as const;
export type StudioAction = (typeof STUDIO_ACTIONS)[number];

export const studioRoundAction = endpoint(() => ({
  method: 'POST',
  path: `${STUDIO}/round/action`,
  host: 'main',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    token: studioTokenSchema,
    round_id: described(z.string().check(z.minLength(1), z.maxLength(64)), 'The open round'),
    action: described(
      z.pipe(z.string(), z.enum(STUDIO_ACTIONS)),
      'Mines: reveal a tile, or cash out; Tower: pick a door, or cash out; video poker: draw (with holds); hilo: higher (or same), lower (or same), skip, or cash out; Blackjack: hit, stand, double, split, insurance or no_insurance',
    ),
    tile: z.optional(integer('Tile to reveal, 0–24 (row-major)', { min: 0, max: 24 })),
    door: z.optional(integer('Tower: the door to open on the next floor, 0-based from the left', { min: 0, max: 3 })),
    holds: z.optional(integer('Video poker: the cards kept at the draw, a 5-bit mask (bit i keeps dealt card i), 0–31', { min: 0, max: 31 })),
    hand: z.optional(integer('Blackjack: the hand the step is for (0, or 1 after a split); refused unless it is the hand in play', { min: 0, max: 3 })),
  }),
  data: roundViewSchema,
}));

export const studioSeedClient = endpoint(() => ({
  method: 'POST',
  path: `${STUDIO}/seed/client`,
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: z.strictObject({ token: studioTokenSchema, client_seed: clientSeedSchema }),
  data: fairStateSchema,
}));

export const studioSeedRotate = endpoint(() => ({
  method: 'POST',
  path: `${STUDIO}/seed/rotate`,
  host: 'main',
  auth: 'none',
  query: noQuery,
  body: z.strictObject({ token: studioTokenSchema, client_seed: z.optional(clientSeedSchema) }),
  data: z.object({
    previous: z.object({
      server_seed: described(z.string(), 'The revealed seed: its SHA-256 equals server_seed_hash'),
      server_seed_hash: described(z.string(), 'What was committed'),
      client_seed: described(z.string(), 'Client seed it was used with'),
      nonce: integer('Rounds played with it'),
    }),
    current: fairStateSchema,
  }),
}));

export const studioRounds = endpoint(() => ({
  method: 'GET',
  path: `${STUDIO}/rounds`,
  host: 'main',
  auth: 'none',
  query: z.object({ token: studioTokenSchema, limit: z.optional(queryInt('How many, 1–50 (default 10)', 50)) }),
  body: noBody,
  data: z.object({ list: described(z.array(roundViewSchema), 'The player’s latest rounds in this game with balances and proof') }),
}));

// --- Crash with a live climb (issue 23, decision 071) ------------------------------------------------------
// Shared rounds per brand: everyone on the brand sees one curve m(t) = floor(100·e^(0.00006·t_ms))/100 of the
// server's time since take-off; the server decides every cash-out by its own clock.

const CRASH_LIVE = `${STUDIO}/crash-live`;
const hundredths = (description: string) => integer(`${description}, in hundredths (150 = 1.50×)`);
const epochMs = (description: string) => integer(`${description}, server time in Unix milliseconds`);

export const crashLiveBetSchema = deferred(() =>
  z.object({
    round_id: described(z.string(), 'The shared round the bet is in'),
    stake: integer('Stake in minor units'),
    auto_cashout: described(z.nullable(z.int()), 'Auto cash-out target in hundredths, or null'),
    status: described(z.enum(['pending', 'placed', 'cashed', 'won', 'lost', 'void']), 'placed: in play; cashed/won: cashed out; lost: it crashed first'),
    cashout: described(z.nullable(z.int()), 'The multiplier it was cashed out at, in hundredths, or null'),
    win: integer('What it paid, minor units (0 until cashed out)'),
  }),
);

export const crashLiveRoundSchema = deferred(() =>
  z.object({
    round_id: described(z.string(), 'Public id of the shared round'),
    seq: integer('Round number of the brand'),
    phase: described(z.enum(['betting', 'flying', 'crashed']), 'Where the round is at server_now'),
    betting_at: epochMs('Bets for it open'),
    takeoff_at: epochMs('The curve starts (t = 0)'),
    crash_at: described(z.nullable(z.int()), 'When it crashed (Unix ms), null until it has'),
    crash_point: described(z.nullable(z.int()), 'The crash point in hundredths, null until it has crashed'),
    multiplier: hundredths('The multiplier at server_now (the crash point once crashed)'),
  }),
);

export const crashLiveState = endpoint(() => ({
  method: 'GET',
  path: `${CRASH_LIVE}/state`,
  host: 'main',
  auth: 'none',
  query: z.object({ token: studioTokenSchema }),
  body: noBody,
  data: z.object({
    server_now: epochMs('The server clock when it answered: the page renders the curve from takeoff_at against it'),
    growth_per_ms: described(z.number(), 'k of the published curve m(t) = floor(100·e^(k·t_ms))/100'),
    currency: described(z.string(), 'Currency of the game session'),
    balance: integer('Wallet balance in minor units'),
    round: described(z.nullable(crashLiveRoundSchema), 'The round on screen: betting, flying, or the one that just crashed'),
    next_round_id: described(z.nullable(z.string()), 'The round a bet placed now goes to, or null when none is scheduled yet'),
    my_bets: described(z.array(crashLiveBetSchema), 'The player’s bets in the round on screen and the next one'),
    cashouts: described(
      z.array(z.object({ player: described(z.string(), 'Masked player name'), cashout: hundredths('Cashed at'), win: integer('Paid, minor units') })),
      'Who cashed out in the round on screen, anonymised, highest first (at most 50)',
    ),
    players: integer('Bets in the round on screen'),
    chain: z.object({
      terminal_hash: described(z.string(), 'The published terminal hash s_0 of the brand’s current hash chain'),
      salt: described(z.string(), 'Its public salt'),
    }),
  }),
}));

export const crashLiveBetPlace = endpoint(() => ({
  method: 'POST',
  path: `${CRASH_LIVE}/bet`,
  host: 'main',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({
    token: studioTokenSchema,
    bet: integer('Stake in minor units', { min: 1 }),
    auto_cashout: z.optional(
      described(z.nullable(z.int().check(z.minimum(101), z.maximum(100_000))), 'Auto cash-out target in hundredths (1.01×–1000×), or null'),
    ),
  }),
  data: z.object({ bet: crashLiveBetSchema, balance: integer('Wallet balance after the stake, minor units') }),
}));

export const crashLiveCashout = endpoint(() => ({
  method: 'POST',
  path: `${CRASH_LIVE}/cashout`,
  host: 'main',
  auth: 'none',
  idempotency: 'optional',
  query: noQuery,
  body: z.strictObject({ token: studioTokenSchema, round_id: described(z.string().check(z.maxLength(40)), 'The shared round of the bet') }),
  data: z.object({
    bet: crashLiveBetSchema,
    server_at: epochMs('The server time the cash-out was decided at'),
    balance: integer('Wallet balance after the win, minor units'),
  }),
}));

export const crashLiveHistory = endpoint(() => ({
  method: 'GET',
  path: `${CRASH_LIVE}/history`,
  host: 'main',
  auth: 'none',
  query: z.object({ token: studioTokenSchema, limit: z.optional(queryInt('How many, 1–50 (default 20)', 50)) }),
  body: noBody,
  data: z.object({
    list: described(
      z.array(
        z.object({
          round_id: described(z.string(), 'Public id'),
          seq: integer('Round number of the brand'),
          crash_point: hundredths('Where it crashed'),
          takeoff_at: epochMs('Take-off'),
          chain_index: integer('Its position i in the hash chain (1…length)'),
          seed: described(z.string(), 'Its revealed seed s_i'),
          previous_hash: described(z.string(), 's_{i-1}: the seed of the chain’s round before it, or the terminal hash for i = 1; SHA-256(seed) must equal it'),
          salt: described(z.string(), 'The chain’s public salt'),
          terminal_hash: described(z.string(), 'The chain’s terminal hash s_0, published before its first round'),
        }),
      ),
      'Crashed rounds of the brand, newest first, with what a player needs to verify them',
    ),
  }),
}));

// --- Seamless wallet (provider-facing; integrations.md §7.1, Hub88-style) --------------------------------

export const SEAMLESS_WALLET_PATHS = {
  balance: '/api/wallet/seamless/user/balance',
  bet: '/api/wallet/seamless/transaction/bet',
  win: '/api/wallet/seamless/transaction/win',
  rollback: '/api/wallet/seamless/transaction/rollback',
  /**
   * A bet and its win in one call (batched, as some studios send instant games): recorded as the two separate
   * transactions `bet` and `win` would record, under the same rules, in one database transaction — both or neither.
   */
  bet_win: '/api/wallet/seamless/transaction/bet_win',
} as const;
export type SeamlessWalletCall = keyof typeof SEAMLESS_WALLET_PATHS;

/** The partner (provider key) and the hex HMAC-SHA256 of the raw body under that partner's secret. */
export const HEADER_WALLET_PARTNER = 'x-wallet-partner';
export const HEADER_WALLET_SIGNATURE = 'x-wallet-signature';

export const SEAMLESS_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  /** A responsible-gaming limit of the player's (wager or loss) would be passed: the bet is refused (decision 027). */
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  /** Ours: the bet was rolled back (or a rollback for it arrived first), so it can be neither placed nor paid. */
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  /** Ours: the bet already has a win, so it cannot be rolled back. */
  'RS_ERROR_ROUND_SETTLED',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

const walletUuid = (description: string) => described(z.string().check(z.minLength(1), z.maxLength(100)), description);
function walletBase() {
  return {
    request_uuid: walletUuid('Network-level id, echoed back'),
    user: described(z.string().check(z.minLength(1), z.maxLength(32)), 'Our user id as a string'),
    token: described(z.string().check(z.minLength(1), z.maxLength(128)), 'Game session token from launch'),
    game_code: described(z.string().check(z.minLength(1), z.maxLength(64)), 'Game id at the provider'),
  };
}
function walletMoney() {
  return {
    transaction_uuid: walletUuid('Business id: never processed twice'),
    round: walletUuid('Round id at the provider'),
    round_closed: described(z.boolean(), 'True when no more money moves in this round'),
    amount: described(z.int().check(z.minimum(0), z.maximum(1_000_000_000_000)), 'Amount in minor units'),
    currency: described(z.string().check(z.minLength(3), z.maxLength(8)), 'Currency code'),
  };
}

export const seamlessBalanceRequest = deferred(() => z.strictObject(walletBase()));
export const seamlessBetRequest = deferred(() =>
  z.strictObject({
    ...walletBase(),
    ...walletMoney(),
    is_free: z.optional(described(z.boolean(), 'A free round of a grant: the amount must be 0, the win is paid from bonus funds')),
  }),
);
export const seamlessWinRequest = deferred(() =>
  z.strictObject({ ...walletBase(), ...walletMoney(), reference_transaction_uuid: walletUuid('The bet being paid') }),
);
export const seamlessRollbackRequest = deferred(() =>
  z.strictObject({
    ...walletBase(),
    transaction_uuid: walletUuid('Business id of this rollback'),
    reference_transaction_uuid: walletUuid('The bet to reverse (it may never have arrived)'),
    round: walletUuid('Round id at the provider'),
  }),
);
export const seamlessBetWinRequest = deferred(() =>
  z.strictObject({
    ...walletBase(),
    ...walletMoney(),
    is_free: z.optional(described(z.boolean(), 'A free round of a grant: the amount must be 0, the win is paid from bonus funds')),
    win_transaction_uuid: walletUuid('Business id of the win (the bet is transaction_uuid)'),
    win_amount: described(z.int().check(z.minimum(0), z.maximum(1_000_000_000_000)), 'Win in minor units; the pair closes the round'),
  }),
);
export type SeamlessBetWinRequest = z.infer<typeof seamlessBetWinRequest>;
export type SeamlessBalanceRequest = z.infer<typeof seamlessBalanceRequest>;
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequest>;
export type SeamlessWinRequest = z.infer<typeof seamlessWinRequest>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequest>;

export const seamlessResponseSchema = deferred(() =>
  z.object({
    user: described(z.string(), 'User id as sent'),
    status: described(z.enum(SEAMLESS_STATUSES), 'RS_OK or an error status'),
    request_uuid: described(z.string(), 'Echo of the request'),
    currency: described(z.string(), 'Wallet currency'),
    balance: described(z.number(), 'Balance in minor units after the call (also on NOT_ENOUGH_MONEY)'),
  }),
);
export type SeamlessResponse = z.infer<typeof seamlessResponseSchema>;

export type { HouseGameId };
