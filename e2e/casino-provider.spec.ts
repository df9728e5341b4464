import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserLaunch,
  depositApproved,
  gameFrame,
  guestConsent,
  JOURNEY,
  journeyMoneyRe,
  phoneContext,
  type RunningServer,
  screenshot,
  serverStart,
  welcomeDismiss,
} from './fixtures.ts';

/**
 * Orca Games, the provider that runs as its own process (decision 072): its game page is served from its own origin
 * inside our game room, it plays against our seamless wallet over HTTP, and our header follows the balance.
 */

/** "$1,234.50" or "$ 1,234.50" → 1234.5. */
function dollars(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

async function headerBalance(page: Page): Promise<number> {
  const balance = page.getByRole('button', { name: 'Refresh balance' });
  await expect.poll(async () => (await balance.textContent()) ?? '').toMatch(new RegExp(journeyMoneyRe));
  return dollars((await balance.textContent()) ?? '');
}

describe('A second provider in its own process, through the real server and Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serverStart({}, { orca: { hosts: [JOURNEY.host] } });
    browser = await browserLaunch(server, [JOURNEY.host]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("A player opens the lobby's Orca Games tab, plays a round in Orca's page and sees our header balance follow", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);
    await depositApproved(page, 500_00);
    await expect.poll(() => headerBalance(page)).toBe(500);

    await page.getByRole('button', { name: 'Try the new lobby' }).click();
    await page.getByRole('tab', { name: 'Game Providers' }).click();
    await page.getByRole('tab', { name: /Orca Games/ }).click();
    const card = page.getByRole('link', { name: /^Tide Reels/ }).first();
    await card.waitFor();
    await screenshot(page, 'casino-provider-orca-tab');
    await card.click();
    await page.waitForURL(/#\/game-room\?platform=orca&game=tide-reels$/);

    // The game page is Orca's, on Orca's origin, framed by our game room.
    const iframe = page.locator('iframe[title="Game"]');
    await expect.poll(() => iframe.getAttribute('src')).toMatch(new RegExp(`^${server.orcaOrigin}/games/tide-reels\\?`));
    const frame = gameFrame(page);
    const orcaBalance = frame.locator('#orca-balance');
    await expect.poll(async () => dollars((await orcaBalance.textContent()) ?? '')).toBe(500);
    const play = frame.getByRole('button', { name: 'Play', exact: true });
    await screenshot(page, 'casino-provider-orca-room');

    // A round takes the one-dollar stake and pays what the spin won: the page says which. A spin that pays exactly
    // the stake back leaves the balance where it was, so the player spins until it moves (a few rounds at most).
    let after = 500;
    for (let round = 1; round <= 10 && after === 500; round += 1) {
      const before = after;
      await expect.poll(() => play.isEnabled()).toBe(true);
      await play.click();
      await expect.poll(() => play.isEnabled()).toBe(true);
      const said = (await frame.getByRole('status').textContent()) ?? '';
      expect(said).toMatch(/You win|No win this round/);
      const win = said.startsWith('You win') ? dollars(said) : 0;
      after = dollars((await orcaBalance.textContent()) ?? '');
      expect(after).toBeCloseTo(before - 1 + win, 2);
    }
    expect(after).not.toBe(500);
    await expect.poll(() => headerBalance(page)).toBe(after);
    await screenshot(page, 'casino-provider-orca-played');
    await context.close();
  });
});
