import { describe, expect, it } from 'vitest';
import { guestConsent, accessibilityCheck, journeySetup, phonePage, screenshot, welcomeDismiss } from './fixtures.ts';

const BRAZIL = 'piranha.com.br';
const INDIA = 'tigerin.in';
const VIETNAM = 'lotusvn.vn';

describe('The shell, through the real server and Chromium', () => {
  const journey = journeySetup([BRAZIL, INDIA, VIETNAM]);

  it('A Brazilian player reads the licence, 18+ and legal links at the foot of the lobby and opens the terms', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${BRAZIL}/#/sport`);
    await welcomeDismiss(page);
    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => footer.textContent()).toContain('Piranha opera com licença de SPA/MF.');
    expect(await footer.textContent()).toContain('Somente para maiores de 18 anos');
    await screenshot(page, 'shell-footer-pt');
    await accessibilityCheck(page, 'shell-footer-pt', '[data-testid="site-footer"]');

    await footer.getByRole('link', { name: 'Termos e condições' }).click();
    await page.waitForURL(/#\/terms$/);
    await page.getByRole('heading', { name: 'Termos e condições' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('support@piranha.com.br');
    await screenshot(page, 'shell-terms-pt');
    await accessibilityCheck(page, 'shell-terms-pt', 'main');
    await context.close();
  });

  it('An Indian player following a link to a page the brand does not offer is told so, not sent to sports', async () => {
    const { context, page } = await phonePage(journey.browser);
    // /thin/pdd is a spec page this build does not route yet (share-to-cash-out); pop-ups stay away from /thin paths,
    // so none covers the message.
    await page.goto(`http://${INDIA}/#/thin/pdd`);
    await page.getByRole('heading', { name: 'Page not available' }).waitFor();
    expect(page.url()).toMatch(/#\/thin\/pdd$/);
    await screenshot(page, 'shell-not-offered-en');
    await accessibilityCheck(page, 'shell-not-offered-en');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => !url.hash.includes('thin/pdd'));
    await welcomeDismiss(page);

    await page.goto(`http://${INDIA}/#/responsible-gaming`);
    await page.getByRole('heading', { name: 'Responsible gambling' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('aged 18 or over');
    await screenshot(page, 'shell-responsible-en');

    // Issue 15: a password typed on a phone keyboard can be read back before signing up.
    await page.goto(`http://${INDIA}/#/email-register`);
    const password = page.getByLabel('Password');
    await password.fill('tiger2026');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Hide', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'shell-register-password-shown-en');
    await accessibilityCheck(page, 'shell-register-password-shown-en', 'main');
    await context.close();
  });

  // Issue 15: the spec's vm-VI code is not Intl's (dates fell back to US style), and ₫ 30.00 was a minimum worth nothing.
  it('A Vietnamese guest reads a whole-dong minimum and vi-VN dates', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.goto(`http://${VIETNAM}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Chơi với tư cách khách' }).click();
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);

    await page.goto(`http://${VIETNAM}/#/deposit`);
    await page.getByRole('radio', { name: 'Chuyển khoản ngân hàng' }).click();
    await page.getByLabel('Số tiền').fill('20.000');
    await page.getByText(/^Số tiền nạp tối thiểu là ₫\s30\.000\.$/).waitFor();
    await screenshot(page, 'shell-vn-deposit-minimum');
    await accessibilityCheck(page, 'shell-vn-deposit-minimum');

    await page.getByLabel('Số tiền').fill('30.000');
    await page.getByRole('button', { name: /^Nạp ₫\s30\.000$/ }).click();
    await page.waitForURL(/#\/deposit-wait\?order_id=/);
    await page.goto(`http://${VIETNAM}/#/transaction`);
    const item = page
      .getByRole('main')
      .getByText(/₫\s30\.000/)
      .first();
    await item.waitFor();
    // vi-VN's medium date: "01:30 28 thg 11, 2026" (US style would be "Nov 28, 2026, 1:30 AM").
    await expect.poll(async () => (await page.getByRole('main').textContent()) ?? '').toMatch(/\d{2}:\d{2} \d{1,2} thg \d{1,2}, \d{4}/);
    await screenshot(page, 'shell-vn-transactions');
    await accessibilityCheck(page, 'shell-vn-transactions');
    await context.close();
  });
});
