import { describe, expect, it } from 'vitest';
import type { Page, WebSocket } from 'playwright-core';
import { journeySetup, OPS_TOKEN, phonePage, screenshot, touristStart, type RunningServer, JOURNEY } from './fixtures.ts';

/** The signed-in player of the page, as the app keeps it. */
function loginOf(page: Page): Promise<{ uid: number; sid: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
}

async function publish(server: RunningServer, body: Record<string, unknown>): Promise<string> {
  const answer = (await fetch(`${server.origin}/api/ops/message/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content_type: 1, ...body }),
  }).then((response) => response.json())) as { dm_error: number; data: { message_id: string } };
  expect(answer.dm_error).toBe(0);
  return answer.data.message_id;
}

const menuLabel = (page: Page) => page.getByRole('link', { name: /^Open the menu/ }).getAttribute('aria-label');

describe('The real-time socket, through the real server and Chromium (decision 036)', () => {
  const journey = journeySetup([JOURNEY.host]);

  it('An operator message reaches the open page over the socket: the count and a pop-up, without a reload', async () => {
    const { context, page } = await phonePage(journey.browser);
    const sockets: WebSocket[] = [];
    const frames: string[] = [];
    page.on('websocket', (socket) => {
      sockets.push(socket);
      socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
    });
    await touristStart(page, JOURNEY.host);
    const { uid, sid } = await loginOf(page);
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // The page's one socket: signed ticket in the URL, never the session.
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url()).toMatch(new RegExp(`^ws://${JOURNEY.host.replaceAll('.', '\\.')}/ws\\?ticket=`));
    expect(sockets[0]!.url()).not.toContain(sid);
    // The server opens the socket only after using its ticket up (decision 041): events are heard from `open` on.
    await page.locator('html[data-realtime="open"]').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => menuLabel(page)).toBe('Open the menu');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const id = await publish(journey.server, {
      app_key: JOURNEY.appKey,
      audience: { kind: 'player', uid },
      message_type: 1,
      texts: { 'en-US': { title: 'Your cash-back is ready', content: 'Open the message centre to read more.' } },
    });
    await expect.poll(() => frames.some((frame) => frame.includes(`"message_id":"${id}"`)), { timeout: 10_000 }).toBe(true);
    // The socket made the page ask again: the count shows long before the 60 s safety poll of a live socket.
    await expect.poll(() => menuLabel(page), { timeout: 10_000 }).toBe('Open the menu, unread messages: 1');
    await screenshot(page, 'realtime-unread-en');

    // A pop-up message opens as a pop-up at once (spec §4 lucky_rounds), on the page the player is on.
    const popup = await publish(journey.server, {
      app_key: JOURNEY.appKey,
      audience: { kind: 'player', uid },
      message_type: 3,
      texts: { 'en-US': { title: 'Lucky rounds tonight', content: 'Ten free rounds on Reef Riches from 8 pm.' } },
      buttons: [{ text: { 'en-US': 'Play' }, link: '/game' }],
    });
    await expect.poll(() => frames.some((frame) => frame.includes(`"lucky_rounds","message_id":"${popup}"`)), { timeout: 10_000 }).toBe(true);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.textContent()).toContain('Lucky rounds tonight');
    await screenshot(page, 'realtime-popup-en');
    expect(navigations).toEqual([]);
    expect(sockets).toHaveLength(1);
    await context.close();
  }, 180_000);
});
