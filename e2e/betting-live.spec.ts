import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bettorBets, bettorFund, headerBalanceText, JOURNEY, journeySetup, phonePage, screenshot, slipPlaceTap } from './fixtures.ts';

/**
 * An in-play bet waits out the live acceptance delay (BET_LIVE_DELAY_MS, 4 s here) at status 1 before it is
 * confirmed (4); the slip shows both. The feed runs in real time, so the match stays live throughout.
 */
const journey = journeySetup([JOURNEY.host], { BET_LIVE_DELAY_MS: '4000' });

/** Soccer cards already tried on this page (a rejected bet moves on to another match). */
const tried = new Set<string>();

/**
 * Adds the first open price of a live soccer match (its card shows the half being played) from the In play tab, not
 * tried yet. Live prices lock for goals and dangerous moments, so it keeps looking (and scrolling for more cards)
 * until one is open.
 */
async function liveSelectionAdd(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'In play', exact: true }).click();
  const cards = page.locator('article[data-match-id]');
  await cards.first().waitFor();
  await expect
    .poll(
      async () => {
        const count = await cards.count();
        for (let index = 0; index < count; index += 1) {
          const card = cards.nth(index);
          const id = (await card.getAttribute('data-match-id')) ?? '';
          if (tried.has(id) || !/1st half|2nd half/.test((await card.textContent()) ?? '')) continue;
          const price = card.locator('button[data-odds]:enabled').first();
          if ((await price.count()) === 0) continue;
          tried.add(id);
          await price.click();
          return true;
        }
        await cards.last().scrollIntoViewIfNeeded();
        return false;
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe(true);
}

describe('An in-play bet through the live acceptance delay', () => {
  it('A player on the journey brand bets on a live soccer match and sees the bet wait, pending, then confirmed', async () => {
    const { context, page } = await phonePage(journey.browser);
    await bettorFund(page, journey.server);
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    const outcome = async () => (await slip.getByTestId('slip-outcome').allTextContents()).join(' ');

    // A goal or a suspension during the delay rejects the bet and refunds it (a real outcome, a few per cent of the
    // time): the player then bets on another live match, as a person would.
    let accepted: string | undefined;
    for (let attempt = 0; attempt < 4 && !accepted; attempt += 1) {
      await page
        .getByRole('button', { name: 'Close' })
        .click({ timeout: 1000 })
        .catch(() => {});
      await liveSelectionAdd(page);
      await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
      await slip.getByRole('combobox').last().selectOption('2');
      await slip.getByRole('textbox', { name: 'Stake' }).first().fill('20');
      await slipPlaceTap(page);
      // Placed, or refused at once (a market that suspended that second): then the next match.
      await expect.poll(async () => (await slip.getByTestId('slip-outcome').count()) + (await slip.getByRole('alert').count())).toBeGreaterThan(0);
      if ((await slip.getByTestId('slip-outcome').count()) === 0) {
        await slip.getByRole('button', { name: 'Clear the slip' }).click();
        continue;
      }
      // The bet is in: the slip says it waits for acceptance (status 1) while the delay runs.
      expect(await outcome()).toContain('Waiting for acceptance');
      await screenshot(page, 'betting-live-pending');
      await expect.poll(outcome, { timeout: 20_000 }).toMatch(/Bet accepted|Bet rejected/);
      if ((await outcome()).includes('Bet accepted')) accepted = await outcome();
    }
    expect(accepted).toContain('Bet accepted');
    await screenshot(page, 'betting-live-confirmed');

    // The server agrees: the bet is confirmed (4) as an in-play bet, with the score when it was placed.
    const bets = await bettorBets(page, journey.server.port, false);
    const live = bets.find((bet) => bet.st === 4 && bet.legs[0]?.re !== undefined);
    expect(live).toMatchObject({ kind: 'single_bet', stake: 20_00 });
    await slip.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    // $1,000 less $20 for every bet accepted and still standing (a rejected one was refunded).
    const standing = bets.filter((bet) => bet.st === 4).length;
    const expected = (1000 - 20 * standing).toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2 });
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toContain(expected);
    await page.goto(`http://${JOURNEY.host}/#/bet-record`);
    await page
      .getByText(/score at bet \d+-\d+/)
      .first()
      .waitFor({ timeout: 20_000 });
    await context.close();
  }, 180_000);
});
