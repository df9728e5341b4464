import { describe, expect, it } from 'vitest';
import { CLOSED_BRAND, journeySetup, phonePage, screenshot } from './fixtures.ts';

// Closed markets (decision 049): India's 2025 Online Gaming Act bans online money games, and Vietnam allows only a
// retail pilot. A visitor of such a brand is sent to /forbidden, which says why in the brand's language and lets a
// player who still holds a balance sign in to withdraw it; nothing there offers a sign-up, a deposit or a game.
const VIETNAM = 'lotusvn.vn';

describe('A closed market, through the real server and Chromium', () => {
  const journey = journeySetup([CLOSED_BRAND, VIETNAM]);

  it('An Indian visitor reads that online play is closed and can only sign in to withdraw', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${CLOSED_BRAND}/#/game`);
    await page.waitForURL(/#\/forbidden$/);
    await page.getByRole('heading', { name: 'Online play is closed here' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.textContent()).toContain('sign in to see your history and withdraw it');
    expect(await main.getByRole('button', { name: /guest|deposit/i }).count()).toBe(0);
    await screenshot(page, 'closed-market-en');
    await main.getByRole('link', { name: 'Sign in to withdraw' }).click();
    await page.waitForURL(/#\/login/);
    await context.close();
  });

  it('A Vietnamese visitor reads the same in Vietnamese, even on the deposit page', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${VIETNAM}/#/deposit`);
    await page.waitForURL(/#\/forbidden$/);
    await page.getByRole('heading', { name: 'Chơi trực tuyến đã đóng tại đây' }).waitFor();
    await screenshot(page, 'closed-market-vi');
    await context.close();
  });
});
