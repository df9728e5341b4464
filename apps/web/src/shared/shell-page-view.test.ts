import { describe, expect, it } from 'vitest';
import { shellPageView } from './shell-page-view.ts';

describe("shellPageView (spec §2 the shells' own page mapping; decision 062)", () => {
  it('sends every download page home inside the native shell, and nowhere else', () => {
    for (const path of ['/download', '/brg-download', '/download/ios', '/download-land', '/download-land/detail']) {
      expect(shellPageView('native', path, '').redirect).toBe('/');
      expect(shellPageView('browser', path, '').redirect).toBeUndefined();
    }
    expect(shellPageView('native', '/deposit', '').redirect).toBeUndefined();
  });

  it('sends the web-install pages to /download inside the mini app, keeping /download itself', () => {
    expect(shellPageView('telegram', '/download/ios', '').redirect).toBe('/download');
    expect(shellPageView('telegram', '/download-land/detail', '?id=3').redirect).toBe('/download');
    expect(shellPageView('telegram', '/download', '').redirect).toBeUndefined();
  });

  it('hides header and skeletons for noHeader=1 and noSke=1 in the native shell only', () => {
    expect(shellPageView('native', '/deposit', '?noSke=1&noHeader=1')).toMatchObject({ header: false, skeleton: false });
    expect(shellPageView('native', '/deposit', '?noSke=0&noHeader=true')).toMatchObject({ header: true, skeleton: true });
    expect(shellPageView('telegram', '/deposit', '?noSke=1&noHeader=1')).toMatchObject({ header: true, skeleton: false });
    expect(shellPageView('browser', '/deposit', '?noSke=1&noHeader=1')).toMatchObject({ header: true, skeleton: true });
    expect(shellPageView('pwa', '/deposit', '?noSke=1&noHeader=1')).toMatchObject({ header: true, skeleton: true });
  });

  it('offers to install the web app in a browser only', () => {
    expect(shellPageView('browser', '/game', '').installBar).toBe(true);
    for (const shell of ['native', 'telegram', 'pwa'] as const) expect(shellPageView(shell, '/game', '').installBar).toBe(false);
  });
});
