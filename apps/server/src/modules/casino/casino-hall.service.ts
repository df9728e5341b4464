import { saferPlayStartCheck } from '../safer-play/safer-play.service.ts';
import { GAME_SUB_TABS, gameUrlBuild, type GameBanner, type GameCard, type GamePlatform, type GameSubTab } from '@piranha/contract';
import { casinoGameInfo, isHouseGameId, isSlotGame, type Locale } from '@piranha/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { casinoFavourites, casinoFeedback, type casinoFreeRounds, casinoGames, casinoRecents, casinoUserPrefs } from '../../db/schema/index.ts';
import { casinoSessionInsert, freeRoundInsert, freeRoundsOfUser } from './casino.repository.ts';
import { MAIN_KEY_CATEGORIES, PROVIDER_NAMES, SUB_TAB_NAMES, type ExternalProvider } from './casino-catalogue.ts';
import { HOUSE, studioTokenNew } from './casino-studio.service.ts';
import { tokenHashOf } from './casino-wallet.service.ts';

/** The lobby ("hall"): catalogue, tabs, search, favourites, recents, launch, UI switch, free rounds. */
export interface HallDeps {
  db: Db;
  now: () => Date;
  providers: readonly ExternalProvider[];
  /** How long a launch token accepts new bets. */
  tokenTtlMs: number;
}

type GameRow = typeof casinoGames.$inferSelect;

function cardOf(row: GameRow, favourites: ReadonlySet<string>): GameCard {
  return {
    game_platform: row.platform as GamePlatform,
    game_id: row.gameId,
    game_name: row.name,
    game_cover: row.cover,
    category: row.category as GameSubTab,
    tags: row.tags as GameSubTab[],
    rtp: row.rtp,
    is_new: row.isNew ? 1 : 0,
    is_hot: row.isHot ? 1 : 0,
    live_game: row.liveGame ? 1 : 0,
    favourite: favourites.has(`${row.platform}/${row.gameId}`) ? 1 : 0,
  };
}

async function gamesEnabled(db: Db): Promise<GameRow[]> {
  return db.select().from(casinoGames).where(eq(casinoGames.enabled, true)).orderBy(asc(casinoGames.sort), asc(casinoGames.name));
}

async function favouriteKeys(db: Db, userId: number | undefined): Promise<Set<string>> {
  if (userId === undefined) return new Set();
  const rows = await db
    .select({ platform: casinoFavourites.platform, gameId: casinoFavourites.gameId })
    .from(casinoFavourites)
    .where(eq(casinoFavourites.userId, userId));
  return new Set(rows.map((row) => `${row.platform}/${row.gameId}`));
}

export async function gameFind(db: Db, platform: string, gameId: string): Promise<GameRow> {
  const [row] = await db
    .select()
    .from(casinoGames)
    .where(and(eq(casinoGames.platform, platform), eq(casinoGames.gameId, gameId), eq(casinoGames.enabled, true)));
  if (!row) throw new AppError('CASINO_GAME_UNKNOWN', { field: 'game_id' });
  return row;
}

async function favouriteRows(db: Db, userId: number): Promise<GameRow[]> {
  const rows = await db
    .select({ game: casinoGames })
    .from(casinoFavourites)
    .innerJoin(casinoGames, and(eq(casinoGames.platform, casinoFavourites.platform), eq(casinoGames.gameId, casinoFavourites.gameId)))
    .where(and(eq(casinoFavourites.userId, userId), eq(casinoGames.enabled, true)))
    .orderBy(desc(casinoFavourites.createdAt));
  return rows.map((row) => row.game);
}

async function recentRows(db: Db, userId: number): Promise<GameRow[]> {
  const rows = await db
    .select({ game: casinoGames })
    .from(casinoRecents)
    .innerJoin(casinoGames, and(eq(casinoGames.platform, casinoRecents.platform), eq(casinoGames.gameId, casinoRecents.gameId)))
    .where(and(eq(casinoRecents.userId, userId), eq(casinoGames.enabled, true)))
    .orderBy(desc(casinoRecents.playedAt))
    .limit(30);
  return rows.map((row) => row.game);
}

