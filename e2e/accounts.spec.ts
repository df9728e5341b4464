import { describe, expect, it } from 'vitest';
import { emailCodeEnter, headerBalance, INDIA, journeySetup, phonePage, screenshot, touristStart, welcomeDismiss } from './fixtures.ts';

describe('Accounts, through the real server and Chromium', () => {
  const journey = journeySetup();

  it('A visitor plays as a guest and sees a zero balance in rupees', async () => {
    const { context, page } = await phonePage(journey.browser);
    await touristStart(page);
    expect(await headerBalance(page)).toContain('0.00');
    await page.getByRole('navigation').getByRole('link', { name: 'Me' }).click();
    await page.getByText('Guest account').waitFor();
    await screenshot(page, 'guest-me');
    await context.close();
  });

  it('A new player registers with the e-mailed code, logs out, and logs back in with a code', async () => {
    const email = `player-${Date.now()}@example.com`;
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${INDIA}/#/game`);
    await welcomeDismiss(page);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/#\/email-register$/);
    await page.getByLabel('E-mail').fill(email);
    await emailCodeEnter(page, journey.server, email);
    await page.getByLabel('Password').fill('goal2026x');
    await screenshot(page, 'register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/#\/game$/);
    expect(await headerBalance(page)).toContain('0.00');

    await page.getByRole('navigation').getByRole('link', { name: 'Me' }).click();
    await page.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/game$/);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('tab', { name: 'E-mail code' }).click();
    await page.getByLabel('E-mail').fill(email);
    await emailCodeEnter(page, journey.server, email);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/#\/game$/);
    expect(await headerBalance(page)).toContain('0.00');
    await context.close();
  });

  it('A wrong code is refused with the spec message and nothing is signed in', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${INDIA}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('tab', { name: 'E-mail code' }).click();
    await page.getByLabel('E-mail').fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/incorrect|expired/);
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await context.close();
  });

  it('An expired session lands on the login page with the expired notice', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${INDIA}/#/game`);
    await welcomeDismiss(page);
    // A session the server does not know: the next balance call answers 604.
    await page.evaluate(() => localStorage.setItem('pir.session', JSON.stringify({ uid: 424242, sid: 'revoked-or-unknown-session', visitor: false })));
    await page.reload();
    await page.waitForURL(/#\/loginb\?expired=true$/);
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await screenshot(page, 'expired');
    await context.close();
  });
});
