import { oddsFormat, oddsFromDecimal } from '@piranha/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLaunch, phoneContext, screenshot, serverStart, welcomeDismiss, type RunningServer, JOURNEY } from './fixtures.ts';

/** English and decimal odds (India), Russian for long words, a Philippine (PHP) build for the coming-soon placeholder. */
const RUSSIA = 'medved.ru';
const PHILIPPINES = 'jeepney.ph';

/** Pinned market types of spec §4: the main result market of each sport. */
const PINNED = ['1005', '3004', '5001', '13001', '6003', '19002', '15001', '2007', '7003', '177003'];

describe('Sports, through the real server and Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // The feed runs faster than real time so clocks, scores and prices move while we watch.
    server = await serverStart({ FEED_SPEED: '20' });
    browser = await browserLaunch(server, [JOURNEY.host, RUSSIA, PHILIPPINES]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function sportOpen(page: Page, host: string): Promise<void> {
    await page.goto(`http://${host}/#/sport`);
    await welcomeDismiss(page);
    await page.locator('article[data-match-id]').first().waitFor();
  }

  it('browses live matches, pages on, opens a match, searches a team to its matches, keeps a favourite league and shows American and Indonesian odds', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // Every failed call is reported (and the unexpected ones toasted): browsing must cause none, polls cancelled by
    // scrolling included.
    const failedCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/app/error/report')) failedCalls.push(request.postData() ?? '');
    });
    await sportOpen(page, JOURNEY.host);

    // A live clock ticks between polls.
    const clock = page.getByTestId('match-clock').first();
    const firstReading = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 15_000 }).not.toBe(firstReading);

    // A price that moves is highlighted (up green / down red) on a card on screen.
    await page.getByRole('tab', { name: 'Live', exact: true }).click();
    await expect.poll(() => page.locator('button[data-flash]').count(), { timeout: 45_000, interval: 250 }).toBeGreaterThan(0);
    await screenshot(page, 'sports-live-tab');

    // Infinite scroll: the first fetch shows 5, the end of the list asks for more.
    await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
    const cards = page.locator('article[data-match-id]');
    await cards.first().waitFor();
    const before = await cards.count();
    expect(before).toBeLessThanOrEqual(5);
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'sports-home');

    // Match detail: the pinned market group comes first.
    const firstCard = cards.first();
    // The teams are the card's link to its match (its name is what it shows: the teams and the score).
    await firstCard.locator('a[href*="match-detail"]').first().click();
    await page.waitForURL(/#\/match-detail\?matchId=\d+/);
    const groups = page.locator('section[data-mty]');
    await groups.first().waitFor();
    expect(PINNED).toContain(await groups.first().getAttribute('data-mty'));
    expect(await groups.count()).toBeGreaterThan(3);
    const homeTeam = ((await page.getByTestId('detail-team').textContent()) ?? '').trim();
    const leagueName = ((await page.getByTestId('detail-league').textContent()) ?? '').trim();
    await screenshot(page, 'sports-match-detail');

    // Search finds the team as we type, and its league can be starred.
    await page.goto(`http://${JOURNEY.host}/#/az-filter`);
    // Nothing typed: the sports A–Z lead to their matches, then every league A–Z.
    await page
      .getByRole('region', { name: 'Sports A–Z' })
      .getByRole('link', { name: /Soccer/ })
      .waitFor();
    await screenshot(page, 'sports-az-filter');
    const searchbox = page.getByRole('searchbox');
    await searchbox.fill(homeTeam);
    const teams = page.getByRole('region', { name: 'Teams' });
    await expect.poll(async () => ((await teams.count()) > 0 ? await teams.textContent() : '')).toContain(homeTeam);
    await screenshot(page, 'sports-search');

    // The full results of that search, then the team's own matches on /az-filter-match, odds into the bet slip.
    await page.getByRole('link', { name: `See all results for “${homeTeam}”` }).click();
    await page.waitForURL(/#\/az-filter-search\?keyword=/);
    await page.getByRole('heading', { name: 'Search results' }).waitFor();
    await page.getByRole('region', { name: 'Teams' }).waitFor();
    await screenshot(page, 'sports-az-filter-search');
    const teamLink = page.getByRole('region', { name: 'Teams' }).getByRole('link', { name: new RegExp(`^${homeTeam.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await teamLink.first().click();
    await page.waitForURL(/#\/az-filter-match\?teamId=\d+/);
    await expect.poll(async () => (await page.getByTestId('match-filter').textContent()) ?? '').toContain(homeTeam);
    // The /sport page stays mounted (hidden) behind; only this page's cards are visible.
    const teamCards = page.locator('article[data-match-id]').filter({ visible: true });
    await teamCards.first().waitFor();
    const labels = await teamCards.evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toContain(homeTeam);
    await screenshot(page, 'sports-az-filter-match');
    // Any of the team's prices (a card may have its market suspended this second) goes into the slip.
    await teamCards.locator('button[data-odds]').first().click();
    await page.getByTestId('mini-slip').filter({ visible: true }).waitFor();
    await screenshot(page, 'sports-az-filter-match-slip');

    // Back in the A–Z filter, the league can be starred.
    await page.goto(`http://${JOURNEY.host}/#/az-filter`);
    await page.getByRole('searchbox').fill(leagueName);
    const leagues = page.getByRole('region', { name: 'Leagues' });
    const stars = leagues.getByRole('button', { name: /^Favourite league: / });
    // The list filters as the search applies: tap once it shows only this league's rows, or the tap may land on another
    // league's star as the rows move (seen once in a full browser run).
    await expect
      .poll(() =>
        stars.evaluateAll(
          (buttons, name) => buttons.length > 0 && buttons.every((button) => (button.getAttribute('aria-label') ?? '').includes(name)),
          leagueName,
        ),
      )
      .toBe(true);
    const star = leagues.getByRole('button', { name: `Favourite league: ${leagueName}` });
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

    // The starred league waits under Favourites.
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await page.getByRole('tab', { name: 'Favourites' }).click();
    await page.getByRole('region', { name: 'Favourite leagues' }).getByText(leagueName, { exact: true }).waitFor();
    await screenshot(page, 'sports-favourites');

    // Odds format American: 1.80 reads −125, and every shown price is the domain's conversion of its decimal odds.
    await page.goto(`http://${JOURNEY.host}/#/setting`);
    await page.getByRole('button', { name: /Odds format/ }).click();
    const american = page.getByRole('radio', { name: /American/ });
    expect(await american.textContent()).toContain('-125');
    await screenshot(page, 'sports-odds-format');
    await american.click();
    await expect.poll(() => page.getByTestId('odds-format').textContent()).toBe('American');
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await page.getByRole('tab', { name: 'In play', exact: true }).click();
    const priced = page.locator('article[data-match-id] button[data-odds]').first();
    await priced.waitFor();
    await expect
      .poll(async () => {
        const decimal = Number(await priced.getAttribute('data-odds'));
        const shown = (await priced.locator('span').last().textContent())?.trim();
        return shown === oddsFormat(oddsFromDecimal(decimal), 'american') && /^[+-]\d+$/.test(shown);
      })
      .toBe(true);
    await screenshot(page, 'sports-american');

    // Indonesian: the same card's prices convert (1.80 reads −1.25, 2.50 reads +1.50), still sent in decimal.
    await page.goto(`http://${JOURNEY.host}/#/setting`);
    await page.getByRole('button', { name: /Odds format/ }).click();
    const indonesian = page.getByRole('radio', { name: /Indonesian/ });
    expect(await indonesian.textContent()).toContain('-1.25 · +1.50');
    expect(await page.getByRole('radio', { name: /Malay/ }).textContent()).toContain('0.80 · -0.67');
    await screenshot(page, 'sports-odds-format-sheet');
    await indonesian.click();
    await expect.poll(() => page.getByTestId('odds-format').textContent()).toBe('Indonesian');
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await page.getByRole('tab', { name: 'In play', exact: true }).click();
    await priced.waitFor();
    await expect
      .poll(async () => {
        const decimal = Number(await priced.getAttribute('data-odds'));
        const shown = (await priced.locator('span').last().textContent())?.trim();
        return shown === oddsFormat(oddsFromDecimal(decimal), 'indonesian') && /^[+-]\d+\.\d\d$/.test(shown);
      })
      .toBe(true);
    await screenshot(page, 'sports-indonesian');
    expect(failedCalls).toEqual([]);
    await context.close();
    // Six pages and three settings in one journey: 77 s on a machine at load 10, past the default minute.
  }, 150_000);

  it('asks again with the ETag it holds: an unchanged odds poll is a 304 and the match keeps its prices', async () => {
    // A soccer match days away: priced once, its odds stand still while we watch.
    const upcoming = (await (await fetch(`${server.origin}/api/piranha/v1/match/list/by_source?source=upcoming&sport_id=1&page_limit=50`)).json()) as {
      data: { records: { id: number; bt: number; ty: number }[] };
    };
    const latest = upcoming.data.records.reduce((best, match) => (match.bt > best.bt ? match : best));
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // With the odds socket open the poll stands down to its safety net (decision 075); without one it is what keeps the
    // page current, every 2 s: the socket is refused here, as a network that blocks it would.
    await page.routeWebSocket(/\/ws\?/, (socket) => socket.close({ code: 1011, reason: 'no socket: the poll stands in' }));
    const polls: { status: number; ifNoneMatch: string | undefined }[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/match/odds/latest')) return;
      polls.push({ status: response.status(), ifNoneMatch: response.request().headers()['if-none-match'] });
    });
    await page.goto(`http://${JOURNEY.host}/#/match-detail?matchId=${latest.id}&isComing=1&matchType=${latest.ty}`);
    await welcomeDismiss(page);
    const prices = page.locator('section[data-mty] button[data-odds]');
    await prices.first().waitFor();
    const shown = await prices.allTextContents();
    await expect.poll(() => polls.filter((poll) => poll.status === 304).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(polls[0]).toEqual({ status: 200, ifNoneMatch: undefined });
    for (const poll of polls.slice(1)) expect(poll.ifNoneMatch).toMatch(/^"[^"]+"$/);
    // The kept answer still drives the page: the same prices, still tappable.
    expect(await prices.allTextContents()).toEqual(shown);
    await prices.first().click();
    await page.getByTestId('mini-slip').filter({ visible: true }).waitFor();
    await context.close();
  });

  it('lives on its own page, and shows matches as they finish under results', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${JOURNEY.host}/#/live`);
    await welcomeDismiss(page);
    await page.locator('article[data-match-id]').first().waitFor();
    expect(await page.getByRole('tab', { name: 'Favourites' }).count()).toBe(0);
    await screenshot(page, 'sports-live-page');

    // The accelerated feed finishes the late matches within a minute or so; the empty state's refresh picks them up.
    await page.goto(`http://${JOURNEY.host}/#/results`);
    await page.getByRole('heading', { name: 'Results', exact: true }).waitFor();
    const rows = page.locator('main li');
    await expect
      .poll(
        async () => {
          const refresh = page.getByRole('button', { name: 'Refresh' });
          if ((await rows.count()) === 0 && (await refresh.isEnabled().catch(() => false))) await refresh.click();
          return rows.count();
        },
        { timeout: 100_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'sports-results');
    await context.close();
  }, 150_000);

  it('reads well in Russian', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await sportOpen(page, RUSSIA);
    await screenshot(page, 'sports-home-ru');
    await page.locator('article[data-match-id]').first().getByRole('link').first().click();
    await page.locator('section[data-mty]').first().waitFor();
    await screenshot(page, 'sports-match-detail-ru');
    await context.close();
  });

  it('draws kick-off days and times without building an Intl formatter while the page loads (decision 092)', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // Counts every Intl date or number formatter the page builds, and every toLocale…String call (each builds one).
    await page.addInitScript(() => {
      const counts = { formatters: 0 };
      (window as unknown as { intlCounts: typeof counts }).intlCounts = counts;
      for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
        const real = Intl[name];
        const counted = new Proxy(real, {
          construct: (target, args: unknown[]) => ((counts.formatters += 1), Reflect.construct(target, args)),
          apply: (target, self, args: unknown[]) => ((counts.formatters += 1), Reflect.apply(target, self, args)),
        });
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
      for (const [proto, names] of [
        [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
        [Number.prototype, ['toLocaleString']],
      ] as const) {
        for (const name of names) {
          const real = (proto as unknown as Record<string, (...args: unknown[]) => string>)[name]!;
          Object.defineProperty(proto, name, {
            value: function (this: unknown, ...args: unknown[]) {
              counts.formatters += 1;
              return real.apply(this, args);
            },
            configurable: true,
            writable: true,
          });
        }
      }
    });
    await sportOpen(page, RUSSIA);
    // Upcoming matches come after the live ones: scroll until a kick-off time is drawn.
    const kickOff = page.locator('article[data-match-id] time').first();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 1200);
        return kickOff.count();
      })
      .toBeGreaterThan(0);
    const shown = await kickOff.evaluate((element) => ({ text: element.textContent ?? '', at: element.getAttribute('datetime') ?? '' }));
    expect(await page.evaluate(() => (window as unknown as { intlCounts: { formatters: number } }).intlCounts.formatters)).toBe(0);
    // What is shown is what Intl shows for the same moment (the day may read "today" instead of a date).
    const intlTime = await page.evaluate((at) => new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' }).format(new Date(at)), shown.at);
    expect(shown.text.endsWith(` ${intlTime}`)).toBe(true);
    await context.close();
  });

  it('shows the coming-soon placeholder on the PHP build', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${PHILIPPINES}/#/sport`);
    await welcomeDismiss(page);
    await page.getByRole('heading', { name: 'Sports betting is coming soon' }).waitFor();
    expect(await page.locator('article[data-match-id]').count()).toBe(0);
    await screenshot(page, 'sports-php-coming-soon');
    await context.close();
  });
});
