import { ERRORS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';

/**
 * The partner bridge (issue 22, decision 064): `brg/profile/get` tells a signed-in player of a partner-bridge brand who
 * they are to the partner, our wallet balance and the partner origins the page may talk to; the partner's sites may
 * frame that brand's pages and nobody else's; a message the page ignored reaches the log with its origin only.
 */
let t: TestApp;
const lines: string[] = [];
const PROFILE = '/api/piranha/user/brg/profile/get';
const REPORT = '/api/piranha/user/brg/ignored/report';
const BRG = { host: 'brgparceiro.com.br' };
const PARTNER = 'https://partner.example';

beforeAll(async () => {
  t = await testAppCreate({
    env: { BRG_PARTNER_ORIGINS: `brgparceiro=${PARTNER},brgparceiro=http://partner.test:8080`, LOG_LEVEL: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/piranha/user/brg/profile/get', () => {
  it('answers the partner client, our wallet balance and the brand’s partner origins', async () => {
    const player = await t.session('brgparceiro');
    const profile = envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player, { parent_origin: PARTNER }) }));
    expect(profile.dm_error).toBe(0);
    expect(profile.data).toStrictEqual({
      client: { app_key: 'brgparceiro', name: 'Parceiro BRG', user_ref: String(player.uid) },
      wallet: { currency: 'BRL', balance: expect.any(Number) },
      origins: [PARTNER, 'http://partner.test:8080'],
      parent_allowed: 1,
    });
    const unlisted = envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player, { parent_origin: 'https://evil.example' }) }));
    expect(unlisted.data.parent_allowed).toBe(0);
    expect(envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player) })).data.parent_allowed).toBe(0);
  });

  it('refuses a visitor without a session, a brand that is no partner’s, and a parent that is no origin', async () => {
    expect(envelopeOf(await t.get(PROFILE, { headers: BRG })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const other = await t.session('piranha');
    const notPartner = envelopeOf(await t.get(PROFILE, { headers: { host: 'piranha.com.br' }, query: signedIn(other) }));
    expect(notPartner.dm_error).toBe(ERRORS.BRG_NOT_PARTNER_BRAND.code);
    expect(notPartner.error_msg).toBe('Este site não é aberto pelo app de um parceiro.');
    const player = await t.session('brgparceiro');
    for (const parent_origin of ['https://partner.example/path', '*', 'javascript:alert(1)', 'null', 'partner.example']) {
      const bad = envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player, { parent_origin }) }));
      expect(bad.dm_error, parent_origin).toBe(ERRORS.BRG_ORIGIN_INVALID.code);
      expect(bad.data.field).toBe('parent_origin');
    }
    const english = envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player, { parent_origin: '*', lca_lang: 'en-US' }) }));
    expect(english.error_msg).toBe('This partner address is not valid.');
    const tooLong = envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player, { parent_origin: `https://${'a'.repeat(400)}.example` }) }));
    expect(tooLong.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    const unknown = envelopeOf(await t.get(PROFILE, { headers: BRG, query: signedIn(player, { partner: 'x' }) }));
    expect(unknown.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});

describe('framing', () => {
  it('lets the partner’s sites frame a partner-bridge brand’s pages, and keeps every other brand unframable', async () => {
    const brg = await t.get('/', { headers: BRG });
    expect(String(brg.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${PARTNER} http://partner.test:8080`);
    expect(brg.headers['x-frame-options']).toBeUndefined();
    const other = await t.get('/', { headers: { host: 'piranha.com.br' } });
    expect(String(other.headers['content-security-policy'])).toMatch(/frame-ancestors 'self' 'self'(;|$)/);
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The API is never framed, partner or not.
    expect((await t.get(PROFILE, { headers: BRG })).headers['x-frame-options']).toBe('DENY');
  });
});

describe('POST /api/piranha/user/brg/ignored/report', () => {
  it('logs the brand, origin and reason of an ignored message, never its content', async () => {
    const secret = 'sid=abcdef0123456789';
    const answer = envelopeOf(
      await t.post(REPORT, { headers: BRG, body: { origin: 'https://evil.example', reason: 'foreign_origin', type: `balance ${secret}`, count: 3 } }),
    );
    expect(answer).toMatchObject({ dm_error: 0, data: { logged: 1 } });
    const logged = lines.filter((line) => line.includes('partner bridge: message ignored')).map((line) => JSON.parse(line));
    expect(logged.at(-1)).toMatchObject({ brand: 'brgparceiro', origin: 'https://evil.example', reason: 'foreign_origin', type: '(unreadable)', count: 3 });
    expect(lines.join('\n')).not.toContain(secret);
    const opaque = envelopeOf(await t.post(REPORT, { headers: BRG, body: { origin: 'null', reason: 'foreign_origin', type: 'balance' } }));
    expect(opaque.dm_error).toBe(0);
  });

  it('refuses a report whose origin is no origin, an unknown reason, or a field it does not know', async () => {
    const bad = envelopeOf(await t.post(REPORT, { headers: BRG, body: { origin: 'https://evil.example/x?y', reason: 'foreign_origin' } }));
    expect(bad.dm_error).toBe(ERRORS.BRG_ORIGIN_INVALID.code);
    expect(bad.data.field).toBe('origin');
    expect(envelopeOf(await t.post(REPORT, { headers: BRG, body: { origin: 'https://evil.example', reason: 'other' } })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
    expect(envelopeOf(await t.post(REPORT, { headers: BRG, body: { origin: 'https://evil.example', reason: 'version', payload: {} } })).dm_error).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
  });
});

describe('BRG_PARTNER_ORIGINS', () => {
  it('stops the start on an entry that is no origin, a brand that is no partner-bridge brand, or http in production', async () => {
    const { configLoad } = await import('../src/config.ts');
    expect(configLoad({ BRG_PARTNER_ORIGINS: `brgparceiro=${PARTNER}, brgparceiro=${PARTNER}` }).brgPartnerOrigins).toEqual({ brgparceiro: [PARTNER] });
    for (const value of [
      'brgparceiro=https://partner.example/',
      'brgparceiro=*',
      'piranha=https://partner.example',
      'nobrand=https://partner.example',
      '=https://x.example',
    ])
      expect(() => configLoad({ BRG_PARTNER_ORIGINS: value }), value).toThrow(/BRG_PARTNER_ORIGINS/);
    expect(() => configLoad({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1', BRG_PARTNER_ORIGINS: 'brgparceiro=http://partner.example' })).toThrow(
      /https in production/,
    );
  });
});
