import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { initDataSign } from '../apps/server/src/providers/telegram/telegram-init-data.ts';
import { guestConsent, headerBalance, JOURNEY, journeySetup, phonePage, screenshot, touristStart } from './fixtures.ts';

/**
 * The messaging mini app (issue 22; decision 062). Telegram opens the app with signed launch data in the hash; the app
 * then loads Telegram's script, which this file serves as a stand-in recording what the app asks of it (like the real
 * one, it reads the launch parameters the app kept in sessionStorage). initData is signed with this run's test bot, one
 * of the brand's several bots.
 */
const DEV_BOT = '7200000001:TEST-e2e-dev-bot';
const TEST_BOT = '7200000002:TEST-e2e-test-bot';
const journey = journeySetup([JOURNEY.host], () => ({ TELEGRAM_BOT_TOKENS: `eaglebet=${DEV_BOT},eaglebet=${TEST_BOT}` }));
const TELEGRAM_SCRIPT = 'https://telegram.org/js/telegram-web-app.js';
const THEME = { bg_color: '#17212b', text_color: '#f5f5f5', button_color: '#5288c1', button_text_color: '#ffffff' };

const STAND_IN = `
(() => {
  const stored = JSON.parse(sessionStorage.getItem('__telegram__initParams') || '{}');
  const calls = [];
  const handlers = { back: [], main: [] };
  const button = (name) => ({
    isVisible: false,
    show() { this.isVisible = true; },
    hide() { this.isVisible = false; },
    onClick(callback) { handlers[name].push(callback); },
    offClick(callback) { handlers[name] = handlers[name].filter((entry) => entry !== callback); },
  });
  const MainButton = Object.assign(button('main'), {
    text: '', isActive: true,
    setParams(params) {
      if ('text' in params) this.text = params.text;
      if ('is_visible' in params) this.isVisible = params.is_visible;
      if ('is_active' in params) this.isActive = params.is_active;
    },
    showProgress() {}, hideProgress() {},
  });
  window.Telegram = { WebApp: {
    initData: stored.tgWebAppData || '', version: stored.tgWebAppVersion || '6.0', colorScheme: 'dark',
    themeParams: JSON.parse(stored.tgWebAppThemeParams || '{}'),
    ready() { calls.push('ready'); }, expand() { calls.push('expand'); },
    setHeaderColor(color) { calls.push('header ' + color); }, setBackgroundColor(color) { calls.push('background ' + color); },
    onEvent() {}, openLink(url) { calls.push('openLink ' + url); }, openTelegramLink(url) { calls.push('telegramLink ' + url); },
    BackButton: button('back'), MainButton,
    HapticFeedback: { notificationOccurred(type) { calls.push('haptic ' + type); } },
  } };
  window.__tg = { calls, press: (name) => handlers[name].slice().forEach((callback) => callback()) };
})();`;

function telegram(page: Page) {
  return {
    calls: () => page.evaluate(() => (window as unknown as { __tg?: { calls: string[] } }).__tg?.calls ?? []),
    backVisible: () =>
      page.evaluate(() => (window as unknown as { Telegram: { WebApp: { BackButton: { isVisible: boolean } } } }).Telegram.WebApp.BackButton.isVisible),
    mainButton: () =>
      page.evaluate(() => {
        const main = (window as unknown as { Telegram: { WebApp: { MainButton: { isVisible: boolean; text: string } } } }).Telegram.WebApp.MainButton;
        return { visible: main.isVisible, text: main.text };
      }),
    press: (name: 'back' | 'main') => page.evaluate((button) => (window as unknown as { __tg: { press: (b: string) => void } }).__tg.press(button), name),
    /** In-app navigation as a tap would do it: the page is not reloaded (a reload drops the launch hash). */
    go: (path: string) => page.evaluate((hash) => void (window.location.hash = hash), `#${path}`),
  };
}

describe('The Telegram mini app, with a stand-in WebApp in Chromium', () => {
  it('A friend opens the mini app from an invite start_param, is signed in from initData, and uses BackButton and MainButton', async () => {
    // The inviter's code, from their invite page.
    const inviter = await phonePage(journey.browser);
    await touristStart(inviter.page);
    await inviter.page.goto(`http://${JOURNEY.host}/#/activity/invite`);
    const link = (
      (await inviter.page
        .getByRole('status', { name: /Invite link/ })
        .or(inviter.page.getByLabel(/Invite link/))
        .first()
        .textContent()) ?? ''
    ).trim();
    const code = new URL(link).searchParams.get('invite')!;
    expect(code).toMatch(/^P[0-9A-Z]+$/);

    // The friend taps t.me/<bot>/<app>?startapp=<code>: Telegram signs start_param into initData.
    const { context, page } = await phonePage(journey.browser);
    await page.route(TELEGRAM_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body: STAND_IN }));
    const user = JSON.stringify({ id: 800_000_000 + (Date.now() % 1e8), first_name: 'Friend' });
    const initData = initDataSign({ auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAH-e2e-invite', start_param: code, user }, TEST_BOT);
    const bound = page.waitForResponse((response) => response.url().includes('/user/invite/bind'));
    const launch = new URLSearchParams({
      tgWebAppData: initData,
      tgWebAppVersion: '8.0',
      tgWebAppPlatform: 'android',
      tgWebAppThemeParams: JSON.stringify(THEME),
    });
    await page.goto(`http://${JOURNEY.host}/#${launch.toString()}`);
    await page.getByRole('dialog', { name: 'Before you play' }).waitFor();
    await guestConsent(page);
    expect(await (await bound).json()).toMatchObject({ dm_error: 0 });
    await headerBalance(page);
    // UI v3 is on inside the mini app: the root is the new home.
    await page.waitForURL(/#\/home\/slots$/);

    const tg = telegram(page);
    await expect.poll(tg.calls, { timeout: 10_000 }).toEqual(expect.arrayContaining(['expand', 'ready']));
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim())).toBe(THEME.bg_color);
    expect(await tg.backVisible()).toBe(false);

    // The invite is attributed to the friend's new account.
    await tg.go('/activity/invite');
    await page.getByText(`You were invited with code ${code}.`).waitFor();
    await expect.poll(tg.backVisible).toBe(true);
    await screenshot(page, 'telegram-invite');

    // BackButton follows the router: back to the page the app came from, and from a page opened directly, home.
    await page.getByRole('link', { name: /Invited friends/ }).click();
    await page.waitForURL(/#\/activity\/invite-detail$/);
    await tg.press('back');
    await page.waitForURL(/#\/activity\/invite$/);
    await tg.press('back');
    await page.waitForURL(/#\/home\/slots$/);
    await expect.poll(tg.backVisible).toBe(false);

    // The deposit's submit is also Telegram's MainButton, shown on that page only.
    await tg.go('/deposit');
    await page.getByRole('heading', { name: 'Payment method' }).waitFor();
    await expect.poll(tg.mainButton).toEqual({ visible: true, text: 'Deposit' });
    const created = page.waitForRequest((request) => request.url().includes('/payin/order/create'));
    await tg.press('main');
    expect((await created).method()).toBe('POST');
    await tg.go('/home/slots');
    await expect.poll(tg.mainButton).toMatchObject({ visible: false });

    await inviter.context.close();
    await context.close();
  }, 240_000);
});