export async function hallTabsGet(deps: HallDeps, userId: number | undefined, locale: Locale, mainKey: 'slots' | 'casino' | undefined) {
  let games = await gamesEnabled(deps.db);
  if (mainKey) games = games.filter((game) => MAIN_KEY_CATEGORIES[mainKey].includes(game.category as GameSubTab));
  const favourites = userId === undefined ? [] : await favouriteRows(deps.db, userId);
  const recents = userId === undefined ? [] : await recentRows(deps.db, userId);
  const providers = new Map<string, number>();
  for (const game of games) providers.set(game.platform, (providers.get(game.platform) ?? 0) + 1);
  return {
    top_tabs: [
      { tab_key: 'lobby' as const, game_count: games.length },
      { tab_key: 'favorites' as const, game_count: favourites.length },
      { tab_key: 'recents' as const, game_count: recents.length },
      { tab_key: 'new' as const, game_count: games.filter((game) => game.isNew).length },
      ...(providers.size > 0 ? [{ tab_key: 'providers' as const, game_count: providers.size }] : []),
    ],
    sub_tabs: GAME_SUB_TABS.map((tab) => ({
      tab_key: tab,
      category_name: SUB_TAB_NAMES[tab][locale],
      game_count: games.filter((game) => (game.tags as string[]).includes(tab)).length,
    })).filter((tab) => tab.game_count > 0),
    providers: [...providers.entries()].map(([platform, count]) => ({
      game_platform: platform as GamePlatform,
      name: PROVIDER_NAMES[platform as GamePlatform],
      game_count: count,
    })),
  };
}

/** The games of a tab key (sub-tab, top tab or provider:<platform>), for one player (or a guest). */
async function tabGames(deps: HallDeps, userId: number | undefined, tabKey: string): Promise<GameRow[]> {
  if (tabKey === 'favorites') return userId === undefined ? [] : favouriteRows(deps.db, userId);
  if (tabKey === 'recents') return userId === undefined ? [] : recentRows(deps.db, userId);
  const games = await gamesEnabled(deps.db);
  if (tabKey === 'lobby') return games;
  if (tabKey.startsWith('provider:')) return games.filter((game) => game.platform === tabKey.slice('provider:'.length));
  return games.filter((game) => (game.tags as string[]).includes(tabKey));
}

function page<T>(items: T[], cursor: string | undefined, size: number): { items: T[]; next: string } {
  const offset = cursor && /^\d{1,6}$/.test(cursor) ? Number(cursor) : 0;
  if (cursor && !/^\d{1,6}$/.test(cursor)) throw new AppError('VALIDATION_FAILED', { field: 'cursor', issue: 'invalid' });
  const slice = items.slice(offset, offset + size);
  return { items: slice, next: offset + size < items.length ? String(offset + size) : '' };
}

export async function hallListGet(
  deps: HallDeps,
  userId: number | undefined,
  query: { tab_key: string; live_game?: string | undefined; cursor?: string | undefined; page_size?: number | undefined },
) {
  let games = await tabGames(deps, userId, query.tab_key);
  if (query.live_game !== undefined) games = games.filter((game) => game.liveGame === (query.live_game === '1'));
  const favourites = await favouriteKeys(deps.db, userId);
  const { items, next } = page(games, query.cursor, Math.max(1, query.page_size ?? 50));
  return { list: items.map((game) => cardOf(game, favourites)), cursor: next, has_more: next ? (1 as const) : (0 as const) };
}

export async function hallGameTabListGet(
  deps: HallDeps,
  userId: number | undefined,
  locale: Locale,
  query: { main_key: 'slots' | 'casino'; tab_key?: string | undefined; pageKey?: string | undefined },
) {
  const all = (await gamesEnabled(deps.db)).filter((game) => MAIN_KEY_CATEGORIES[query.main_key].includes(game.category as GameSubTab));
  const tabs = GAME_SUB_TABS.filter((tab) => all.some((game) => (game.tags as string[]).includes(tab))).map((tab) => ({
    tab_key: tab,
    category_name: SUB_TAB_NAMES[tab][locale],
  }));
  const tabKey = query.tab_key ?? tabs[0]?.tab_key ?? '';
  const games =
    tabKey === 'favorites' || tabKey === 'recents' || tabKey === 'lobby' || tabKey.startsWith('provider:')
      ? await tabGames(deps, userId, tabKey)
      : all.filter((game) => (game.tags as string[]).includes(tabKey));
  const favourites = await favouriteKeys(deps.db, userId);
  const { items, next } = page(games, query.pageKey, 50);
  return { tabs, tab_key: tabKey, list: items.map((game) => cardOf(game, favourites)), pageKey: next, has_more: next ? (1 as const) : (0 as const) };
}

