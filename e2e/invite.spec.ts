import { referralTermsOf, variantFindByKey } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import {
  accessibilityCheck,
  depositApproved,
  guestConsent,
  JOURNEY,
  journeyAmount,
  journeySetup,
  phonePage,
  screenshot,
  touristStart,
  welcomeDismiss,
} from './fixtures.ts';

/**
 * Invites (issue 19, decision 051) as two players live them: A opens /activity/invite and shares the link; B opens it
 * on another phone, plays as a guest (the app binds the invite after the sign-up), deposits, and A sees B in
 * /activity/invite-detail with the deposit and the reward the bonus engine paid.
 */
const journey = journeySetup([JOURNEY.host]);
/** The inviter's reward on the journey brand, as the page writes it (the brand's referral terms, decision 051). */
const REWARD = journeyAmount(referralTermsOf(variantFindByKey(JOURNEY.appKey)!).rewardMinor).replace(/[.,]/g, '[.,]');

describe('Invites, through the real server and Chromium', () => {
  it('A invites B through a link; B signs up and deposits; A sees B and the reward', async () => {
    const a = await phonePage(journey.browser);
    await touristStart(a.page);
    await a.page.goto(`http://${JOURNEY.host}/#/activity/invite`);
    await a.page.getByRole('heading', { name: /Invite a friend, earn/ }).waitFor();
    const linkOutput = a.page.getByRole('status', { name: /Invite link/ }).or(a.page.getByLabel(/Invite link/));
    const link = ((await linkOutput.first().textContent()) ?? '').trim();
    expect(link).toMatch(/\/\?invite=P[0-9A-Z]+$/);
    const code = new URL(link).searchParams.get('invite')!;
    await a.page.getByText(code, { exact: true }).first().waitFor();
    await screenshot(a.page, 'invite-page');
    await accessibilityCheck(a.page, 'invite page');

    // B opens A's link on another phone (this run serves the brand over plain HTTP, so the link's https becomes http).
    const b = await phonePage(journey.browser);
    await b.page.goto(`${link.replace(/^https:/, 'http:').replace(/#.*$/, '')}#/loginb`);
    await welcomeDismiss(b.page);
    // The app binds the invite right after the sign-up; the journey waits for that call before it navigates away.
    const bound = b.page.waitForResponse((response) => response.url().includes('/user/invite/bind'));
    await b.page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(b.page);
    await b.page.waitForURL(/#\/game$/);
    expect((await (await bound).json()) as { dm_error: number }).toMatchObject({ dm_error: 0 });
    await b.page.goto(`http://${JOURNEY.host}/#/activity/invite`);
    await b.page.getByText(`You were invited with code ${code}.`).waitFor();
    await screenshot(b.page, 'invite-page-invited');

    await depositApproved(b.page, 1_000_00);

    await a.page.goto(`http://${JOURNEY.host}/#/activity/invite-detail`);
    const friend = a.page.getByRole('listitem').filter({ hasText: /Deposited on/ });
    await friend.waitFor({ timeout: 30_000 });
    await friend.getByText(new RegExp(REWARD)).waitFor();
    await friend.getByText(/· Link/).waitFor();
    await screenshot(a.page, 'invite-detail');
    await accessibilityCheck(a.page, 'invite detail');
    await a.page.goto(`http://${JOURNEY.host}/#/activity/invite`);
    const earned = a.page.locator('dd').nth(2);
    await expect.poll(async () => (await earned.textContent()) ?? '', { timeout: 20_000 }).toMatch(new RegExp(REWARD));
    await screenshot(a.page, 'invite-page-earned');

    // C opens the same link with no network for the bind: the invite waits on the device, and the next start of the
    // app (C still signed in) sends it again until the server binds it (decision 067).
    const c = await phonePage(journey.browser);
    const bindCall = /\/user\/invite\/bind/;
    await c.page.route(bindCall, (route) => route.abort('internetdisconnected'));
    await c.page.goto(`${link.replace(/^https:/, 'http:').replace(/#.*$/, '')}#/loginb`);
    await welcomeDismiss(c.page);
    const failed = c.page.waitForEvent('requestfailed', (request) => request.url().includes('/user/invite/bind'));
    await c.page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(c.page);
    await c.page.waitForURL(/#\/game$/);
    await failed;
    expect(await c.page.evaluate(() => localStorage.getItem('pir.invite_pending'))).toContain(code);
    await c.page.unroute(bindCall);
    const resent = c.page.waitForResponse((response) => response.url().includes('/user/invite/bind'));
    await c.page.reload();
    expect((await (await resent).json()) as { dm_error: number }).toMatchObject({ dm_error: 0 });
    await expect.poll(() => c.page.evaluate(() => localStorage.getItem('pir.invite_pending'))).toBeNull();
    await c.page.goto(`http://${JOURNEY.host}/#/activity/invite`);
    await c.page.getByText(`You were invited with code ${code}.`).waitFor();
    await a.context.close();
    await b.context.close();
    await c.context.close();
  }, 240_000);
});
