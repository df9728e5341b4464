import {
  AREA_STATIC_PATH,
  areaStaticSchema,
  azKeywordList,
  azTabList,
  bannerList,
  DYNCONFIG_KEYS,
  dynconfigGet,
  ERRORS,
  globalConfigGet,
  homeStaticSchema,
  iconList,
  logoGet,
  popupList,
  pwaIndexGet,
  tabList,
  type Endpoint,
} from '@piranha/contract';
import { pwaAwardCampaignDefault, variantFindByKey } from '@piranha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../src/db/schema/index.ts';
import { abBucket } from '../src/modules/config/config.service.ts';
import { CLOCK_START, DAY_MS, envelopeOf, signedIn, testAppCreate, type RequestInput, type TestApp } from './harness.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789';

let t: TestApp;

beforeAll(async () => {
  t = await testAppCreate({ env: { OPS_TOKEN } });
});
afterAll(() => t?.close());

/** Calls an endpoint of the contract, checks the envelope is a success and parses data with the contract. */
async function callOk<E extends Endpoint>(definition: E, input: RequestInput = {}) {
  const response = await t.request(definition.method, definition.path, input);
  expect(response.status).toBe(200);
  const envelope = envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(0);
  return definition.data.parse(envelope.data) as ReturnType<E['data']['parse']>;
}

async function dynconfigs(input: RequestInput & { keys?: readonly string[] } = {}) {
  const { keys = DYNCONFIG_KEYS, ...rest } = input;
  const data = await callOk(dynconfigGet, { ...rest, body: { keys } });
  return data.configs;
}

function armsOf(configs: { key: string; result: string }[]): Record<string, string> {
  return Object.fromEntries(configs.map((entry) => [entry.key, entry.result]));
}

describe('GET /api/v1/conf/global', () => {
  it('answers global_stats 0 on a new installation', async () => {
    expect(await callOk(globalConfigGet)).toStrictEqual({ global_stats: 0 });
  });
});

