import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityCheck, depositApproved, JOURNEY, journeySetup, phonePage, screenshot, journeyMoneyRe, touristStart } from './fixtures.ts';

/**
 * Loyalty (issue 18) as a player lives it on an English-speaking brand (US dollars: a point is $1, a task step $1): a
 * new guest is at VIP 0 with the daily "Bet $10.00" task open; a $30 deposit (the dollar brands' first-deposit
 * minimum) earns 15 points (deposits count half) and five $2 dice rounds fill the task (25 points: VIP 1 needs 10,
 * VIP 2 50); the task is claimed and the VIP 1 level-up reward received, each paid by the bonus engine; the player then
 * leads today's ranking.
 */
const journey = journeySetup([JOURNEY.host]);

/** The amount in a stake label such as "$2.00". */
function amountOf(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}

/** The amount in a text such as "$1,234.50 added to your balance." or "$12.30, Refresh balance". */
function amountIn(text: string | null): number {
  const match = new RegExp(String.raw`${journeyMoneyRe}([\d,]+(?:\.\d+)?)`).exec(text ?? '');
  expect(match).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

/**
 * Plays dice rounds of at least $2 until the daily bet task's $10 has been staked and at least five rounds played (the
 * daily dice task).
 */
async function diceRoundsPlayed(page: Page): Promise<void> {
  await page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=dice`);
  const frame = page.frameLocator('iframe[title="Game"]');
  const roll = frame.getByRole('button', { name: 'Roll', exact: true });
  await roll.waitFor();
  const stake = frame.getByTestId('studio-stake');
  while (amountOf((await stake.textContent()) ?? '') < 2) await frame.getByRole('button', { name: 'Raise the stake' }).click();
  const perRound = amountOf((await stake.textContent()) ?? '');
  for (let staked = 0, rounds = 0; staked < 10 || rounds < 5; staked += perRound, rounds += 1) {
    await expect.poll(() => roll.isEnabled()).toBe(true);
    await roll.click();
    await expect.poll(() => roll.isEnabled()).toBe(true);
  }
}

describe('Loyalty, through the real server and Chromium', () => {
  it('A player bets, sees task progress, claims a task, reaches VIP 1 and receives the level-up reward', async () => {
    const { context, page } = await phonePage(journey.browser);
    await touristStart(page);

    await page.goto(`http://${JOURNEY.host}/#/vip-club`);
    await page.getByRole('heading', { name: 'VIP level 0' }).waitFor();
    await page.getByText('No rewards waiting.', { exact: false }).waitFor();
    await page.getByRole('table').waitFor();
    await screenshot(page, 'loyalty-vip-club-level-0');

    await page.goto(`http://${JOURNEY.host}/#/task`);
    const betTask = page.getByRole('listitem').filter({ hasText: new RegExp(String.raw`Bet ${journeyMoneyRe}10\.00`) });
    await betTask.waitFor();
    expect(await betTask.getByRole('button', { name: 'In progress' }).isDisabled()).toBe(true);
    await screenshot(page, 'loyalty-tasks-before');

    await depositApproved(page, 30_00);
    await diceRoundsPlayed(page);

    // The loyalty pass counts settled rounds every 5 s; the task page reads its progress again on arrival.
    await expect
      .poll(
        async () => {
          await page.goto(`http://${JOURNEY.host}/#/task`);
          await betTask.waitFor();
          return betTask.getByRole('button', { name: 'Claim' }).count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
    await screenshot(page, 'loyalty-tasks-ready');
    await accessibilityCheck(page, 'task centre');
    // The header's cash, refreshed by its own button so it is current before the claim.
    const headerCash = page.getByRole('button', { name: /Refresh balance$/ });
    await headerCash.click();
    // The spinner turns for at least a second: seen turning, then stopped, the amount is the one just read.
    await expect.poll(() => headerCash.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => headerCash.getAttribute('aria-busy')).toBe('false');
    const cashBefore = amountIn(await headerCash.getAttribute('aria-label'));
    await betTask.getByRole('button', { name: 'Claim' }).click();
    const claimed = page.getByText('added to your balance');
    await claimed.waitFor();
    // The toast shows once the header's balance was read again (not at its next 10-second poll): it already says
    // the new amount, read at the instant the toast appears.
    expect(amountIn(await headerCash.getAttribute('aria-label'))).toBeCloseTo(cashBefore + amountIn(await claimed.textContent()), 2);
    await betTask.getByText('Claimed').waitFor();
    // The play-a-game task (decision 045): five settled dice rounds, counted as rounds, not money.
    const diceTask = page.getByRole('listitem').filter({ hasText: 'Play Dice rounds: 5' });
    await diceTask.getByText('5 / 5').waitFor();
    await diceTask.getByRole('button', { name: 'Claim' }).click();
    await diceTask.getByText('Claimed').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Place multiples with 3+ legs: 1' }).getByText('0 / 1').waitFor();
    await screenshot(page, 'loyalty-tasks-claimed');

    await page.goto(`http://${JOURNEY.host}/#/vip-club`);
    await page.getByRole('heading', { name: 'VIP level 1' }).waitFor();
    const reward = page.getByRole('listitem').filter({ hasText: 'VIP 1 level-up reward' });
    await reward.waitFor();
    await screenshot(page, 'loyalty-vip-club-level-1');
    await accessibilityCheck(page, 'VIP club');
    // The header's bonus chip (the first-deposit bonus may be there already; none shows no chip).
    const bonusChip = page.getByRole('banner').getByText('Bonus', { exact: true }).locator('..');
    const bonusBefore = (await bonusChip.count()) === 0 ? 0 : amountIn(await bonusChip.textContent());
    await reward.getByRole('button', { name: 'Receive' }).click();
    const received = page.getByText('bonus added: wager it once to make it cash.', { exact: false });
    await received.waitFor();
    // Bonus money wagered once is not cash yet: the chip, not the cash, grows by it — already as the toast appears.
    expect(amountIn(await bonusChip.textContent())).toBeCloseTo(bonusBefore + amountIn(await received.textContent()), 2);
    await reward.waitFor({ state: 'detached' });
    // VIP 1 also brings this week's and this month's free rewards: each received once, then gone until the next period.
    for (const name of ["This week's free VIP reward", "This month's free VIP reward"]) {
      const free = page.getByRole('listitem').filter({ hasText: name });
      await free.getByRole('button', { name: 'Receive' }).click();
      await free.waitFor({ state: 'detached' });
    }
    await page.getByText('No rewards waiting.', { exact: false }).waitFor();
    await screenshot(page, 'loyalty-vip-club-received');

    // Cash-back from the VIP club: VIP 1's rates, nothing yet (no day has closed on this fresh server).
    await page.getByRole('link', { name: 'Cash-back history' }).click();
    await page.getByRole('heading', { name: 'Cash-back', level: 1 }).waitFor();
    await page.getByTestId('cashback-rates').getByText('At VIP 1 you get back 0.5%', { exact: false }).waitFor();
    await page.getByText('No cash-back yet.', { exact: false }).waitFor();
    await screenshot(page, 'loyalty-cashback');
    await accessibilityCheck(page, 'cash-back');

    // The only player of this fresh server leads today's board by turnover.
    await page.goto(`http://${JOURNEY.host}/#/ranking-list`);
    await page.getByTestId('rank-own').getByText('Your place: #1').waitFor();
    await page.getByRole('list', { name: 'Top three' }).getByText('#1').waitFor();
    // The places are the server's latest count, and the page says when it was made (decision 048).
    await page
      .getByTestId('rank-as-of')
      .getByText(/^Places as of .+ · players ranked: 1$/)
      .waitFor();
    await screenshot(page, 'loyalty-ranking');
    await accessibilityCheck(page, 'rankings');
    // The biggest-win board beside it (decision 045).
    await page.getByRole('tab', { name: 'Biggest win' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Biggest win' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('rank-own').waitFor();
    await screenshot(page, 'loyalty-ranking-win');

    // The weekly raffle from the VIP club: tickets from this week's points, the committed hash, no draw yet.
    await page.goto(`http://${JOURNEY.host}/#/vip-club`);
    await page.getByRole('link', { name: 'Weekly raffle' }).click();
    await page.getByRole('heading', { name: 'Weekly raffle', level: 1 }).waitFor();
    await expect.poll(async () => (await page.getByTestId('raffle-my-tickets').textContent()) ?? '').toMatch(/^Your tickets this week: [1-9]\d*$/);
    expect(await page.getByTestId('raffle-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByText('No draw yet.', { exact: false }).waitFor();
    await screenshot(page, 'loyalty-raffle');
    await accessibilityCheck(page, 'raffle');

    // The same pages in Portuguese and in Russian.
    for (const [code, language, heading, changed, vip, tasks, ranking] of [
      ['pt', 'Português', 'Idioma', 'Language changed', 'Nível VIP 1', 'Tarefas', 'Sua posição: #1'],
      ['ru', 'Русский', 'Язык', 'Idioma alterado', 'Уровень VIP 1', 'Задания', 'Ваше место: #1'],
    ] as const) {
      await page.goto(`http://${JOURNEY.host}/#/setting/language`);
      await page.getByText(language).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // The confirmation toast speaks the language it was asked from; older toasts are gone once it is.
      await page.getByText(changed).waitFor();
      await page.getByText(changed).waitFor({ state: 'detached' });
      await page.goto(`http://${JOURNEY.host}/#/vip-club`);
      await page.getByRole('heading', { name: vip }).waitFor();
      await screenshot(page, `loyalty-vip-club-${code}`);
      await page.goto(`http://${JOURNEY.host}/#/task`);
      await page.getByRole('heading', { name: tasks, level: 1 }).waitFor();
      await page.getByRole('progressbar').first().waitFor();
      await screenshot(page, `loyalty-tasks-${code}`);
      await page.goto(`http://${JOURNEY.host}/#/ranking-list`);
      await page.getByTestId('rank-own').getByText(ranking).waitFor();
      await screenshot(page, `loyalty-ranking-${code}`);
      await page.goto(`http://${JOURNEY.host}/#/thin/cashback`);
      await page.getByTestId('cashback-rates').getByText('VIP 1', { exact: false }).waitFor();
      await screenshot(page, `loyalty-cashback-${code}`);
      await page.goto(`http://${JOURNEY.host}/#/raffle`);
      await page.getByTestId('raffle-hash').waitFor();
      await screenshot(page, `loyalty-raffle-${code}`);
    }
    await context.close();
  }, 240_000);
});
