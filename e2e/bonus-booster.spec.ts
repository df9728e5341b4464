import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityCheck,
  bettorBets,
  depositApproved,
  headerBalanceText,
  JOURNEY,
  journeyMoneyRe,
  journeySetup,
  opsPost,
  phonePage,
  playerSignUp,
  type RunningServer,
  screenshot,
  slipPlaceAccepted,
} from './fixtures.ts';

/**
 * A booster card (decision 044), end to end: the operator makes a booster campaign and its code; a funded player
 * redeems it, the "bonus booster card" modal offers it, the player activates it, places a single, the match ends
 * (120× speed; the operator's result correction makes the pick win when it lost, as a provider's correction would),
 * and the +50 % of the winnings is paid into the cash balance exactly once.
 */
describe('Booster cards, through the real server and Chromium', () => {
  const journey = journeySetup([JOURNEY.host], { FEED_SPEED: '120', BET_LIVE_DELAY_MS: '0' });

  async function boosterCards(page: Page, server: RunningServer) {
    const login = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
    const answer = await fetch(`${server.origin}/api/piranha/bonus/booster/list?uid=${login.uid}&sid=${encodeURIComponent(login.sid)}`).then(
      (response) => response.json() as Promise<{ data: { list: { status: number; paid: number; bet_id: string }[] } }>,
    );
    return answer.data.list;
  }

  /** Taps the home price of the first match not under way on the Soccer tab; answers its match id. */
  async function pickHomePreMatch(page: Page): Promise<number> {
    await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
    const cards = page.locator('article[data-match-id]');
    await cards.first().waitFor();
    for (let index = 0; ; index += 1) {
      const card = cards.nth(index);
      await card.waitFor();
      if (/\d/.test((await card.getByRole('link').first().textContent()) ?? '')) continue;
      const price = card.locator('button[data-odds]:enabled').first();
      if ((await price.count()) === 0) continue;
      await price.click();
      return Number(await card.getAttribute('data-match-id'));
    }
  }

  it('A player redeems a booster code, activates the card from its modal, bets, and is paid the boosted return once', async () => {
    const { server } = journey;
    const terms = {
      purpose: 'loyalty',
      wagering: { multiplier: 0, base: 'bonus' },
      weights: { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 },
      lifetime_days: 7,
      booster: { target: 'sports', rate_bp: 5_000, cap_minor: 50_000, pay_as: 'cash', odds_min: 1_010, stake_max_minor: 50_000 },
    };
    expect(await opsPost(server, '/bonus/campaign/create', { id: `${JOURNEY.appKey}:e2e_booster`, kind: 'booster', terms })).toBe(0);
    expect(
      await opsPost(server, '/bonus/code/create', {
        code: 'E2E-BOOST',
        campaign_id: `${JOURNEY.appKey}:e2e_booster`,
        uses_max: 5,
        expire_time: Math.floor(Date.now() / 1000) + 86_400,
      }),
    ).toBe(0);

    const { context, page } = await phonePage(journey.browser);
    // A registered player: bonus pop-ups are not shown to a tourist (their deposit leads to the e-mail-save invitation).
    await playerSignUp(page, server, `booster-${Date.now()}@example.com`, 'booster2026');
    await depositApproved(page, 1000_00);
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toMatch(/1,?000[.,]00/);
    await page.goto(`http://${JOURNEY.host}/#/redeem`);
    await page.getByLabel('Promo code').fill('E2E-BOOST');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByText(new RegExp(String.raw`Booster card added \(up to ${journeyMoneyRe}500\.00 extra\)`)).waitFor();

    // The "bonus booster card" modal offers the new card; activating it is one tap.
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    const modal = page.getByRole('dialog', { name: 'Bonus booster card' });
    await modal.getByText('+50% booster').waitFor({ timeout: 20_000 });
    await accessibilityCheck(page, 'bonus booster card modal');
    await screenshot(page, 'booster-modal');
    await modal.getByRole('button', { name: 'Activate' }).click();
    await page.getByText('Booster active: your next qualifying bet is raised').waitFor();

    // /use-bonus shows it active, with its terms and how to use it.
    await page.goto(`http://${JOURNEY.host}/#/use-bonus`);
    const card = page.getByRole('article', { name: '+50% booster' });
    await card.getByText('Active: place your bet').waitFor();
    await card.getByText(new RegExp(String.raw`Pays at most ${journeyMoneyRe}500\.00 extra`)).waitFor();
    await accessibilityCheck(page, '/use-bonus');
    await screenshot(page, 'booster-use-bonus-active');

    // One single of $100 on a match about to start.
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    const matchId = await pickHomePreMatch(page);
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('100');
    await slipPlaceAccepted(page);
    await slip.getByRole('button', { name: 'Close' }).click();
    await expect.poll(async () => (await boosterCards(page, server))[0]?.status, { timeout: 30_000, interval: 1000 }).toBe(2);

    // The match ends; should the pick have lost, the operator corrects the result so home wins (a resettlement).
    await expect.poll(async () => (await bettorBets(page, server.port, true)).length, { timeout: 300_000, interval: 2000 }).toBe(1);
    let [bet] = await bettorBets(page, server.port, true);
    if (!(bet!.payout && bet!.payout > bet!.stake)) {
      const corrected = await opsPost(server, '/feed/result', {
        match_id: matchId,
        revision: 2,
        home: 3,
        away: 0,
        period_scores: [
          { pe: 1002, home: 2, away: 0 },
          { pe: 1003, home: 1, away: 0 },
        ],
      });
      expect(corrected).toBe(0);
      await expect.poll(async () => ((await bettorBets(page, server.port, true))[0]?.payout ?? 0) > 100_00, { timeout: 60_000, interval: 2000 }).toBe(true);
      [bet] = await bettorBets(page, server.port, true);
    }
    const extra = Math.min(50_000, Math.floor(((bet!.payout! - bet!.stake) * 5_000) / 10_000));
    expect(extra).toBeGreaterThan(0);
    await expect.poll(async () => (await boosterCards(page, server))[0], { timeout: 30_000, interval: 1000 }).toMatchObject({ status: 3, paid: extra });

    // The card says what it paid; the header's cash holds the deposit, less the stake, plus the return and the extra.
    await page.goto(`http://${JOURNEY.host}/#/use-bonus`);
    const dollars = (minor: number) => (minor / 100).toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await card.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText(new RegExp(`Extra paid: ${journeyMoneyRe}${dollars(extra).replace('.', '\\.')}`)).waitFor();
    await screenshot(page, 'booster-use-bonus-paid');
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toContain(dollars(1000_00 - 100_00 + bet!.payout! + extra));

    // Portuguese, and the real-time pages (the switch is off by default: they say so).
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.reload();
    await page.getByRole('article', { name: 'Turbo +50%' }).getByText('Pago', { exact: true }).waitFor();
    await screenshot(page, 'booster-use-bonus-pt');
    await page.goto(`http://${JOURNEY.host}/#/real-time-bonus-landing`);
    await page.getByText('Os bônus em tempo real não estão ativos agora.').waitFor();
    await accessibilityCheck(page, '/real-time-bonus-landing');
    await screenshot(page, 'real-time-landing-pt');

    // The operator switches real-time bonuses on with a losing-streak rule: /real-time-bonus shows it and today's progress.
    expect(await opsPost(server, '/dynconfig', { key: 'real_time_bonus', enabled: 1 })).toBe(0);
    const streak = { ...terms, booster: undefined, amount_minor: 20_000, real_time_rule: { kind: 'losing_streak', count: 3 } };
    expect(await opsPost(server, '/bonus/campaign/create', { id: `${JOURNEY.appKey}:e2e_streak`, kind: 'real_time', terms: streak })).toBe(0);
    await page.goto(`http://${JOURNEY.host}/#/real-time-bonus`);
    await page.reload();
    await page.getByText('Perca 3 seguidas hoje').waitFor({ timeout: 20_000 });
    await page.getByText('0 de 3 seguidas').waitFor();
    await accessibilityCheck(page, '/real-time-bonus');
    await screenshot(page, 'real-time-bonus-pt');
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('en-US')));
    await page.reload();
    await page.getByText('Lose 3 in a row today').waitFor({ timeout: 20_000 });
    await page.getByText(new RegExp(String.raw`Bonus: ${journeyMoneyRe}200\.00`)).waitFor();
    await screenshot(page, 'real-time-bonus-en');
    await page.goto(`http://${JOURNEY.host}/#/real-time-bonus-landing`);
    await page.getByRole('link', { name: 'See my progress' }).waitFor();
    await screenshot(page, 'real-time-landing-en');
    await context.close();
  }, 480_000);
});
