import { readFileSync } from 'node:fs';
import { GAME_PLATFORMS, GAME_SUB_TABS, type GamePlatform, type GameSubTab } from '@piranha/contract';
import { casinoGameInfo, HOUSE_GAME_IDS, type HouseGameId, type Locale } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { casinoGames } from '../../db/schema/index.ts';
import { seedOnce } from '../../db/seed/seed-once.ts';

/**
 * The game catalogue: the house studio's games (seeded at boot) and, when the operator configures them,
 * external providers' games behind the same launch interface (adapter slots for pgsoft, pp, tada, spribe,
 * bgaming, ka, fc, and Orca Games, the provider process of apps/provider). Nothing external is configured by default, so the hall lists house games only.
 */
export interface CatalogueGame {
  platform: GamePlatform;
  gameId: string;
  name: string;
  category: GameSubTab;
  tags: GameSubTab[];
  rtp: number;
  isNew: boolean;
  isHot: boolean;
  sort: number;
}

const HOUSE_LAYOUT: Record<HouseGameId, { category: GameSubTab; hot: boolean; isNew: boolean }> = {
  'reef-riches': { category: 'slots', hot: true, isNew: false },
  'neon-koi': { category: 'slots', hot: true, isNew: true },
  'lucky-sevens': { category: 'slots', hot: false, isNew: false },
  crash: { category: 'mini', hot: true, isNew: true },
  mines: { category: 'mini', hot: true, isNew: false },
  dice: { category: 'mini', hot: false, isNew: false },
  plinko: { category: 'mini', hot: false, isNew: true },
  roulette: { category: 'table', hot: false, isNew: false },
  limbo: { category: 'mini', hot: false, isNew: true },
  keno: { category: 'mini', hot: true, isNew: true },
  baccarat: { category: 'table', hot: true, isNew: true },
  wheel: { category: 'mini', hot: false, isNew: true },
  tower: { category: 'mini', hot: true, isNew: true },
  bingo: { category: 'bingo', hot: false, isNew: true },
  fishing: { category: 'fishing', hot: true, isNew: true },
  'video-poker': { category: 'table', hot: false, isNew: true },
  hilo: { category: 'mini', hot: false, isNew: true },
  blackjack: { category: 'table', hot: false, isNew: true },
};

export function houseCatalogue(): CatalogueGame[] {
  return HOUSE_GAME_IDS.map((gameId, index) => {
    const layout = HOUSE_LAYOUT[gameId];
    const tags: GameSubTab[] = [layout.category];
    if (layout.hot) tags.push('popular');
    if (layout.isNew) tags.push('new');
    return {
      platform: 'house',
      gameId,
      name: casinoGameInfo(gameId).name,
      category: layout.category,
      tags,
      rtp: casinoGameInfo(gameId).rtpPercent,
      isNew: layout.isNew,
      isHot: layout.hot,
      sort: index,
    };
  });
}

/** An external provider the operator configured: its wallet secret, launch URL template and games. */
export interface ExternalProvider {
  platform: Exclude<GamePlatform, 'house'>;
  name: string;
  secret: string;
  /** `{game_id}`, `{token}`, `{lang}`, `{currency}` and `{user}` (our user id, which wallet calls name) are replaced at launch. */
  launchUrlTemplate: string;
  games: CatalogueGame[];
}

export const PROVIDER_NAMES: Record<GamePlatform, string> = {
  house: 'Piranha Originals',
  pgsoft: 'PG Soft',
  pp: 'Pragmatic Play',
  tada: 'TaDa Gaming',
  spribe: 'Spribe',
  bgaming: 'BGaming',
  ka: 'KA Gaming',
  fc: 'FA CHAI',
  orca: 'Orca Games',
};

/**
 * Whether a launch URL template may be used: https always; plain http only outside production and only on this
 * machine (127.0.0.1, localhost: `npm start`'s own provider process, decision 072), where no network sees the token.
 */
function launchTemplateAllowed(template: string, production: boolean): boolean {
  if (template.startsWith('https://')) return true;
  return !production && /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?\//.test(template);
}

/** The origin (`scheme://host[:port]`) a provider's game pages are served from: what the app's CSP lets it frame. */
export function providerOriginOf(provider: Pick<ExternalProvider, 'launchUrlTemplate'>): string {
  return new URL(provider.launchUrlTemplate.replace(/\{[a-z_]+\}/g, 'x')).origin;
}

/**
 * Reads CASINO_PROVIDERS_FILE: a JSON array of {platform, secret, launch_url_template, games: [{game_id,
 * name, category, rtp, is_new?, is_hot?}]}. Unknown platforms or categories fail the start, loudly.
 */
export function externalProvidersLoad(file: string | undefined, { production = false }: { production?: boolean } = {}): ExternalProvider[] {
  if (!file) return [];
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error('CASINO_PROVIDERS_FILE must hold a JSON array');
  return raw.map((entry: Record<string, unknown>) => {
    const platform = entry.platform as GamePlatform;
    if (!(GAME_PLATFORMS as readonly string[]).includes(platform) || platform === 'house') throw new Error(`unknown casino provider ${String(entry.platform)}`);
    if (typeof entry.secret !== 'string' || entry.secret.length < 16) throw new Error(`provider ${platform}: secret of at least 16 characters required`);
    if (typeof entry.launch_url_template !== 'string' || !launchTemplateAllowed(entry.launch_url_template, production))
      throw new Error(`provider ${platform}: launch_url_template must be an https URL (http on 127.0.0.1 or localhost outside production)`);
    const games = (Array.isArray(entry.games) ? entry.games : []).map((game: Record<string, unknown>, index: number): CatalogueGame => {
      const category = game.category as GameSubTab;
      if (!(GAME_SUB_TABS as readonly string[]).includes(category)) throw new Error(`provider ${platform}: unknown category ${String(game.category)}`);
      if (typeof game.game_id !== 'string' || !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(game.game_id)) throw new Error(`provider ${platform}: bad game_id`);
      const tags: GameSubTab[] = [category];
      if (game.is_hot === true) tags.push('popular');
      if (game.is_new === true) tags.push('new');
      return {
        platform,
        gameId: game.game_id,
        name: String(game.name ?? game.game_id),
        category,
        tags,
        rtp: Number(game.rtp ?? 0),
        isNew: game.is_new === true,
        isHot: game.is_hot === true,
        sort: 1000 + index,
      };
    });
    return {
      platform: platform as ExternalProvider['platform'],
      name: PROVIDER_NAMES[platform],
      secret: entry.secret,
      launchUrlTemplate: entry.launch_url_template,
      games,
    };
  });
}

