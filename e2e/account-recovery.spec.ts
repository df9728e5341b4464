import { describe, expect, it } from 'vitest';
import { emailCodeEnter, headerBalance, journeySetup, phonePage, playerSignUp, screenshot, touristStart } from './fixtures.ts';

describe('Saving a tourist account and recovering a password, through the real server and Chromium', () => {
  const journey = journeySetup();

  it('A tourist saves the account with an e-mail and keeps the same player id', async () => {
    const email = `tourist-${Date.now()}@example.com`;
    const { context, page } = await phonePage(journey.browser);
    await touristStart(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByText('Guest account').waitFor();
    const playerId = (await page.getByText(/^Player ID \d+$/).textContent()) ?? '';
    expect(playerId).toMatch(/^Player ID \d+$/);
    await screenshot(page, 'save-email-offer');

    await page.getByRole('link', { name: 'Save your account with an e-mail' }).click();
    await page.waitForURL(/#\/save-email$/);
    await page.getByLabel('E-mail').fill(email);
    await emailCodeEnter(page, journey.server, email);
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
    const { context, page } = await phonePage(journey.browser);
    await playerSignUp(page, journey.server, email, 'goal2026x');
    await headerBalance(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Me', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/game$/);

    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await screenshot(page, 'forgot-password-link');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/#\/email-forgot-password$/);
    // The login page (with its own E-mail field) stays on screen while the lazy page loads: wait for the new page.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await emailCodeEnter(page, journey.server, email);
    await page.getByLabel('New password').fill('fresh2027y');
    await screenshot(page, 'forgot-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(/#\/game$/);
    await page.getByText('Your new password is set and you are logged in.').waitFor();
    expect(await headerBalance(page)).toContain('0.00');

    await page.getByRole('navigation').getByRole('link', { name: 'Me', exact: true }).click();
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
