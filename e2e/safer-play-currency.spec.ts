import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { guestConsent, journeySetup, phonePage, screenshot, welcomeDismiss } from './fixtures.ts';

// Limits per currency on a multi-currency brand (issue 20, decision 065): a guest on Orbit (USDT, with local money)
// sets a daily deposit limit in USDT, is refused a PIX deposit in reais with the reason (a limit must be set for that
// currency) and a link that opens the form on a BRL deposit limit, sets one there, and the deposit goes through. The
// page is shot at 390×844 in English and Portuguese.

const MULTI = 'orbit.com';
const journey = journeySetup([MULTI]);

async function saferPlayOpen(page: Page): Promise<void> {
  await page.goto(`http://${MULTI}/#/setting/safer-play`);
  await page.getByTestId('limit-save').waitFor();
}

async function limitSave(page: Page, currency: string, amount: string): Promise<void> {
  await page.getByTestId('limit-kind').selectOption('deposit');
  await page.getByTestId('limit-period').selectOption('day');
  await page.getByTestId('limit-currency').selectOption(currency);
  await page.getByTestId('limit-amount').fill(amount);
  await page.getByTestId('limit-save').click();
  // The "saved" toast covers the form's foot for a moment: wait it out so the screenshots show the page.
  await page.getByText('Limit saved').waitFor();
  await page.getByText('Limit saved').waitFor({ state: 'detached', timeout: 15_000 });
}

/** The deposit page's local money in reais: PIX, R$ 100. */
async function pixDeposit(page: Page): Promise<void> {
  await page.goto(`http://${MULTI}/#/deposit`);
  const invite = page.getByRole('dialog');
  if (await invite.isVisible().catch(() => false)) await invite.getByRole('button', { name: /guest/i }).click();
  await page.getByRole('tab', { name: 'Local money' }).click();
  await page.getByRole('radio', { name: 'BRL' }).click();
  await page.getByRole('radio', { name: 'PIX' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByRole('button', { name: /^Deposit .*100\.00/ }).click();
}

describe('Limits per currency, through the real server and Chromium', () => {
  it('a USDT deposit limit refuses a BRL deposit until BRL has its own limit', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${MULTI}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);

    await saferPlayOpen(page);
    // A multi-currency brand offers its currencies; the brand's own is picked first.
    await expect.poll(() => page.getByTestId('limit-currency').inputValue()).toBe('USDT');
    await limitSave(page, 'USDT', '500');
    await expect.poll(async () => (await page.getByTestId('limit-deposit-day').textContent()) ?? '').toMatch(/Daily deposit limit · USDT/);

    await pixDeposit(page);
    await expect
      .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '), { timeout: 15_000 })
      .toMatch(/Your limits are set in another currency\. Set a limit for this currency/);
    await screenshot(page, 'safer-play-currency-refused-en');

    // The refusal links to the limit it names: the form opens on a deposit limit in BRL, and saving it goes back to
    // the deposit page.
    await page.getByTestId('limit-currency-set').filter({ hasText: 'Set a deposit limit in BRL' }).click();
    await page.getByTestId('limit-save').waitFor();
    await expect.poll(() => page.getByTestId('limit-kind').inputValue()).toBe('deposit');
    await expect.poll(() => page.getByTestId('limit-currency').inputValue()).toBe('BRL');
    await page.getByTestId('limit-amount').fill('300');
    await page.getByTestId('limit-save').click();
    await page.waitForURL(/#\/deposit/);

    await saferPlayOpen(page);
    const brl = page.getByTestId('limit-deposit-day-BRL');
    await expect.poll(async () => (await brl.textContent()) ?? '').toMatch(/Daily deposit limit · BRL.*300\.00/);
    await page.getByTestId('limit-currency').scrollIntoViewIfNeeded();
    await screenshot(page, 'safer-play-currency-en');

    await pixDeposit(page);
    await page.getByRole('link', { name: 'Open the payment page' }).waitFor({ timeout: 15_000 });

    // The same page in Portuguese: both limits, each naming its currency, and the picker's hint.
    await page.evaluate(() => localStorage.setItem('pir.language', JSON.stringify('pt-BR')));
    await page.goto(`http://${MULTI}/#/setting/safer-play`);
    await page.reload();
    await page.getByTestId('limit-save').waitFor();
    await expect.poll(async () => (await page.getByTestId('limit-deposit-day-BRL').textContent()) ?? '').toMatch(/· BRL/);
    await page.getByText('Um limite conta só a própria moeda').waitFor();
    await page.getByTestId('limit-currency').scrollIntoViewIfNeeded();
    await screenshot(page, 'safer-play-currency-pt');

    // Signed in on a multi-currency brand, the header's row holds the currency picker, the balance and "Depositar":
    // every control stays inside a phone's width, down to 360 px (the deposit button once ran past the edge).
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll('header a, header button')]
          .filter((control) => control.getBoundingClientRect().width > 0 && control.getBoundingClientRect().right > window.innerWidth - 4)
          .map((control) => control.textContent),
      );
      expect(outside, `${width} px`).toEqual([]);
    }
    await context.close();
  });
});
