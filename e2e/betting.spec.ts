import { legOutcomeFromCode, minorUnits, oddsThousandths, systemBetFullCover, systemBetSettle } from '@piranha/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bettorBets,
  bettorFund,
  browserLaunch,
  headerBalanceText,
  JOURNEY,
  journeyMoneyRe,
  phoneContext,
  type RunningServer,
  screenshot,
  serverStart,
  slipPlaceAccepted,
} from './fixtures.ts';

// A player on the journey brand (English, USD), funded through the real sandbox bank-transfer deposit (`bettorFund`), bets from the slip.

/** Matches already picked on each page, so a later call never taps (and so removes) the same one again. */
const picked = new WeakMap<Page, Set<string>>();
/** Teams of the matches picked on each page (a card's label is "Home vs Away"). */
const pickedTeams = new WeakMap<Page, Set<string>>();

/**
 * Taps the first open price of `count` different matches on the Soccer tab, from the `skip`-th card on. A card whose
 * prices are all locked at that moment (half time, a goal being reviewed) is passed over. A card of a team already
 * picked is passed over as well: the slip (and placement, BET_SAME_TEAM) refuses a multiple of two matches of one
 * team, and which cards come first depends on how far the feed has run when the page loads. When the list runs out
 * before `count` are picked, it is read again from the first card a second later.
 */
async function selectionsAdd(page: Page, count: number, skip = 0): Promise<void> {
  await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
  const cards = page.locator('article[data-match-id]');
  await cards.nth(skip + count - 1).waitFor();
  const chosen = picked.get(page) ?? new Set<string>();
  picked.set(page, chosen);
  const teamsChosen = pickedTeams.get(page) ?? new Set<string>();
  pickedTeams.set(page, teamsChosen);
  let added = 0;
  for (let index = skip; added < count; index += 1) {
    // Past the last card with picks still to make (every other card locked or of a team already picked, as on a busy
    // machine where the feed runs ahead): look again from the first card once the feed has moved on (cards already
    // picked are known by their match id).
    if (index >= (await cards.count())) {
      await page.waitForTimeout(1000);
      index = -1;
      continue;
    }
    const card = cards.nth(index);
    const id = (await card.getAttribute('data-match-id')) ?? '';
    if (chosen.has(id)) continue;
    const teams = ((await card.getAttribute('aria-label')) ?? '').split(' vs ');
    if (teams.some((team) => teamsChosen.has(team))) continue;
    const price = card.locator('button[data-odds]:enabled').first();
    if ((await price.count()) === 0) continue;
    await price.click();
    chosen.add(id);
    for (const team of teams) teamsChosen.add(team);
    added += 1;
  }
}

/**
 * Picks the first open price, on its match page, of `count` soccer matches that have not started, have no team in
 * common and kick off soonest once `leadMs` of simulated time has passed. The match list says when each kicks off
 * (`bt`) and where the feed's simulated time stands (`incr_cursor`, decision 021), so the legs neither kick off while
 * the slip is being filled (a pre-match price closes at kick-off) nor hours later: under an accelerated feed the
 * Soccer tab's first cards, grouped by league, can start past the journey's wait (decision 058).
 */
async function preMatchSoonAdd(page: Page, server: RunningServer, count: number, leadMs: number): Promise<void> {
  const answer = (await fetch(`${server.origin}/api/piranha/v1/match/list/get?sport_id=1&status=upcoming&page_limit=50`).then((response) =>
    response.json(),
  )) as { data: { incr_cursor: number; records: { id: number; ty: number; bt: number; ts: { id: number }[] }[] } };
  const { incr_cursor: simulatedNowMs, records } = answer.data;
  const teams = new Set<number>();
  const chosen = records
    .filter((match) => match.bt >= simulatedNowMs + leadMs)
    .sort((left, right) => left.bt - right.bt)
    .filter((match) => {
      if (match.ts.some((team) => teams.has(team.id))) return false;
      for (const team of match.ts) teams.add(team.id);
      return true;
    })
    .slice(0, count);
  expect(chosen).toHaveLength(count);
  for (const match of chosen) {
    await page.goto(`http://${JOURNEY.host}/#/match-detail?matchId=${match.id}&isComing=1&matchType=${match.ty}`);
    // A market group of the match page (the list stays mounted under it, with its own price buttons).
    const price = page.locator('section[data-mty] button[data-odds]:enabled').first();
    await price.click();
    await expect.poll(() => price.getAttribute('aria-pressed')).toBe('true');
  }
}