describe('POST /api/v1/base/dynconfig/cfg/get', () => {
  it('answers every known key, in the order asked, and omits unknown keys', async () => {
    const configs = await dynconfigs({ keys: ['no_such_config', ...DYNCONFIG_KEYS, 'also_unknown'], query: { smid: 'device-keys' } });
    expect(configs.map((entry) => entry.key)).toEqual([...DYNCONFIG_KEYS]);
    for (const entry of configs) {
      expect(entry.configs).toMatchObject({ api_host: '', maidian_host: '' });
      if (entry.result === 'on' || entry.result === 'off') expect(entry.switch).toBe(entry.result === 'on' ? 1 : 0);
      else expect(entry.switch).toBe(entry.result === 'B' ? 1 : 0);
    }
    expect(await dynconfigs({ keys: ['no_such_config'] })).toEqual([]);
  });

  it('answers switches from their stored state', async () => {
    const arms = armsOf(await dynconfigs({ query: { smid: 'device-switches' } }));
    expect(arms).toMatchObject({ sms_switch: 'off', vip_club: 'on', real_time_bonus: 'off', domain_change: 'off', global_config: 'on' });
  });

  it('carries regionDefaultLang in global_config (BR → pt-BR, MX → es-MX)', async () => {
    const [global] = await dynconfigs({ keys: ['global_config'] });
    expect(global!.configs.regionDefaultLang).toMatchObject({ BR: 'pt-BR', MX: 'es-MX', VN: 'vm-VI' });
  });

  it('keeps a device in the same A/B arm on every call', async () => {
    for (const smid of ['device-a', 'device-b', 'device-c']) {
      const first = await dynconfigs({ query: { smid } });
      const second = await dynconfigs({ query: { smid } });
      expect(second).toStrictEqual(first);
    }
  });

  it('assigns arms by a stable hash of the subject, so 50/50 configs split devices between A and B', async () => {
    const seen = new Set<string>();
    for (let index = 0; index < 24; index += 1) {
      const smid = `device-split-${index}`;
      const arms = armsOf(await dynconfigs({ keys: ['register_bonus_ab'], query: { smid } }));
      const expected = abBucket('register_bonus_ab', `d:${smid}`) < 5_000 ? 'B' : 'A';
      expect(arms.register_bonus_ab).toBe(expected);
      seen.add(expected);
    }
    expect(seen).toEqual(new Set(['A', 'B']));
  });

  it('keeps a signed-in user in the same arm whatever device they use', async () => {
    const session = await t.session();
    const fromPhone = await dynconfigs({ query: signedIn(session, { smid: 'phone' }) });
    const fromLaptop = await dynconfigs({ query: signedIn(session, { smid: 'laptop' }) });
    expect(fromLaptop).toStrictEqual(fromPhone);
    for (const key of ['register_bonus_ab', 'first_charge_ab', 'task_ab', 'login_optimisation_ab']) {
      expect(armsOf(fromPhone)[key]).toBe(abBucket(key, `u:${session.uid}`) < 5_000 ? 'B' : 'A');
    }
  });

  it('treats an expired session as anonymous: the device decides the arm', async () => {
    const session = await t.session();
    const anonymous = await dynconfigs({ query: { smid: 'device-expired' } });
    t.clock.advance(31 * DAY_MS);
    try {
      const expired = await dynconfigs({ query: signedIn(session, { smid: 'device-expired' }) });
      expect(expired).toStrictEqual(anonymous);
    } finally {
      t.clock.set(CLOCK_START);
    }
  });

  it('turns ui_v3_ab on for everyone on a brand with the UI v3 flag, and leaves it off elsewhere', async () => {
    for (const smid of ['ui-1', 'ui-2', 'ui-3', 'ui-4']) {
      const [flagged] = await dynconfigs({ keys: ['ui_v3_ab'], query: { smid }, headers: { 'app-key': 'tucunare' } });
      expect(flagged).toMatchObject({ key: 'ui_v3_ab', result: 'B', switch: 1 });
      const [plain] = await dynconfigs({ keys: ['ui_v3_ab'], query: { smid }, headers: { 'app-key': 'piranha' } });
      expect(plain).toMatchObject({ key: 'ui_v3_ab', result: 'A', switch: 0 });
    }
    // The brand can come from the Host too (tequila.mx is a UI v3 brand).
    const [byHost] = await dynconfigs({ keys: ['ui_v3_ab'], headers: { host: 'tequila.mx' } });
    expect(byHost!.switch).toBe(1);
  });
});

