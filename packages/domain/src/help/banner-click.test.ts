import { describe, expect, it } from 'vitest';
import { BANNER_CLICK_PATHS, bannerClickAction, bannerIsUsdt } from './banner-click.ts';

const ORIGIN = 'https://aguila.com.br';
const banner = (banner_type: string, url: string, title = 'Weekend boost') => ({ banner_type, url, title });

describe('bannerClickAction (spec §2 banner click)', () => {
  it('sends a banned banner to the download page whatever its url says', () => {
    expect(bannerClickAction(banner('banned', 'https://elsewhere.example/x'), ORIGIN)).toEqual({ kind: 'navigate', path: '/download' });
    expect(bannerClickAction(banner('banned', ''), ORIGIN)).toEqual({ kind: 'navigate', path: BANNER_CLICK_PATHS.banned });
  });

  it('sends a pwa banner to the installed-web-app landing', () => {
    expect(bannerClickAction(banner('pwa', '/sport'), ORIGIN)).toEqual({ kind: 'navigate', path: '/download-land' });
  });

  it('sends a banner titled for USDT to the deposit page with USDT chosen, before looking at its url', () => {
    expect(bannerClickAction(banner('normal', 'https://promo.example/usdt', 'Deposit with USDT, get 5%'), ORIGIN)).toEqual({
      kind: 'navigate',
      path: '/deposit?rechargeChannel=USDT',
    });
    expect(bannerIsUsdt('usdt-TRC20 now')).toBe(true);
    expect(bannerIsUsdt('USDTX promo')).toBe(false);
  });

  it('navigates inside the app for internal links, hash or path, and for links to its own origin', () => {
    expect(bannerClickAction(banner('normal', '/bonus'), ORIGIN)).toEqual({ kind: 'navigate', path: '/bonus' });
    expect(bannerClickAction(banner('deposit', '#/deposit'), ORIGIN)).toEqual({ kind: 'navigate', path: '/deposit' });
    expect(bannerClickAction(banner('normal', `${ORIGIN}/#/vip-club`), ORIGIN)).toEqual({ kind: 'navigate', path: '/vip-club' });
  });

  it('opens external links outside the app', () => {
    expect(bannerClickAction(banner('normal', 'https://www.example.org/promo?a=1'), ORIGIN)).toEqual({
      kind: 'open',
      url: 'https://www.example.org/promo?a=1',
    });
  });

  it('does nothing for addresses that are neither', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/x', '/\\evil.example', 'ftp://x.example/a', '']) {
      expect(bannerClickAction(banner('normal', url), ORIGIN), url).toEqual({ kind: 'none' });
    }
  });
});
