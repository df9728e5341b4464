import type { MatchOdds } from '@piranha/contract';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeySetup, JOURNEY, phonePage, screenshot, welcomeDismiss } from './fixtures.ts';

/**
 * Odds pushed (issue 24, decision 075), through the real server and Chromium: a visitor's live list hears odds deltas
 * on its own socket and its 2 s odds poll stands down; the socket dropped, the poll takes over; the socket back, the
 * poll stands down again.
 */
const ODDS_POLL = '/api/piranha/v1/match/odds/latest';

interface Delta {
  from: number;
  to: number;
  matches: MatchOdds[];
}

/** The page's socket through a route the test can cut, and refuse while `refusing` is set. */
async function socketRouted(page: Page) {
  const state = { current: undefined as WebSocketRoute | undefined, refusing: false, deltas: [] as Delta[] };
  await page.routeWebSocket(/\/ws\?/, (socket) => {
    if (state.refusing) return void socket.close({ code: 1011, reason: 'cut by the test' });
    state.current = socket;
    const server = socket.connectToServer();
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { event: { type: string } & Delta };
      if (frame.event.type === 'odds_changed' && socket === state.current) state.deltas.push(frame.event);
      socket.send(message);
    });
  });
  return state;
}

/** Waits for `count` more deltas that name matches, and answers the last of them. */
async function deltasMore(state: { deltas: Delta[] }, count: number): Promise<Delta> {
  const seen = state.deltas.filter((delta) => delta.matches.length > 0).length;
  await expect.poll(() => state.deltas.filter((delta) => delta.matches.length > 0).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(seen + count);
  return state.deltas.filter((delta) => delta.matches.length > 0).at(-1)!;
}

describe('Odds pushed to the live list, the poll as the fallback (decision 075)', () => {
  // Twenty simulated seconds a second: live prices move every tick or two.
  const journey = journeySetup([JOURNEY.host], { FEED_SPEED: '20' });

  it('shows a pushed price without a poll, polls while the socket is cut, and stands the poll down when it is back', async () => {
    const { page } = await phonePage(journey.browser);
    const socket = await socketRouted(page);
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().includes(ODDS_POLL)) polls += 1;
    });
    await page.goto(`http://${JOURNEY.host}/#/live`);
    await welcomeDismiss(page);
    await page.locator('article[data-match-id]').first().waitFor();
    // A visitor: the page opened its own odds socket, signed for the brand's odds only.
    await page.locator('html[data-odds-push="open"]').waitFor({ state: 'attached', timeout: 20_000 });

    // The first delta after the socket opened reads the list once; the next ones are written into the cache alone.
    await deltasMore(socket, 2);
    const pollsWhileLive = polls;
    const pushed = await deltasMore(socket, 3);
    expect(polls).toBe(pollsWhileLive);
    // The pushed price is on its card (when the card is on screen and its main market open).
    const shown = pushed.matches.find((match) => (match.mg[0]?.mks[0]?.op?.[0]?.od ?? 0) > 0);
    if (shown && (await page.locator(`article[data-match-id="${shown.id}"]`).count()) > 0) {
      const odds = String(shown.mg[0]!.mks[0]!.op![0]!.od);
      await expect.poll(() => page.locator(`article[data-match-id="${shown.id}"] button[data-odds="${odds}"]`).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    await screenshot(page, 'odds-push-live');

    // Cut: the page reads once and the 2 s poll runs while the socket cannot come back.
    socket.refusing = true;
    await socket.current!.close({ code: 1011, reason: 'cut by the test' });
    await page.locator('html[data-odds-push="closed"]').waitFor({ state: 'attached', timeout: 10_000 });
    const pollsAtCut = polls;
    await expect.poll(() => polls, { timeout: 20_000 }).toBeGreaterThanOrEqual(pollsAtCut + 3);

    // Back: the socket opens again (its retry every 2 s) and the poll stands down.
    socket.refusing = false;
    await page.locator('html[data-odds-push="open"]').waitFor({ state: 'attached', timeout: 30_000 });
    await deltasMore(socket, 2);
    const pollsResumed = polls;
    await deltasMore(socket, 3);
    expect(polls).toBe(pollsResumed);
  });

  it("keeps a match page's odds poll at its pace with the socket open: a delta carries only a card's markets", async () => {
    const { page } = await phonePage(journey.browser);
    let detailPolls = 0;
    page.on('request', (request) => {
      if (request.url().includes(ODDS_POLL) && request.url().includes('detail=1')) detailPolls += 1;
    });
    await page.goto(`http://${JOURNEY.host}/#/live`);
    await welcomeDismiss(page);
    await page.locator('html[data-odds-push="open"]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('article[data-match-id] a[href*="match-detail"]').first().click();
    await page.waitForURL(/#\/match-detail\?matchId=\d+/);
    await page.locator('html[data-odds-push="open"]').waitFor({ state: 'attached', timeout: 20_000 });
    // Totals, handicaps and the rest of the page's markets come only from this poll (every 2 s, spec §4).
    const polledAtOpen = detailPolls;
    await expect.poll(() => detailPolls, { timeout: 20_000 }).toBeGreaterThanOrEqual(polledAtOpen + 3);
    await expect(page.locator('html[data-odds-push="open"]').count()).resolves.toBe(1);
  });
});