/** Places what the slip holds; a refusal (a market suspended by a goal that second) is met by placing again. */
describe('Betting, through the real server and Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serverStart({ BET_LIVE_DELAY_MS: '1000' });
    browser = await browserLaunch(server, [JOURNEY.host]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('A player on the journey brand funds by bank transfer, places a single and a multiple, and sees them in history', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await bettorFund(page, server);
    const funded = await headerBalanceText(page);

    // The first pick shows the mini slip, beside the slip button and never over it, and the price shows picked.
    const picked = page.locator('button[data-odds][aria-pressed="true"]');
    await selectionsAdd(page, 1);
    await page.getByTestId('mini-slip').waitFor();
    await expect.poll(() => picked.count()).toBe(1);
    const mini = (await page.getByTestId('mini-slip').boundingBox())!;
    const bar = (await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).boundingBox())!;
    expect(mini.x + mini.width).toBeLessThanOrEqual(bar.x);
    await screenshot(page, 'betting-mini-slip');
    // A second hides the mini slip and the bar counts two; a third makes three.
    await selectionsAdd(page, 1, 1);
    await page.getByTestId('mini-slip').waitFor({ state: 'detached' });
    await selectionsAdd(page, 1, 2);
    await page.getByRole('button', { name: 'Open the bet slip, 3 selected' }).waitFor();
    await expect.poll(() => picked.count()).toBe(3);
    await screenshot(page, 'betting-picked-prices');
    await page.getByRole('button', { name: 'Open the bet slip, 3 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('combobox').last().selectOption('2');
    // Each row names its market and match as well as the pick.
    expect(await slip.getByTestId('slip-pick-context').first().textContent()).toMatch(/Match result \(1X2\) · .+ v .+/);

    // Singles: one stake on the first pick only. The placed pick leaves the slip; the other two stay.
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('50');
    await expect.poll(async () => (await slip.getByTestId('slip-total-stake').textContent()) ?? '').toMatch(/50[.,]00/);
    await screenshot(page, 'betting-slip-singles');
    await slipPlaceAccepted(page);
    expect(await slip.getByTestId('slip-row').count()).toBe(2);
    // The receipt: what was placed, at what odds, and its potential return.
    const receipt = slip.getByTestId('slip-receipt');
    expect(await receipt.getByTestId('receipt-return').textContent()).toMatch(new RegExp(String.raw`${journeyMoneyRe}\d`));
    await screenshot(page, 'betting-slip-receipt');
    await slip.getByRole('button', { name: 'Clear the slip' }).click();
    await expect.poll(() => picked.count()).toBe(0);

    // A multiple of two new picks, with its combined odds.
    await selectionsAdd(page, 2, 3);
    await page.getByRole('button', { name: 'Open the bet slip, 2 selected' }).click();
    await slip.getByRole('combobox').last().selectOption('2');
    await slip.getByRole('tab', { name: 'Multiple' }).click();
    await slip.getByRole('textbox', { name: 'Stake per line' }).fill('30');
    expect(Number(await slip.getByTestId('slip-combined-odds').textContent())).toBeGreaterThan(1);
    await screenshot(page, 'betting-slip-multiple');
    await slipPlaceAccepted(page);
    // The slip is the shared sheet: Escape closes it.
    await page.keyboard.press('Escape');
    await slip.waitFor({ state: 'detached' });

    // The header balance dropped by the stakes ($50 + $30).
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toMatch(/920[.,]00/);
    expect(funded).not.toBe(await headerBalanceText(page));

    // Both bets are in the open bets, the multiple with its two legs.
    await page.goto(`http://${JOURNEY.host}/#/bet-record`);
    const records = page.getByTestId('bet-record');
    await expect.poll(() => records.count(), { timeout: 20_000 }).toBe(2);
    expect(await page.getByText('Multiple', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Single', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'betting-bet-record');
    await page.getByRole('link', { name: 'Settled bets' }).click();
    await page.waitForURL(/#\/bet-history$/);
    await page.getByText('No settled bets').waitFor();
    await screenshot(page, 'betting-bet-history');
    await context.close();
    // Funding through the hosted page, two placements and both lists: near the default minute on a loaded machine.
  }, 120_000);

  it('A player whose saved slip has stale odds is asked to accept the new ones before placing', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await bettorFund(page, server);
    await selectionsAdd(page, 1);
    // The slip kept on the device still holds an older price, as after a while away. It is edited from a page
    // without the slip, where nothing refreshes (and so rewrites) it.
    await page.getByRole('navigation').getByRole('link', { name: 'Me', exact: true }).click();
    await page.waitForURL(/#\/me$/);
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('pir.bet_slip') ?? '{}') as { state: { slip: { items: { oddsThousandths: number }[] } } };
      for (const item of saved.state.slip.items) item.oddsThousandths += 150;
      localStorage.setItem('pir.bet_slip', JSON.stringify(saved));
    });
    await page.reload();
    await page.getByRole('navigation').getByRole('link', { name: 'Sports' }).click();
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    const accept = slip.getByRole('button', { name: 'Accept new odds' });
    await accept.waitFor({ timeout: 20_000 });
    await screenshot(page, 'betting-accept-odds');
    await accept.click();
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('20');
    await slip.getByRole('combobox').last().selectOption('2');
    await slipPlaceAccepted(page);
    await context.close();
  });
  it('A player cashes out an open single from the open bets', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await bettorFund(page, server);
    await selectionsAdd(page, 1, 4);
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('combobox').last().selectOption('2');
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('100');
    await slipPlaceAccepted(page);
    await slip.getByRole('button', { name: 'Close' }).click();

    await page.goto(`http://${JOURNEY.host}/#/bet-record`);
    const record = page.getByTestId('bet-record').first();
    const button = record.getByRole('button', { name: new RegExp(String.raw`^Cash out ${journeyMoneyRe}`) });
    await button.waitFor({ timeout: 20_000 });
    await screenshot(page, 'betting-cash-out-offer');
    // The value is re-priced at execution; if the price moved between the poll and the tap, the player is told and
    // taps the new value, as a person would.
    await expect
      .poll(
        async () => {
          if ((await record.count()) > 0 && (await button.isEnabled().catch(() => false))) await button.click().catch(() => {});
          return (await bettorBets(page, server.port, true)).filter((bet) => bet.st === 5 && bet.payout !== undefined).length;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    const [cashed] = await bettorBets(page, server.port, true);
    expect(cashed!.payout).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    const expected = (1000_00 - 100_00 + cashed!.payout!) / 100;
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toContain(expected.toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2 }));
    await page.goto(`http://${JOURNEY.host}/#/bet-history`);
    await page.getByText('Cashed out', { exact: true }).first().waitFor({ timeout: 20_000 });

    // Auto cash-out: a target below today's value is reached at the server's next look, with the player away.
    await page.goto(`http://${JOURNEY.host}/#/sport`);
    await selectionsAdd(page, 1, 5);
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('50');
    await slipPlaceAccepted(page);
    await slip.getByRole('button', { name: 'Close' }).click();
    await page.goto(`http://${JOURNEY.host}/#/bet-record`);
    await page.getByRole('textbox', { name: 'Auto cash-out at…' }).first().fill('1');
    await screenshot(page, 'betting-auto-cash-out');
    await page.getByRole('button', { name: 'Set', exact: true }).first().click();
    await page.goto(`http://${JOURNEY.host}/#/me`);
    await expect.poll(async () => (await bettorBets(page, server.port, true)).length, { timeout: 30_000, interval: 1000 }).toBe(2);
    await context.close();
    // A cash-out at a re-priced value, then an auto cash-out the server reaches at its next look: longer than a minute on
    // two nodes.
  }, 120_000);
  it('A player cashes out one single in part and another whole, and the records show what was paid and what still rides', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await bettorFund(page, server);
    await selectionsAdd(page, 2, 2);
    await page.getByRole('button', { name: 'Open the bet slip, 2 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('combobox').last().selectOption('2');
    await slip.getByRole('textbox', { name: 'One stake for all' }).fill('100');
    await slipPlaceAccepted(page);
    await slip.getByRole('button', { name: 'Close' }).click();
    const [later, earlier] = await bettorBets(page, server.port, false);
    const dollars = (minor: number) => (minor / 100).toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2 });

    // A part of the first: the value of that moment is taken, so a moved price only changes the figure.
    await page.goto(`http://${JOURNEY.host}/#/bet-record`);
    const partCard = page.getByTestId('bet-record').filter({ hasText: `#${earlier!.id}` });
    const partButton = partCard.getByRole('button', { name: /^Cash out part/ });
    await partButton.waitFor({ timeout: 20_000 });
    await expect
      .poll(
        async () => {
          if (await partButton.isEnabled().catch(() => false)) await partButton.click().catch(() => {});
          return (await bettorBets(page, server.port, false)).find((bet) => bet.id === earlier!.id)?.cash_out ?? 0;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const partly = (await bettorBets(page, server.port, false)).find((bet) => bet.id === earlier!.id)!;
    expect(partly.stake_open).toBeLessThan(partly.stake);
    // The open bet shows the stake still riding and its own return, not the stake and return it was placed with.
    await expect
      .poll(async () => (await partCard.getByTestId('record-stakeRiding').textContent()) ?? '', { timeout: 20_000 })
      .toContain(dollars(partly.stake_open));
    expect(await partCard.getByTestId('record-cashedOutAmount').textContent()).toContain(dollars(partly.cash_out));
    expect(await partCard.getByTestId('record-potentialReturn').textContent()).toContain(dollars(partly.payout_open));
    await screenshot(page, 'betting-record-part-cashed');
    // Every language's cash-out labels, with their amounts, fit inside their buttons.
    for (const locale of ['pt-BR', 'es-MX', 'ms-MY', 'ru-RU', 'vm-TH', 'vm-VI', 'zh-CN', 'en-US']) {
      await page.evaluate((chosen) => localStorage.setItem('pir.language', JSON.stringify(chosen)), locale);
      await page.reload();
      await partCard.getByTestId('record-stakeRiding').waitFor({ timeout: 20_000 });
      await partCard.locator('button').first().waitFor();
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="bet-record"] button')]
          .filter((button) => button.scrollWidth > button.clientWidth + 1 || button.getBoundingClientRect().right > window.innerWidth)
          .map((button) => button.textContent),
      );
      expect(overflowing, locale).toEqual([]);
      if (locale === 'ru-RU') await screenshot(page, 'betting-record-part-cashed-ru');
    }

    // The whole of the second.
    const wholeCard = page.getByTestId('bet-record').filter({ hasText: `#${later!.id}` });
    const wholeButton = wholeCard.getByRole('button', { name: new RegExp(String.raw`^Cash out ${journeyMoneyRe}`) });
    await expect
      .poll(
        async () => {
          if (await wholeButton.isEnabled().catch(() => false)) await wholeButton.click().catch(() => {});
          return (await bettorBets(page, server.port, true)).filter((bet) => bet.id === later!.id).length;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    const [cashed] = (await bettorBets(page, server.port, true)).filter((bet) => bet.id === later!.id);
    expect(cashed).toMatchObject({ cashed_out: 1, stake_open: 0 });
    expect(cashed!.paid).toBe(cashed!.cash_out);

    // History: the return is what was paid (never the cash-out counted twice), and the leg no longer says open.
    await page.goto(`http://${JOURNEY.host}/#/bet-history`);
    const settledCard = page.getByTestId('bet-record').filter({ hasText: `#${later!.id}` });
    await settledCard.waitFor({ timeout: 20_000 });
    expect(await settledCard.getByTestId('record-return').textContent()).toContain(dollars(cashed!.paid));
    expect(await settledCard.getByTestId('record-return').textContent()).not.toContain(dollars(cashed!.paid * 2));
    expect(await settledCard.getByTestId('leg-status').textContent()).not.toBe('Open');
    await screenshot(page, 'betting-history-cashed-out');
    await context.close();
    // Two bets, a cash-out in part and one whole, each read back from the records: on two nodes (requests alternating
    // between them, the feed replayed by the follower) this takes longer than the default minute.
  }, 150_000);
});

