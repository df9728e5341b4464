import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameFrame, guestFunded, headerBalance, JOURNEY, journeySetup, phonePage, screenshot, seedRotateRevealed } from './fixtures.ts';

/** Keno, Baccarat and Limbo (decision 039) in the game room: real rounds, the header balance follows the studio's. */
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

describe('House originals, through the real server and Chromium', () => {
  it('A player finds Keno by its tag, picks ten numbers, plays, reads the pay table, and the header balance agrees', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(500);
    await page.getByRole('tab', { name: 'Mini' }).click();
    await page.getByRole('link', { name: /^Keno\b/ }).click();
    await page.waitForURL(/#\/game-room\?platform=house&game=keno$/);
    const frame = gameFrame(page);
    const bet = frame.getByRole('button', { name: 'Bet', exact: true });
    await bet.waitFor();
    expect(await bet.isDisabled()).toBe(true);
    for (const n of [3, 7, 12, 18, 21, 26, 30, 33, 37, 40]) await frame.getByTestId(`keno-${n}`).click();
    // An eleventh pick is refused: the table has ten.
    await frame.getByTestId('keno-1').click();
    expect(await frame.getByTestId('keno-1').getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'casino-keno');

    const before = await studioBalance(frame);
    await bet.click();
    // The draw shows the hits as they come, then the round's result.
    let result = '';
    await expect.poll(async () => (result = (await frame.getByTestId('round-result').textContent()) ?? ''), { timeout: 30_000 }).toMatch(/You won|No win/);
    // Ten numbers were drawn on the board: the hits among the picks light green, the rest grey.
    const drawn = await frame.locator('[data-drawn="true"], [data-hit="true"]').count();
    expect(drawn).toBe(10);
    const after = await studioBalance(frame);
    const won = result.startsWith('You won') ? dollars(result) : 0;
    expect(after).toBeCloseTo(before - 1 + won, 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(after);
    await screenshot(page, 'casino-keno-played');

    await frame.getByRole('button', { name: 'Game info' }).click();
    const table = frame.getByTestId('pay-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(10);
    await frame.getByText('98.7492%').first().waitFor();
    await screenshot(page, 'casino-keno-info');
    await context.close();
  });

  it('A player backs the banker at Baccarat, sees both hands dealt by the rules, and verifies the coup', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await page.getByRole('link', { name: 'Search games or providers' }).click();
    await page.getByRole('searchbox', { name: 'Search games' }).fill('bacc');
    // The card's name carries its badge ("Baccarat NEW").
    await page.getByRole('link', { name: /^Baccarat\b/ }).click();
    await page.waitForURL(/#\/game-room\?platform=house&game=baccarat$/);
    const frame = gameFrame(page);
    const deal = frame.getByRole('button', { name: 'Deal', exact: true });
    await deal.waitFor();
    await frame.getByRole('button', { name: /^Banker/ }).click();
    await screenshot(page, 'casino-baccarat');
    for (let coup = 0; coup < 3; coup += 1) {
      await expect.poll(() => deal.isEnabled()).toBe(true);
      await deal.click();
      await roundShown(frame);
      await expect.poll(() => deal.isEnabled()).toBe(true);
    }
    // Each hand holds two or three cards, face up.
    const cards = await frame.getByTestId('baccarat-table').getByRole('img').count();
    expect(cards).toBeGreaterThanOrEqual(4);
    expect(cards).toBeLessThanOrEqual(6);
    const balance = await studioBalance(frame);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(balance);
    await screenshot(page, 'casino-baccarat-played');

    await frame.getByRole('button', { name: 'Game info' }).click();
    await frame.getByText('1.0579%').waitFor();
    await frame.getByText('14.3596%').waitFor();
    await screenshot(page, 'casino-baccarat-info');

    await page.keyboard.press('Escape');
    await frame.getByTestId('pay-table').waitFor({ state: 'detached' });
    await frame.getByRole('button', { name: 'Provably fair' }).click();
    await seedRotateRevealed(frame);
    await page.goto(`http://${JOURNEY.host}/#/game-history`);
    const rows = page.getByTestId('history-round');
    await expect.poll(() => rows.count()).toBe(3);
    await rows.first().getByRole('link', { name: 'Proof' }).click();
    await page.waitForURL(/#\/game-verify\?round_id=/);
    expect(await page.getByTestId('verify-match').textContent()).toBe('Identical to the stored round.');
    expect(await page.getByTestId('verify-outcome').textContent()).toMatch(/^P .* = \d · B .* = \d → (PLAYER|BANKER|TIE)/);
    await screenshot(page, 'casino-baccarat-verify');
    await context.close();
  });

  it('Limbo plays a round, and Keno and Baccarat read in Portuguese', async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 100_00);
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=limbo`);
    const frame = gameFrame(page);
    const bet = frame.getByRole('button', { name: 'Bet', exact: true });
    await bet.waitFor();
    await frame.getByRole('textbox', { name: 'Target multiplier (×)' }).fill('1.50');
    await bet.click();
    await roundShown(frame);
    expect(await frame.getByTestId('limbo-result').textContent()).toMatch(/^\d[\d,]*\.\d\d×$/);
    await screenshot(page, 'casino-limbo-played');

    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=baccarat`);
    // The language is read when the app starts: the reload makes the whole page Portuguese, the frame's title included.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
    await gameFrame(page, 'Jogo').getByRole('button', { name: 'Distribuir', exact: true }).click();
    await roundShown(gameFrame(page, 'Jogo'));
    await screenshot(page, 'casino-baccarat-pt');
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=keno`);
    await gameFrame(page, 'Jogo').getByRole('button', { name: 'Escolha automática' }).click();
    await gameFrame(page, 'Jogo').getByRole('button', { name: 'Apostar', exact: true }).click();
    await expect
      .poll(async () => (await gameFrame(page, 'Jogo').getByTestId('round-result').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/Você ganhou|Nenhum|Sem/);
    await screenshot(page, 'casino-keno-pt');
    await context.close();
  }, 180_000);
});
