import { pddTermsOf, variantFindByKey } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import {
  accessibilityCheck,
  guestConsent,
  headerBalanceText,
  JOURNEY,
  journeyAmount,
  journeySetup,
  phonePage,
  screenshot,
  touristStart,
  welcomeDismiss,
} from './fixtures.ts';

/**
 * Share-to-cash-out (issue 19, decision 063) as two players live it: A opens an envelope on /thin/pdd and shares the
 * link; B lands on it on another phone (the landing reports the visit) and signs up as a guest (the invite binds, the
 * sign-up counts); A sees both. More devices land on the link until the envelope is full; A withdraws and the balance
 * rises by the envelope's amount.
 */
const journey = journeySetup([JOURNEY.host]);
const terms = pddTermsOf(variantFindByKey(JOURNEY.appKey)!);
const amountRe = (minor: number) => new RegExp(journeyAmount(minor).replace(/[.,]/g, '[.,]'));

describe('Share-to-cash-out, through the real server and Chromium', () => {
  it('A opens an envelope; B visits through the link and signs up; the envelope fills and A withdraws it', async () => {
    const a = await phonePage(journey.browser);
    await touristStart(a.page);
    await a.page.goto(`http://${JOURNEY.host}/#/thin/pdd`);
    await a.page.getByRole('heading', { name: new RegExp(`Open an envelope worth .*${amountRe(terms.targetMinor).source}`) }).waitFor();
    await screenshot(a.page, 'pdd-empty');
    await a.page.getByRole('button', { name: 'Open my envelope' }).click();
    await a.page.getByRole('progressbar', { name: 'Envelope progress' }).waitFor();
    await a.page.getByText('No one has helped yet. Share your link to start.').waitFor();
    const link = (
      (await a.page
        .getByRole('status', { name: /Your link/ })
        .or(a.page.getByLabel(/Your link/))
        .first()
        .textContent()) ?? ''
    ).trim();
    expect(link).toMatch(/\/\?invite=P[0-9A-Z]+$/);
    await screenshot(a.page, 'pdd-open');

    // B lands on A's link on another phone: the landing reports the visit; then B plays as a guest and the invite binds.
    const b = await phonePage(journey.browser);
    const visited = b.page.waitForResponse((response) => response.url().includes('/activity/pdd/visit'));
    await b.page.goto(`${link.replace(/^https:/, 'http:').replace(/#.*$/, '')}#/loginb`);
    expect((await (await visited).json()) as { dm_error: number; data: { counted: number } }).toMatchObject({ dm_error: 0, data: { counted: 1 } });
    await welcomeDismiss(b.page);
    const bound = b.page.waitForResponse((response) => response.url().includes('/user/invite/bind'));
    await b.page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(b.page);
    await b.page.waitForURL(/#\/game$/);
    expect((await (await bound).json()) as { dm_error: number }).toMatchObject({ dm_error: 0 });

    // A sees B's visit and sign-up (the page refreshes itself; a reload is quicker).
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'Friends who helped (2)' }).waitFor();
    await a.page
      .getByText(amountRe(terms.visitStepMinor + terms.signupStepMinor))
      .first()
      .waitFor();
    await a.page.getByText('Signed up', { exact: true }).waitFor();
    await a.page.getByText('Visited', { exact: true }).waitFor();
    await screenshot(a.page, 'pdd-progress');
    await a.page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await a.page.reload();
    await a.page.getByRole('heading', { name: 'Amigos que ajudaram (2)' }).waitFor();
    await screenshot(a.page, 'pdd-progress-pt');
    await a.page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('en-US')));

    // More phones land on the link (their own devices) until the envelope is full; the ones after that add nothing.
    const code = new URL(link).searchParams.get('invite')!;
    const visits = Math.ceil((terms.targetMinor - terms.visitStepMinor - terms.signupStepMinor) / terms.visitStepMinor);
    const answers: { dm_error: number; data: { counted: number } }[] = [];
    for (let index = 0; index < visits + 2; index += 1)
      answers.push(
        await fetch(`http://127.0.0.1:${journey.server.port}/api/piranha/activity/pdd/visit?smid=e2e-pdd-visitor-${Date.now()}-${index}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'app-key': JOURNEY.appKey },
          body: JSON.stringify({ code }),
        }).then((response) => response.json() as Promise<{ dm_error: number; data: { counted: number } }>),
      );
    expect(answers.map((answer) => answer.data.counted)).toEqual([...Array<number>(visits).fill(1), 0, 0]);

    await a.page.reload();
    const withdraw = a.page.getByRole('button', { name: 'Withdraw' });
    await withdraw.waitFor();
    await a.page.getByText(/Your envelope is full/).waitFor();
    await screenshot(a.page, 'pdd-full');
    const before = await headerBalanceText(a.page);
    await withdraw.click();
    await a.page.getByText(/You withdrew .* from this envelope\./).waitFor();
    await expect.poll(() => headerBalanceText(a.page), { timeout: 20_000 }).not.toBe(before);
    const asNumber = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
    expect(Math.round((asNumber(await headerBalanceText(a.page)) - asNumber(before)) * 100)).toBe(terms.targetMinor);
    await a.page.getByRole('button', { name: 'Open a new envelope' }).waitFor();
    await screenshot(a.page, 'pdd-withdrawn');
    await accessibilityCheck(a.page, '/thin/pdd after the withdrawal');
    await a.context.close();
    await b.context.close();
  }, 240_000);
});