describe('A Trixie through accelerated matches', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Matches run 120× faster than real time, so a match on the first cards ends within a couple of minutes.
    server = await serverStart({ FEED_SPEED: '120', BET_LIVE_DELAY_MS: '0' });
    browser = await browserLaunch(server, [JOURNEY.host]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('A player on the journey brand places a Trixie on three matches, and sees it settled with the right return and balance', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await bettorFund(page, server);
    // Matches not started yet (their prices do not lock for goals while the slip is filled), kicking off at least
    // two simulated hours (a minute at 120×) from now and as soon as possible after, so all three end within the wait.
    await preMatchSoonAdd(page, server, 3, 2 * 60 * 60_000);
    await page.getByRole('button', { name: 'Open the bet slip, 3 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('combobox').last().selectOption('2');
    await slip.getByRole('tab', { name: 'System' }).click();
    await slip.getByRole('combobox').first().selectOption({ label: 'Trixie · Lines: 4' });
    await slip.getByRole('textbox', { name: 'Stake per line' }).fill('50');
    await expect.poll(async () => (await slip.getByTestId('slip-total-stake').textContent()) ?? '').toMatch(/200[.,]00/);
    await screenshot(page, 'betting-slip-trixie');
    await slipPlaceAccepted(page);
    await slip.getByRole('button', { name: 'Close' }).click();

    // Wait for the three matches to end and the Trixie to settle.
    await expect
      .poll(async () => (await bettorBets(page, server.port, true)).filter((bet) => bet.kind === 'system_bet').length, { timeout: 300_000, interval: 2000 })
      .toBe(1);
    const [trixie] = (await bettorBets(page, server.port, true)).filter((bet) => bet.kind === 'system_bet');
    // The return is the Trixie of the legs' results at the odds taken (betting.md §2), line by line.
    const legs = trixie!.legs.map((leg) => ({ oddsThousandths: oddsThousandths(Math.round(leg.od * 1000)), state: legOutcomeFromCode(leg.sr) ?? 'unsettled' }));
    const expected = systemBetSettle(systemBetFullCover('trixie'), minorUnits(trixie!.unit), legs);
    expect(expected.ok).toBe(true);
    expect(trixie!.payout).toBe(expected.ok ? expected.payoutMinor : -1);

    await page.goto(`http://${JOURNEY.host}/#/bet-history`);
    const card = page.getByTestId('bet-record').filter({ hasText: 'System' }).first();
    await card.waitFor({ timeout: 20_000 });
    const shownReturn = (trixie!.payout! / 100).toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2 });
    expect(await card.textContent()).toContain(shownReturn);
    await screenshot(page, 'betting-trixie-settled');
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    const balance = ((1000_00 - 200_00 + trixie!.payout!) / 100).toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2 });
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toContain(balance);
    await context.close();
  }, 420_000);
});
