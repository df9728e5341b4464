import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLaunch, mailboxCode, phoneContext, screenshot, serverStart, welcomeDismiss, type RunningServer } from './fixtures.ts';

/** An English-speaking brand (India, INR) keeps the labels readable. */
const INDIA = 'tigerin.in';

describe('Saving a tourist account and recovering a password, through the real server and Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serverStart();
    browser = await browserLaunch(server, [INDIA]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function headerBalance(page: Page): Promise<string> {
    const balance = page.getByRole('button', { name: 'Refresh balance' });
    await expect.poll(async () => (await balance.textContent()) ?? '').toMatch(/₹/);
    return (await balance.textContent()) ?? '';
  }

  async function codeSend(page: Page, email: string): Promise<void> {
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /Resend in/ }).waitFor();
    await page.getByLabel('Verification code').fill(await mailboxCode(server, email));
  }

  it('A tourist saves the account with an e-mail and keeps the same player id', async () => {
    const email = `tourist-${Date.now()}@example.com`;
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${INDIA}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Play as a guest' }).click();
    await page.waitForURL(/#\/game$/);
    await headerBalance(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Me' }).click();
    await page.getByText('Guest account').waitFor();
    const playerId = (await page.getByText(/^Player ID \d+$/).textContent()) ?? '';
    expect(playerId).toMatch(/^Player ID \d+$/);
    await screenshot(page, 'save-email-offer');

    await page.getByRole('link', { name: 'Save your account with an e-mail' }).click();
    await page.waitForURL(/#\/save-email$/);
    await page.getByLabel('E-mail').fill(email);
    await codeSend(page, email);
    await page.getByLabel('Password').fill('keepme2026');
    await screenshot(page, 'save-email');
    await page.getByRole('button', { name: 'Save account' }).click();

    await page.waitForURL(/#\/me$/);
    await page.getByText(email).waitFor();
    await page.getByText(playerId, { exact: true }).waitFor();
    expect(await page.getByText('Guest account').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Save your account with an e-mail' }).count()).toBe(0);
    await screenshot(page, 'save-email-done');
    await context.close();
  });

  it('A player who forgot the password sets a new one with an e-mailed code and is signed in', async () => {
    const email = `forgetful-${Date.now()}@example.com`;
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`http://${INDIA}/#/game`);
    await welcomeDismiss(page);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/#\/email-register$/);
    await page.getByLabel('E-mail').fill(email);
    await codeSend(page, email);
    await page.getByLabel('Password').fill('goal2026x');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/#\/game$/);
    await headerBalance(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Me' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/game$/);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await screenshot(page, 'forgot-password-link');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/#\/email-forgot-password$/);
    await page.getByLabel('E-mail').fill(email);
    await codeSend(page, email);
    await page.getByLabel('New password').fill('fresh2027y');
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/#\/game$/);
    await page.getByText('Your new password is set and you are logged in.').waitFor();
    expect(await headerBalance(page)).toContain('0.00');

    await page.getByRole('navigation').getByRole('link', { name: 'Me' }).click();
    await page.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/game$/);
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('fresh2027y');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/#\/game$/);
    expect(await headerBalance(page)).toContain('0.00');
    await context.close();
  });
});
