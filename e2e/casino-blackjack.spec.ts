import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gameFrame, guestFunded, headerBalance, JOURNEY, journeyMoneyRe, journeySetup, phonePage, screenshot, seedRotateRevealed } from './fixtures.ts';

/**
 * Blackjack (decision 068) in the game room: a hand with a split, the balance following each extra stake.
 *
 * Why not pick a client seed that deals a pair: the server seed stays secret until it is rotated, so nobody — this
 * test included — can compute the next deal; that is the point of the commitment. The journey deals $1 hands (standing,
 * or declining insurance) until a pair comes, which a 6-deck shoe gives about once in 7 hands: 80 hands miss with a
 * chance of about 3 in 10⁶.
 */
const journey = journeySetup();

function dollars(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

async function studioBalance(frame: FrameLocator): Promise<number> {
  return dollars((await frame.getByTestId('studio-balance').textContent()) ?? '');
}

/**
 * A hand is on the table (it names its round) and every card has finished its deal animation (fully opaque). An empty
 * table is not one whose cards landed: right after "Deal" is tapped, before the hand arrives, nothing has been dealt.
 */
async function cardsLanded(frame: FrameLocator): Promise<boolean> {
  return frame.getByTestId('blackjack-table').evaluate((table) => {
    const cards = [...table.querySelectorAll('[role="img"], [data-testid="bj-hole"]')];
    return table.hasAttribute('data-round') && cards.length > 0 && cards.every((card) => getComputedStyle(card).opacity === '1');
  });
}

describe('Blackjack, through the real server and Chromium', () => {
  it('A player opens Blackjack from the Table tab, plays until a pair, splits it, and the balance follows every stake', { timeout: 300_000 }, async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestFunded(page, 500_00);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(500);
    await page.getByRole('tab', { name: 'Table Game' }).click();
    await page.getByRole('link', { name: /^Blackjack\b/ }).click();
    await page.waitForURL(/#\/game-room\?platform=house&game=blackjack$/);
    const frame = gameFrame(page);
    const deal = frame.getByRole('button', { name: 'Deal', exact: true });
    await deal.waitFor();
    await screenshot(page, 'casino-blackjack');

    const split = frame.getByRole('button', { name: 'Split', exact: true });
    const noInsurance = frame.getByRole('button', { name: 'No insurance' });
    const stand = frame.getByRole('button', { name: 'Stand', exact: true });
    // What the table waits for: a new deal (the hand is over), the insurance question, or the player's steps.
    const settled = async () => (await deal.count()) > 0 && (await deal.isEnabled());
    const state = async (): Promise<'over' | 'insurance' | 'steps' | 'waiting'> =>
      (await settled())
        ? 'over'
        : (await noInsurance.count()) > 0 && (await noInsurance.isEnabled())
          ? 'insurance'
          : (await stand.count()) > 0 && (await stand.isEnabled())
            ? 'steps'
            : 'waiting';
    let paired = false;
    for (let hand = 0; hand < 80 && !paired; hand += 1) {
      await expect.poll(settled).toBe(true);
      const before = await studioBalance(frame);
      // The table names the hand it shows: a state read before the new hand is on the table would be the last one's.
      const last = await frame.getByTestId('blackjack-table').getAttribute('data-round');
      await deal.click();
      await expect.poll(() => frame.getByTestId('blackjack-table').getAttribute('data-round'), { timeout: 30_000 }).not.toBe(last);
      let now = 'waiting';
      await expect.poll(async () => (now = await state()), { timeout: 30_000 }).not.toBe('waiting');
      if (now === 'insurance') {
        // Insurance is a bet of its own: the steps are not offered until the player answers.
        expect(await stand.count()).toBe(0);
        await noInsurance.click();
        await expect.poll(async () => (now = await state()), { timeout: 30_000 }).not.toMatch(/waiting|insurance/);
      }
      if (now === 'over') continue;
      // The stake went out with the deal; the hole card is face down.
      expect(await studioBalance(frame)).toBeCloseTo(before - 1, 2);
      expect(await frame.getByTestId('bj-hole').count()).toBe(1);
      if (await split.isEnabled()) {
        paired = true;
        break;
      }
      await stand.click();
    }
    expect(paired).toBe(true);

    // Split: a second stake goes out at once, and two hands lie side by side.
    const beforeSplit = await studioBalance(frame);
    await screenshot(page, 'casino-blackjack-pair');
    await split.click();
    await frame.getByTestId('bj-hand-1').waitFor();
    await expect.poll(state, { timeout: 30_000 }).not.toBe('waiting');
    // Split aces take one card each and stand by themselves: the dealer plays and the hand may be paid at once, so the
    // balance shows the split stake out only while a hand is still in play (the settlement below checks both stakes).
    if ((await state()) !== 'over') await expect.poll(() => studioBalance(frame)).toBeCloseTo(beforeSplit - 1, 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(await studioBalance(frame));
    // Only one split: the button stays off whatever the new hands hold.
    if (await split.isVisible()) expect(await split.isEnabled()).toBe(false);
    await expect.poll(() => cardsLanded(frame)).toBe(true);
    await screenshot(page, 'casino-blackjack-split');

    // Stand on every hand still in play (split aces stand by themselves).
    await expect.poll(state, { timeout: 30_000 }).not.toBe('waiting');
    while ((await state()) === 'steps') {
      await stand.click();
      await expect.poll(state, { timeout: 30_000 }).not.toBe('waiting');
    }
    const result = (await frame.getByTestId('round-result').textContent()) ?? '';
    expect(result).toMatch(/You won|No win|Push/);
    const won = result.startsWith('You won') ? dollars(result) : result.startsWith('Push') ? 2 : 0;
    const after = await studioBalance(frame);
    expect(after).toBeCloseTo(beforeSplit - 1 + won, 2);
    await expect.poll(async () => dollars(await headerBalance(page))).toBe(after);
    expect(await frame.getByTestId('bj-hand-0').getByRole('img').count()).toBeGreaterThanOrEqual(2);
    expect(await frame.getByTestId('bj-hand-1').getByRole('img').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'casino-blackjack-settled');

    // The proof: rotate the seed, then the verify page replays the split hand in the browser.
    await frame.getByRole('button', { name: 'Provably fair' }).click();
    await seedRotateRevealed(frame);
    await page.goto(`http://${JOURNEY.host}/#/game-history`);
    const rows = page.getByTestId('history-round');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(1);
    await rows.first().getByRole('link', { name: 'Proof' }).click();
    await page.waitForURL(/#\/game-verify\?round_id=/);
    // A pair dealt against the dealer's ace was first offered insurance: the player's answer is the hand's first step.
    expect(await page.getByTestId('verify-steps').inputValue()).toMatch(/^(no_insurance, )?split\b/);
    expect(await page.getByTestId('verify-match').textContent()).toBe('Identical to the stored round.');
    expect(await page.getByTestId('verify-outcome').textContent()).toMatch(/ \| .* · D /);
    await screenshot(page, 'casino-blackjack-verify');

    // The same table in Portuguese.
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=blackjack`);
    // The language is read when the app starts: the reload makes the whole page Portuguese, the frame's title included.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
    await gameFrame(page, 'Jogo').getByRole('button', { name: 'Distribuir', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await gameFrame(page, 'Jogo').getByRole('button', { name: 'Distribuir', exact: true }).isVisible()) ||
          (await gameFrame(page, 'Jogo').getByTestId('bj-actions').isVisible()) ||
          (await gameFrame(page, 'Jogo').getByRole('button', { name: 'Sem seguro' }).isVisible()),
      )
      .toBe(true);
    // The picture shows the cards once they have landed, and the header once it caught up.
    await expect.poll(() => cardsLanded(gameFrame(page, 'Jogo'))).toBe(true);
    // Both speak Portuguese and come to the same amount, compared in cents (digits only), whatever separators each one
    // writes. Both are read on every try: each follows the hand's stake (and a hand over at once, its win) on its own.
    const cents = (text: string) => Number(text.replace(/\D/g, ''));
    const apart = async () => {
      const inGame = cents((await gameFrame(page, 'Jogo').getByTestId('studio-balance').textContent()) ?? '');
      return cents(await headerBalance(page, new RegExp(journeyMoneyRe), 'Atualizar saldo')) - inGame;
    };
    await expect.poll(apart).toBe(0);
    await screenshot(page, 'casino-blackjack-pt');
    await context.close();
  });
});
