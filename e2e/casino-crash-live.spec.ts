import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameFrame, guestFunded, headerBalance, JOURNEY, journeySetup, phonePage, screenshot } from './fixtures.ts';

/**
 * Crash live (decision 071) through the real server and Chromium. CRASH_LIVE_TEST_CHAIN (a test setting, refused in
 * production) fixes the chain: its first rounds crash at 13.73×, 8.36×, 4.13×, 5.83× and 5.16×, so whichever of them the
 * player's bet lands in flies long enough to cash out by hand.
 */
const TEST_CHAIN = '0a72b9fd9ac58909ca28e545960adf0ffd4e5ace4adaa24c54af36d86c137362';
const journey = journeySetup([JOURNEY.host], { CRASH_LIVE_TEST_CHAIN: TEST_CHAIN });

function dollars(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

async function studioBalance(frame: FrameLocator): Promise<number> {
  return dollars((await frame.getByTestId('studio-balance').textContent()) ?? '');
}

describe('Crash live, through the real server and Chromium', () => {
  it('A player bets, watches the multiplier climb, cashes out mid-flight and the balance follows', { timeout: 240_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(500);
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=crash`);
    const frame = gameFrame(page);
    const bet = frame.getByTestId('crash-bet');
    await bet.waitFor();
    await expect.poll(async () => await bet.isDisabled(), { timeout: 30_000 }).toBe(false);
    const before = await studioBalance(frame);
    await bet.click();
    await frame.getByTestId('crash-my-bet').waitFor();
    const staked = await studioBalance(frame);
    expect(staked).toBeLessThan(before);
    await screenshot(page, 'casino-crash-live-bet');

    // Take-off: the multiplier climbs past 1.30× on the page.
    const multiplier = frame.getByTestId('crash-multiplier');
    const shown = async () => Number(((await multiplier.textContent().catch(() => '')) ?? '').replace(/[^\d.]/g, '') || 0);
    await expect.poll(shown, { timeout: 90_000, interval: 100 }).toBeGreaterThanOrEqual(1.3);
    const cashOut = frame.getByTestId('crash-cashout');
    await cashOut.waitFor();
    await screenshot(page, 'casino-crash-live-flying');
    await cashOut.click();

    // The server decided the cash-out: the panel shows it and both balances follow.
    const cashed = frame.getByTestId('crash-cashed');
    await cashed.waitFor({ timeout: 30_000 });
    const text = (await cashed.textContent()) ?? '';
    const at = Number(/([\d.]+)×/.exec(text)![1]);
    expect(at).toBeGreaterThanOrEqual(1.3);
    const stake = before - staked;
    await expect.poll(async () => await studioBalance(frame), { timeout: 30_000 }).toBeCloseTo(staked + Math.floor(stake * 100 * at) / 100, 2);
    await expect.poll(async () => dollars(await headerBalance(page)), { timeout: 30_000 }).toBeCloseTo(await studioBalance(frame), 2);
    await screenshot(page, 'casino-crash-live-cashed');
    await context.close();
  });

  it('Another player, reading Portuguese, sees the same shared rounds and verifies one in the browser', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=crash`);
    await page.reload();
    // The room's iframe is titled in Portuguese too.
    const frame = page.frameLocator('iframe[title]').first();
    await frame.getByTestId('crash-bet').waitFor();
    // The brand's rounds of the first test have crashed: their crash points are in the history strip, each verifiable here.
    const chip = frame.getByRole('button', { name: /Verificar a rodada que explodiu em/ }).first();
    await chip.waitFor({ timeout: 100_000 });
    await chip.click();
    await expect.poll(async () => (await frame.getByTestId('crash-verify-chain').textContent()) ?? '').toMatch(/^✓/);
    await expect.poll(async () => (await frame.getByTestId('crash-verify-point').textContent()) ?? '').toMatch(/^✓/);
    await screenshot(page, 'casino-crash-live-pt');
    await context.close();
  });
});
