import { describe, expect, it } from 'vitest';
import { accessibilityCheck, bettorFund, headerBalanceText, JOURNEY, journeySetup, OPS_TOKEN, phonePage, screenshot, journeyMoneyRe } from './fixtures.ts';

/**
 * Activities (issue 19) as an operator and a player live them on the journey brand: the operator creates a daily-deposit
 * activity through `/api/ops/activity/create`; a guest deposits $1,000 by bank transfer, sees the activity from /me with a reward
 * ready, reads its rules and progress, claims the $50 tier (cash: nothing to wager) and sees it in the header and in
 * "What you won". A kind with no activity running leads to /activity/empty.
 */
const journey = journeySetup([JOURNEY.host]);

describe('Activities, through the real server and Chromium', () => {
  it('an operator creates a daily-deposit activity; a player deposits, sees progress, claims, and the reward lands', async () => {
    const now = Math.floor(Date.now() / 1000);
    const created = await fetch(`${journey.server.origin}/api/ops/activity/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        app_key: JOURNEY.appKey,
        kind: 'daily_deposit',
        name: 'Deposit Festival',
        start_time: now - 3600,
        end_time: now + 7 * 86_400,
        tiers: [
          { threshold_minor: 500_00, reward_minor: 50_00 },
          { threshold_minor: 5_000_00, reward_minor: 200_00 },
        ],
        wagering: 0,
      }),
    }).then((response) => response.json() as Promise<{ dm_error: number; data: { id: string } }>);
    expect(created.dm_error).toBe(0);

    const { context, page } = await phonePage(journey.browser);
    await bettorFund(page, journey.server);

    await page.goto(`http://${JOURNEY.host}/#/me`);
    const link = page.getByRole('link', { name: /Deposit Festival/ });
    await link.getByText('1 ready').waitFor();
    await link.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'growth-me-links');
    await link.click();
    await page.waitForURL(/#\/activity\/daily-deposit\?id=/);
    await page.getByRole('heading', { name: 'Deposit Festival' }).waitFor();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}1,000\.00 of ${journeyMoneyRe}5,000\.00`)).waitFor();
    await page.getByText('Every deposit paid today counts', { exact: false }).waitFor();
    await page.getByText('Nothing claimed yet.').waitFor();
    await screenshot(page, 'growth-daily-deposit-ready');
    await accessibilityCheck(page, 'daily-deposit activity');

    const tier = page.getByRole('listitem').filter({ hasText: new RegExp(String.raw`Deposit ${journeyMoneyRe}500\.00 today`) });
    await tier.getByRole('button', { name: 'Claim' }).click();
    await page.getByText(new RegExp(String.raw`${journeyMoneyRe}50\.00 added to your balance\.`)).waitFor();
    await tier.getByText('Claimed').waitFor();
    const won = page.getByRole('region', { name: 'What you won' });
    await won.getByText(new RegExp(String.raw`${journeyMoneyRe}50\.00`)).waitFor();
    expect(
      await page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(String.raw`Deposit ${journeyMoneyRe}5,000\.00 today`) })
        .getByRole('button', { name: 'Not reached' })
        .isDisabled(),
    ).toBe(true);
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toMatch(/1,?050[.,]00/);
    await screenshot(page, 'growth-daily-deposit-claimed');

    // No first-charge activity runs on this brand: its page leads to /activity/empty.
    await page.goto(`http://${JOURNEY.host}/#/activity/first-charge`);
    await page.waitForURL(/#\/activity\/empty$/);
    await page.getByRole('heading', { name: 'No activities right now' }).waitFor();
    await screenshot(page, 'growth-activity-empty');

    // The same page in Portuguese.
    await page.goto(`http://${JOURNEY.host}/#/setting/language`);
    await page.getByText('Português').click();
    await page.getByRole('heading', { name: 'Idioma', level: 1 }).waitFor();
    await page.getByText('Language changed').waitFor({ state: 'detached' });
    await page.goto(`http://${JOURNEY.host}/#/activity/daily-deposit?id=${created.data.id}`);
    await page.getByRole('heading', { name: 'Deposit Festival' }).waitFor();
    await page.getByText('Resgatada', { exact: true }).waitFor();
    await screenshot(page, 'growth-daily-deposit-pt');
    await context.close();
  });
});
