import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellProofSign } from '../apps/server/src/modules/area/area.service.ts';
import { fcmStandInStart, type FcmStandIn } from '../apps/server/test/native-push-stand-in.ts';
import { JOURNEY, OPS_TOKEN, guestConsent, headerBalance, journeySetup, phoneContext, screenshot, welcomeDismiss } from './fixtures.ts';

/**
 * The native shell (issue 22; decision 062) played by a stand-in: `window.ReactNativeWebView` hands each message the page
 * posts to this file, which records it and answers as the store app would, over the window's `message` event. The brand's
 * own country is blocked in this run, so only a shell that proves itself with the brand's key gets past the area check.
 */
const SHELL_KEY = 'e2e-eaglebet-native-shell-key-0123456789abcdef';
const DEVICE_ID = 'e2e-shell-device-000001';
/** The Android shell's FCM token (decision 073); Google's token endpoint and FCM are a local stand-in (server tests' own). */
const PUSH_TOKEN = `e2eShell01:APA91b${'e2e_native_push_token_'.repeat(6)}`;
let fcm: FcmStandIn;
beforeAll(async () => {
  fcm = await fcmStandInStart(() => Math.floor(Date.now() / 1000));
});
afterAll(() => fcm?.close());
const journey = journeySetup([JOURNEY.host], () => ({
  BLOCKED_COUNTRIES: 'PA',
  NATIVE_SHELL_KEYS: `eaglebet=${SHELL_KEY}`,
  PUSH_ENDPOINT_ORIGINS: fcm.origin,
  PUSH_FCM_SERVICE_ACCOUNT_FILE: fcm.accountFile,
  PUSH_FCM_BASE_URL: fcm.origin,
}));

interface ShellMessage {
  v: number;
  id: string;
  type: string;
  payload?: Record<string, unknown>;
}

interface ShellStandIn {
  context: BrowserContext;
  page: Page;
  /** Every message the page posted, in order. */
  received: ShellMessage[];
  /** Sends the page a request of the shell's own (hardware back) and resolves with the page's reply. */
  shellRequest: (type: string) => Promise<ShellMessage>;
}

async function shellOpen(options: { proves: boolean }): Promise<ShellStandIn> {
  const context = await phoneContext(journey.browser);
  const page = await context.newPage();
  const received: ShellMessage[] = [];
  const replyWaiters = new Map<string, (message: ShellMessage) => void>();
  const send = (message: ShellMessage) =>
    page.evaluate((text) => window.dispatchEvent(new MessageEvent('message', { data: text })), JSON.stringify(message)).catch(() => undefined);
  const answers: Record<string, (payload: Record<string, unknown>) => unknown> = {
    hello: () => ({ v: 1, shell: 'e2e-stand-in' }),
    device_id: () => ({ device_id: DEVICE_ID }),
    safe_area: () => ({ top: 24, right: 0, bottom: 20, left: 0 }),
    open_external: () => ({ opened: true }),
    share: () => ({ shared: true }),
    push_token: () => ({ token: PUSH_TOKEN, push_type: 'fcm' }),
    // The store app signs with the brand's key; a shell without it (a page faking the user agent) cannot.
    attest: (payload) => (options.proves ? { proof: shellProofSign(SHELL_KEY, String(payload.app_key), Number(payload.time_s)) } : undefined),
  };
  await page.exposeFunction('__shellReceive', (text: string) => {
    const message = JSON.parse(text) as ShellMessage;
    received.push(message);
    if (message.type === 'reply') return replyWaiters.get(message.id)?.(message);
    const answer = answers[message.type];
    if (!answer) return;
    const data = answer(message.payload ?? {});
    void send({ v: 1, id: message.id, type: 'reply', payload: data === undefined ? { ok: false, error: 'no key' } : { ok: true, data } });
  });
  await page.addInitScript(() => {
    Object.assign(window, {
      ReactNativeWebView: { postMessage: (text: string) => void (window as unknown as { __shellReceive: (t: string) => void }).__shellReceive(text) },
    });
  });
  let shellIds = 0;
  return {
    context,
    page,
    received,
    shellRequest: (type) =>
      new Promise((resolve) => {
        const id = `s${(shellIds += 1)}`;
        replyWaiters.set(id, resolve);
        void send({ v: 1, id, type, payload: {} });
      }),
  };
}