describe('GET /api/v1/conf/banner', () => {
  it('answers the seeded banners with titles in the request language', async () => {
    const portuguese = await callOk(bannerList, { query: { lca_lang: 'PT' } });
    const spanish = await callOk(bannerList, { query: { lca_lang: 'ES' } });
    expect(portuguese.list.find((banner) => banner.id === 1)).toMatchObject({
      title: 'Esportes ao vivo, todos os dias',
      url: '#/sport',
      banner_type: 'normal',
      expire_time: 0,
    });
    expect(spanish.list.find((banner) => banner.id === 1)).toMatchObject({ title: 'Deportes en vivo, todos los días' });
    const english = await callOk(bannerList, { query: { lca_lang: 'ENG' } });
    expect(english.list.find((banner) => banner.id === 1)!.title).toBe('Live sports, every day');
  });

  it("falls back to the brand's language, then to English when a title lacks the language", async () => {
    const [row] = await t.db
      .insert(banners)
      .values({ bannerType: 'normal', title: { 'en-US': 'Only in English' }, image: '/banners/x.svg', url: '#/game' })
      .returning({ id: banners.id });
    const mexican = await callOk(bannerList, { headers: { host: 'aguila.mx' } });
    expect(mexican.list.find((banner) => banner.id === 1)!.title).toBe('Deportes en vivo, todos los días');
    expect(mexican.list.find((banner) => banner.id === row!.id)!.title).toBe('Only in English');
  });

  it('hides a banner once its expire_at has passed (by the server clock)', async () => {
    const now = t.clock.now();
    const [expired] = await t.db
      .insert(banners)
      .values({ bannerType: 'normal', title: { 'en-US': 'Expired' }, image: '/banners/old.svg', url: '#/game', expireAt: new Date(now.getTime() - 3_600_000) })
      .returning({ id: banners.id });
    const expiresAt = new Date(now.getTime() + DAY_MS + 500);
    const [live] = await t.db
      .insert(banners)
      .values({ bannerType: 'normal', title: { 'en-US': 'Live today' }, image: '/banners/new.svg', url: '#/game', expireAt: expiresAt })
      .returning({ id: banners.id });
    const ids = (await callOk(bannerList)).list.map((banner) => banner.id);
    expect(ids).not.toContain(expired!.id);
    expect(ids).toContain(live!.id);
    expect((await callOk(bannerList)).list.find((banner) => banner.id === live!.id)!.expire_time).toBe(Math.floor(expiresAt.getTime() / 1000));
    t.clock.advance(DAY_MS + 1_000);
    try {
      expect((await callOk(bannerList)).list.map((banner) => banner.id)).not.toContain(live!.id);
    } finally {
      t.clock.set(CLOCK_START);
    }
  });

  it('shows a brand-specific banner only on that brand (app-key header or Host)', async () => {
    const [row] = await t.db
      .insert(banners)
      .values({ appKey: 'aguila', bannerType: 'normal', title: { 'en-US': 'Liga MX', 'es-MX': 'Liga MX en vivo' }, image: '/banners/mx.svg', url: '#/sport' })
      .returning({ id: banners.id });
    const ids = async (headers: Record<string, string>) => (await callOk(bannerList, { headers })).list.map((banner) => banner.id);
    expect(await ids({ 'app-key': 'aguila' })).toContain(row!.id);
    expect(await ids({ host: 'aguila.mx' })).toContain(row!.id);
    expect(await ids({ 'app-key': 'piranha' })).not.toContain(row!.id);
    expect(await ids({ 'app-key': 'jaguarmx' })).not.toContain(row!.id);
    expect(await ids({})).not.toContain(row!.id);
  });

  it('shows the banned banner only on a banned brand', async () => {
    const [row] = await t.db
      .insert(banners)
      .values({ bannerType: 'banned', title: { 'en-US': 'This site has moved' }, image: '/banners/banned.svg', url: '#/banned' })
      .returning({ id: banners.id });
    const banned = await callOk(bannerList, { headers: { 'app-key': 'carnaval' } });
    expect(banned.list.map((banner) => banner.id)).toContain(row!.id);
    expect(banned.list.every((banner) => banner.banner_type === 'banned' || banner.banner_type === 'normal')).toBe(true);
    expect((await callOk(bannerList, { headers: { 'app-key': 'piranha' } })).list.map((banner) => banner.id)).not.toContain(row!.id);
  });

  it('filters by source: a sport-only banner shows for source=sport and when no source is given', async () => {
    const [row] = await t.db
      .insert(banners)
      .values({ bannerType: 'normal', source: 'sport', title: { 'en-US': 'Sport only' }, image: '/banners/s.svg', url: '#/sport' })
      .returning({ id: banners.id });
    const ids = async (query: Record<string, string>) => (await callOk(bannerList, { query })).list.map((banner) => banner.id);
    expect(await ids({ source: 'sport' })).toContain(row!.id);
    expect(await ids({ source: 'game' })).not.toContain(row!.id);
    expect(await ids({ source: 'game' })).toContain(1);
    expect(await ids({})).toContain(row!.id);
  });
});

