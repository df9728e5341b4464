import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameFrame, guestFunded, headerBalance, JOURNEY, journeySetup, phonePage, screenshot } from './fixtures.ts';

/** Wheel, Tower, Bingo and Fishing (decision 070) in the game room: real rounds, the header balance follows the studio's. */
const journey = journeySetup();

function dollars(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

async function studioBalance(frame: FrameLocator): Promise<number> {
  return dollars((await frame.getByTestId('studio-balance').textContent()) ?? '');
}

async function roundShown(frame: FrameLocator, pattern: RegExp): Promise<string> {
  let text = '';
  await expect.poll(async () => (text = (await frame.getByTestId('round-result').textContent())?.trim() ?? ''), { timeout: 30_000 }).toMatch(pattern);
  return text;
}

/** Opens a game from a lobby tab by its card. */
async function openFromTab(page: Page, tab: string, name: RegExp, gameId: string): Promise<FrameLocator> {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('link', { name }).click();
  await page.waitForURL(new RegExp(`#/game-room\\?platform=house&game=${gameId}$`));
  return gameFrame(page);
}

describe('Mini, Bingo and Fishing tabs, through the real server and Chromium', () => {
  it('A player spins the wheel, cashes out a tower, plays a bingo card and fires a shot; the header balance follows each', { timeout: 300_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(500);

    // Wheel, from the Mini tab: one spin at the shell's stake, paid by the published table.
    let frame = await openFromTab(page, 'Mini', /^Wheel\b/, 'wheel');
    const spin = frame.getByRole('button', { name: 'Spin', exact: true });
    await spin.waitFor();
    await frame.getByRole('combobox', { name: 'Segments' }).selectOption('10');
    await frame.getByRole('combobox', { name: 'Risk' }).selectOption('low');
    let before = await studioBalance(frame);
    await spin.click();
    let result = await roundShown(frame, /You won|No win/);
    expect(await frame.getByTestId('wheel-result').textContent()).toMatch(/^(0|1\.2|1\.5)×$/);
    let after = await studioBalance(frame);
    expect(after).toBeCloseTo(before - 1 + (result.startsWith('You won') ? dollars(result) : 0), 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(after);
    await screenshot(page, 'casino-wheel');

    // Tower: climb one floor on easy and cash out; a trap on the first floor ends that round, and the player tries again.
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=tower`);
    frame = gameFrame(page);
    const bet = frame.getByRole('button', { name: 'Bet', exact: true });
    await bet.waitFor();
    await frame.getByRole('combobox', { name: 'Difficulty' }).selectOption('easy');
    // No round in this game yet (the wheel's are the wheel's): the fairness sheet says so rather than a bare heading.
    await frame.getByRole('button', { name: 'Provably fair' }).click();
    const fairSheet = frame.getByRole('dialog', { name: 'Provably fair' });
    await fairSheet.getByText('No rounds in this game yet.').waitFor();
    expect(await fairSheet.getByRole('listitem').count()).toBe(0);
    await page.keyboard.press('Escape');
    await fairSheet.waitFor({ state: 'hidden' });
    let cashed = false;
    for (let attempt = 0; attempt < 12 && !cashed; attempt += 1) {
      before = await studioBalance(frame);
      await bet.click();
      // Nothing climbed, nothing to take: the button names no amount until the first floor is passed.
      await expect.poll(async () => (await frame.getByRole('button', { name: /^Cash out/ }).textContent())?.trim()).toBe('Cash out');
      if (attempt === 0) {
        // A round in play keeps its seed (a reveal now would show the traps): the fairness sheet says so, and the
        // committed hash stays as it was.
        await frame.getByRole('button', { name: 'Provably fair' }).click();
        const hash = await fairSheet.getByTestId('server-seed-hash').textContent();
        expect(hash).toMatch(/^[0-9a-f]{64}$/);
        await fairSheet.getByRole('button', { name: 'Rotate the seed and reveal the current one' }).click();
        const refusal = fairSheet.getByRole('alert');
        await refusal.waitFor();
        expect(await refusal.textContent()).toBe('You have a round in progress in this game. Finish it first.');
        expect(await fairSheet.getByText('Revealed server seed').count()).toBe(0);
        expect(await fairSheet.getByTestId('server-seed-hash').textContent()).toBe(hash);
        // The round in play is listed with its proof (the seed is revealed only after a rotation).
        await expect.poll(() => fairSheet.getByRole('listitem').count()).toBe(1);
        await screenshot(page, 'casino-fairness-round-open');
        await page.keyboard.press('Escape');
        await fairSheet.waitFor({ state: 'hidden' });
      }
      await frame.getByRole('button', { name: 'Floor 1, door 2' }).click();
      const cashOut = frame.getByRole('button', { name: /^Cash out/ });
      let state = '';
      await expect
        .poll(
          async () =>
            (state = (await cashOut.isVisible()) && (await cashOut.isEnabled()) ? 'open' : ((await frame.getByTestId('round-result').textContent()) ?? '')),
          {
            timeout: 30_000,
          },
        )
        .toMatch(/open|trap/);
      if (state === 'open') {
        await screenshot(page, 'casino-tower-climbing');
        await cashOut.click();
        result = await roundShown(frame, /You won/);
        // One easy floor pays 1.32× the $1 stake.
        expect(dollars(result)).toBe(1.32);
        after = await studioBalance(frame);
        expect(after).toBeCloseTo(before - 1 + 1.32, 2);
        cashed = true;
      } else {
        expect(await studioBalance(frame)).toBeCloseTo(before - 1, 2);
        await expect.poll(() => bet.isEnabled()).toBe(true);
      }
    }
    expect(cashed).toBe(true);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(await studioBalance(frame));
    await screenshot(page, 'casino-tower');

    // Bingo, from its own tab: a card from the seed, 30 balls, the best pattern pays.
    await page.goto(`http://${JOURNEY.host}/#/`);
    frame = await openFromTab(page, 'Bingo', /^Bingo 75\b/, 'bingo');
    const buy = frame.getByRole('button', { name: 'Buy a card', exact: true });
    await buy.waitFor();
    before = await studioBalance(frame);
    await buy.click();
    result = await roundShown(frame, /You won|No win/);
    // The card holds 24 numbers and the free centre.
    expect(await frame.getByTestId('bingo-card').getByRole('cell').count()).toBe(25);
    after = await studioBalance(frame);
    expect(after).toBeCloseTo(before - 1 + (result.includes('You won') ? dollars(result.split('You won')[1]!) : 0), 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(after);
    await screenshot(page, 'casino-bingo');

    // Fishing, from its tab: one shot at the minnow (2×, chance 48.5 %), decided by the seed.
    await page.goto(`http://${JOURNEY.host}/#/`);
    frame = await openFromTab(page, 'Fishing', /^Reef Fishing\b/, 'fishing');
    const fire = frame.getByRole('button', { name: 'Fire', exact: true });
    await fire.waitFor();
    await frame
      .getByRole('radio', { name: /Minnow|2×/ })
      .first()
      .click();
    before = await studioBalance(frame);
    await fire.click();
    result = await roundShown(frame, /You won|got away/);
    after = await studioBalance(frame);
    expect(after).toBeCloseTo(before - 1 + (result.startsWith('You won') ? 2 : 0), 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(after);
    await screenshot(page, 'casino-fishing');

    await frame.getByRole('button', { name: 'Game info' }).click();
    await frame.getByTestId('pay-table').waitFor();
    expect(await frame.getByTestId('pay-table').locator('tbody tr').count()).toBe(5);
    await frame.getByText('97.00%').first().waitFor();
    await screenshot(page, 'casino-fishing-info');
    await context.close();
  });

  it('The four games read in Russian (Cyrillic) on a phone', { timeout: 180_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 100_00);
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('ru-RU')));
    // The language is read when the app starts: a reload makes the whole page Russian, not only the frame (a hash-only
    // goto keeps the running app, a full one restarts it — which of the two happened decided the frame's title before).
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang.startsWith('ru'));
    for (const [game, button] of [
      ['wheel', 'Крутить'],
      ['tower', 'Ставка'],
      ['bingo', 'Купить карточку'],
      ['fishing', 'Огонь'],
    ] as const) {
      await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=${game}`);
      const frame = gameFrame(page, 'Игра');
      // A busy machine can take a while to start the game client in its frame.
      await frame.getByTestId('studio-balance').waitFor({ timeout: 60_000 });
      await frame.getByRole('button', { name: button, exact: true }).click();
      // The instant games end with a result; the tower opens its first floor.
      if (game === 'tower') await frame.getByRole('button', { name: /^Забрать/ }).waitFor();
      else await expect.poll(async () => (await frame.getByTestId('round-result').textContent())?.trim() ?? '', { timeout: 30_000 }).not.toBe('');
      await screenshot(page, `casino-${game}-ru`);
    }
    await context.close();
  });
});