describe('The native shell, played by a stand-in in Chromium', () => {
  it('A browser in a blocked country, and a page that only claims to be the shell, see the forbidden page', async () => {
    const browser = await phoneContext(journey.browser);
    const page = await browser.newPage();
    await page.goto(`http://${JOURNEY.host}/#/game`);
    await page.waitForURL(/#\/forbidden$/);
    await browser.close();

    const faker = await shellOpen({ proves: false });
    await faker.page.goto(`http://${JOURNEY.host}/#/game`);
    await faker.page.waitForURL(/#\/forbidden$/);
    expect(faker.received.some((message) => message.type === 'attest')).toBe(true);
    await faker.context.close();
  });

  it('The shell passes its device id, is told when the page is ready, opens a help link outside, and handles back', async () => {
    const shell = await shellOpen({ proves: true });
    const { page, received } = shell;
    await page.goto(`http://${JOURNEY.host}/#/game`);
    // The loader of the shell closes when the page says it is ready (its first screen has data and resources).
    await expect
      .poll(() => received.filter((message) => message.type === 'loading').map((message) => message.payload), { timeout: 20_000 })
      .toEqual([{ state: 'ready' }]);
    expect(received.map((message) => message.type)).toEqual(expect.arrayContaining(['hello', 'device_id', 'safe_area', 'attest']));
    for (const message of received) expect(message).toMatchObject({ v: 1, id: expect.stringMatching(/^w-/) });
    // The shell's own device id is the device id guest play signs in with.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pir.smid') ?? 'null'))).toBe(DEVICE_ID);
    // Its insets pad the layout.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--shell-inset-top').trim())).toBe('24px');
    await page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(page);
    const guestLogin = page.waitForRequest((request) => request.url().includes('visitor_login') || request.url().includes('visitor/login'));
    const pushRegistered = page.waitForResponse((response) => response.url().includes('/api/push/register'));
    await page.getByRole('button', { name: 'Play as a guest' }).click();
    await guestConsent(page);
    expect(`${(await guestLogin).url()} ${(await guestLogin).postData() ?? ''}`).toContain(DEVICE_ID);
    await headerBalance(page);
    expect(page.url()).not.toMatch(/forbidden/);

    // Signed in: the page asked the shell for its push token and registered it as the Android shell's FCM token
    // (decision 073); an operator's send to this player then reaches the stand-in FCM with that token.
    expect(received.some((message) => message.type === 'push_token')).toBe(true);
    const registration = await pushRegistered;
    expect(registration.request().postDataJSON()).toMatchObject({ platform: 'android', device_id: DEVICE_ID, meta: [{ token: PUSH_TOKEN, push_type: 'fcm' }] });
    expect(((await registration.json()) as { dm_error: number }).dm_error).toBe(0);
    const uid = await page.evaluate(() => (JSON.parse(localStorage.getItem('pir.session') ?? 'null') as { uid: number }).uid);
    const sent = await fetch(`${journey.server.origin}/api/ops/push/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        app_key: 'eaglebet',
        audience: { kind: 'player', uid },
        texts: { 'en-US': { title: 'Shell push', body: 'Hello' } },
        link: '/deposit',
      }),
    });
    expect(((await sent.json()) as { data: { subscriptions: number } }).data.subscriptions).toBe(1);
    await expect.poll(() => fcm.messages(PUSH_TOKEN).length, { timeout: 20_000 }).toBe(1);
    expect(fcm.messages(PUSH_TOKEN)[0]).toMatchObject({ token: PUSH_TOKEN, notification: { title: 'Shell push', body: 'Hello' }, data: { link: '#/deposit' } });

    // A help link to another site goes to the shell, and the web view stays on our page.
    await page.goto(`http://${JOURNEY.host}/#/setting`);
    await page.getByRole('button', { name: 'Help and support' }).click();
    await page.getByRole('link', { name: 'Help centre' }).click();
    await expect
      .poll(() => received.filter((message) => message.type === 'open_external').map((message) => message.payload), { timeout: 10_000 })
      .toEqual([{ url: 'https://help.eaglebet.com/' }]);
    expect(page.url()).toMatch(/#\/setting$/);
    await screenshot(page, 'native-shell-setting');

    // Hardware back: on a page the app navigated to, the page goes back and says so; on a tab page with nothing of ours
    // behind it, it says no (the shell may close).
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: /Language/ }).click();
    await page.waitForURL(/#\/setting\/language$/);
    expect((await shell.shellRequest('back')).payload).toEqual({ ok: true, data: { handled: true } });
    await page.waitForURL(/#\/setting$/);
    expect((await shell.shellRequest('back')).payload).toEqual({ ok: true, data: { handled: false } });
    expect(page.url()).toMatch(/#\/setting$/);

    // The shell's page mapping: no download page inside the store app; noHeader/noSke on a money page.
    await page.goto(`http://${JOURNEY.host}/#/download`);
    await page.waitForURL((url) => !url.hash.startsWith('#/download'));
    await page.goto(`http://${JOURNEY.host}/#/deposit?noSke=1&noHeader=1`);
    await page.getByRole('heading', { name: 'Payment method' }).waitFor();
    expect(await page.getByRole('button', { name: 'Refresh balance' }).count()).toBe(0);
    await screenshot(page, 'native-shell-deposit-no-header');
    await shell.context.close();
  }, 180_000);
});
