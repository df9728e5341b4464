import { describe, expect, it } from 'vitest';
import { JOURNEY, journeySetup, phonePage, playerSignUp, screenshot, welcomeDismiss } from './fixtures.ts';

const PASSWORD = 'goal2026x';

describe('Account settings, through the real server and Chromium', () => {
  const journey = journeySetup();

  it('A player renames the nick, switches to Português, and finds both kept after a reload', async () => {
    const email = `nick-${Date.now()}@example.com`;
    const { context, page } = await phonePage(journey.browser);
    await playerSignUp(page, journey.server, email, PASSWORD);

    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/#\/setting$/);
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(/#\/setting\/account-info$/);
    await page.getByText(email).waitFor();
    await page.getByText('This device').waitFor();
    await screenshot(page, 'account-info');

    // A name the contract refuses is explained under the field, in the player's language.
    const nick = page.getByLabel('Nickname');
    await nick.fill('<b>');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').waitFor();
    await screenshot(page, 'account-info-nick-error');

    await nick.fill('Goal Getter');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nickname saved').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

    await page.goto(`http://${JOURNEY.host}/#/setting/language`);
    await page.getByText('Português').click();
    await page.getByRole('heading', { name: 'Idioma', level: 1 }).waitFor();
    await page.reload();
    await page.goto(`http://${JOURNEY.host}/#/setting/account-info`);
    await page.getByRole('heading', { name: 'Dados da conta' }).waitFor();
    expect(await page.getByLabel('Apelido').inputValue()).toBe('Goal Getter');
    await screenshot(page, 'account-info-pt');
    await context.close();

    // The language is saved to the account: signing in on a new device opens in Portuguese.
    const { context: other, page: second } = await phonePage(journey.browser);
    await second.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(second);
    await second.getByLabel('E-mail').fill(email);
    await second.getByLabel('Password').fill(PASSWORD);
    await second.getByRole('button', { name: 'Log in' }).click();
    await second.waitForURL(/#\/game$/);
    await second.getByRole('navigation').getByRole('link', { name: 'Cassino' }).waitFor();
    await other.close();
  });

  it('A player closes the account and can no longer log in', async () => {
    const email = `close-${Date.now()}@example.com`;
    const { context, page } = await phonePage(journey.browser);
    await playerSignUp(page, journey.server, email, PASSWORD);

    await page.goto(`http://${JOURNEY.host}/#/setting/account-info`);
    await page.getByRole('link', { name: 'Close account' }).click();
    await page.waitForURL(/#\/setting\/account-cancellation$/);
    await page.getByRole('button', { name: 'I want to close my account' }).click();
    await screenshot(page, 'account-cancellation-confirm');
    await page.getByRole('button', { name: 'Yes, close my account for good' }).click();
    await page.waitForURL(/#\/game$/);
    await page.getByText('Your account is closed.').waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await screenshot(page, 'account-closed-game');

    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.waitForURL(/#\/loginb/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('This account has been closed and can no longer be used.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    await screenshot(page, 'account-closed-login');
    await context.close();
  });
});
