import { describe, expect, it } from 'vitest';
import { bettorBets, bettorFund, JOURNEY, journeyMoneyRe, journeySetup, opsPost, phonePage, preMatchPick, screenshot, slipPlaceAccepted } from './fixtures.ts';

/**
 * The activity kinds of decision 061 in the browser, on the Indian brand: the operator creates a daily-cash activity
 * ($100 of settled sports stakes today pays $20 cash) and a christmas-themed week-cash one; a funded guest bets $100 on
 * a match about to start (120× speed), the match ends and the bet settles, the daily-cash page shows the tier ready,
 * the player claims it and sees it in "What you won". The christmas page and the free-bet tip are photographed in
 * English, and the two activity pages again in Portuguese.
 */
const journey = journeySetup([JOURNEY.host], { FEED_SPEED: '120', BET_LIVE_DELAY_MS: '0' });

async function activityCreate(body: Record<string, unknown>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  expect(
    await opsPost(journey.server, '/activity/create', { app_key: JOURNEY.appKey, start_time: now - 3600, end_time: now + 20 * 86_400, wagering: 0, ...body }),
  ).toBe(0);
}

describe('Daily-cash, week-cash and christmas activities, through the real server and Chromium', () => {
  it('a player’s settled bet reaches a daily-cash tier, which they claim; the christmas page has its own art', async () => {
    await activityCreate({
      kind: 'daily_cash',
      name: 'Cash Cricket Days',
      tiers: [
        { threshold_minor: 100_00, reward_minor: 20_00 },
        { threshold_minor: 1_000_00, reward_minor: 150_00 },
      ],
    });
    await activityCreate({
      kind: 'week_cash',
      theme: 'christmas',
      name: 'Christmas Week',
      tiers: [{ threshold_minor: 500_00, reward_minor: 60_00 }],
    });

    const { context, page } = await phonePage(journey.browser);
    await bettorFund(page, journey.server);

    // Before any bet: nothing reached yet.
    await page.goto(`http://${JOURNEY.host}/#/activity/daily-cash`);
    await page.getByRole('heading', { name: 'Cash Cricket Days' }).waitFor();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}0\.00 of ${journeyMoneyRe}1,000\.00`)).waitFor();
    await page.getByText('Every sports bet settled today counts its stake', { exact: false }).waitFor();

    // One $100 single on a match about to start; at 120× it ends within a couple of minutes and the bet settles.
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await preMatchPick(page);
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('100');
    await slipPlaceAccepted(page);
    await slip.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await bettorBets(page, journey.server.port, true)).length, { timeout: 300_000, interval: 2000 }).toBe(1);

    await page.goto(`http://${JOURNEY.host}/#/activity/daily-cash`);
    await page.getByRole('heading', { name: 'Cash Cricket Days' }).waitFor();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}100\.00 of ${journeyMoneyRe}1,000\.00`)).waitFor();
    await page.getByText(/Today's progress resets on/).waitFor();
    const tier = page.getByRole('listitem').filter({ hasText: new RegExp(String.raw`Bet ${journeyMoneyRe}100\.00 today`) });
    await tier.getByRole('button', { name: 'Claim' }).waitFor();
    await screenshot(page, 'activity-daily-cash-ready');

    await tier.getByRole('button', { name: 'Claim' }).click();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}20\.00 added to your balance\.`)).waitFor();
    await tier.getByText('Claimed').waitFor();
    await page
      .getByRole('region', { name: 'What you won' })
      .getByText(new RegExp(String.raw`${journeyMoneyRe}20\.00`))
      .waitFor();
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(String.raw`Bet ${journeyMoneyRe}1,000\.00 today`) })
        .getByRole('button', { name: 'Not reached' })
        .isDisabled(),
    ).toBe(true);
    await page.getByText(/added to your balance/).waitFor({ state: 'detached' });
    await screenshot(page, 'activity-daily-cash-claimed');

    // The christmas page: the running christmas-themed activity (a week-cash one), with its garland and tree.
    await page.goto(`http://${JOURNEY.host}/#/activity/christmas`);
    await page.getByRole('heading', { name: 'Christmas Week' }).waitFor();
    await page.getByText("Season's greetings").waitFor();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}100\.00 of ${journeyMoneyRe}500\.00`)).waitFor();
    await page.getByText(/This week's progress resets on/).waitFor();
    await screenshot(page, 'activity-christmas');

    await page.goto(`http://${JOURNEY.host}/#/activity/free-bet-tip`);
    await page.getByRole('heading', { name: 'How to use a free bet', level: 1 }).waitFor();
    await screenshot(page, 'activity-free-bet-tip');

    // Portuguese.
    await page.goto(`http://${JOURNEY.host}/#/setting/language`);
    await page.getByText('Português').click();
    await page.getByRole('heading', { name: 'Idioma', level: 1 }).waitFor();
    await page.getByText('Language changed').waitFor({ state: 'detached' });
    await page.goto(`http://${JOURNEY.host}/#/activity/daily-cash`);
    await page.getByRole('heading', { name: 'Cash Cricket Days' }).waitFor();
    await page.getByText('Resgatada', { exact: true }).waitFor();
    await page.getByText(new RegExp(String.raw`Aposte ${journeyMoneyRe}100[.,]00 hoje`)).waitFor();
    await screenshot(page, 'activity-daily-cash-pt');
    await page.goto(`http://${JOURNEY.host}/#/activity/christmas`);
    await page.getByText('Boas festas').waitFor();
    await screenshot(page, 'activity-christmas-pt');
    await context.close();
  }, 480_000);
});
