import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAME_URL_TEMPLATE, gameCardSchema, hallTabs } from '@piranha/contract';
import { HOUSE_GAME_IDS } from '@piranha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';
import { CASINO_ENV, expectLedgerClean, playerWithGame } from './casino-fixtures.ts';

/** The hall (lobby) endpoints against the contract. */
let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ env: CASINO_ENV });
});
afterAll(async () => {
  await expectLedgerClean(t);
  await t?.close();
});

const HALL = '/api/piranha/pg_game/hall';

describe('hall catalogue', () => {
  it('lists only tabs and providers that have games: house only by default', async () => {
    const tabs = envelopeOf(await t.get(`${HALL}/tabs`));
    expect(hallTabs.data.safeParse(tabs.data).success).toBe(true);
    expect(tabs.data.sub_tabs.map((tab: { tab_key: string }) => tab.tab_key)).toEqual(['popular', 'slots', 'mini', 'fishing', 'bingo', 'table', 'new']);
    expect(tabs.data.providers).toEqual([{ game_platform: 'house', name: 'Piranha Originals', game_count: HOUSE_GAME_IDS.length }]);
    expect(tabs.data.top_tabs.map((tab: { tab_key: string }) => tab.tab_key)).toEqual(['lobby', 'favorites', 'recents', 'new', 'providers']);
    const portuguese = envelopeOf(await t.get(`${HALL}/tabs`, { query: { lca_lang: 'pt-BR', main_key: 'slots' } }));
    expect(portuguese.data.sub_tabs).toEqual([
      { tab_key: 'popular', category_name: 'Populares', game_count: 3 },
      { tab_key: 'slots', category_name: 'Caça-níqueis', game_count: 3 },
      { tab_key: 'fishing', category_name: 'Pesca', game_count: 1 },
      { tab_key: 'new', category_name: 'Novos', game_count: 2 },
    ]);
  });

  it('lists a tab page by page, by provider, and filters live games', async () => {
    const slots = envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'slots' } }));
    expect(slots.data.list.map((game: { game_id: string }) => game.game_id)).toEqual(['reef-riches', 'neon-koi', 'lucky-sevens']);
    for (const card of slots.data.list) expect(gameCardSchema.safeParse(card).success).toBe(true);
    expect(slots.data.list[0]).toMatchObject({ game_platform: 'house', game_cover: 'svg:house/reef-riches', rtp: 95.9677, favourite: 0, live_game: 0 });
    const first = envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'lobby', page_size: '5' } }));
    expect(first.data).toMatchObject({ cursor: '5', has_more: 1 });
    const second = envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'lobby', page_size: '5', cursor: '5' } }));
    expect(second.data.list).toHaveLength(5);
    expect(second.data).toMatchObject({ cursor: '10', has_more: 1 });
    const third = envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'lobby', page_size: '5', cursor: '10' } }));
    // The third page holds what is left of the house games (every game is on the lobby tab).
    expect(third.data.list).toHaveLength(Math.min(5, HOUSE_GAME_IDS.length - 10));
    expect(third.data).toMatchObject(HOUSE_GAME_IDS.length > 15 ? { cursor: '15', has_more: 1 } : { cursor: '', has_more: 0 });
    expect(envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'provider:house' } })).data.list).toHaveLength(HOUSE_GAME_IDS.length);
    expect(envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'provider:pgsoft' } })).data.list).toEqual([]);
    expect(envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'mini', live_game: '1' } })).data.list).toEqual([]);
    expect(envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'favorites' } })).data.list).toEqual([]);
    expect(envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'everything' } }))).toMatchObject({ dm_error: 1001, data: { field: 'tab_key' } });
    expect(envelopeOf(await t.get(`${HALL}/list`, { query: { tab_key: 'slots', page_size: '101' } }))).toMatchObject({
      dm_error: 1001,
      data: { field: 'page_size' },
    });
  });

  it('answers banners, game tab lists and game info', async () => {
    const banners = envelopeOf(await t.get(`${HALL}/banner`));
    expect(banners.data.list[0]).toEqual({
      game_platform: 'house',
      game_id: 'reef-riches',
      game_name: 'Reef Riches',
      game_cover: 'svg:house/reef-riches',
      banner_image: 'svg:banner/reef-riches',
      banner_type: 'game',
      h5_url: '/#/game-detail?game_platform=house&game_id=reef-riches',
    });
    const casino = envelopeOf(await t.get(`${HALL}/game/tab/list`, { query: { main_key: 'casino' } }));
    expect(casino.data.tabs.map((tab: { tab_key: string }) => tab.tab_key)).toEqual(['popular', 'mini', 'bingo', 'table', 'new']);
    expect(casino.data).toMatchObject({ tab_key: 'popular', pageKey: '', has_more: 0 });
    expect(casino.data.list.map((game: { game_id: string }) => game.game_id)).toEqual(['crash', 'mines', 'keno', 'baccarat', 'tower']);
    const info = envelopeOf(await t.get(`${HALL}/game/info`, { query: { game_platform: 'house', game_id: 'roulette' } }));
    expect(info.data.info).toMatchObject({ rtpPercent: 97.2973, kind: 'roulette', betMinMinor: 10 });
    expect(envelopeOf(await t.get(`${HALL}/game/info`, { query: { game_platform: 'house', game_id: 'no-such-game' } })).dm_error).toBe(7001);
  });

  it('searches by name, provider or tag in any case and language, and says when nothing matched', async () => {
    const found = envelopeOf(await t.get(`${HALL}/search`, { query: { keyword: 'KOI' } }));
    expect(found.data).toMatchObject({ no_data: 0, list: [{ game_id: 'neon-koi' }] });
    expect(envelopeOf(await t.get(`${HALL}/search`, { query: { keyword: 'originals' } })).data.list).toHaveLength(HOUSE_GAME_IDS.length);
    expect(envelopeOf(await t.get(`${HALL}/search`, { query: { keyword: '%' } })).data).toEqual({ list: [], no_data: 1 });
    // By a tag, in any of the tab's languages: the table games by "table", "Mesa" (pt/es) or "桌面"; not by "jogos"
    // ("games", which every game is) nor by two letters of a tab's name.
    const ids = async (keyword: string) =>
      (envelopeOf(await t.get(`${HALL}/search`, { query: { keyword } })).data.list as { game_id: string }[]).map((game) => game.game_id).sort();
    const table = (await ids('table')).filter((id) => ['roulette', 'baccarat'].includes(id));
    expect(table).toEqual(['baccarat', 'roulette']);
    expect(await ids('Mesa')).toEqual(await ids('table'));
    expect(await ids('桌面')).toEqual(await ids('table'));
    expect(await ids('jogos')).toEqual([]);
    expect(await ids('ta')).toEqual([]);
    expect(envelopeOf(await t.get(`${HALL}/search`, { query: { keyword: '' } }))).toMatchObject({ dm_error: 1001, data: { field: 'keyword' } });
  });
});

