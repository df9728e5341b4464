import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLaunch, globalStatsSet, phoneContext, screenshot, serverStart, welcomeDismiss, type RunningServer } from './fixtures.ts';

const BRAZIL = 'piranha.com.br';
const MEXICO = 'aguila.mx';

/**
 * Holds the app's entry script (the static screen's `data-fs-module`) until the returned function is called: what the
 * page shows meanwhile is the server's static screen alone.
 */
async function appScriptHold(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('Platform foundation, through the real server and Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // 8.8.8.8 is a US address; the US is blocked here and the loopback proxy is trusted, so a page can claim it.
    server = await serverStart({ TRUSTED_PROXIES: '127.0.0.1', BLOCKED_COUNTRIES: 'US' });
    browser = await browserLaunch(server, [BRAZIL, MEXICO, `www.${BRAZIL}`]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('A Brazilian and a Mexican player each see their own brand, language, currency and SEO title', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();

    await page.goto(`http://www.${BRAZIL}/`);
    await page.waitForURL(/#\/game$/);
    expect(await page.title()).toBe('Piranha – Apostas esportivas e cassino');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('PIX');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await page
      .getByRole('link', { name: /Piranha/ })
      .first()
      .waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Cassino' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Agora não' }).click();
    await screenshot(page, 'brazil-game');
    await page.getByRole('navigation').getByRole('link', { name: 'Ajustes' }).click();
    expect(await page.getByTestId('currency').textContent()).toBe('R$ · BRL');

    await page.goto(`http://${MEXICO}/`);
    await page.waitForURL(/#\/game$/);
    expect(await page.title()).toBe('Águila Apuestas – Apuestas deportivas y casino');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es-MX');
    await page
      .getByRole('link', { name: /Águila Apuestas/ })
      .first()
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Ahora no' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Ajustes' }).click();
    expect(await page.getByTestId('currency').textContent()).toBe('$ · MXN');
    await screenshot(page, 'mexico-setting');
    await context.close();
  });

  it('The first screens hold still while they load: no layout shift worth the name on /#/game and /#/sport', async () => {
    // The layout shifts a visitor sees while the page and its data arrive (CLS, no input in between), summed. The goal
    // is 0.05 (architecture.md, Lighthouse); the footer drawn before the page and the lobby's grid arriving under an
    // empty heading once made 0.49 and 0.31.
    const shiftsOf = async (route: string, loaded: string) => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const store = window as unknown as { layoutShift: number };
        store.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) store.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`http://${BRAZIL}/#${route}`);
      await page.locator(loaded).first().waitFor({ timeout: 60_000 });
      await page.locator('footer').filter({ hasText: '18+' }).first().waitFor();
      // The pictures and the next poll settle in their reserved room: read once the page is quiet.
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      await context.close();
      return shift;
    };
    expect(await shiftsOf('/game', 'main a[href*="game-room"]')).toBeLessThan(0.05);
    expect(await shiftsOf('/sport', 'article[data-match-id]')).toBeLessThan(0.05);
  }, 150_000);

  it('The first screen is painted from the page itself, before any script of the app, and the app takes it over', async () => {
    for (const [host, route, name] of [
      [BRAZIL, '/game', 'first-screen-static-game'],
      [MEXICO, '/game', 'first-screen-static-game-mexico'],
      [BRAZIL, '/sport', 'first-screen-static-sport'],
    ] as const) {
      // The app's scripts never arrive: what shows is the server's page and its one inline script alone (decision 078).
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await page.route(/\/assets\/.*\.js$/, (request) => request.abort());
      await page.goto(`http://${host}/#${route}`);
      // The banner endpoint's answer for the same brand (its Host) and a new player's language (the brand's).
      const first = await page.evaluate(async (source) => {
        const answer = (await (await fetch(`/api/v1/conf/banner?source=${source}`)).json()) as { data: { list: { info: string; title: string }[] } };
        return answer.data.list[0]!;
      }, route.slice(1));
      const screen = page.locator(`#root > .fs[data-fs="${route === '/game' ? 'lobby' : 'sport'}"]`);
      await screen.waitFor();
      expect(await screen.locator('header img').getAttribute('src')).toBe(host === BRAZIL ? '/brand/piranha.svg' : '/brand/aguila.svg');
      expect(await screen.locator('header').textContent()).toBe(host === BRAZIL ? 'Piranha' : 'Águila Apuestas');
      const image = screen.locator('main img');
      expect(await image.getAttribute('src')).toBe(first.info);
      expect(await image.getAttribute('fetchpriority')).toBe('high');
      expect(await screen.locator('main p').textContent()).toBe(first.title);
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0)).toBe(true);
      await screenshot(page, name);
      await context.close();
    }
    // With the scripts: React's first render replaces the static screen, and the banner it draws is the same.
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${BRAZIL}/#/game`);
    await welcomeDismiss(page);
    await page.getByRole('tab', { name: 'Populares', exact: true }).waitFor();
    expect(await page.locator('.fs, template#fs-lobby, #fs-data').count()).toBe(0);
    const first = await page.evaluate(async () => {
      const answer = (await (await fetch('/api/v1/conf/banner?source=game')).json()) as { data: { list: { info: string }[] } };
      return answer.data.list[0]!.info;
    });
    expect(await page.locator('main section[aria-roledescription="carousel"] img').first().getAttribute('src')).toBe(first);
    await context.close();
  }, 120_000);

  it('A lobby whose page script comes late keeps its static screen until the page draws it: no loading screen in between, no banner request', async () => {
    // On a slow link the lobby's own script can come well after the app's. React's first commit waits for it (decision
    // 096): drawn before it, the commit put a loading screen over the static banner, and React revealed the page no
    // sooner than 300 ms later. Its banners still come from what the server read for the page, not a second request.
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // Whether #root ever showed the loading screen, or lost its banner once it had one.
    await page.addInitScript(() => {
      const seen = { overlay: false, bannerLost: false, banner: false };
      (window as unknown as { firstScreenSeen: typeof seen }).firstScreenSeen = seen;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root) return;
        if (root.querySelector('[role="progressbar"]')) seen.overlay = true;
        const banner = Boolean(root.querySelector('main img'));
        if (seen.banner && !banner) seen.bannerLost = true;
        seen.banner ||= banner;
      }).observe(document, { subtree: true, childList: true });
    });
    let pageScriptAsked!: () => void;
    const pageScriptHeld = new Promise<void>((resolve) => (pageScriptAsked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/game-page-[^/]*\.js$/, async (route) => {
      pageScriptAsked();
      await released;
      await route.continue();
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/conf/banner') asked.push(request.url());
    });
    const appScripts = Promise.all([
      page.waitForResponse((response) => /\/assets\/app-[^/]*\.js$/.test(response.url())),
      page.waitForResponse((response) => /\/assets\/pt-BR-[^/]*\.js$/.test(response.url())),
    ]);
    await page.goto(`http://${BRAZIL}/#/game`);
    await pageScriptHeld;
    // The app's own script and the language's catalogue have come meanwhile; the static screen is still what shows.
    await appScripts;
    expect(await page.locator('#root > .fs[data-fs="lobby"] main img').count()).toBe(1);
    release();
    await welcomeDismiss(page);
    const banner = page.locator('main section[aria-roledescription="carousel"] img').first();
    await banner.waitFor();
    expect(await page.locator('#root > .fs, #fs-data').count()).toBe(0);
    const first = await page.evaluate(async () => {
      const answer = (await (await fetch('/api/v1/conf/banner?source=game')).json()) as { data: { list: { info: string }[] } };
      return answer.data.list[0]!.info;
    });
    expect(await banner.getAttribute('src')).toBe(first);
    // The one request is the test's own, above.
    expect(asked).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { firstScreenSeen: unknown }).firstScreenSeen)).toEqual({
      overlay: false,
      bannerLost: false,
      banner: true,
    });
    await context.close();
  }, 120_000);

  it("A new visitor's welcome pop-up comes with the page, on a match page too, drawn before the app and kept by it, and the app asks the API for no pop-up list", async () => {
    // A match to open: the first of the list the sports pages read.
    const list = (await (await fetch(`${server.origin}/api/piranha/v1/match/list/get?page_limit=1`)).json()) as { data: { records: { id: number }[] } };
    const matchId = list.data.records[0]!.id;

    const context = await phoneContext(browser);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/conf/popup') asked.push(request.url());
    });
    // Whether the pop-up, once shown, ever left the page before the player closed it (the app's takeover included).
    await page.addInitScript(() => {
      const seen = { shown: false, left: false };
      (window as unknown as { popupSeen: typeof seen }).popupSeen = seen;
      new MutationObserver(() => {
        const shown = document.querySelector('[role="dialog"]') !== null;
        if (seen.shown && !shown) seen.left = true;
        seen.shown ||= shown;
      }).observe(document, { subtree: true, childList: true });
      // Where focus moved into a dialog: in an animation frame's callback, or in some other task (a commit's effects,
      // where focus() forces the layout of all the commit inserted: decision 098).
      const dialogFocus: string[] = [];
      (window as unknown as { dialogFocus: string[] }).dialogFocus = dialogFocus;
      let inFrame = false;
      const frame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) =>
        frame((time) => {
          inFrame = true;
          try {
            callback(time);
          } finally {
            inFrame = false;
          }
        });
      const focus = HTMLElement.prototype.focus;
      HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
        if (this.getAttribute('role') === 'dialog') dialogFocus.push(inFrame ? 'frame' : 'task');
        focus.call(this, options);
      };
    });
    const release = await appScriptHold(page);
    await page.goto(`http://${BRAZIL}/#/match-detail?matchId=${matchId}`, { waitUntil: 'domcontentloaded' });
    // Before any of the app's code ran: the page's title and skeleton, and the endpoint's welcome pop-up in the brand's
    // language over them, from the page itself (decisions 080, 097).
    const dialog = page.getByRole('dialog', { name: /^Bem-vindo!/ });
    await page.locator('#root > .fs[data-fs="match"] [role="dialog"]').waitFor();
    expect(await page.locator('#root > .fs h1').textContent()).toBe('Partida');
    await screenshot(page, 'match-detail-static');
    release();
    await page.locator('section[data-mty] button[data-odds]').first().waitFor();
    await dialog.waitFor();
    expect(await page.locator('#root > .fs').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { popupSeen: unknown }).popupSeen)).toEqual({ shown: true, left: false });
    await screenshot(page, 'match-detail-welcome');
    expect(asked).toEqual([]);
    // A keyboard or screen-reader user lands in the pop-up, Tab goes round its own buttons only, and Escape closes it.
    const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
    await expect.poll(focusInside).toBe(true);
    // It got there in a frame's callback, once: the app's first commit forced no layout to move it.
    expect(await page.evaluate(() => (window as unknown as { dialogFocus: string[] }).dialogFocus)).toEqual(['frame']);
    for (let press = 0; press < 3; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('A visitor who closes the welcome pop-up before the app has loaded does not see it again when the app draws the page', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const release = await appScriptHold(page);
    await page.goto(`http://${BRAZIL}/#/sport`, { waitUntil: 'domcontentloaded' });
    const staticDialog = page.locator('#root > .fs [role="dialog"]');
    await staticDialog.getByRole('button', { name: 'Agora não' }).click();
    await staticDialog.waitFor({ state: 'detached' });
    release();
    // The app has drawn the lobby (its banner carousel), and no pop-up came back.
    await page.locator('main section[aria-roledescription="carousel"]').first().waitFor();
    expect(await page.locator('#root > .fs').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Closed as the app closes it: for 24 h, on this device.
    const cache = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.popup_cache') ?? '{}') as Record<string, { status: boolean }>);
    expect(cache.welcome?.status).toBe(false);
    await page.reload();
    await page.locator('main section[aria-roledescription="carousel"]').first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('A player switches the language to English and it stays after a reload', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // The lobby first, in Portuguese: its category names come from the server in the player's language.
    await page.goto(`http://${BRAZIL}/#/game`);
    await welcomeDismiss(page);
    await page.getByRole('tab', { name: 'Populares', exact: true }).waitFor();
    // A mark on this document: the switch below must reach the lobby with no reload.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.goto(`http://${BRAZIL}/#/setting/language`);
    await page.getByRole('heading', { name: 'Idioma', level: 1 }).waitFor();
    // The radio turns checked once the English catalogue has arrived, not at the tap: click, then wait for English.
    await page.getByRole('radio', { name: /English/ }).click();
    await page.getByRole('heading', { name: 'Language', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: /English/ }).isChecked()).toBe(true);
    // Back to the kept-alive lobby without a reload: the categories are asked again in English.
    await page.goto(`http://${BRAZIL}/#/game`);
    await page.getByRole('tab', { name: 'Popular', exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goto(`http://${BRAZIL}/#/setting/language`);
    await page.reload();
    await page.getByRole('heading', { name: 'Language', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: /English/ }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await screenshot(page, 'language-english');
    await page.goto(`http://${BRAZIL}/#/game`);
    await page.getByRole('navigation').getByRole('link', { name: 'Casino' }).waitFor();
    await context.close();
  });

  // Issue 15: an unknown path used to redirect to /sport silently; the player is now told the brand has no such page.
  it('Unknown paths say the brand does not offer them and /login opens the login page', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${BRAZIL}/#/no-such-page`);
    await page.getByRole('heading', { name: 'Página indisponível' }).waitFor();
    expect(page.url()).toMatch(/#\/no-such-page$/);
    await page.goto(`http://${BRAZIL}/#/login`);
    await page.waitForURL(/#\/loginb$/);
    await page.getByRole('heading', { name: 'Entrar', level: 1 }).waitFor();
    await context.close();
  });

  it('Maintenance sends players to the error page and normal service brings them back', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${BRAZIL}/#/game`);
    await page.getByRole('navigation').waitFor();
    await globalStatsSet(server, 1);
    await page.waitForURL(/#\/error\?type=3$/, { timeout: 25_000 });
    await page.getByRole('heading', { name: 'Já voltamos' }).waitFor();
    await screenshot(page, 'maintenance');
    await globalStatsSet(server, 0);
    await page.waitForURL(/#\/game$/, { timeout: 25_000 });
    await context.close();
  });

  it('A player from a blocked country is shown the forbidden page', async () => {
    const context = await phoneContext(browser, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    const page = await context.newPage();
    await page.goto(`http://${BRAZIL}/#/sport`);
    await page.waitForURL(/#\/forbidden$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'forbidden');
    await context.close();
  });
});
