import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bettorFund, browserLaunch, JOURNEY, phoneContext, screenshot, serverStart, slipPlaceTap, type RunningServer } from './fixtures.ts';

// Issue 15: a picked price looks picked on match detail, the slip names a double-chance pick as the books do, and
// the receipt's "Reuse picks" puts a placed pick back.

describe('Picks on match detail and the receipt, through the real server and Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serverStart({ BET_LIVE_DELAY_MS: '0' });
    browser = await browserLaunch(server, [JOURNEY.host]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('A player picks double chance on match detail, sees it picked and named, places it, and reuses it from the receipt', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await bettorFund(page, server);

    // A soccer match that has not started (its card shows no score), opened on its detail page.
    await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
    const cards = page.locator('article[data-match-id]');
    await cards.first().waitFor();
    let matchId = '';
    for (let index = 0; matchId === ''; index += 1) {
      const card = cards.nth(index);
      await card.waitFor();
      if (!/\d/.test((await card.getByRole('link').first().textContent()) ?? '')) matchId = (await card.getAttribute('data-match-id')) ?? '';
    }
    await page.goto(`http://${JOURNEY.host}/#/match-detail?matchId=${matchId}&isComing=1&matchType=1`);
    const doubleChance = page.getByRole('region', { name: 'Double chance' });
    const homeOrDraw = doubleChance.locator('button[data-odds]').first();
    await homeOrDraw.waitFor();
    const home = ((await page.getByTestId('detail-team').first().textContent()) ?? '').trim();
    expect(await homeOrDraw.getAttribute('aria-pressed')).toBe('false');

    await homeOrDraw.click();
    await expect.poll(() => homeOrDraw.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('button[data-odds][aria-pressed="true"]').count()).toBe(1);
    await screenshot(page, 'slip-picks-detail-picked-en');

    // The slip names the pick from the bet info after the team, not "1X"; with no stake it asks for one.
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    const row = slip.getByTestId('slip-row');
    await expect.poll(async () => (await row.first().textContent()) ?? '', { timeout: 10_000 }).toContain(`${home} or draw`);
    expect((await slip.getByTestId('slip-lines').textContent()) ?? '').toContain('Enter a stake');
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('20');
    await expect.poll(async () => (await slip.getByTestId('slip-lines').textContent()) ?? '').toMatch(/Bets\s*1/);
    await screenshot(page, 'slip-picks-double-chance-en');

    // Placed: the pick leaves the slip and the price is no longer picked; the receipt lists it.
    await slipPlaceTap(page);
    await expect.poll(async () => (await slip.getByTestId('slip-outcome').allTextContents()).join(' '), { timeout: 30_000 }).toContain('Bet accepted');
    const receipt = slip.getByTestId('slip-receipt');
    expect((await receipt.textContent()) ?? '').toContain(`${home} or draw`);
    expect(await row.count()).toBe(0);
    expect(await homeOrDraw.getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'slip-picks-receipt-en');

    // "Reuse picks" puts it back with its stake, and the price shows picked again.
    await receipt.getByRole('button', { name: 'Reuse picks' }).click();
    await expect.poll(() => row.count()).toBe(1);
    expect(await slip.getByRole('textbox', { name: 'Stake' }).first().inputValue()).toMatch(/^20([.,]00)?$/);
    await page.keyboard.press('Escape');
    await slip.waitFor({ state: 'detached' });
    await expect.poll(() => homeOrDraw.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  }, 240_000);
});