export async function hallBannerGet(deps: HallDeps, mainKey: 'slots' | 'casino' | undefined): Promise<{ list: GameBanner[] }> {
  let games = (await gamesEnabled(deps.db)).filter((game) => game.isHot);
  if (mainKey) games = games.filter((game) => MAIN_KEY_CATEGORIES[mainKey].includes(game.category as GameSubTab));
  return {
    list: games.slice(0, 5).map((game) => ({
      game_platform: game.platform as GamePlatform,
      game_id: game.gameId,
      game_name: game.name,
      game_cover: game.cover,
      banner_image: `svg:banner/${game.gameId}`,
      banner_type: 'game' as const,
      h5_url: `/#/game-detail?game_platform=${game.platform}&game_id=${encodeURIComponent(game.gameId)}`,
    })),
  };
}

/**
 * What a lobby tag answers to in search: its id, the tab's name in every language (a player types in theirs —
 * "mesa", "caça", "рыб…") and a few words players use for it. A keyword matches the start of the name or of one of
 * its words, and only from three letters (two in a script without spaces between words, such as Chinese).
 */
const TAG_EXTRA_WORDS: Partial<Record<GameSubTab, readonly string[]>> = {
  popular: ['hot', 'top'],
  mini: ['originals'],
  table: ['card', 'cards'],
  fishing: ['fish'],
};
/** Words of a tab's name that say "games" and would match every game: "Jogos de mesa" is found by "mesa". */
const TAG_GENERIC_WORDS = new Set(['game', 'games', 'jogos', 'juegos', 'игры', 'de']);
const TAG_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  GAME_SUB_TABS.map((tag) => [
    tag,
    // Every tail of the name that starts at a word of its own: "table game" → "table game"; "jogos de mesa" → "mesa".
    [tag, ...Object.values(SUB_TAB_NAMES[tag]), ...(TAG_EXTRA_WORDS[tag] ?? [])].flatMap((name) => {
      const words = name.toLowerCase().split(/[\s-]+/);
      return words.flatMap((word, index) => (TAG_GENERIC_WORDS.has(word) ? [] : [words.slice(index).join(' ')]));
    }),
  ]),
);

function tagMatches(tags: readonly string[], needle: string): boolean {
  if (needle.length < (/^[\x20-\x7e]+$/.test(needle) ? 3 : 2)) return false;
  return tags.some((tag) => (TAG_WORDS.get(tag) ?? [tag]).some((word) => word.startsWith(needle)));
}

/** Search (spec §3 Game search): by the game's name or id, its provider's name, or one of its tags, any case. */
export async function hallSearchGet(deps: HallDeps, userId: number | undefined, keyword: string) {
  const needle = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
  const games = needle
    ? (await gamesEnabled(deps.db)).filter(
        (game) =>
          game.name.toLowerCase().includes(needle) ||
          game.gameId.includes(needle) ||
          PROVIDER_NAMES[game.platform as GamePlatform].toLowerCase().includes(needle) ||
          tagMatches(game.tags, needle),
      )
    : [];
  const favourites = await favouriteKeys(deps.db, userId);
  return { list: games.map((game) => cardOf(game, favourites)), no_data: games.length === 0 ? (1 as const) : (0 as const) };
}

/** The signed-in player and the session they launch from: the token lives only as long as that session (decision 016). */
export interface Launcher {
  uid: number;
  sessionId: number;
}