describe('content lists', () => {
  it('answers icons by level, localised', async () => {
    const portuguese = await callOk(iconList, { query: { lca_lang: 'PT' } });
    expect(portuguese.list.map((item) => [item.key, item.title])).toEqual([
      ['sport', 'Esportes'],
      ['game', 'Cassino'],
      ['language', 'Idioma'],
    ]);
  });

  it('answers the footer tabs, localised', async () => {
    expect((await callOk(tabList, { query: { lca_lang: 'ES' } })).list.map((item) => item.title)).toEqual(['Casino', 'Deportes', 'Ajustes']);
    expect((await callOk(tabList, { query: { lca_lang: 'ENG' } })).list.map((item) => item.title)).toEqual(['Casino', 'Sports', 'Settings']);
  });

  it('answers the pop-ups with their level', async () => {
    const popups = await callOk(popupList, { query: { lca_lang: 'PT' } });
    expect(popups.list).toEqual([expect.objectContaining({ key: 'welcome', level: 1, title: 'Bem-vindo! Odds ao vivo e cassino a um toque.' })]);
  });

  it('answers the A–Z sport tabs in order, localised', async () => {
    const tabs = await callOk(azTabList, { query: { lca_lang: 'PT' } });
    expect(tabs.list.map((item) => item.key)).toEqual(['soccer', 'basketball', 'tennis', 'table_tennis', 'volleyball']);
    expect(tabs.list[0]!.title).toBe('Futebol');
  });

  it('answers the popular search keywords in the request language, or the brand language', async () => {
    expect((await callOk(azKeywordList, { query: { lca_lang: 'PT' } })).list).toEqual(['Futebol', 'Basquete', 'Tênis']);
    expect((await callOk(azKeywordList, { query: { lca_lang: 'ES' } })).list).toEqual(['Fútbol', 'Baloncesto', 'Tenis']);
    expect((await callOk(azKeywordList, { query: { lca_lang: 'ENG' } })).list).toEqual(['Football', 'Basketball', 'Tennis']);
    expect((await callOk(azKeywordList, { headers: { host: 'aguila.mx' } })).list).toEqual(['Fútbol', 'Baloncesto', 'Tenis']);
  });
});

describe('brand endpoints', () => {
  it("answers each brand's logo and name", async () => {
    expect(await callOk(logoGet, { headers: { host: 'piranha.com.br' } })).toStrictEqual({ logo: '/brand/piranha.svg', name: 'Piranha' });
    expect(await callOk(logoGet, { headers: { host: 'aguila.mx' } })).toStrictEqual({ logo: '/brand/aguila.svg', name: 'Águila Apuestas' });
  });

  it('answers the PWA reward in the brand currency (each brand’s installed-web-app campaign, decision 053)', async () => {
    const amountOf = (appKey: string) => pwaAwardCampaignDefault(variantFindByKey(appKey)!).terms.amountMinor;
    expect(await callOk(pwaIndexGet)).toStrictEqual({ award_status: 1, award_amount: amountOf('piranha'), currency: 'BRL' });
    expect(await callOk(pwaIndexGet, { headers: { 'app-key': 'aguila' } })).toStrictEqual({
      award_status: 1,
      award_amount: amountOf('aguila'),
      currency: 'MXN',
    });
  });
});

