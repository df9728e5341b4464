import { brandTimeZone, periodWindowOf, variantFindByKey } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import {
  gameFrame,
  guestFunded,
  headerBalance,
  JOURNEY,
  journeyAmount,
  journeySetup,
  OPS_TOKEN,
  opsPost,
  phonePage,
  screenshot,
  touristStart,
} from './fixtures.ts';

/**
 * The agent programme (issue 19, decisions 052 and 067) as an agent lives it across two days. The server starts a
 * day behind (TEST_CLOCK_OFFSET_MS, refused in production): A becomes an agent, B joins A's team through A's link and
 * plays two Keno rounds. The server restarts on the real clock (near midnight, both clocks move into the day's
 * safe middle: `todayShiftMs`), so that day has closed; the settlement (the leader job
 * at start, and the operator's re-run of that day, once between them) pays A the commission, computed from B's real
 * rounds. A sees yesterday's commission on the agent home (English and Portuguese), transfers it, and the header
 * balance rises by exactly that once, however often A taps.
 */
const DAY_MS = 86_400_000;
const ZONE = brandTimeZone(variantFindByKey(JOURNEY.appKey)!.market);
/**
 * How far ahead of the real clock the journey's "today" runs: none, except near the brand's midnight. A day can be
 * closed 10 minutes after it ends, so in the first half hour of a day "today" moves to 00:30; and the journey takes
 * minutes, so in the last 45 minutes it moves to 00:30 of the next day rather than cross midnight half-way. (A run at
 * 00:03 in Panama once asked to close a day that had ended three minutes before.)
 */
function todayShiftMs(now: number): number {
  const day = periodWindowOf(new Date(now), ZONE, 'daily');
  const halfHour = 30 * 60_000;
  if (now - day.startsAt.getTime() < halfHour) return day.startsAt.getTime() + halfHour - now;
  if (day.endsAt.getTime() - now < 45 * 60_000) return day.endsAt.getTime() + halfHour - now;
  return 0;
}
const TODAY_SHIFT_MS = todayShiftMs(Date.now());
const journey = journeySetup([JOURNEY.host], { TEST_CLOCK_OFFSET_MS: String(TODAY_SHIFT_MS - DAY_MS) });
/** Turnover at 50 %: two $1 Keno rounds earn $1.00, whatever they won. */
const RATE_BP = 5_000;
const STAKE_MINOR = 100;
const ROUNDS = 2;
const COMMISSION = (ROUNDS * STAKE_MINOR * RATE_BP) / 10_000;

