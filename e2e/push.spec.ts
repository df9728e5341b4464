import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { pushStandInStart, type PushStandIn } from '../apps/server/test/push-stand-in.ts';
import { guestConsent, journeySetup, OPS_TOKEN, phoneContext, screenshot, welcomeDismiss } from './fixtures.ts';

/**
 * Web push (issue 21, decision 035) in Chromium. What is real: the notification permission (granted through the
 * Playwright context), the notification bar's tap, the service worker served as /sw.js, POST /api/push/register and
 * the report, the operator send, the server's VAPID-signed aes128gcm request to a push service (the test's stand-in,
 * which checks the JWT and decrypts the body), the service worker's push handler (a trusted push event delivered by
 * Chromium's DevTools protocol with the body the stand-in decrypted), the notification it shows and its click handler
 * opening the hash route.
 * What is not: Chromium subscribes only through Google's push service, which is out of reach offline (its
 * subscribe() never resolves), so `pushManager.subscribe` is replaced in the page by one that answers the stand-in's
 * subscription, and the browser's own decryption and delivery of a push are skipped; the click is a
 * NotificationEvent dispatched in the worker on the notification it shows (headless Chromium draws none to tap).
 */
let standIn: PushStandIn;
beforeAll(async () => {
  standIn = await pushStandInStart();
});
afterAll(async () => {
  await standIn?.close();
});
// 127.0.0.1 is a secure context (service workers and push need one); the brand is the one the address resolves to.
const journey = journeySetup([], () => ({ PUSH_ENDPOINT_ORIGINS: standIn.origin }));

/** A phone whose Push API subscribes to the stand-in; the notifications permission is still to be asked for. */
async function pushPhone(language?: string): Promise<{ context: BrowserContext; page: Page; subscriptionId: string }> {
  const context = await phoneContext(journey.browser);
  const subscription = standIn.subscribe();
  await context.addInitScript(
    ({ json, language: lang }) => {
      if (lang) localStorage.setItem('pir.language', JSON.stringify(lang));
      let current: PushSubscription | null = null;
      const made = (key: ArrayBuffer | null) =>
        ({
          endpoint: json.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: key },
          toJSON: () => json,
          getKey: () => null,
          unsubscribe: async () => true,
        }) as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => current;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey as Uint8Array;
        (window as unknown as { subscribedWith: unknown }).subscribedWith = {
          userVisibleOnly: options?.userVisibleOnly,
          key: btoa(String.fromCharCode(...key)),
        };
        current = made(key.buffer as ArrayBuffer);
        return current;
      };
    },
    { json: subscription.json, language },
  );
  return { context, page: await context.newPage(), subscriptionId: subscription.id };
}

/** The journey's server answers /healthz (on a loaded machine it may need longer than the fixture waits). */
async function serverHealthy(origin: string): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`${origin}/healthz`).then(
          (response) => response.ok,
          () => false,
        ),
      { timeout: 240_000, interval: 1_000 },
    )
    .toBe(true);
}

