import { areaCheck, ERROR_MESSAGES, ERRORS } from '@piranha/contract';
import { jurisdictionOfBrand, VARIANT_PROFILES } from '@piranha/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellProofSign } from '../src/modules/area/area.service.ts';
import type { GeoIpProvider } from '../src/providers/geo/geo-ip.ts';
import { envelopeOf, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase, type TestResponse } from './harness.ts';

const AREA = areaCheck.path;

/** A fake provider that knows a few documentation addresses and remembers what it was asked. */
function fakeGeo(table: Record<string, string>): GeoIpProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    countryOf(ip) {
      asked.push(ip);
      return table[ip];
    },
  };
}

const GEO_TABLE = { '203.0.113.7': 'DE', '198.51.100.9': 'BR', '192.0.2.44': 'MX', '127.0.0.1': 'AR' };

let database: TestDatabase;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>, geo?: GeoIpProvider): Promise<TestApp> {
  const app = await testAppCreate({ database, env, ...(geo ? { geo } : {}) });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await testDatabaseCreate();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

function countryOf(response: TestResponse): string {
  expect(response.status).toBe(200);
  const envelope = envelopeOf(response);
  expect(envelope.dm_error).toBe(0);
  return areaCheck.data.parse(envelope.data).country_code;
}

function expectBlocked(response: TestResponse) {
  expect(response.status).toBe(403);
  expect(envelopeOf(response)).toMatchObject({ dm_error: ERRORS.FORBIDDEN.code, data: { field: 'ip' } });
}

describe('with a fake geo provider', () => {
  it('looks up the peer address and ignores X-Forwarded-For when no proxy is trusted', async () => {
    const geo = fakeGeo(GEO_TABLE);
    const t = await appWith({ BLOCKED_COUNTRIES: 'DE' }, geo);
    expect(countryOf(await t.get(AREA, { headers: { 'x-forwarded-for': '203.0.113.7' } }))).toBe('AR');
    expect(geo.asked).toEqual(['127.0.0.1']);
    expect(countryOf(await t.get(AREA, { remoteAddress: '192.0.2.44' }))).toBe('MX');
  });

  it('believes X-Forwarded-For only when TRUSTED_PROXIES includes the peer', async () => {
    const geo = fakeGeo(GEO_TABLE);
    const t = await appWith({ BLOCKED_COUNTRIES: 'DE', TRUSTED_PROXIES: '127.0.0.1' }, geo);
    expect(countryOf(await t.get(AREA, { headers: { 'x-forwarded-for': '192.0.2.44' } }))).toBe('MX');
    expect(geo.asked).toEqual(['192.0.2.44']);
    // From a peer that is not the trusted proxy, the header is the client's own claim and is ignored.
    expect(countryOf(await t.get(AREA, { remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': '192.0.2.44' } }))).toBe('BR');
  });

  it('accepts a trusted proxy named as a CIDR range', async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: 'DE', TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.0/8' }, fakeGeo(GEO_TABLE));
    expect(countryOf(await t.get(AREA, { headers: { 'x-forwarded-for': '192.0.2.44' } }))).toBe('MX');
  });

  it('refuses a blocked country with HTTP 403 and dm_error 403, in the request language', async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: 'de, us', TRUSTED_PROXIES: '127.0.0.1' }, fakeGeo(GEO_TABLE));
    const response = await t.get(AREA, { headers: { 'x-forwarded-for': '203.0.113.7' }, query: { lca_lang: 'ES' } });
    expectBlocked(response);
    expect(envelopeOf(response).error_msg).toBe(ERROR_MESSAGES['es-MX'].forbidden);
    // A forged header from an untrusted peer cannot get a blocked client through, nor a free one blocked.
    expectBlocked(await t.get(AREA, { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '192.0.2.44' } }));
  });

  it("answers the brand's country for an address the provider does not know", async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: '' }, fakeGeo({}));
    expect(countryOf(await t.get(AREA, { headers: { host: 'aguila.mx' } }))).toBe('MX');
    expect(countryOf(await t.get(AREA, { headers: { host: 'piranha.com.br' } }))).toBe('BR');
    expect(countryOf(await t.get(AREA, { headers: { 'app-key': 'jeepney' } }))).toBe('PH');
  });

  it("blocks an unknown address when the brand's own country is blocked", async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: 'PA' }, fakeGeo({}));
    expectBlocked(await t.get(AREA, { headers: { host: 'eaglebet.com' } }));
    expect(countryOf(await t.get(AREA, { headers: { host: 'aguila.mx' } }))).toBe('MX');
  });

  it('lets an unknown address of every open brand through under the default blocked list (decision 049)', async () => {
    // A brand whose home country the default list blocks turns every loopback visitor away ("Not available in your
    // region"): the US-dollar brands once did (home US), and the browser journeys play on one of them.
    const t = await appWith({}, fakeGeo({}));
    const open = VARIANT_PROFILES.filter((profile) => !jurisdictionOfBrand(profile).closed);
    expect(open.map((profile) => profile.appKey)).toContain('eaglebet');
    for (const profile of open) {
      const response = await t.get(AREA, { headers: { 'app-key': profile.appKey } });
      expect(response.status, profile.appKey).toBe(200);
      expect(countryOf(response), profile.appKey).toBe(profile.country);
    }
    expect(countryOf(await t.get(AREA, { headers: { host: 'eaglebet.com' } }))).toBe('PA');
  });

  it('answers 403 only on the area check: other endpoints stay HTTP 200 for a blocked client', async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: 'DE', TRUSTED_PROXIES: '127.0.0.1' }, fakeGeo(GEO_TABLE));
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    expectBlocked(await t.get(AREA, { headers }));
    const config = await t.get('/api/v1/conf/global', { headers });
    expect(config.status).toBe(200);
    expect(envelopeOf(config).dm_error).toBe(0);
  });
});