const dollars = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('Agent commission, through the real server and Chromium', () => {
  it('an agent sees yesterday’s commission from its team’s play and transfers it to the wallet, once', { timeout: 420_000 }, async () => {
    expect(await opsPost(journey.server, '/agent/config', { app_key: JOURNEY.appKey, basis: 'turnover', tiers: [{ from_minor: 0, rate_bp: RATE_BP }] })).toBe(
      0,
    );

    // Yesterday (on the server's clock): A becomes an agent.
    const a = await phonePage(journey.browser);
    await touristStart(a.page);
    await a.page.goto(`http://${JOURNEY.host}/#/thin/agent`);
    await a.page.getByRole('button', { name: 'Become an agent' }).click();
    const code = ((await a.page.getByTestId('agent-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z0-9]{3,}$/);

    // B, with a deposit, opens A's link (the code filled in), joins, and plays two $1 Keno rounds.
    const b = await phonePage(journey.browser);
    await guestFunded(b.page, 100_00);
    await b.page.goto(`http://${JOURNEY.host}/#/thin/agent/bind?code=${encodeURIComponent(code)}`);
    await expect.poll(() => b.page.getByLabel('Agent code').inputValue()).toBe(code);
    await b.page.getByRole('button', { name: 'Join team' }).click();
    await b.page.getByText(`You joined the team of agent ${code}.`).first().waitFor();
    await b.page.goto(`http://${JOURNEY.host}/#/game-room?platform=house&game=keno`);
    const frame = gameFrame(b.page);
    for (const n of [3, 7, 12, 18, 21, 26, 30, 33, 37, 40]) await frame.getByTestId(`keno-${n}`).click();
    for (let round = 0; round < ROUNDS; round += 1) {
      const balance = (await frame.getByTestId('studio-balance').textContent()) ?? '';
      await frame.getByRole('button', { name: 'Bet', exact: true }).click();
      await expect.poll(async () => (await frame.getByTestId('studio-balance').textContent()) ?? '', { timeout: 30_000 }).not.toBe(balance);
      await expect.poll(async () => (await frame.getByTestId('round-result').textContent()) ?? '', { timeout: 30_000 }).toMatch(/You won|No win/);
    }
    // Today's figure on A's home already counts B's play; nothing is settled yet.
    await a.page.reload();
    await expect.poll(async () => (await a.page.getByTestId('agent-today').textContent()) ?? '', { timeout: 20_000 }).toContain(journeyAmount(COMMISSION));
    expect((await a.page.getByTestId('agent-available').textContent()) ?? '').toContain(journeyAmount(0));
    await b.context.close();

    // Today: the server comes back on the real clock. The day B played has ended; the operator re-runs it too.
    await journey.server.restart({ TEST_CLOCK_OFFSET_MS: String(TODAY_SHIFT_MS) });
    const played = periodWindowOf(new Date(Date.now() + TODAY_SHIFT_MS - DAY_MS), ZONE, 'daily').key.slice(2);
    const settled = await fetch(`${journey.server.origin}/api/ops/agent/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_key: JOURNEY.appKey, day_key: played }),
    }).then((response) => response.json() as Promise<{ dm_error: number; data: { closed: boolean } }>);
    // Closed by this call or by the job at start: either way once.
    expect(settled.dm_error, JSON.stringify(settled)).toBe(0);

    // A opens the app again today (a new page load: nothing cached from yesterday).
    await a.page.goto(`http://${JOURNEY.host}/#/thin/agent`);
    await a.page.reload();
    const yesterday = a.page.getByTestId('agent-yesterday');
    await expect.poll(async () => (await yesterday.textContent()) ?? '', { timeout: 30_000 }).toContain(journeyAmount(COMMISSION));
    expect((await a.page.getByTestId('agent-available').textContent()) ?? '').toContain(journeyAmount(COMMISSION));
    await screenshot(a.page, 'agent-home-commission');
    await a.page.goto(`http://${JOURNEY.host}/#/thin/agent/daily`);
    await a.page.getByText('Not transferred yet').waitFor();

    // The transfer: two quick taps, one move of exactly the commission.
    await a.page.goto(`http://${JOURNEY.host}/#/thin/agent/transfer`);
    const before = dollars(await headerBalance(a.page));
    const button = a.page.getByRole('button', { name: 'Transfer to wallet' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await button.click({ force: true }).catch(() => undefined);
    await a.page
      .getByText(`${journeyAmount(COMMISSION)} moved to your balance.`, { exact: false })
      .first()
      .waitFor();
    await expect.poll(async () => dollars(await headerBalance(a.page)), { timeout: 20_000 }).toBeCloseTo(before + COMMISSION / 100, 2);
    await expect.poll(() => button.isDisabled()).toBe(true);
    await a.page.goto(`http://${JOURNEY.host}/#/agent/history`);
    await expect.poll(() => a.page.getByText('Commission to wallet').count()).toBe(1);
    await a.page.goto(`http://${JOURNEY.host}/#/thin/agent`);
    await expect.poll(async () => (await a.page.getByTestId('agent-available').textContent()) ?? '').toContain(journeyAmount(0));
    expect(dollars(await headerBalance(a.page))).toBeCloseTo(before + COMMISSION / 100, 2);

    // The same home in Portuguese: yesterday's commission stays shown after the transfer.
    await a.page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'Programa de agentes' }).waitFor();
    await expect.poll(async () => (await yesterday.textContent()) ?? '').toMatch(/1[.,]00/);
    await screenshot(a.page, 'agent-home-commission-pt');
    await a.context.close();
  });
});