async function guestStart(page: Page, origin: string): Promise<void> {
  await serverHealthy(origin);
  await page.goto(`${origin}/#/loginb`);
  await welcomeDismiss(page);
  await page.getByRole('button', { name: /guest|convidado|invitado/i }).click();
  await guestConsent(page);
  await page.waitForURL(/#\/game$/);
}

describe('web push', () => {
  it('a player turns notifications on from the bar, an operator send arrives, and tapping it opens its page', async () => {
    const origin = journey.server.origin;
    const { context, page, subscriptionId } = await pushPhone('en-US');
    await guestStart(page, origin);
    const bar = page.getByTestId('notification-bar');
    await bar.waitFor();
    await screenshot(page, 'push-bar-en');

    // The player accepts the browser's prompt: the permission is granted through the Playwright context.
    await context.grantPermissions(['notifications'], { origin });
    const registered = page.waitForRequest((request) => request.url().includes('/api/push/register'));
    await bar.getByRole('button', { name: 'Turn on' }).click();
    const registration = await registered;
    await page.getByText('Notifications are on.').waitFor();
    await bar.waitFor({ state: 'detached' });
    const appKey = registration.headers()['app-key']!;
    const { uid } = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number });
    // The page subscribed with the deployment's VAPID key.
    const vapid = (await (await fetch(`${origin}/api/push/vapid_key`)).json()) as { data: { public_key: string } };
    const subscribedWith = await page.evaluate(() => (window as unknown as { subscribedWith: { userVisibleOnly: boolean; key: string } }).subscribedWith);
    expect(subscribedWith.userVisibleOnly).toBe(true);
    expect(Buffer.from(subscribedWith.key, 'base64').toString('base64url')).toBe(vapid.data.public_key);
    standIn.expectKey(vapid.data.public_key);

    const sent = await fetch(`${origin}/api/ops/push/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        app_key: appKey,
        audience: { kind: 'player', uid },
        texts: { 'en-US': { title: 'Your bonus is waiting', body: 'Open your messages' }, 'pt-BR': { title: 'Seu bônus espera', body: 'Abra suas mensagens' } },
        link: '/message-center',
      }),
    }).then((response) => response.json() as Promise<{ dm_error: number; data: { subscriptions: number } }>);
    expect(sent).toMatchObject({ dm_error: 0, data: { subscriptions: 1 } });
    // The server's request reaches the stand-in, signed and encrypted as RFC 8292/8291 say (it refuses anything else).
    await expect.poll(() => standIn.messages(subscriptionId).length, { timeout: 20_000 }).toBe(1);
    expect(standIn.log.filter((entry) => entry.status !== 201)).toEqual([]);
    const plaintext = standIn.messages(subscriptionId)[0]!;
    expect(JSON.parse(plaintext)).toMatchObject({ title: 'Your bonus is waiting', link: '#/message-center', lang: 'en-US' });

    // Chromium delivers that body to the service worker as a trusted push event.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const found = event.registrations.find((entry) => entry.scopeURL === `${origin}/` && !entry.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const id = await registrationId;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: plaintext });
    const worker = context.serviceWorkers().find((entry) => entry.url() === `${origin}/sw.js`) ?? (await context.waitForEvent('serviceworker'));
    const shown = () =>
      worker.evaluate(async () => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration };
        return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
      });
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([{ title: 'Your bonus is waiting', body: 'Open your messages', data: expect.objectContaining({ link: '#/message-center' }) }]);
    // The same push again (a send retried after a lost answer) is dropped by the id cache.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: plaintext });
    const ids = () =>
      worker.evaluate(async () => {
        const stored = await (await caches.open('pir-push-ids-v1')).match('/__push-ids');
        return stored ? ((await stored.json()) as string[]) : [];
      });
    await expect.poll(ids).toEqual([JSON.parse(plaintext).id]);

    // Tapping the notification opens its page in the open app with ?push=operator, and the page records push_opened
    // (decision 041) and takes the parameter away.
    const opened = page.waitForRequest((request) => request.method() === 'POST' && (request.postData() ?? '').includes('"push_opened"'), { timeout: 30_000 });
    await worker.evaluate(async () => {
      type Scope = { registration: ServiceWorkerRegistration; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications();
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    const tracked = await opened;
    expect(tracked.postData()).toContain('"operator"');
    await page.waitForURL(/#\/message-center$/);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('heading', { name: 'Messages' }).first().waitFor();
    await context.close();
  }, 300_000);

  it('the bar in Portuguese, and closing it keeps it away (3 days)', async () => {
    const origin = journey.server.origin;
    const { context, page } = await pushPhone('pt-BR');
    await guestStart(page, origin);
    const bar = page.getByTestId('notification-bar');
    await bar.getByRole('button', { name: 'Ativar' }).waitFor();
    await screenshot(page, 'push-bar-pt');
    await bar.getByRole('button', { name: 'Agora não' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForURL(/#\/game$/);
    await page.getByRole('banner').first().waitFor();
    expect(await page.getByTestId('notification-bar').count()).toBe(0);
    await context.close();
  }, 300_000);
});
