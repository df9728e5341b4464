import { describe, expect, it } from 'vitest';
import { HOUSE_GAME_IDS } from '@piranha/domain';
import { footerTabActive, footerTabTarget, preloadOrder, rootTarget, routeFind, ROUTES, type RouteEntry } from './routes.ts';
import { azFilterMatchHref, azFilterSearchHref, paths } from '../shared/paths/paths.ts';

const load = () => Promise.resolve({ default: () => null });

describe('route table', () => {
  it('sends the root to /home/slots when UI v3 is on, else to the brand first entry page', () => {
    expect(rootTarget(true)).toBe('/home/slots');
    expect(rootTarget(false)).toBe('/game');
    expect(rootTarget(false, '/sport')).toBe('/sport');
    expect(rootTarget(true, '/sport')).toBe('/home/slots');
  });

  it('shows the footer only on first-level pages and keeps the main tabs alive', () => {
    expect(ROUTES.filter((route) => route.firstLevel).map((route) => route.path)).toEqual([
      paths.game,
      paths.sport,
      paths.setting,
      paths.me,
      paths.menu,
      paths.homeGame,
      paths.homeSlots,
      paths.homeCasino,
      paths.homeSport,
    ]);
    expect(ROUTES.filter((route) => route.keepAlive).map((route) => route.path)).toEqual([
      paths.game,
      paths.sport,
      paths.homeGame,
      paths.homeSlots,
      paths.homeCasino,
      paths.homeSport,
    ]);
    expect(routeFind(paths.forbidden)?.chrome).toBe(false);
    expect(routeFind('/not-listed')).toBeUndefined();
  });

  it('lists the A–Z filter’s search and match pages (spec §2) as second-level pages, and links to them', () => {
    for (const path of ['/az-filter', '/az-filter-search', '/az-filter-match']) expect(routeFind(path)).toMatchObject({ firstLevel: false, chrome: true });
    expect(azFilterSearchHref('  São Paulo ')).toBe('/az-filter-search?keyword=S%C3%A3o+Paulo');
    expect(azFilterMatchHref({ by: 'team', id: 42, name: 'Rio' })).toBe('/az-filter-match?teamId=42&name=Rio');
    expect(azFilterMatchHref({ by: 'sport', id: 3 })).toBe('/az-filter-match?sportId=3');
  });

  it('lists the four UI v3 homes, /home/sport included, and leads the footer there when UI v3 is on', () => {
    for (const home of ['/home/game', '/home/slots', '/home/casino', '/home/sport']) expect(routeFind(home)).toMatchObject({ firstLevel: true, chrome: true });
    expect(footerTabTarget(paths.sport, true)).toBe('/home/sport');
    expect(footerTabTarget(paths.game, true)).toBe('/home/game');
    expect(footerTabTarget(paths.sport, false)).toBe('/sport');
    expect(footerTabTarget(paths.me, true)).toBe('/me');
    expect(footerTabActive(paths.sport, '/home/sport')).toBe(true);
    expect(footerTabActive(paths.game, '/home/sport')).toBe(false);
    expect(footerTabActive(paths.game, '/home/slots')).toBe(true);
    expect(footerTabActive(paths.sport, '/home/slots')).toBe(false);
    expect(footerTabActive(paths.me, '/me')).toBe(true);
  });

  it('routes every house game to its client page, drawn without the app frame', () => {
    for (const gameId of HOUSE_GAME_IDS) expect(routeFind(`/studio/${gameId}`)).toMatchObject({ frame: true, chrome: false, firstLevel: false });
    expect(routeFind('/studio/unknown')).toBeUndefined();
  });

  it('preloads tagged pages by level, then by priority', () => {
    const routes: RouteEntry[] = [
      { path: '/b', load, firstLevel: false, keepAlive: false, chrome: true, preload: { level: 2, priority: 9 } },
      { path: '/a', load, firstLevel: false, keepAlive: false, chrome: true, preload: { level: 1, priority: 1 } },
      { path: '/untagged', load, firstLevel: false, keepAlive: false, chrome: true },
      { path: '/c', load, firstLevel: false, keepAlive: false, chrome: true, preload: { level: 1, priority: 5 } },
    ];
    expect(preloadOrder(routes).map((route) => route.path)).toEqual(['/c', '/a', '/b']);
  });
});
