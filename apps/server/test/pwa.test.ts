import { ERRORS } from '@piranha/contract';
import { pwaAwardCampaignDefault, pwaAwardCampaignId, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, signedIn, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf } from './payments-fixtures.ts';

/**
 * The installable web app (issue 22, decision 053): the manifest per brand and language with the spec §9 fallback, the
 * offline page, the award check, and the reward paid once through the bonus engine however many reports race.
 */
let t: TestApp;
const MANIFEST = '/api/v1/conf/pwa/get';

beforeAll(async () => {
  t = await testAppCreate({ env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' } });
});
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
});

describe('GET /api/v1/conf/pwa/get', () => {
  it('answers each brand its own installable manifest, in its default language', async () => {
    const response = await t.get(MANIFEST, { headers: { host: 'aguila.mx' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json;
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Águila Apuestas',
      lang: 'es-MX',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: variantFindByKey('aguila')!.colours.brand,
      prefer_related_applications: false,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.shortcuts.map((entry: { name: string }) => entry.name)).toEqual(['Deportes', 'Casino', 'Depositar']);
    // Chromium's installability: a 192 and a 512 `any` PNG, plus separate maskable ones.
    const icons = manifest.icons as { src: string; sizes: string; purpose: string; type: string }[];
    expect(icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    expect(icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    expect(icons.every((icon) => icon.type === 'image/png' && icon.src.startsWith('/pwa/aguila/'))).toBe(true);
    const piranha = (await t.get(MANIFEST, { headers: { host: 'piranha.com.br' } })).json;
    expect(piranha).toMatchObject({ name: 'Piranha', lang: 'pt-BR', theme_color: variantFindByKey('piranha')!.colours.brand });
    expect(piranha.icons[0].src).toBe('/pwa/piranha/icon-192.png');
  });

  it('speaks a language the app has, and falls back to the brand’s own for one it has not (spec §9)', async () => {
    const ask = async (lca_lang: string, host = 'aguila.mx') => (await t.get(MANIFEST, { headers: { host }, query: { lca_lang } })).json;
    expect((await ask('ENG')).lang).toBe('en-US');
    expect((await ask('en-GB')).shortcuts[0].name).toBe('Sports');
    expect((await ask('pt')).lang).toBe('pt-BR');
    expect((await ask('vi')).lang).toBe('vi');
    expect((await ask('th-TH')).shortcuts[0].name).toBe('กีฬา');
    // Spanish asked of a Mexican brand is its own es-MX; German and Japanese are no language of ours.
    expect((await ask('es-AR')).lang).toBe('es-MX');
    expect((await ask('de-DE')).lang).toBe('es-MX');
    expect((await ask('ja', 'piranha.com.br')).lang).toBe('pt-BR');
    expect((await ask('ja', 'medved.ru')).lang).toBe('ru-RU');
  });

  it('keeps cv_prefix on start_url, and never writes the device id into the manifest', async () => {
    const manifest = (
      await t.get(MANIFEST, { headers: { host: 'aguila.mx' }, query: { cv_prefix: 'AGUILA_MX', smid: 'device-123', currency: 'MXN', lca_coun: 'MX' } })
    ).json;
    expect(manifest.start_url).toBe('/?source=pwa&cv_prefix=AGUILA_MX');
    expect(JSON.stringify(manifest)).not.toContain('device-123');
  });

  it('refuses another brand’s group or host, and malformed parameters, by name', async () => {
    const aguila = variantFindByKey('aguila')!;
    const ok = await t.get(MANIFEST, { headers: { host: 'aguila.mx' }, query: { app_group: aguila.appGroup, src_host: 'm.aguila.mx' } });
    expect(ok.json.name).toBe('Águila Apuestas');
    const refused = async (query: Record<string, string>, code: number, field: string) => {
      const envelope = envelopeOf(await t.get(MANIFEST, { headers: { host: 'aguila.mx' }, query }));
      expect(envelope.dm_error).toBe(code);
      expect(envelope.data.field).toBe(field);
    };
    await refused(
      { app_group: variantFindByKey('medved')!.appGroup === aguila.appGroup ? 'zz9' : variantFindByKey('medved')!.appGroup },
      ERRORS.PWA_APP_GROUP_MISMATCH.code,
      'app_group',
    );
    await refused({ src_host: 'piranha.com.br' }, ERRORS.PWA_HOST_MISMATCH.code, 'src_host');
    await refused({ lca_lang: '<script>' }, ERRORS.VALIDATION_FAILED.code, 'lca_lang');
    await refused({ cv_prefix: 'a b' }, ERRORS.VALIDATION_FAILED.code, 'cv_prefix');
    await refused({ src_host: 'x'.repeat(300) }, ERRORS.VALIDATION_FAILED.code, 'src_host');
    await refused({ zz: '1' }, ERRORS.VALIDATION_FAILED.code, 'zz');
  });
});

describe('GET /offline.html', () => {
  it('is the brand’s own page in its language, with no script', async () => {
    const response = await t.get('/offline.html', { headers: { host: 'aguila.mx' } });
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html lang="es-MX"');
    expect(response.text).toContain('Sin conexión');
    expect(response.text).not.toContain('<script');
  });
});

describe('installed-web-app reward', () => {
  const piranha = variantFindByKey('piranha')!;
  const amount = pwaAwardCampaignDefault(piranha).terms.amountMinor!;

  it('offers the reward until it is received, to visitors and players alike', async () => {
    const index = envelopeOf(await t.get('/api/v1/conf/pwa/index/get'));
    expect(index.data).toStrictEqual({ award_status: 1, award_amount: amount, currency: 'BRL' });
    const player = await t.session('piranha');
    const check = envelopeOf(await t.get('/api/v1/pwa/award/check', { query: signedIn(player) }));
    expect(check.data).toStrictEqual({ award_status: 1, award_amount: amount, currency: 'BRL' });
  });

  it('pays once under 20 concurrent reports, as cash through the bonus engine', async () => {
    const player = await t.session('piranha');
    const before = await balanceOf(t, player, 'BRL');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.get('/api/v1/pwa/award/report', { query: signedIn(player, { display_mode: 'standalone' }) })),
    );
    const envelopes = answers.map(envelopeOf);
    expect(envelopes.every((envelope) => envelope.dm_error === 0 && envelope.data.award_status === 2)).toBe(true);
    expect(envelopes.filter((envelope) => envelope.data.paid === 1)).toHaveLength(1);
    expect(await balanceOf(t, player, 'BRL')).toBe(before + amount);
    const rows = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from bonuses where user_id = ${player.uid} and campaign_id = ${pwaAwardCampaignId('piranha')}`,
    );
    expect(rows[0]!.n).toBe(1);
    // Received: the check says so, the index no longer offers it to this player, and a later report pays nothing.
    expect(envelopeOf(await t.get('/api/v1/pwa/award/check', { query: signedIn(player) })).data.award_status).toBe(2);
    expect(envelopeOf(await t.get('/api/v1/conf/pwa/index/get', { query: signedIn(player) })).data.award_status).toBe(0);
    expect(envelopeOf(await t.get('/api/v1/pwa/award/report', { query: signedIn(player, { display_mode: 'installed' }) })).data.paid).toBe(0);
    expect(await balanceOf(t, player, 'BRL')).toBe(before + amount);
  });

  it('refuses a report from a browser tab, a paused campaign, and a guest without a session', async () => {
    const player = await t.session('piranha');
    const tab = envelopeOf(await t.get('/api/v1/pwa/award/report', { query: signedIn(player, { display_mode: 'browser' }) }));
    expect(tab.dm_error).toBe(ERRORS.PWA_NOT_INSTALLED.code);
    expect(tab.data.field).toBe('display_mode');
    expect(envelopeOf(await t.get('/api/v1/pwa/award/report', { query: { display_mode: 'standalone' } })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const bad = envelopeOf(await t.get('/api/v1/pwa/award/report', { query: signedIn(player, { display_mode: 'tv' }) }));
    expect(bad.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    await t.rows(sql`update bonus_campaigns set status = 'paused' where id = ${pwaAwardCampaignId('aguila')}`);
    const mx = await t.session('aguila');
    expect(envelopeOf(await t.get('/api/v1/pwa/award/check', { query: signedIn(mx) })).data.award_status).toBe(0);
    const paused = envelopeOf(await t.get('/api/v1/pwa/award/report', { query: signedIn(mx, { display_mode: 'standalone' }) }));
    expect(paused.dm_error).toBe(ERRORS.PWA_AWARD_UNAVAILABLE.code);
    await t.rows(sql`update bonus_campaigns set status = 'active' where id = ${pwaAwardCampaignId('aguila')}`);
  });
});

describe('GET /pwa/webclip.mobileconfig', () => {
  it('is the brand’s iOS web clip profile: its name, its address, full screen', async () => {
    const response = await t.get('/pwa/webclip.mobileconfig', { headers: { host: 'aguila.mx' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-apple-aspen-config/);
    expect(response.text).toContain('<string>com.apple.webClip.managed</string>');
    expect(response.text).toContain('<string>Águila Apuestas</string>');
    expect(response.text).toContain('<string>http://aguila.mx/?source=webclip</string>');
    const again = await t.get('/pwa/webclip.mobileconfig', { headers: { host: 'aguila.mx' } });
    expect(again.text).toBe(response.text);
  });
});