export async function hallLaunch(deps: HallDeps, launcher: Launcher, platform: string, gameId: string, currency: string, locale: Locale) {
  const userId = launcher.uid;
  // No play during a time-out or self-exclusion (decision 027): refused before a token exists.
  await saferPlayStartCheck(deps.db, userId, deps.now());
  const game = await gameFind(deps.db, platform, gameId);
  const provider = deps.providers.find((entry) => entry.platform === platform);
  if (platform !== HOUSE && !provider) throw new AppError('CASINO_PROVIDER_UNAVAILABLE', { field: 'game_platform' });
  const token = studioTokenNew();
  const expiresAt = new Date(deps.now().getTime() + deps.tokenTtlMs);
  await deps.db.transaction(async (tx) => {
    await casinoSessionInsert(tx, {
      tokenHash: tokenHashOf(token),
      userId,
      sessionId: launcher.sessionId,
      platform,
      gameId: game.gameId,
      currency,
      expiresAt,
      createdAt: deps.now(),
    });
    await tx
      .insert(casinoRecents)
      .values({ userId, platform, gameId: game.gameId, playedAt: deps.now() })
      .onConflictDoUpdate({ target: [casinoRecents.userId, casinoRecents.platform, casinoRecents.gameId], set: { playedAt: deps.now() } });
  });
  const gameUrl =
    platform === HOUSE
      ? gameUrlBuild(game.gameId, token)
      : provider!.launchUrlTemplate
          .replace('{game_id}', encodeURIComponent(game.gameId))
          .replace('{token}', encodeURIComponent(token))
          .replace('{lang}', encodeURIComponent(locale))
          .replace('{currency}', encodeURIComponent(currency))
          .replace('{user}', String(userId));
  return { game_platform: game.platform as GamePlatform, game_id: game.gameId, game_url: gameUrl, token, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

export async function hallUserToken(deps: HallDeps, launcher: Launcher, currency: string) {
  const token = studioTokenNew();
  const expiresAt = new Date(deps.now().getTime() + deps.tokenTtlMs);
  await casinoSessionInsert(deps.db, {
    tokenHash: tokenHashOf(token),
    userId: launcher.uid,
    sessionId: launcher.sessionId,
    platform: HOUSE,
    gameId: null,
    currency,
    expiresAt,
    createdAt: deps.now(),
  });
  return { token, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

export async function hallRecentGet(deps: HallDeps, userId: number) {
  const favourites = await favouriteKeys(deps.db, userId);
  return { list: (await recentRows(deps.db, userId)).map((game) => cardOf(game, favourites)) };
}

export async function hallFavouriteListGet(deps: HallDeps, userId: number) {
  const rows = await favouriteRows(deps.db, userId);
  const keys = new Set(rows.map((row) => `${row.platform}/${row.gameId}`));
  return { list: rows.map((game) => cardOf(game, keys)) };
}

export async function hallFavouriteSet(deps: HallDeps, userId: number, platform: string, gameId: string, favourite: boolean) {
  if (favourite) {
    await gameFind(deps.db, platform, gameId);
    await deps.db.insert(casinoFavourites).values({ userId, platform, gameId, createdAt: deps.now() }).onConflictDoNothing();
    return { favourite: 1 as const };
  }
  await deps.db
    .delete(casinoFavourites)
    .where(and(eq(casinoFavourites.userId, userId), eq(casinoFavourites.platform, platform), eq(casinoFavourites.gameId, gameId)));
  return { favourite: 0 as const };
}

export async function hallFeedbackAdd(
  deps: HallDeps,
  userId: number,
  body: { game_platform?: string | undefined; game_id?: string | undefined; content: string },
) {
  if (body.game_id !== undefined) await gameFind(deps.db, body.game_platform ?? HOUSE, body.game_id);
  const [row] = await deps.db
    .insert(casinoFeedback)
    .values({ userId, platform: body.game_platform ?? null, gameId: body.game_id ?? null, content: body.content.trim(), createdAt: deps.now() })
    .returning({ id: casinoFeedback.id });
  return { feedback_id: row!.id };
}

/** Stores the switch; the first time it is switched on is kept for good (ui-switch-reward reads it, decision 061). */
export async function hallUiSwitchSet(deps: HallDeps, userId: number, value: 1 | 2) {
  const now = deps.now();
  const firstOnAt = value === 1 ? now : null;
  await deps.db
    .insert(casinoUserPrefs)
    .values({ userId, uiSwitch: value, firstOnAt, updatedAt: now })
    .onConflictDoUpdate({
      target: casinoUserPrefs.userId,
      set: { uiSwitch: value, firstOnAt: sql`coalesce(${casinoUserPrefs.firstOnAt}, excluded.first_on_at)`, updatedAt: now },
    });
  return { switch: value };
}

export async function hallUiSwitchGet(deps: HallDeps, userId: number | undefined) {
  if (userId === undefined) return { switch: 0 as const };
  const [row] = await deps.db.select({ value: casinoUserPrefs.uiSwitch }).from(casinoUserPrefs).where(eq(casinoUserPrefs.userId, userId));
  return { switch: (row?.value ?? 0) as 0 | 1 | 2 };
}

export async function hallGameInfoGet(deps: HallDeps, userId: number | undefined, platform: string, gameId: string, currency: string) {
  const game = await gameFind(deps.db, platform, gameId);
  const favourites = await favouriteKeys(deps.db, userId);
  return { card: cardOf(game, favourites), info: platform === HOUSE && isHouseGameId(gameId) ? casinoGameInfo(gameId) : null, currency };
}

// --- Free rounds -----------------------------------------------------------------------------------------

export interface FreeRoundsGrantInput {
  /** The bonus engine's id for this grant: granting twice with one ref grants once. */
  grantRef: string;
  userId: number;
  gameId: string;
  rounds: number;
  stakeMinor: number;
  currency: string;
  expiresAt: Date;
  /** The granting bonus campaign, and where the winnings land (default cash, paid per round). */
  campaignId?: string | undefined;
  winTo?: 'cash' | 'bonus' | undefined;
}

/**
 * What the bonus engine calls to give a player free rounds on a house slot. Idempotent by grantRef: `created` says
 * whether this call made the grant (false when it existed already).
 */
export async function casinoFreeRoundsGrant(db: DbOrTx, input: FreeRoundsGrantInput) {
  if (!isHouseGameId(input.gameId) || !isSlotGame(input.gameId))
    throw new AppError('CASINO_GAME_UNKNOWN', { field: 'game_id', issue: 'free rounds are for house slots' });
  if (!Number.isInteger(input.rounds) || input.rounds < 1 || input.rounds > 1000)
    throw new AppError('VALIDATION_FAILED', { field: 'rounds', issue: 'out_of_range' });
  const info = casinoGameInfo(input.gameId);
  if (!Number.isSafeInteger(input.stakeMinor) || input.stakeMinor < info.betMinMinor || input.stakeMinor > info.betMaxMinor)
    throw new AppError('CASINO_BET_OUT_OF_LIMITS', { field: 'stake' });
  return freeRoundInsert(db, {
    grantRef: input.grantRef,
    userId: input.userId,
    platform: HOUSE,
    gameId: input.gameId,
    total: input.rounds,
    remaining: input.rounds,
    stake: input.stakeMinor,
    currency: input.currency,
    expiresAt: input.expiresAt,
    campaignId: input.campaignId ?? null,
    winTo: input.winTo ?? 'cash',
  });
}

export async function hallFreeRoundsGet(deps: HallDeps, userId: number, status: 'available' | 'unavailable', offset: number) {
  const now = deps.now().getTime();
  const grants = await freeRoundsOfUser(deps.db, userId);
  const statusOf = (grant: typeof casinoFreeRounds.$inferSelect): 'available' | 'used' | 'expired' =>
    grant.remaining === 0 ? 'used' : grant.expiresAt.getTime() <= now ? 'expired' : 'available';
  const available = grants.filter((grant) => statusOf(grant) === 'available');
  const chosen = status === 'available' ? available : grants.filter((grant) => statusOf(grant) !== 'available');
  const games = await deps.db
    .select({ gameId: casinoGames.gameId, name: casinoGames.name })
    .from(casinoGames)
    .where(
      and(
        eq(casinoGames.platform, HOUSE),
        chosen.length > 0
          ? inArray(
              casinoGames.gameId,
              chosen.map((grant) => grant.gameId),
            )
          : sql`false`,
      ),
    );
  const names = new Map(games.map((game) => [game.gameId, game.name]));
  const pageSize = 20;
  const slice = chosen.slice(offset, offset + pageSize);
  return {
    total_free_rounds: available.reduce((sum, grant) => sum + grant.remaining, 0),
    free_game_count: new Set(available.map((grant) => grant.gameId)).size,
    list: slice.map((grant) => ({
      grant_id: grant.grantRef,
      game_platform: HOUSE as GamePlatform,
      game_id: grant.gameId,
      game_name: names.get(grant.gameId) ?? grant.gameId,
      total: grant.total,
      remaining: grant.remaining,
      bet: grant.stake,
      currency: grant.currency,
      win_total: grant.winTotal,
      expires_at: Math.floor(grant.expiresAt.getTime() / 1000),
      status: statusOf(grant),
      win_to: grant.winTo === 'bonus' ? ('bonus' as const) : ('cash' as const),
    })),
    offset: offset + slice.length,
    has_more: offset + pageSize < chosen.length ? (1 as const) : (0 as const),
  };
}