describe('the player’s hall', () => {
  it('launches a game with a token the studio accepts, and remembers it in recents', async () => {
    const player = await playerWithGame(t, 'plinko', 0);
    const launch = envelopeOf(await t.get(`${HALL}/launch`, { query: signedIn(player.session, { game_platform: 'house', game_id: 'dice' }) }));
    expect(launch.data.game_url).toBe(GAME_URL_TEMPLATE.replace('{game_id}', 'dice').replace('{token}', launch.data.token));
    expect(launch.data.expires_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + 12 * 3600);
    expect(envelopeOf(await t.get('/api/studio/house/session', { query: { token: launch.data.token } })).data.game.game_id).toBe('dice');
    const recents = envelopeOf(await t.get(`${HALL}/recent/list`, { query: signedIn(player.session) }));
    expect(recents.data.list.map((game: { game_id: string }) => game.game_id)).toEqual(['dice', 'plinko']);
    expect(envelopeOf(await t.get(`${HALL}/launch`, { query: { game_platform: 'house', game_id: 'dice' } })).dm_error).toBe(604);
    expect(envelopeOf(await t.get(`${HALL}/launch`, { query: signedIn(player.session, { game_platform: 'house', game_id: 'poker' }) })).dm_error).toBe(7001);
    expect(envelopeOf(await t.get(`${HALL}/launch`, { query: signedIn(player.session, { game_platform: 'pgsoft', game_id: 'fortune-tiger' }) })).dm_error).toBe(
      7001,
    );
  });

  it('adds and removes favourites, idempotently, and shows them on cards', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    const query = signedIn(player.session);
    for (let i = 0; i < 2; i += 1)
      expect(envelopeOf(await t.post(`${HALL}/favourite/add`, { query, body: { game_platform: 'house', game_id: 'mines' } })).data).toEqual({ favourite: 1 });
    t.clock.advance(1000);
    await t.post(`${HALL}/favourite/add`, { query, body: { game_platform: 'house', game_id: 'crash' } });
    const list = envelopeOf(await t.get(`${HALL}/favourite/list`, { query }));
    // Latest first.
    expect(list.data.list.map((game: { game_id: string; favourite: number }) => [game.game_id, game.favourite])).toEqual([
      ['crash', 1],
      ['mines', 1],
    ]);
    const tab = envelopeOf(await t.get(`${HALL}/list`, { query: { ...query, tab_key: 'favorites' } }));
    expect(tab.data.list).toHaveLength(2);
    const tabs = envelopeOf(await t.get(`${HALL}/tabs`, { query }));
    expect(tabs.data.top_tabs.find((entry: { tab_key: string }) => entry.tab_key === 'favorites').game_count).toBe(2);
    for (let i = 0; i < 2; i += 1)
      expect(envelopeOf(await t.post(`${HALL}/favourite/del`, { query, body: { game_platform: 'house', game_id: 'mines' } })).data).toEqual({ favourite: 0 });
    expect(envelopeOf(await t.get(`${HALL}/favourite/list`, { query })).data.list.map((game: { game_id: string }) => game.game_id)).toEqual(['crash']);
    expect(envelopeOf(await t.post(`${HALL}/favourite/add`, { query, body: { game_platform: 'house', game_id: 'nope' } })).dm_error).toBe(7001);
    expect(envelopeOf(await t.post(`${HALL}/favourite/add`, { query, body: { game_platform: 'house', game_id: 'crash', extra: 1 } }))).toMatchObject({
      dm_error: 1001,
      data: { field: 'extra' },
    });
  });

  it('stores feedback, the UI-v3 switch and hands out a game user token', async () => {
    const player = await playerWithGame(t, 'dice', 0);
    const query = signedIn(player.session);
    const feedback = envelopeOf(await t.post(`${HALL}/feedback`, { query, body: { game_platform: 'house', game_id: 'dice', content: 'Love the dice!' } }));
    expect(feedback.data.feedback_id).toBeGreaterThan(0);
    expect(envelopeOf(await t.post(`${HALL}/feedback`, { query, body: { content: '' } }))).toMatchObject({ dm_error: 1001, data: { field: 'content' } });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch/info`, { query })).data).toEqual({ switch: 0 });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch`, { query: { ...query, switch: '1' } })).data).toEqual({ switch: 1 });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch/info`, { query })).data).toEqual({ switch: 1 });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch`, { query: { ...query, switch: '2' } })).data).toEqual({ switch: 2 });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch/info`, { query })).data).toEqual({ switch: 2 });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch`, { query: { ...query, switch: '3' } }))).toMatchObject({ dm_error: 1001, data: { field: 'switch' } });
    expect(envelopeOf(await t.get(`${HALL}/ui/switch/info`)).data).toEqual({ switch: 0 });
    const userToken = envelopeOf(await t.get(`${HALL}/game/user/token`, { query }));
    expect(userToken.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A user token is not a game session: it cannot play.
    expect(
      envelopeOf(
        await t.post('/api/studio/house/round', {
          body: { token: userToken.data.token, game_id: 'dice', bet: 100, params: { target: 5000, direction: 'under' } },
        }),
      ).dm_error,
    ).toBe(7003);
  });
});