describe("the native shell's exemption (spec §4; decision 062)", () => {
  const KEY = 'eaglebet-shell-key-0123456789abcdef0123456789';
  const NEXT_KEY = 'eaglebet-shell-key-next-0123456789abcdef012345';
  const OTHER_BRAND_KEY = 'aguila-shell-key-0123456789abcdef0123456789ab';
  const brand = { 'app-key': 'eaglebet' };

  async function blockedApp(): Promise<TestApp> {
    return appWith(
      { BLOCKED_COUNTRIES: 'DE', TRUSTED_PROXIES: '127.0.0.1', NATIVE_SHELL_KEYS: `eaglebet=${KEY},eaglebet=${NEXT_KEY},aguila=${OTHER_BRAND_KEY}` },
      fakeGeo(GEO_TABLE),
    );
  }
  function nowS(t: TestApp): number {
    return Math.floor(t.clock.now().getTime() / 1000);
  }

  it("lets the brand's own shell through a blocked country with a fresh proof signed by any of its keys", async () => {
    const t = await blockedApp();
    for (const key of [KEY, NEXT_KEY]) {
      const headers = { ...brand, 'x-forwarded-for': '203.0.113.7', 'x-piranha-shell': shellProofSign(key, 'eaglebet', nowS(t)) };
      expect(countryOf(await t.get(AREA, { headers }))).toBe('DE');
    }
  });

  it('still blocks a user agent or a claim that proves nothing: no proof, a stale one, another brand, another key, garbage', async () => {
    const t = await blockedApp();
    const at = { ...brand, 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 PiranhaNative/3.2' };
    expectBlocked(await t.get(AREA, { headers: at }));
    expectBlocked(await t.get(AREA, { headers: { ...at, 'x-piranha-shell': shellProofSign(KEY, 'eaglebet', nowS(t) - 301) } }));
    expectBlocked(await t.get(AREA, { headers: { ...at, 'x-piranha-shell': shellProofSign(KEY, 'eaglebet', nowS(t) + 301) } }));
    expectBlocked(await t.get(AREA, { headers: { ...at, 'x-piranha-shell': shellProofSign(OTHER_BRAND_KEY, 'aguila', nowS(t)) } }));
    expectBlocked(await t.get(AREA, { headers: { ...at, 'x-piranha-shell': shellProofSign(OTHER_BRAND_KEY, 'eaglebet', nowS(t)) } }));
    expectBlocked(await t.get(AREA, { headers: { ...at, 'x-piranha-shell': `${nowS(t)}.not-hex` } }));
    // The same proof moved to the other brand's host is refused there: the brand is inside what is signed.
    expectBlocked(
      await t.get(AREA, { headers: { 'app-key': 'aguila', 'x-forwarded-for': '203.0.113.7', 'x-piranha-shell': shellProofSign(KEY, 'eaglebet', nowS(t)) } }),
    );
  });

  it('refuses keys shorter than 32 characters at boot', async () => {
    await expect(appWith({ NATIVE_SHELL_KEYS: 'eaglebet=short' })).rejects.toThrow(/NATIVE_SHELL_KEYS/);
  });
});

describe('with the real mmdb provider', () => {
  it('places 8.8.8.8 in the US and 177.71.128.1 in Brazil', async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: '', TRUSTED_PROXIES: '127.0.0.1' });
    expect(countryOf(await t.get(AREA, { headers: { 'x-forwarded-for': '8.8.8.8' } }))).toBe('US');
    expect(countryOf(await t.get(AREA, { headers: { 'x-forwarded-for': '177.71.128.1' } }))).toBe('BR');
  });

  it('blocks the US by default (8.8.8.8 → 403) and lets Brazil through', async () => {
    const t = await appWith({ TRUSTED_PROXIES: '127.0.0.1' });
    expectBlocked(await t.get(AREA, { headers: { 'x-forwarded-for': '8.8.8.8' } }));
    expect(countryOf(await t.get(AREA, { headers: { 'x-forwarded-for': '177.71.128.1' } }))).toBe('BR');
  });

  it("answers the brand's country for loopback (127.0.0.1) and for a malformed forwarded address", async () => {
    const t = await appWith({ BLOCKED_COUNTRIES: '' });
    expect(countryOf(await t.get(AREA, { headers: { host: 'aguila.mx' } }))).toBe('MX');
    const proxied = await appWith({ BLOCKED_COUNTRIES: '', TRUSTED_PROXIES: '127.0.0.1' });
    expect(countryOf(await proxied.get(AREA, { headers: { host: 'aguila.mx', 'x-forwarded-for': 'not-an-ip-address' } }))).toBe('MX');
    expect(countryOf(await proxied.get(AREA, { headers: { host: 'aguila.mx', 'x-forwarded-for': '10.1.2.3' } }))).toBe('MX');
  });

  it('ignores X-Forwarded-For without a trusted proxy: a US address in the header is not looked up', async () => {
    const t = await appWith({});
    expect(countryOf(await t.get(AREA, { headers: { host: 'aguila.mx', 'x-forwarded-for': '8.8.8.8' } }))).toBe('MX');
  });
});