/** Writes the catalogue: configured games enabled (upserted), everything else disabled. */
export async function casinoCatalogueSeed(db: Db, providers: readonly ExternalProvider[]): Promise<void> {
  const games = [...houseCatalogue(), ...providers.flatMap((provider) => provider.games)];
  // One upsert per game: written again only when the catalogue changed (db/seed/seed-once.ts).
  await seedOnce(db, 'casino-catalogue', games, () => catalogueWrite(db, games));
}

async function catalogueWrite(db: Db, games: readonly CatalogueGame[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(casinoGames).set({ enabled: false });
    for (const game of games) {
      const row = {
        platform: game.platform,
        gameId: game.gameId,
        name: game.name,
        category: game.category,
        tags: game.tags,
        rtp: game.rtp,
        isNew: game.isNew,
        isHot: game.isHot,
        sort: game.sort,
        enabled: true,
        cover: game.platform === 'house' ? `svg:house/${game.gameId}` : `svg:${game.platform}/${game.gameId}`,
        liveGame: false,
      };
      await tx
        .insert(casinoGames)
        .values(row)
        .onConflictDoUpdate({ target: [casinoGames.platform, casinoGames.gameId], set: { ...row, enabled: sql`true` } });
    }
  });
}

/** Sub-tab titles in the eight languages (spec §2: Popular, Slots, Mini, Fishing, BGaming, FA CHAI, Bingo, Table Game, New). */
export const SUB_TAB_NAMES: Record<GameSubTab, Record<Locale, string>> = {
  popular: {
    'en-US': 'Popular',
    'es-MX': 'Populares',
    'pt-BR': 'Populares',
    'ru-RU': 'Популярные',
    'vm-VI': 'Phổ biến',
    'vm-TH': 'ยอดนิยม',
    'zh-CN': '热门',
    'ms-MY': 'Popular',
  },
  slots: {
    'en-US': 'Slots',
    'es-MX': 'Tragamonedas',
    'pt-BR': 'Caça-níqueis',
    'ru-RU': 'Слоты',
    'vm-VI': 'Slot',
    'vm-TH': 'สล็อต',
    'zh-CN': '老虎机',
    'ms-MY': 'Slot',
  },
  mini: { 'en-US': 'Mini', 'es-MX': 'Mini', 'pt-BR': 'Mini', 'ru-RU': 'Мини', 'vm-VI': 'Mini', 'vm-TH': 'มินิ', 'zh-CN': '迷你', 'ms-MY': 'Mini' },
  fishing: {
    'en-US': 'Fishing',
    'es-MX': 'Pesca',
    'pt-BR': 'Pesca',
    'ru-RU': 'Рыбалка',
    'vm-VI': 'Bắn cá',
    'vm-TH': 'ยิงปลา',
    'zh-CN': '捕鱼',
    'ms-MY': 'Memancing',
  },
  bgaming: {
    'en-US': 'BGaming',
    'es-MX': 'BGaming',
    'pt-BR': 'BGaming',
    'ru-RU': 'BGaming',
    'vm-VI': 'BGaming',
    'vm-TH': 'BGaming',
    'zh-CN': 'BGaming',
    'ms-MY': 'BGaming',
  },
  fachai: {
    'en-US': 'FA CHAI',
    'es-MX': 'FA CHAI',
    'pt-BR': 'FA CHAI',
    'ru-RU': 'FA CHAI',
    'vm-VI': 'FA CHAI',
    'vm-TH': 'FA CHAI',
    'zh-CN': '发财',
    'ms-MY': 'FA CHAI',
  },
  bingo: { 'en-US': 'Bingo', 'es-MX': 'Bingo', 'pt-BR': 'Bingo', 'ru-RU': 'Бинго', 'vm-VI': 'Bingo', 'vm-TH': 'บิงโก', 'zh-CN': '宾果', 'ms-MY': 'Bingo' },
  table: {
    'en-US': 'Table Game',
    'es-MX': 'Juegos de mesa',
    'pt-BR': 'Jogos de mesa',
    'ru-RU': 'Настольные игры',
    'vm-VI': 'Trò chơi bàn',
    'vm-TH': 'เกมโต๊ะ',
    'zh-CN': '桌面游戏',
    'ms-MY': 'Permainan Meja',
  },
  new: { 'en-US': 'New', 'es-MX': 'Nuevos', 'pt-BR': 'Novos', 'ru-RU': 'Новые', 'vm-VI': 'Mới', 'vm-TH': 'ใหม่', 'zh-CN': '新游戏', 'ms-MY': 'Baharu' },
};

/** Which sub-tabs belong to each main game tab (spec §2: slots, casino). Popular and New appear under both. */
export const MAIN_KEY_CATEGORIES: Record<'slots' | 'casino', GameSubTab[]> = {
  slots: ['slots', 'fishing', 'bgaming', 'fachai'],
  casino: ['mini', 'table', 'bingo'],
};