describe('external providers', () => {
  let database: TestDatabase;
  let withProvider: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'casino-providers-'));
    const file = join(dir, 'providers.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          platform: 'pgsoft',
          secret: 'pgsoft-shared-secret-0123456789',
          launch_url_template: 'https://games.example.test/launch?game={game_id}&token={token}&lang={lang}&cur={currency}',
          games: [{ game_id: 'fortune-tiger', name: 'Fortune Tiger', category: 'slots', rtp: 96.81, is_hot: true }],
        },
      ]),
    );
    database = await testDatabaseCreate();
    withProvider = await testAppCreate({ env: { ...CASINO_ENV, CASINO_PROVIDERS_FILE: file }, database });
  });
  afterAll(async () => {
    await withProvider?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists a configured provider and launches through its URL template', async () => {
    const tabs = envelopeOf(await withProvider.get(`${HALL}/tabs`));
    expect(tabs.data.providers.map((provider: { game_platform: string }) => provider.game_platform)).toEqual(['house', 'pgsoft']);
    const list = envelopeOf(await withProvider.get(`${HALL}/list`, { query: { tab_key: 'provider:pgsoft' } }));
    expect(list.data.list).toMatchObject([{ game_platform: 'pgsoft', game_id: 'fortune-tiger', game_name: 'Fortune Tiger', rtp: 96.81 }]);
    const session = await withProvider.session();
    const launch = envelopeOf(await withProvider.get(`${HALL}/launch`, { query: signedIn(session, { game_platform: 'pgsoft', game_id: 'fortune-tiger' }) }));
    expect(launch.data.game_url).toBe(`https://games.example.test/launch?game=fortune-tiger&token=${launch.data.token}&lang=pt-BR&cur=BRL`);
    const info = envelopeOf(await withProvider.get(`${HALL}/game/info`, { query: { game_platform: 'pgsoft', game_id: 'fortune-tiger' } }));
    expect(info.data.info).toBeNull();
  });
});
