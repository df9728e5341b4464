import { DYNCONFIG_KEYS } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import {
  headerBalanceText,
  JOURNEY,
  journeySetup,
  OPS_TOKEN,
  phoneContext,
  phonePage,
  playerSignUp,
  preMatchPick,
  type RunningServer,
  screenshot,
  slipPlaceAccepted,
} from './fixtures.ts';

// Issue 25 (decision 030): a first visit to a first bet, and the events it leaves, read back by the operator.

const APP_KEY = JOURNEY.appKey;

async function opsGet<T>(server: RunningServer, path: string): Promise<T> {
  const answer = (await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } }).then((response) =>
    response.json(),
  )) as { dm_error: number; data: T };
  expect(answer.dm_error).toBe(0);
  return answer.data;
}

/** The visitor's events as stored, names only, oldest first. */
async function eventNames(server: RunningServer, visitor: string): Promise<string[]> {
  const data = await opsGet<{ events: { event: string }[] }>(server, `/api/ops/tracking/events?app_key=${APP_KEY}&visitor=${encodeURIComponent(visitor)}`);
  return data.events.map((entry) => entry.event);
}

describe('Tracking, through the real server and Chromium', () => {
  const journey = journeySetup([JOURNEY.host]);

  it('A first visit, sign-up, deposit and first bet leave the expected events and funnel', async () => {
    const { server, browser } = journey;
    const { context, page } = await phonePage(browser);
    const apiUrls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiUrls.push(request.url());
    });
    const email = `tracked-${Date.now()}@example.com`;
    await playerSignUp(page, server, email, 'Tracked-Player-2026', JOURNEY.host);

    // The deposit, started from the deposit page and approved on the sandbox's hosted page.
    await page.goto(`http://${JOURNEY.host}/#/deposit`);
    const radios = page.getByRole('radio');
    await radios.first().waitFor();
    if ((await page.getByRole('radio', { checked: true }).count()) === 0) await radios.first().click();
    await page.getByLabel('Amount', { exact: true }).fill('1000');
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Deposit/ })
      .click();
    await page.waitForURL(/#\/deposit-wait\?order_id=/);
    const [hosted] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Open the payment page' }).click()]);
    await hosted.waitForLoadState();
    await hosted.getByRole('button', { name: /Approve/ }).click();
    await hosted.getByRole('heading', { name: /Payment done/ }).waitFor();
    await hosted.close();
    await page.waitForURL(/#\/deposit-result\?order_id=/, { timeout: 30_000 });

    // The first-deposit bonus is announced once the player leaves the deposit pages (the new_bonus poll, 10 s);
    // an in-app navigation keeps the poll running. The player puts the pop-up aside and goes on to bet.
    await page.evaluate(() => (location.hash = '#/sport'));
    const granted = page.getByRole('dialog', { name: 'You got a bonus!' });
    await granted.waitFor({ timeout: 60_000 });
    await granted.getByRole('button').first().click();
    await granted.waitFor({ state: 'detached' });

    // The first bet: one pre-match single of $50.
    await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toMatch(/1,?000[.,]00/);
    await preMatchPick(page);
    await page.getByRole('button', { name: 'Open the bet slip, 1 selected' }).click();
    const slip = page.getByRole('dialog', { name: 'Bet slip' });
    await slip.getByRole('textbox', { name: 'Stake' }).first().fill('50');
    await slipPlaceAccepted(page);
    await screenshot(page, 'tracking-first-bet');

    // The events arrive in batches a few seconds apart; the page being hidden sends the rest at once.
    const visitor = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.uuid') ?? '""') as string);
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => eventNames(server, visitor), { timeout: 30_000, interval: 1000 }).toContain('bet_placed');
    const names = await eventNames(server, visitor);
    expect(names.indexOf('page_view')).toBeLessThan(names.indexOf('sign_up_started'));
    expect(names.filter((name) => name !== 'page_view' && name !== 'ab_assigned')).toEqual([
      'sign_up_started',
      'sign_up_completed',
      'deposit_started',
      'bet_placed',
    ]);
    // Page views name the routes walked through, in order.
    const stored = await opsGet<{ events: { event: string; params: { page?: string; key?: string; arm?: string }; user_id: number | null }[] }>(
      server,
      `/api/ops/tracking/events?app_key=${APP_KEY}&visitor=${encodeURIComponent(visitor)}`,
    );
    const pages = stored.events.filter((entry) => entry.event === 'page_view').map((entry) => entry.params.page);
    // The A/B arms the dynamic config assigned are recorded too (decision 030), each with its key and arm.
    const arms = stored.events.filter((entry) => entry.event === 'ab_assigned').map((entry) => entry.params.key);
    // Every dynconfig key's assignment, switches too (decision 033).
    expect(arms).toEqual(expect.arrayContaining([...DYNCONFIG_KEYS]));
    // Spec §7: the install id goes with the API calls and the uploads as the common parameter uuid.
    expect(apiUrls.filter((url) => url.includes(`uuid=${visitor}`)).length).toBeGreaterThan(5);
    expect(apiUrls.some((url) => url.includes('/ad/md/upload?') && url.includes(`uuid=${visitor}`))).toBe(true);
    expect(stored.events.filter((entry) => entry.event === 'ab_assigned').every((entry) => /^[A-Za-z]/.test(entry.params.arm ?? ''))).toBe(true);
    expect(pages).toEqual(expect.arrayContaining(['/game', '/email-register', '/deposit', '/sport']));
    // After sign-up every event carries the player's id, taken from the session.
    const login = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number });
    expect(stored.events.find((entry) => entry.event === 'bet_placed')!.user_id).toBe(login.uid);

    // The operator's funnel for today: this one player, through every step, on a fresh server.
    const today = new Date().toISOString().slice(0, 10);
    const funnel = await opsGet<{
      days: { visits: number; sign_ups: number; first_deposits: number; depositors: number; bets: number; ggr: { currency: string; stakes_minor: number }[] }[];
    }>(server, `/api/ops/tracking/funnel?app_key=${APP_KEY}&from=${today}&to=${today}`);
    expect(funnel.days[0]).toMatchObject({ visits: 1, sign_ups: 1, first_deposits: 1, depositors: 1, bets: 1 });
    expect(funnel.days[0]!.ggr).toEqual([expect.objectContaining({ currency: JOURNEY.currency, stakes_minor: 50_00 })]);

    // The same figures as the operator's page.
    const operator = await phoneContext(browser, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const funnelPage = await operator.newPage();
    await funnelPage.goto(`http://127.0.0.1:${server.port}/ops/funnel?app_key=${APP_KEY}&from=${today}&to=${today}`);
    await funnelPage.getByRole('heading', { name: 'Funnel' }).waitFor();
    expect(await funnelPage.locator('tbody tr td').nth(1).textContent()).toBe('1');
    await screenshot(funnelPage, 'tracking-funnel-page');
    await operator.close();
    await context.close();
  });
});
