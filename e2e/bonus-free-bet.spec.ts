import { describe, expect, it } from 'vitest';
import {
  accessibilityCheck,
  guestConsent,
  JOURNEY,
  journeySetup,
  opsPost,
  phonePage,
  preMatchPick,
  screenshot,
  slipPlaceAccepted,
  welcomeDismiss,
  journeyMoneyRe,
} from './fixtures.ts';

/**
 * A free bet granted through the bonus engine (decision 024): the operator makes a free_bet campaign and a code through
 * `/api/ops/bonus/…`, a guest redeems it on /redeem, sees it on /bonus as a free-bet card, and stakes it from the bet
 * slip's "Use a free bet"; the bet shows in the open bets and no cash was taken.
 */
describe('Free bets from a bonus campaign, through the real server and Chromium', () => {
  const journey = journeySetup([JOURNEY.host]);

  it('An operator hands out a free-bet code; a guest redeems it and places the free bet from the slip', async () => {
    const { server } = journey;
    const terms = {
      purpose: 'loyalty',
      amount_minor: 5_000,
      wagering: { multiplier: 0, base: 'bonus' },
      weights: { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 },
      lifetime_days: 7,
    };
    expect(await opsPost(server, '/bonus/campaign/create', { id: `${JOURNEY.appKey}:e2e_free_bet`, kind: 'free_bet', terms })).toBe(0);
    expect(
      await opsPost(server, '/bonus/code/create', {
        code: 'E2E-FREEBET',
        campaign_id: `${JOURNEY.appKey}:e2e_free_bet`,
        uses_max: 5,
        expire_time: Math.floor(Date.now() / 1000) + 86_400,
      }),
    ).toBe(0);

    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);

    await page.goto(`http://${JOURNEY.host}/#/redeem`);
    await page.getByLabel('Promo code').fill('E2E-FREEBET');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(new RegExp(String.raw`Worth ${journeyMoneyRe}50\.00`)).waitFor();
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}50\.00 free bet added`)).waitFor();
    await screenshot(page, 'bonus-free-bet-redeem');

    // /bonus: its own card kind, with its amount, where to use it and its expiry.
    await page.goto(`http://${JOURNEY.host}/#/bonus`);
    const card = page.getByRole('article', { name: 'Free bet' });
    await card.getByText('Ready to use', { exact: true }).waitFor();
    await card
      .getByText(new RegExp(String.raw`${journeyMoneyRe}50\.00`))
      .first()
      .waitFor();
    await card.getByText(/Expires in \d+ d/).waitFor();
    await accessibilityCheck(page, '/bonus (free bet)');
    await screenshot(page, 'bonus-free-bet-card');

    // The slip: one pick, "Use a free bet", stake $50, placed.
    await card.getByRole('link', { name: 'Place it from the bet slip' }).click();
    await page.waitForURL(/#\/sport/);
    await preMatchPick(page);
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('50');
    const potential = async () => Number(((await slip.getByTestId('slip-potential-return').textContent()) ?? '').replace(/[^\d.]/g, ''));
    const withStake = await potential();
    await slip.getByRole('checkbox', { name: /Use a free bet/ }).check();
    // A free bet's win pays without its stake, and the slip says so in its figure too.
    await expect.poll(potential).toBeCloseTo(withStake - 50, 2);
    await screenshot(page, 'bonus-free-bet-slip');
    await slipPlaceAccepted(page, /^Place free bet/);

    // The open bets hold it; the free bet is spent.
    await page.goto(`http://${JOURNEY.host}/#/bet-record`);
    await expect.poll(() => page.getByTestId('bet-record').count(), { timeout: 20_000 }).toBe(1);
    await screenshot(page, 'bonus-free-bet-open-bets');
    await page.goto(`http://${JOURNEY.host}/#/bonus`);
    await page.getByRole('tab', { name: 'Finished' }).click();
    await page.getByRole('article', { name: 'Free bet' }).getByText('Used', { exact: true }).waitFor();

    // Portuguese: the card's kind in the player's language.
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.reload();
    await page.getByRole('tab', { name: 'Encerrados' }).click();
    await page.getByRole('article', { name: 'Aposta grátis' }).waitFor();
    await screenshot(page, 'bonus-free-bet-card-pt');
    await context.close();
  });
});
