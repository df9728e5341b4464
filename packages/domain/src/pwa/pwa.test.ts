import { describe, expect, it } from 'vitest';
import { variantFindByKey } from '../variants/variant-find.ts';
import { downloadLinksOf, downloadPrimaryOf, downloadReferrerOf } from './download-links.ts';
import { pwaLocaleOf, pwaManifestOf } from './pwa-manifest.ts';

const aguila = variantFindByKey('aguila')!;

describe('download links', () => {
  it('passes on the spec’s query fields, the signed-in player’s when signed in, never the session id', () => {
    const query = {
      from: 'banner',
      cv_prefix: 'AGUILA_MX',
      smid: 'dev-1',
      lang: 'es-MX',
      isGP: '1',
      isV3: '0',
      sid: 'secret-session',
      uid: '42',
      nick: 'Ana',
      first_regist: '1',
    };
    const guest = new URLSearchParams(downloadReferrerOf(query, false));
    expect([...guest.keys()]).toEqual(['from', 'cv_prefix', 'smid', 'lang', 'isGP', 'isV3']);
    const player = new URLSearchParams(downloadReferrerOf(query, true));
    expect(player.get('uid')).toBe('42');
    expect(player.get('nick')).toBe('Ana');
    expect(player.has('sid')).toBe(false);
    const links = downloadLinksOf(aguila, player.toString());
    expect(links.googlePlay).not.toContain('secret-session');
    expect(new URL(links.googlePlay).searchParams.get('id')).toBe(aguila.packageName);
    expect(new URLSearchParams(new URL(links.googlePlay).searchParams.get('referrer')!).get('from')).toBe('banner');
    expect(links.apk.startsWith(`https://${aguila.officialDomain}/app/`)).toBe(true);
  });

  it('drops values that are not short plain text', () => {
    expect(downloadReferrerOf({ from: 'javascript:alert(1)//<x>' }, false)).toBe('');
    expect(downloadReferrerOf({ from: 'x'.repeat(65) }, false)).toBe('');
  });

  it('offers Google Play unless the build says isGP=0', () => {
    expect(downloadPrimaryOf('0')).toBe('apk');
    expect(downloadPrimaryOf('1')).toBe('googlePlay');
    expect(downloadPrimaryOf(null)).toBe('googlePlay');
  });
});

describe('manifest', () => {
  it('falls back to the brand’s language (spec §9)', () => {
    expect(pwaLocaleOf(aguila, undefined)).toBe('es-MX');
    expect(pwaLocaleOf(aguila, 'fr-FR')).toBe('es-MX');
    expect(pwaLocaleOf(aguila, 'zh-TW')).toBe('zh-CN');
    expect(pwaLocaleOf(aguila, 'TH')).toBe('vm-TH');
  });

  it('is installable by Chromium’s rules: name, start_url in scope, standalone, 192 and 512 any icons', () => {
    const manifest = pwaManifestOf(aguila, 'es-MX');
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose === 'any' && icon.sizes === '512x512')).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')).toBe(true);
  });
});
