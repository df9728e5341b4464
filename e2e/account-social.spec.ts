import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { variantFindByKey } from '@piranha/domain';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { initDataSign } from '../apps/server/src/providers/telegram/telegram-init-data.ts';
import { guestConsent, headerBalance, JOURNEY, journeySetup, phonePage, screenshot, touristStart, welcomeDismiss } from './fixtures.ts';

/** A brand that hides social sign-in (flag hideSocialLogin). */
const HIDDEN_SOCIAL = 'pororoca.com.br';
const BOT_TOKEN = '7000000003:TEST-e2e-bot';
const GIS_URL = 'https://accounts.google.com/gsi/client';

/**
 * Google's script cannot load on this machine, so the journeys serve a stand-in at its address: it draws a button that
 * hands the app an ID token this file signed, verified by the server against this file's key set like Google's.
 */
const FAKE_GIS = `
window.google = { accounts: { id: {
  initialize(options) { window.__gis = options; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__gis.callback({ credential: window.__googleCredential });
    parent.appendChild(button);
  },
} } };`;

let privateKey: CryptoKey;
let jwksFile: string;
const KID = 'e2e-google-key';

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  jwksFile = join(mkdtempSync(join(tmpdir(), 'piranha-e2e-jwks-')), 'jwks.json');
  writeFileSync(jwksFile, JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] }));
});

async function googleCredential(sub: string): Promise<string> {
  return new SignJWT({ email: `${sub}@gmail.com`, email_verified: true, name: 'E2E Player' })
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .setIssuer('https://accounts.google.com')
    .setAudience(variantFindByKey(JOURNEY.appKey)!.socialClientId)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

async function googleServe(page: Page, sub: string): Promise<void> {
  await page.addInitScript((credential) => Object.assign(window, { __googleCredential: credential }), await googleCredential(sub));
  await page.route(GIS_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_GIS }));
}

describe('Google and Telegram sign-in, through the real server and Chromium', () => {
  const journey = journeySetup([JOURNEY.host, HIDDEN_SOCIAL], () => ({ GOOGLE_JWKS_FILE: jwksFile, TELEGRAM_BOT_TOKEN: BOT_TOKEN }));

  it('A visitor signs up with Google on the login page after confirming age and terms, and signs in again unasked', async () => {
    const sub = `1097${Date.now()}`;
    const { context, page } = await phonePage(journey.browser);
    await googleServe(page, sub);
    await page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(page);
    await screenshot(page, 'login-google');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    // A first Google sign-in creates an account: the age and the terms are asked first (decision 040).
    await page.getByRole('dialog', { name: 'Before you play' }).waitFor();
    await screenshot(page, 'google-consent');
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);
    expect(await headerBalance(page)).toContain('0.00');
    await context.close();

    const again = await phonePage(journey.browser);
    await googleServe(again.page, sub);
    await again.page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(again.page);
    await again.page.getByRole('button', { name: 'Sign in with Google' }).click();
    await again.page.waitForURL(/#\/game$/);
    expect(await again.page.getByRole('dialog', { name: 'Before you play' }).count()).toBe(0);
    await again.context.close();
  });

  it('The Google button is absent when Google cannot be reached, and on a brand that hides social sign-in', async () => {
    const { context, page } = await phonePage(journey.browser);
    await page.route(GIS_URL, (route) => route.abort('internetdisconnected'));
    await page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(page);
    await page.getByRole('button', { name: 'Play as a guest' }).waitFor();
    await expect.poll(() => page.getByTestId('google-sign-in').count()).toBe(0);
    await context.close();

    // A script that never answers (a firewall dropping packets): while it is awaited no "or" and no empty slot show.
    const stalled = await phonePage(journey.browser);
    await stalled.page.route(GIS_URL, () => undefined);
    await stalled.page.goto(`http://${JOURNEY.host}/#/loginb`);
    await welcomeDismiss(stalled.page);
    await stalled.page.getByRole('button', { name: 'Play as a guest' }).waitFor();
    expect(await stalled.page.getByTestId('google-sign-in').isVisible()).toBe(false);
    // The one "or" left is the guest button's divider; the Google block adds none while its script is awaited.
    expect(await stalled.page.getByText('or', { exact: true }).count()).toBe(1);
    await stalled.context.close();

    const hidden = await phonePage(journey.browser);
    await googleServe(hidden.page, `1097${Date.now()}`);
    await hidden.page.goto(`http://${HIDDEN_SOCIAL}/#/loginb`);
    await welcomeDismiss(hidden.page);
    await hidden.page.getByRole('tab').first().waitFor();
    expect(await hidden.page.getByTestId('google-sign-in').count()).toBe(0);
    await hidden.context.close();
  });

  it('A tourist links Google from the account page and becomes a registered player', async () => {
    const { context, page } = await phonePage(journey.browser);
    const sub = `1098${Date.now()}`;
    await googleServe(page, sub);
    await touristStart(page);
    // The page's list of sessions is held in flight under the tourist's session until the link is made: linking
    // revokes that session, so it comes back 604 — about a session already replaced, which must not sign the new
    // player out.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldSid: string | undefined;
    await page.route('**/api/piranha/user/account/session/list?**', async (route) => {
      if (heldSid === undefined) {
        heldSid = route.request().headers()['session-sid'] ?? '';
        await released;
      }
      return route.continue();
    });
    await page.goto(`http://${JOURNEY.host}/#/setting/account-info`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText('Your Google account is now linked.').waitFor();
    const stale = page.waitForResponse((response) => response.url().includes('/session/list') && response.request().headers()['session-sid'] === heldSid);
    // The app reports the failed call as it handles the 604: once the report is sent, the 604 has been handled.
    const reported = page.waitForRequest(
      (request) => request.url().includes('/api/v1/component/app/error/report') && request.postData()?.includes('session/list') === true,
    );
    release();
    expect(((await (await stale).json()) as { dm_error: number }).dm_error).toBe(604);
    await reported;
    await page.getByText(sub, { exact: true }).waitFor();
    // The provider is named as players know it, not as the API spells it.
    await page.getByText('Google', { exact: true }).waitFor();
    expect(page.url()).toMatch(/#\/setting\/account-info$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? 'null') as { visitor: boolean } | null)).toMatchObject({
      visitor: false,
    });
    await screenshot(page, 'account-info-google-linked');
    await page.goto(`http://${JOURNEY.host}/#/me`);
    await page.getByText(`${sub}@gmail.com`).waitFor();
    expect(await page.getByText('Guest account').count()).toBe(0);
    await context.close();
  });

  it('Inside the Telegram mini app a visitor is signed in from the launch data alone', async () => {
    const { context, page } = await phonePage(journey.browser);
    const initData = initDataSign(
      { auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAH-e2e', user: JSON.stringify({ id: Date.now() % 1e9, first_name: 'Tele' }) },
      BOT_TOKEN,
    );
    await page.goto(`http://${JOURNEY.host}/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android`);
    // The first launch creates the account: the age and the terms are asked in the sheet.
    await page.getByRole('dialog', { name: 'Before you play' }).waitFor();
    await guestConsent(page);
    expect(await headerBalance(page)).toContain('0.00');
    await screenshot(page, 'telegram-signed-in');
    await context.close();
  });
});
