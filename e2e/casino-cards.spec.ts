import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameFrame, guestFunded, headerBalance, JOURNEY, journeySetup, phonePage, screenshot } from './fixtures.ts';

/** Video poker and Hilo (decision 069) in the game room: open rounds moved on by the player, the header balance follows. */
const journey = journeySetup();

function dollars(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

async function studioBalance(frame: FrameLocator): Promise<number> {
  return dollars((await frame.getByTestId('studio-balance').textContent()) ?? '');
}

async function roundShown(frame: FrameLocator): Promise<string> {
  let text = '';
  await expect.poll(async () => (text = (await frame.getByTestId('round-result').textContent())?.trim() ?? ''), { timeout: 30_000 }).not.toBe('');
  return text;
}

async function openGame(page: Page, gameId: string, frameTitle?: string): Promise<FrameLocator> {
  await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=${gameId}`);
  // The game room's iframe is titled in the player's language.
  return frameTitle ? page.frameLocator(`iframe[title="${frameTitle}"]`) : gameFrame(page);
}

describe('Card games of the house, through the real server and Chromium', () => {
  it('A player deals a video poker hand, holds two cards, draws, and the header balance follows', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(500);
    const frame = await openGame(page, 'video-poker');
    const deal = frame.getByRole('button', { name: 'Deal', exact: true });
    await deal.waitFor();
    // The pay table is in view before the first hand.
    await frame.getByText('Royal flush').waitFor();
    await frame.getByText('800×').waitFor();
    const before = await studioBalance(frame);
    await deal.click();
    const first = frame.getByTestId('vp-card-0');
    await first.waitFor();
    // The stake left the wallet with the deal.
    await expect.poll(() => studioBalance(frame)).toBeCloseTo(before - 1, 2);
    await first.click();
    await frame.getByTestId('vp-card-1').click();
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    expect(await frame.getByTestId('vp-card-2').getAttribute('aria-pressed')).toBe('false');
    const held = [await first.getByRole('img').getAttribute('aria-label'), await frame.getByTestId('vp-card-1').getByRole('img').getAttribute('aria-label')];
    await screenshot(page, 'casino-video-poker-held');
    await frame.getByRole('button', { name: 'Draw', exact: true }).click();
    const result = await roundShown(frame);
    expect(result).toMatch(/You won|No win/);
    // The held cards stayed where they were.
    expect(await frame.getByTestId('vp-card-0').getByRole('img').getAttribute('aria-label')).toBe(held[0]);
    expect(await frame.getByTestId('vp-card-1').getByRole('img').getAttribute('aria-label')).toBe(held[1]);
    const won = result.includes('You won') ? dollars(result.slice(result.indexOf('You won'))) : 0;
    const after = await studioBalance(frame);
    expect(after).toBeCloseTo(before - 1 + won, 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(after);
    await screenshot(page, 'casino-video-poker-drawn');
    await context.close();
  });

  it('A player guesses at Hilo until a right guess, cashes out, and the header balance follows', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    const frame = await openGame(page, 'hilo');
    const bet = frame.getByRole('button', { name: 'Bet', exact: true });
    await bet.waitFor();
    await screenshot(page, 'casino-hilo');
    // A wrong guess ends the round; play rounds until one has a right guess to cash out.
    let cashed = false;
    for (let round = 0; round < 20 && !cashed; round += 1) {
      await expect.poll(() => bet.isEnabled()).toBe(true);
      const before = await studioBalance(frame);
      await bet.click();
      const higher = frame.getByRole('button', { name: /^▲ Higher or same/ });
      const lower = frame.getByRole('button', { name: /^▼ Lower or same/ });
      await higher.waitFor();
      if (round === 0) {
        // Before the first guess there is nothing to take: the button names no amount.
        expect((await frame.getByRole('button', { name: /^Cash out/ }).textContent())?.trim()).toBe('Cash out');
        await screenshot(page, 'casino-hilo-open');
      }
      // Each button says its chance and the multiplier it would make: take the likelier side.
      const chance = async (button: typeof higher) => Number(((await button.textContent()) ?? '').match(/([\d.]+)%/)![1]);
      await ((await chance(higher)) >= (await chance(lower)) ? higher : lower).click();
      const cashOut = frame.getByRole('button', { name: /^Cash out/ });
      await expect
        .poll(
          async () => ((await frame.getByTestId('round-result').textContent()) ?? '') !== '' || ((await cashOut.count()) > 0 && (await cashOut.isEnabled())),
          {
            timeout: 30_000,
          },
        )
        .toBe(true);
      if (((await frame.getByTestId('round-result').textContent()) ?? '') !== '') {
        expect(await frame.getByTestId('round-result').textContent()).toBe('Wrong guess — the round is lost');
        expect(await studioBalance(frame)).toBeCloseTo(before - 1, 2);
        continue;
      }
      expect(await frame.getByTestId('hilo-multiplier').textContent()).toMatch(/^\d+\.\d\d×$/);
      await screenshot(page, 'casino-hilo-right');
      await cashOut.click();
      const result = await roundShown(frame);
      expect(result).toMatch(/^You won/);
      expect(await studioBalance(frame)).toBeCloseTo(before - 1 + dollars(result), 2);
      cashed = true;
    }
    expect(cashed).toBe(true);
    const balance = await studioBalance(frame);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(balance);
    await context.close();
  });

  it('Both read in Spanish', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 100_00);
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('es-MX')));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es-MX');
    let frame = await openGame(page, 'video-poker', 'Juego');
    await frame.getByRole('button', { name: 'Repartir', exact: true }).click();
    await frame.getByTestId('vp-card-0').click();
    await frame.getByRole('button', { name: 'Pedir', exact: true }).waitFor();
    await screenshot(page, 'casino-video-poker-es');
    frame = await openGame(page, 'hilo', 'Juego');
    await frame.getByRole('button', { name: 'Apostar', exact: true }).click();
    await frame.getByRole('button', { name: /Mayor o igual/ }).waitFor();
    await screenshot(page, 'casino-hilo-es');
    await context.close();
  });
});
