import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityCheck,
  gameFrame,
  headerBalance,
  JOURNEY,
  journeyMoneyRe,
  journeySetup,
  opsPost,
  phonePage,
  playerSignUp,
  sandboxApprove,
  screenshot,
  slipPlaceAccepted,
} from './fixtures.ts';

/**
 * The whole bonus journey (issue 17, decision 043): a new player signs up, deposits, meets the first-deposit pop-up,
 * starts unlocking, places a sports bet and spins a slot, watches the wagering bar move, sees the bonus unlock and the
 * money arrive as cash in the header; then redeems an operator's code for free rounds, finds them on
 * /promotion/free-rounds and plays them in the game. /promotion, the rule page and /award are photographed in two
 * languages.
 */
const journey = journeySetup([JOURNEY.host]);

function dollars(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

/** One spin of the slot at the shown stake; answers the studio balance the round left (before any conversion). */
async function spin(frame: FrameLocator): Promise<number> {
  const control = frame.getByRole('button', { name: 'Spin', exact: true });
  await expect.poll(() => control.isEnabled(), { timeout: 20_000 }).toBe(true);
  await control.click();
  await expect.poll(() => control.isEnabled(), { timeout: 30_000 }).toBe(true);
  return dollars((await frame.getByTestId('studio-balance').textContent()) ?? '');
}

/** One free round: the free-spin button counts down (and goes when none is left). */
async function freeSpin(frame: FrameLocator, remaining: number): Promise<void> {
  const label = (count: number) => new RegExp(`^Free spin at ${journeyMoneyRe}0\\.20 · ${count} left$`);
  const control = frame.getByRole('button', { name: label(remaining) });
  await expect.poll(() => control.isEnabled(), { timeout: 20_000 }).toBe(true);
  await control.click();
  if (remaining > 1) await frame.getByRole('button', { name: label(remaining - 1) }).waitFor({ timeout: 30_000 });
  else await control.waitFor({ state: 'detached', timeout: 30_000 });
}

const WEIGHTS = { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 };

describe('The bonus journey, through the real server and Chromium', () => {
  it('Deposit bonus wagered on a bet and slot rounds becomes cash; a code gives free rounds that are played', { timeout: 300_000 }, async () => {
    const { server } = journey;
    // The operator runs a small first-deposit match ($10, ×1) in place of the default one, and a free-rounds code.
    expect(await opsPost(server, '/bonus/campaign/status', { id: `${JOURNEY.appKey}:first_deposit`, status: 'paused' })).toBe(0);
    const first = { purpose: 'acquisition', rate_bp: 10_000, max_minor: 1_000, wagering: { multiplier: 1, base: 'bonus' }, weights: WEIGHTS, lifetime_days: 7 };
    expect(await opsPost(server, '/bonus/campaign/create', { id: `${JOURNEY.appKey}:e2e_first`, kind: 'first_deposit', terms: first })).toBe(0);
    const spins = {
      purpose: 'loyalty',
      amount_minor: 0,
      wagering: { multiplier: 0, base: 'bonus' },
      weights: WEIGHTS,
      lifetime_days: 7,
      free_rounds: { game_id: 'neon-koi', rounds: 3, stake_minor: 20, win_to: 'cash', on: 'code' },
    };
    expect(await opsPost(server, '/bonus/campaign/create', { id: `${JOURNEY.appKey}:e2e_spins`, kind: 'free_rounds', terms: spins })).toBe(0);
    expect(
      await opsPost(server, '/bonus/code/create', {
        code: 'E2E-SPINS',
        campaign_id: `${JOURNEY.appKey}:e2e_spins`,
        uses_max: 5,
        expire_time: Math.floor(Date.now() / 1000) + 86_400,
      }),
    ).toBe(0);

    const { context, page } = await phonePage(journey.browser);
    await playerSignUp(page, server, `journey-${Date.now()}@example.com`, 'bonus2026');
    // /promotion: the running offers as cards, each leading to where it is taken.
    await page.goto(`http://${JOURNEY.host}/#/promotion`);
    await page.getByRole('heading', { name: 'Promotions' }).waitFor();
    const offer = page.getByRole('article', { name: 'First deposit bonus' });
    await offer.getByText(new RegExp(String.raw`100% of your deposit, up to ${journeyMoneyRe}10\.00`)).waitFor();
    await offer.getByRole('link', { name: 'Deposit to get it' }).waitFor();
    await accessibilityCheck(page, '/promotion');
    await screenshot(page, 'bonus-promotion');

    await page.getByRole('banner').getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.waitForURL(/#\/deposit$/);
    await page.getByRole('radio', { name: JOURNEY.payin.name }).click();
    await page.getByLabel('Amount', { exact: true }).fill('1000');
    await page.getByRole('button', { name: new RegExp(String.raw`Deposit ${journeyMoneyRe}1,000\.00`) }).click();
    await page.waitForURL(/#\/deposit-wait\?order_id=/);
    await sandboxApprove(page);
    await page.waitForURL(/#\/deposit-result\?order_id=/, { timeout: 30_000 });
    await page.evaluate(() => (location.hash = '#/game'));
    const granted = page.getByRole('dialog', { name: 'You got a bonus!' });
    await granted.waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await granted.textContent()) ?? '').toMatch(new RegExp(String.raw`${journeyMoneyRe}10\.00`));
    await granted.getByRole('button', { name: 'See my bonus' }).click();
    await page.waitForURL(/#\/bonus$/);
    const card = page.getByRole('article', { name: 'First deposit bonus' });
    await card.getByRole('button', { name: 'Start unlocking' }).click();
    await card.getByText('Unlocking', { exact: true }).waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');

    // A sports bet: it counts towards the wagering when it settles.
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
    const matches = page.locator('article[data-match-id]');
    await matches.first().waitFor();
    for (let index = 0; ; index += 1) {
      const match = matches.nth(index);
      await match.waitFor();
      if (/\d/.test((await match.getByRole('link').first().textContent()) ?? '')) continue;
      const price = match.locator('button[data-odds]:enabled').first();
      if ((await price.count()) === 0) continue;
      await price.click();
      break;
    }
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('50');
    await slipPlaceAccepted(page);

    // Slot rounds at $2: two, then the bar has moved (slots count in full).
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=neon-koi`);
    const frame = gameFrame(page);
    await spin(frame);
    await spin(frame);
    await page.goto(`http://${JOURNEY.host}/#/bonus`);
    // $4 of $10 from the spins (the bet counts only once it settles).
    await expect.poll(async () => Number(await card.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThanOrEqual(40);
    await screenshot(page, 'bonus-journey-progress');

    // Three more: $10 wagered, the bonus unlocks and $10 more cash shows in the header than the last round left.
    await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=neon-koi`);
    await spin(frame);
    await spin(frame);
    const left = await spin(frame);
    await page.goto(`http://${JOURNEY.host}/#/bonus`);
    const unlocked = page.getByRole('dialog', { name: 'Bonus unlocked' });
    await unlocked.waitFor({ timeout: 60_000 });
    await expect.poll(async () => (await unlocked.textContent()) ?? '').toMatch(new RegExp(String.raw`${journeyMoneyRe}10\.00`));
    await unlocked.getByRole('button', { name: 'Great' }).click();
    await expect.poll(async () => dollars(await headerBalance(page)), { timeout: 30_000 }).toBeCloseTo(left + 10, 2);

    // A code for free rounds: redeemed, listed, played in the game.
    await page.goto(`http://${JOURNEY.host}/#/redeem`);
    await page.getByLabel('Promo code').fill('E2E-SPINS');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(new RegExp(String.raw`Worth ${journeyMoneyRe}0\.60`)).waitFor();
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByText(new RegExp(String.raw`3 free rounds at ${journeyMoneyRe}0\.20 added`)).waitFor();
    await page.getByRole('link', { name: 'See my bonus' }).click();
    await page.waitForURL(/#\/promotion\/free-rounds$/);
    await page.getByText('Free rounds left: 3').waitFor();
    const grant = page.getByRole('article', { name: 'Neon Koi' });
    await grant.getByText('3 of 3 left').waitFor();
    await grant.getByText('Winnings are paid as cash').waitFor();
    await accessibilityCheck(page, '/promotion/free-rounds');
    await screenshot(page, 'bonus-free-rounds');
    await grant.getByRole('link', { name: 'Play now' }).click();
    await page.waitForURL(/#\/game-room\?platform=house&game=neon-koi$/);
    for (const remaining of [3, 2, 1]) await freeSpin(frame, remaining);
    await page.goto(`http://${JOURNEY.host}/#/promotion/free-rounds`);
    await page.getByText('Free rounds left: 0').waitFor();
    await page.getByRole('tab', { name: 'Finished' }).click();
    await page.getByRole('article', { name: 'Neon Koi' }).getByText('All played').waitFor();

    // The rule page and /award (empty), then the same pages in Portuguese.
    await page.getByRole('link', { name: 'How free rounds work' }).click();
    await page.waitForURL(/#\/promotion\/free-rounds\/rule$/);
    await accessibilityCheck(page, '/promotion/free-rounds/rule');
    await screenshot(page, 'bonus-free-rounds-rule');
    await page.goto(`http://${JOURNEY.host}/#/award`);
    await page.getByRole('heading', { name: 'No awards to collect' }).waitFor();
    await accessibilityCheck(page, '/award (empty)');
    await screenshot(page, 'bonus-award-empty');
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.goto(`http://${JOURNEY.host}/#/promotion`);
    await page.reload();
    await page.getByRole('heading', { name: 'Promoções' }).waitFor();
    await screenshot(page, 'bonus-promotion-pt');
    await page.goto(`http://${JOURNEY.host}/#/promotion/free-rounds`);
    await page.getByRole('heading', { name: 'Rodadas grátis' }).waitFor();
    await page.getByRole('tab', { name: 'Encerradas' }).click();
    await screenshot(page, 'bonus-free-rounds-pt');
    await page.goto(`http://${JOURNEY.host}/#/award`);
    await page.getByRole('heading', { name: 'Nenhum prêmio a resgatar' }).waitFor();
    await screenshot(page, 'bonus-award-empty-pt');
    await context.close();
  });
});
