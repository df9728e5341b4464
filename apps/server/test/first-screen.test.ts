import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import type { Banner, ContentItem } from '@piranha/contract';
import { popupStackSort, VARIANT_PROFILES, type VariantProfile } from '@piranha/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, contentItems } from '../src/db/schema/index.ts';
import { FIRST_SCREEN_SCRIPT, FIRST_SCREEN_SCRIPT_HASH, indexHtmlRender, type FirstScreenData, type FirstScreenTexts } from '../src/modules/web/index-html.ts';
import { FIRST_SCREEN_BANNERS_TTL_MS } from '../src/modules/web/web.routes.ts';
import { envelopeOf, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';

const TEMPLATE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Vite App</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const banner = (id: number, info: string, title: string): Banner => ({ id, type: 1, info, url: '#/game', banner_type: 'normal', title, expire_time: 0 });

const popup = (id: number, key: string, title: string): ContentItem => ({ id, key, title, icon: 'gift', url: '#/promotions', level: 10 });

function dataOf(
  variant: VariantProfile,
  game: Banner[] = [banner(1, '/banners/casino.svg', 'Casino')],
  sport: Banner[] = [],
  popups: ContentItem[] = [popup(1, 'welcome', 'Welcome')],
): FirstScreenData {
  return { lang: variant.defaultLang, banners: { game, sport }, popups };
}

/** The JSON the page carries (`#fs-data`), read back as the app reads it. */
function fsDataOf(html: string): FirstScreenData {
  const text = /<script type="application\/json" id="fs-data">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(text!) as FirstScreenData;
}

function templateOf(html: string, id: string): string {
  return new RegExp(`<template id="${id}">(.*?)</template>`).exec(html)?.[1] ?? '';
}

describe('the static first screen in the page (decision 078)', () => {
  it('renders for every brand: its name and favicon in the header, its colours, its language, its banners', () => {
    for (const variant of VARIANT_PROFILES) {
      const html = indexHtmlRender(TEMPLATE, variant, undefined, dataOf(variant));
      const header = templateOf(html, 'fs-header');
      expect(header, variant.appKey).toContain(`<img src="${variant.favicon}" alt="" width="30" height="30" />`);
      expect(header, variant.appKey).toContain(`--name-chars:${variant.name.length}`);
      expect(html, variant.appKey).toContain(`--brand:${variant.colours.brand};`);
      // The head sets these colours, and says so for the app (web variant-detect.ts `variantSet` then sets none).
      expect(html, variant.appKey).toMatch(new RegExp(`<html lang="[^"]+" data-brand-colours="${variant.appKey}">`));
      expect(html, variant.appKey).toContain(`<div id="root" data-fs-lang="${variant.defaultLang}">`);
      expect(fsDataOf(html).lang).toBe(variant.defaultLang);
      expect(templateOf(html, 'fs-lobby')).toContain('<img src="/banners/casino.svg" alt="" width="780" height="300" fetchpriority="high" />');
      // The page's one inline script is the one the CSP names by hash.
      expect(html).toContain(`<script>${FIRST_SCREEN_SCRIPT}</script>`);
    }
  });

  it("escapes the brand's and the banners' texts in the markup and in the JSON", () => {
    const variant = { ...VARIANT_PROFILES[0]!, name: 'A<b>&"C"' };
    const hostile = banner(9, '/x.svg" onerror="alert(1)', '</script><script>alert(1)</script>');
    const hostilePopup = popup(3, 'welcome', '</script><!--<script>alert(1)</script>');
    const html = indexHtmlRender(TEMPLATE, variant, undefined, dataOf(variant, [hostile], [], [hostilePopup]));
    expect(templateOf(html, 'fs-header')).toContain('>A&lt;b&gt;&amp;&quot;C&quot;</span>');
    expect(templateOf(html, 'fs-lobby')).toContain('src="/x.svg&quot; onerror=&quot;alert(1)"');
    expect(templateOf(html, 'fs-lobby')).toContain('<p data-fs-text>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(fsDataOf(html).banners.game[0]).toStrictEqual(hostile);
    expect(fsDataOf(html).popups).toStrictEqual([hostilePopup]);
  });

  it('draws no banner for a lobby without one, and no sports skeleton for the PHP build (its coming-soon notice is the app’s)', () => {
    const php = VARIANT_PROFILES.find((variant) => variant.currency === 'PHP');
    const variant = php ?? VARIANT_PROFILES[0]!;
    const html = indexHtmlRender(TEMPLATE, variant, undefined, dataOf(variant, [], []));
    expect(templateOf(html, 'fs-lobby')).not.toContain('<img');
    expect(templateOf(html, 'fs-sport')).not.toContain('<img');
    if (php) expect(templateOf(html, 'fs-sport')).not.toContain('fs-sk');
  });

  it('leaves the page as it was without first-screen data (no build, or the banners could not be read)', () => {
    const html = indexHtmlRender(TEMPLATE, VARIANT_PROFILES[0]!);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<script>');
  });

  it('draws the match page and the operator pop-ups in the stack’s order, with the build’s texts, and escapes them (decision 097)', () => {
    const variant = VARIANT_PROFILES[0]!;
    const texts: FirstScreenTexts = { dismiss: 'Agora <não>', open: 'Conferir', matchTitle: 'Partida & cia' };
    const item = (id: number, key: string, level: number, url = '#/promotions'): ContentItem => ({ ...popup(id, key, `T${id}`), level, url });
    const popups = [
      item(1, 'low', 1),
      item(2, 'first', 5),
      item(3, 'second', 5, 'https://example.com/a?b=1&c=2'),
      item(4, 'out-of-range', 11),
      item(5, 'odd-link', -2, 'javascript:alert(1)'),
      { ...item(6, 'k"ey', 0), title: '<img src=x onerror=alert(1)>' },
    ];
    const html = indexHtmlRender(TEMPLATE, variant, undefined, dataOf(variant, undefined, undefined, popups), texts);
    const match = templateOf(html, 'fs-match');
    expect(match).toContain('<h1 data-fs-text>Partida &amp; cia</h1>');
    expect(match.match(/class="fs-sk"/g)).toHaveLength(3);
    // Level first, highest first; the page's order among equals; levels outside −2..10 never show (popupStackSort).
    expect([...html.matchAll(/<template data-fs-pop="([^"]*)">/g)].map((found) => found[1])).toEqual(['first', 'second', 'low', 'k&quot;ey', 'odd-link']);
    const popupOf = (key: string) => new RegExp(`<template data-fs-pop="${key}">(.*?)</template>`).exec(html)?.[1] ?? '';
    expect(popupOf('first')).toContain('role="dialog" aria-modal="true" aria-label="T2"><h2>T2</h2>');
    expect(popupOf('first')).toContain('<button type="button" class="fs-btn fs-gh" data-fs-close>Agora &lt;não&gt;</button>');
    expect(popupOf('first')).toContain('<a class="fs-btn fs-pr" data-fs-close href="#/promotions">Conferir</a>');
    expect(popupOf('second')).toContain('href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer"');
    // A link that is neither an in-app route nor a secure page is not followed from the static screen.
    expect(popupOf('odd-link')).toContain('<a class="fs-btn fs-pr" data-fs-close>Conferir</a>');
    expect(popupOf('k&quot;ey')).toContain('<h2>&lt;img src=x onerror=alert(1)&gt;</h2>');
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('draws no match page and no static pop-up without the build’s texts for the page’s language', () => {
    const variant = VARIANT_PROFILES[0]!;
    const html = indexHtmlRender(TEMPLATE, variant, undefined, dataOf(variant));
    expect(html).not.toContain('id="fs-match"');
    expect(html).not.toContain('<template data-fs-pop');
    expect(templateOf(html, 'fs-lobby')).toContain('fetchpriority="high"');
  });

  it('has the CSP hash of the script itself', () => {
    expect(FIRST_SCREEN_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64')}'`);
  });
});

interface ScriptRun {
  /** The static screen drawn, if any. */
  screen: string | undefined;
  textsRemoved: number;
  /** What the script put in the head (`modulepreload <href>`, `module <src>`) before the next frame, and after it. */
  bootBeforeFrame: string[];
  boot: string[];
}

/** A pop-up template of the page as the stand-in DOM gives it: its key, and the pop-up the script may draw from it. */
interface PopupStandIn {
  key: string;
  drawn: boolean;
  removed: boolean;
  /** A click on the pop-up: `inside` a close button (or link), or on the backdrop itself. */
  click: (on: 'button' | 'backdrop' | 'title') => void;
}

/** Runs the inline script against a small stand-in for the DOM, then its next frame and its timers. */
function scriptRun(
  hash: string,
  options: {
    stored?: string;
    pageLang?: string;
    module?: string;
    preload?: string;
    banner?: 'loading' | 'complete' | 'none';
    popups?: string[];
    storage?: Record<string, string>;
    /** The browser reports paints (`PerformanceObserver` with the `paint` type): the first one comes after the timers of the frame. */
    paintTiming?: boolean;
  } = {},
): ScriptRun & {
  bootBeforeBanner: string[];
  bootAfterFrame: string[];
  bootAfterTask: string[];
  bootAfterPaint: string[];
  observed: unknown[];
  popups: PopupStandIn[];
  storage: Record<string, string>;
} {
  const { stored, pageLang = 'pt-BR', module = '/assets/index-1.js', preload = '/assets/pt-BR-1.js /assets/framework-1.js', banner = 'loading' } = options;
  const bannerListeners: (() => void)[] = [];
  const bannerImage = { complete: banner === 'complete', addEventListener: (_type: string, listener: () => void) => bannerListeners.push(listener) };
  const appended: { attributes: Record<string, string> }[] = [];
  const head: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const observers: { callback: (list: { getEntries: () => { name: string }[] }, observer: { disconnect: () => void }) => void; connected: boolean }[] = [];
  const observed: unknown[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['element', 'largest-contentful-paint', 'paint'];
    readonly entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe(options: unknown) {
      this.entry.connected = true;
      observed.push(options);
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  let textsRemoved = 0;
  let matchScreen = false;
  const templates = new Map(['fs-header', 'fs-lobby', 'fs-sport', 'fs-match'].map((id) => [id, { content: { cloneNode: () => ({ id }) } }]));
  const popups: PopupStandIn[] = [];
  const popupTemplates = (options.popups ?? []).map((key) => {
    const popup: PopupStandIn = { key, drawn: false, removed: false, click: () => undefined };
    popups.push(popup);
    const backdrop = {
      popup,
      remove: () => (popup.removed = true),
      addEventListener: (_type: string, listener: (event: { target: unknown }) => void) => {
        popup.click = (on) =>
          listener({
            target: on === 'backdrop' ? backdrop : { closest: (selector: string) => (on === 'button' && selector === '[data-fs-close]' ? {} : null) },
          });
      },
    };
    return { getAttribute: (name: string) => (name === 'data-fs-pop' ? key : null), content: { firstElementChild: { cloneNode: () => backdrop } } };
  });
  const rootAttributes: Record<string, string> = { 'data-fs-lang': pageLang, 'data-fs-module': module, 'data-fs-preload': preload };
  const document = {
    head: {
      appendChild: (element: { rel?: string; type?: string; href?: string; src?: string; crossOrigin?: string }) =>
        head.push(`${element.rel ?? element.type} ${element.href ?? element.src} ${element.crossOrigin}`),
    },
    getElementById: (id: string) =>
      id === 'root'
        ? { getAttribute: (name: string) => rootAttributes[name] ?? null, appendChild: (node: { attributes: Record<string, string> }) => appended.push(node) }
        : templates.get(id),
    querySelectorAll: (selector: string) => (selector === 'template[data-fs-pop]' ? popupTemplates : []),
    createElement: () => {
      const attributes: Record<string, string> = {};
      return {
        attributes,
        setAttribute: (name: string, value: string) => (attributes[name] = value),
        appendChild: (node: { id?: string; popup?: PopupStandIn }) => {
          if (node.popup) node.popup.drawn = true;
          if (node.id === 'fs-match') matchScreen = true;
        },
        querySelectorAll: () => [{ remove: () => (textsRemoved += 1) }],
        // The lobbies' screens carry a banner unless told otherwise; the match page's has none.
        querySelector: (selector: string) => (selector === 'img[fetchpriority=high]' && banner !== 'none' && !matchScreen ? bannerImage : null),
      };
    },
  };
  const storage: Record<string, string> = { ...options.storage, ...(stored !== undefined ? { 'pir.language': JSON.stringify(stored) } : {}) };
  const localStorage = { getItem: (key: string) => storage[key] ?? null, setItem: (key: string, value: string) => (storage[key] = value) };
  runInNewContext(FIRST_SCREEN_SCRIPT, {
    document,
    location: { hash },
    localStorage,
    JSON,
    Date,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, ms }),
    ...(options.paintTiming ? { PerformanceObserver } : {}),
  });
  let frameNext = 0;
  const framesRun = () => {
    while (frameNext < frames.length) frames[frameNext++]!();
  };
  // The tasks queued with no delay: the one-second fallback stays for the end.
  const tasksRun = () => {
    for (let index = 0; index < timers.length; index += 1) if (timers[index]!.ms === 0) timers.splice(index--, 1)[0]!.callback();
  };
  // The banner loads (its `load` listener, once: the `error` one is the same function), then the next frame and its
  // task, then the first contentful paint shows (where paints are reported) and its frame and task, then the rest.
  const bootBeforeBanner = [...head];
  bannerListeners[0]?.();
  const bootBeforeFrame = [...head];
  framesRun();
  const bootAfterFrame = [...head];
  tasksRun();
  const bootAfterTask = [...head];
  for (const observer of observers)
    if (observer.connected)
      observer.callback(
        { getEntries: () => [{ name: 'first-paint' }, { name: 'first-contentful-paint' }] },
        { disconnect: () => (observer.connected = false) },
      );
  framesRun();
  tasksRun();
  const bootAfterPaint = [...head];
  for (const timer of timers) timer.callback();
  return {
    screen: appended[0]?.attributes['data-fs'],
    textsRemoved,
    bootBeforeBanner,
    bootBeforeFrame,
    bootAfterFrame,
    bootAfterTask,
    bootAfterPaint,
    observed,
    boot: head,
    popups,
    storage,
  };
}

const BOOT = ['modulepreload /assets/pt-BR-1.js anonymous', 'modulepreload /assets/framework-1.js anonymous', 'module /assets/index-1.js anonymous'];

describe('the inline script picks the screen by location.hash and then starts the app', () => {
  it.each([
    ['', 'lobby'],
    ['#/', 'lobby'],
    ['#/game', 'lobby'],
    ['#/game/', 'lobby'],
    ['#/game?tab=slots', 'lobby'],
    ['#/sport', 'sport'],
    ['#/match-detail?matchId=12&isComing=0&matchType=1', 'match'],
    ['#/menu', undefined],
    ['#/game-room?id=3', undefined],
    ['#/home/slots', undefined],
    ['#/sportx', undefined],
  ])('%s → %s', (hash, screen) => {
    const run = scriptRun(hash);
    expect(run.screen).toBe(screen);
    // The app's scripts, each once: a static screen's after it has been painted (a lobby's with its banner loaded,
    // the match page's with no banner to wait for: decision 100), in the task after that frame; a route with no
    // static screen at once.
    expect(run.boot).toStrictEqual(BOOT);
    const waits = screen !== undefined;
    expect(run.bootBeforeBanner).toStrictEqual(waits ? [] : BOOT);
    expect(run.bootBeforeFrame).toStrictEqual(waits ? [] : BOOT);
    expect(run.bootAfterFrame).toStrictEqual(waits ? [] : BOOT);
  });

  it('waits for the banner image when it is still loading or there, and for the first frame when the screen has none', () => {
    for (const banner of ['loading', 'complete'] as const) {
      const run = scriptRun('#/game', { banner });
      expect(run.bootBeforeBanner, banner).toStrictEqual([]);
      expect(run.bootBeforeFrame, banner).toStrictEqual([]);
      // In the task after the frame (its paint), never inside it.
      expect(run.bootAfterFrame, banner).toStrictEqual([]);
      expect(run.boot, banner).toStrictEqual(BOOT);
    }
    const bannerless = scriptRun('#/game', { banner: 'none' });
    expect(bannerless.bootBeforeFrame).toStrictEqual([]);
    expect(bannerless.bootAfterFrame).toStrictEqual([]);
    expect(bannerless.boot).toStrictEqual(BOOT);
  });

  it('where the browser reports paints, waits for the first contentful paint to be on screen, then for its frame (decision 101)', () => {
    for (const [hash, banner] of [
      ['#/match-detail?matchId=12', 'none'],
      ['#/game', 'complete'],
      ['#/sport', 'loading'],
    ] as const) {
      const run = scriptRun(hash, { banner, paintTiming: true });
      // A frame's callback runs before the frame is rastered and shown: no script before the paint is reported.
      expect(run.bootAfterTask, hash).toStrictEqual([]);
      // (The options object comes from the script's own realm: compared by value.)
      expect(run.observed, hash).toEqual([{ type: 'paint', buffered: true }]);
      expect(run.bootAfterPaint, hash).toStrictEqual(BOOT);
      expect(run.boot, hash).toStrictEqual(BOOT);
      // Without paint timing, the task after the frame, as before.
      expect(scriptRun(hash, { banner }).bootAfterTask, hash).toStrictEqual(BOOT);
    }
    // A route with no static screen starts at once, paints or not.
    expect(scriptRun('#/menu', { paintTiming: true }).bootBeforeBanner).toStrictEqual(BOOT);
  });

  it('starts nothing where the page names no entry script', () => {
    expect(scriptRun('#/game', { module: '' }).boot).toStrictEqual([]);
    expect(scriptRun('#/game', { preload: '' }).boot).toStrictEqual(['module /assets/index-1.js anonymous']);
  });

  it('leaves out the page-language texts for a player who chose another language, and only then', () => {
    expect(scriptRun('#/game').textsRemoved).toBe(0);
    expect(scriptRun('#/game', { stored: 'pt-BR' }).textsRemoved).toBe(0);
    expect(scriptRun('#/game', { stored: 'en-US' }).textsRemoved).toBe(1);
  });
});

describe("the inline script draws the pop-up a new visitor's app draws first (decision 097)", () => {
  const now = Date.now();
  const closedAt = (ms: number) => JSON.stringify({ status: false, time: ms });

  it('draws the first pop-up in the stack’s order, over every static screen', () => {
    for (const hash of ['#/game', '#/sport', '#/match-detail?matchId=3']) {
      const run = scriptRun(hash, { popups: ['welcome', 'promo'] });
      expect(
        run.popups.map((popup) => popup.drawn),
        hash,
      ).toEqual([true, false]);
    }
    // No static screen, no static pop-up: the app draws it.
    expect(scriptRun('#/menu', { popups: ['welcome'] }).popups[0]!.drawn).toBe(false);
  });

  it('skips a pop-up this device closed in the last 24 h, as the app does, and draws it again after', () => {
    const recent = scriptRun('#/sport', { popups: ['welcome', 'promo'], storage: { 'pir.popup_cache': `{"welcome":${closedAt(now - 60_000)}}` } });
    expect(recent.popups.map((popup) => popup.drawn)).toEqual([false, true]);
    const old = scriptRun('#/sport', { popups: ['welcome', 'promo'], storage: { 'pir.popup_cache': `{"welcome":${closedAt(now - 86_400_000 - 1)}}` } });
    expect(old.popups.map((popup) => popup.drawn)).toEqual([true, false]);
    const all = scriptRun('#/sport', { popups: ['welcome'], storage: { 'pir.popup_cache': `{"welcome":${closedAt(now - 1)}}` } });
    expect(all.popups[0]!.drawn).toBe(false);
    // A cache it cannot read is no cache.
    expect(scriptRun('#/sport', { popups: ['welcome'], storage: { 'pir.popup_cache': '{' } }).popups[0]!.drawn).toBe(true);
  });

  it('draws none for a stored session or another stored language: that stack and those texts are the app’s', () => {
    expect(scriptRun('#/match-detail', { popups: ['welcome'], storage: { 'pir.session': '{"uid":7}' } }).popups[0]!.drawn).toBe(false);
    expect(scriptRun('#/match-detail', { popups: ['welcome'], stored: 'en-US' }).popups[0]!.drawn).toBe(false);
    expect(scriptRun('#/match-detail', { popups: ['welcome'], stored: 'pt-BR' }).popups[0]!.drawn).toBe(true);
  });

  it('closes on its buttons and its backdrop, recording the close where the app reads it, and not on a tap inside', () => {
    for (const on of ['button', 'backdrop'] as const) {
      const run = scriptRun('#/match-detail', { popups: ['welcome'], storage: { 'pir.popup_cache': `{"other":${closedAt(1)}}` } });
      const popup = run.popups[0]!;
      popup.click('title');
      expect(popup.removed, on).toBe(false);
      popup.click(on);
      expect(popup.removed, on).toBe(true);
      const cache = JSON.parse(run.storage['pir.popup_cache']!) as Record<string, { status: boolean; time: number }>;
      expect(cache.other, on).toEqual({ status: false, time: 1 });
      expect(cache.welcome!.status, on).toBe(false);
      expect(cache.welcome!.time, on).toBeGreaterThanOrEqual(now);
    }
  });
});

describe('GET / with the banners the banner endpoint answers', () => {
  let database: TestDatabase;
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    database = await testDatabaseCreate();
    webDist = mkdtempSync(join(tmpdir(), 'piranha-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    // The texts the web build writes for the static screens (locale-split-plugin.ts), for two of the brands' languages.
    writeFileSync(
      join(webDist, 'first-screen-texts.json'),
      JSON.stringify({
        'pt-BR': { 'popup.dismiss': 'Agora não', 'popup.open': 'Conferir', 'sports.detail.title': 'Partida' },
        'es-MX': { 'popup.dismiss': 'Ahora no', 'popup.open': 'Ver ahora', 'sports.detail.title': 'Partido' },
      }),
    );
    writeFileSync(
      join(webDist, 'index.html'),
      TEMPLATE.replace(
        '</head>',
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/framework-1.js">\n  </head>',
      ),
    );
    t = await testAppCreate({ database, env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  const apiBanners = async (host: string, source: string) =>
    (envelopeOf(await t.get(`/api/v1/conf/banner?source=${source}`, { headers: { host } })).data as { list: Banner[] }).list;
  const pageBanners = async (host: string) => fsDataOf((await t.get('/', { headers: { host } })).text).banners;

  it('carries, for each lobby, the list the endpoint answers in the brand language', async () => {
    for (const host of ['piranha.com.br', 'aguila.mx', 'halong.vn']) {
      const page = await pageBanners(host);
      expect(page.game, host).toStrictEqual(await apiBanners(host, 'game'));
      expect(page.sport, host).toStrictEqual(await apiBanners(host, 'sport'));
      expect(page.game.length, host).toBeGreaterThan(0);
    }
    const html = (await t.get('/', { headers: { host: 'piranha.com.br' } })).text;
    const first = (await apiBanners('piranha.com.br', 'game'))[0]!;
    expect(templateOf(html, 'fs-lobby')).toContain(`<img src="${first.info}" alt="" width="780" height="300" fetchpriority="high" />`);
    expect(templateOf(html, 'fs-lobby')).toContain(`<p data-fs-text>${first.title}</p>`);
  });

  it('follows an operator’s edit of the banners table within the TTL: a new first banner, a banner taken off, one expired', async () => {
    const host = 'piranha.com.br';
    const before = (await pageBanners(host)).game;
    await t.db
      .insert(banners)
      .values({ id: 901, bannerType: 'normal', image: '/banners/new-first.svg', url: '#/sport', sort: 99, source: 'game', title: { 'pt-BR': 'Novo' } });
    // Kept for the TTL (a flood of page loads costs one read per brand), then read again.
    expect((await pageBanners(host)).game).toStrictEqual(before);
    t.clock.advance(FIRST_SCREEN_BANNERS_TTL_MS);
    expect((await pageBanners(host)).game[0]!.info).toBe('/banners/new-first.svg');
    expect((await pageBanners(host)).sport.map((row) => row.id)).not.toContain(901);
    expect(templateOf((await t.get('/', { headers: { host } })).text, 'fs-lobby')).toContain('/banners/new-first.svg');

    await t.db
      .update(banners)
      .set({ expireAt: new Date(t.deps.now().getTime() - 1000) })
      .where(eq(banners.id, 901));
    t.clock.advance(FIRST_SCREEN_BANNERS_TTL_MS);
    expect((await pageBanners(host)).game[0]!.info).not.toBe('/banners/new-first.svg');
    expect(await pageBanners(host)).toStrictEqual({ game: await apiBanners(host, 'game'), sport: await apiBanners(host, 'sport') });

    await t.db.delete(banners).where(eq(banners.id, 901));
    t.clock.advance(FIRST_SCREEN_BANNERS_TTL_MS);
    expect((await pageBanners(host)).game.map((row) => row.id)).not.toContain(901);
  });

  const apiPopups = async (host: string) => (envelopeOf(await t.get('/api/v1/conf/popup', { headers: { host } })).data as { list: ContentItem[] }).list;
  const pagePopups = async (host: string) => fsDataOf((await t.get('/', { headers: { host } })).text).popups;

  it('carries a visitor’s pop-up list as the pop-up endpoint answers it in the brand language (decision 080)', async () => {
    for (const host of ['piranha.com.br', 'aguila.mx', 'eaglebet.com']) {
      const page = await pagePopups(host);
      expect(page, host).toStrictEqual(await apiPopups(host));
      expect(
        page.map((item) => item.key),
        host,
      ).toContain('welcome');
    }
    // In the brand's language (the page's `lang`), the one a new visitor's app asks in.
    expect((await pagePopups('piranha.com.br')).find((item) => item.key === 'welcome')!.title).toMatch(/^Bem-vindo!/);
    expect((await pagePopups('aguila.mx')).find((item) => item.key === 'welcome')!.title).toMatch(/^¡Bienvenido!/);
  });

  it('draws the match page and the pop-ups over the static screens in the brand language, from the build’s texts (decision 097)', async () => {
    const pageOf = async (host: string) => (await t.get('/', { headers: { host } })).text;
    const brazil = await pageOf('piranha.com.br');
    expect(templateOf(brazil, 'fs-match')).toContain('<h1 data-fs-text>Partida</h1>');
    const keys = [...brazil.matchAll(/<template data-fs-pop="([^"]*)">/g)].map((found) => found[1]);
    const listed = await apiPopups('piranha.com.br');
    // Every pop-up the endpoint answers, in the order the app's stack shows them.
    expect(keys).toEqual(popupStackSort(listed.map((item) => ({ key: item.key, status: true, level: item.level }))).map((entry) => entry.key));
    expect(brazil).toMatch(
      /aria-label="Bem-vindo![^"]*"><h2>Bem-vindo![^<]*<\/h2><div class="fs-acts"><button type="button" class="fs-btn fs-gh" data-fs-close>Agora não<\/button>/,
    );
    expect(templateOf(await pageOf('aguila.mx'), 'fs-match')).toContain('<h1 data-fs-text>Partido</h1>');
    // A brand whose language the build wrote no texts for draws its lobbies as before, and no match page or pop-up.
    const other = VARIANT_PROFILES.find((variant) => !['pt-BR', 'es-MX'].includes(variant.defaultLang))!;
    const otherPage = await pageOf(other.officialDomain);
    expect(otherPage).toContain('<template id="fs-lobby">');
    expect(otherPage).not.toContain('<template id="fs-match">');
    expect(otherPage).not.toContain('<template data-fs-pop');
  });

  it('follows an operator’s edit of the pop-ups within the TTL: one added, one taken off', async () => {
    const host = 'piranha.com.br';
    const before = await pagePopups(host);
    await t.db
      .insert(contentItems)
      .values({ id: 902, kind: 'popup', appKey: null, key: 'cup', title: { 'pt-BR': 'Copa' }, icon: 'trophy', url: '#/sport', level: 5 });
    expect(await pagePopups(host)).toStrictEqual(before);
    t.clock.advance(FIRST_SCREEN_BANNERS_TTL_MS);
    expect((await pagePopups(host)).map((item) => item.key)).toContain('cup');
    expect(await pagePopups(host)).toStrictEqual(await apiPopups(host));

    await t.db.delete(contentItems).where(eq(contentItems.id, 902));
    t.clock.advance(FIRST_SCREEN_BANNERS_TTL_MS);
    expect(await pagePopups(host)).toStrictEqual(before);
  });

  it('moves the entry script and its preloads from the head to the inline script, which asks for them after the first paint', async () => {
    const html = (await t.get('/', { headers: { host: 'piranha.com.br' } })).text;
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(/<div id="root"[^>]*data-fs-module="\/assets\/index-1\.js"/.test(html)).toBe(true);
    expect(/<div id="root"[^>]*data-fs-preload="\/assets\/framework-1\.js"/.test(html)).toBe(true);
  });

  it('names the inline script by its hash in the page’s CSP, and allows no other inline script', async () => {
    const csp = String((await t.get('/', { headers: { host: 'aguila.mx' } })).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain(FIRST_SCREEN_SCRIPT_HASH);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });
});