describe('GET /cdn/home/:group/v:ui.json', () => {
  it('answers the static home of a group and UI version, cacheable and open to any origin', async () => {
    const v3 = await t.get('/cdn/home/br1/v3.json');
    expect(v3.status).toBe(200);
    expect(v3.headers['cache-control']).toBe('public, max-age=300');
    expect(v3.headers['access-control-allow-origin']).toBe('*');
    const home = homeStaticSchema.parse(v3.json);
    expect(home).toMatchObject({ app_group: 'br1', ui_version: 3 });
    expect(home.sections.map((section) => section.key)).toEqual(['casino', 'sport']);
    const v2 = homeStaticSchema.parse((await t.get('/cdn/home/mx2/v2.json')).json);
    expect(v2).toMatchObject({ app_group: 'mx2', ui_version: 2 });
    expect(v2.sections.map((section) => section.key)).toEqual(['casino', 'sport']);
  });

  it('answers 304 to a revalidation with the ETag, and the same bytes to every caller', async () => {
    const first = await t.get('/cdn/home/br1/v3.json');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect((await t.get('/cdn/home/br1/v3.json', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await t.get('/cdn/home/br1/v3.json', { headers: { 'app-key': 'aguila', 'session-uid': '1', 'session-sid': 'x' } })).text).toBe(first.text);
  });
});

describe('GET /cdn/area/v1.json', () => {
  it('answers the country languages and client-version countries, public and cacheable', async () => {
    const response = await t.get(AREA_STATIC_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const area = areaStaticSchema.parse(response.json);
    expect(area.version).toBe(1);
    expect(area.languages).toMatchObject({ BR: 'pt-BR', MX: 'es-MX', VN: 'vm-VI' });
    expect(area.cv_countries[variantFindByKey('aguila')!.cvPrefix]).toBe('MX');
  });

  it('answers not found for a bad group or UI version', async () => {
    for (const path of [
      '/cdn/home/BR1/v3.json',
      '/cdn/home/br%201/v3.json',
      `/cdn/home/${'g'.repeat(33)}/v3.json`,
      '/cdn/home/br1/v0.json',
      '/cdn/home/br1/v10.json',
      '/cdn/home/br1/vx.json',
      '/cdn/home/br1/3.json',
    ]) {
      const response = await t.get(path);
      expect(response.status, path).toBe(200);
      expect(envelopeOf(response), path).toMatchObject({ dm_error: ERRORS.NOT_FOUND.code, data: { field: 'path' } });
    }
  });
});

describe('POST /api/ops/global-stats', () => {
  const OPS = '/api/ops/global-stats';
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('refuses a missing or wrong token with 1002 and changes nothing', async () => {
    for (const headers of [{}, bearer('wrong-token'), { authorization: OPS_TOKEN }, bearer(`${OPS_TOKEN}x`), { authorization: `Basic ${OPS_TOKEN}` }]) {
      const envelope = envelopeOf(await t.post(OPS, { body: { global_stats: 1 }, headers }));
      expect(envelope.dm_error).toBe(ERRORS.UNAUTHORISED.code);
    }
    expect(await callOk(globalConfigGet)).toStrictEqual({ global_stats: 0 });
  });

  it('refuses a status outside 0, 1, 2 naming global_stats', async () => {
    for (const body of [{ global_stats: 3 }, { global_stats: '1' }, {}, { global_stats: 1, extra: true }]) {
      const envelope = envelopeOf(await t.post(OPS, { body, headers: bearer(OPS_TOKEN) }));
      expect(envelope).toMatchObject({ dm_error: ERRORS.VALIDATION_FAILED.code, data: { field: 'global_stats' } });
    }
  });

  it('switches maintenance on and off: /api/v1/conf/global reflects 1, then 2, then 0', async () => {
    try {
      expect(envelopeOf(await t.post(OPS, { body: { global_stats: 1 }, headers: bearer(OPS_TOKEN) }))).toStrictEqual({
        dm_error: 0,
        error_msg: '',
        data: { global_stats: 1 },
      });
      expect(await callOk(globalConfigGet)).toStrictEqual({ global_stats: 1 });
      expect(envelopeOf(await t.post(OPS, { body: { global_stats: 2 }, headers: bearer(OPS_TOKEN) })).dm_error).toBe(0);
      expect(await callOk(globalConfigGet)).toStrictEqual({ global_stats: 2 });
    } finally {
      expect(envelopeOf(await t.post(OPS, { body: { global_stats: 0 }, headers: bearer(OPS_TOKEN) })).dm_error).toBe(0);
    }
    expect(await callOk(globalConfigGet)).toStrictEqual({ global_stats: 0 });
  });

  it('is off entirely when OPS_TOKEN is not set', async () => {
    const withoutToken = await testAppCreate({ database: t.testDatabase });
    try {
      for (const headers of [{}, bearer(''), bearer('undefined'), bearer(OPS_TOKEN)]) {
        expect(envelopeOf(await withoutToken.post(OPS, { body: { global_stats: 1 }, headers })).dm_error).toBe(ERRORS.UNAUTHORISED.code);
      }
    } finally {
      await withoutToken.close();
    }
    expect(await callOk(globalConfigGet)).toStrictEqual({ global_stats: 0 });
  });
});
