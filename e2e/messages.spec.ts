import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  guestSignInPt,
  accessibilityCheck,
  bettorFund,
  journeySetup,
  OPS_TOKEN,
  phonePage,
  screenshot,
  touristStart,
  type RunningServer,
  JOURNEY,
} from './fixtures.ts';

const BRAZIL = 'piranha.com.br';

/** The signed-in player of the page, as the app keeps it. */
function loginOf(page: Page): Promise<{ uid: number; sid: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
}

/** An operator publishes a message through the operator endpoint (decision 028) and answers its id. */
async function publish(server: RunningServer, body: Record<string, unknown>): Promise<string> {
  const answer = (await fetch(`${server.origin}/api/ops/message/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content_type: 1, ...body }),
  }).then((response) => response.json())) as { dm_error: number; data: { message_id: string } };
  expect(answer.dm_error).toBe(0);
  return answer.data.message_id;
}

/** At 390 px the unread count rides on the header's menu button (the bell needs a wider screen). */
const menuButton = (page: Page) => page.getByRole('link', { name: /^Open the menu/ });
const menuLabel = (page: Page) => menuButton(page).getAttribute('aria-label');

describe('Messages, through the real server and Chromium', () => {
  const journey = journeySetup([JOURNEY.host, BRAZIL]);

  it('An operator publishes a message: it reaches the top bar and the message centre, and reading clears the count', async () => {
    const { context, page } = await phonePage(journey.browser);
    await touristStart(page, JOURNEY.host);
    const { uid } = await loginOf(page);
    await expect.poll(() => menuLabel(page)).toBe('Open the menu');

    await publish(journey.server, {
      app_key: JOURNEY.appKey,
      audience: { kind: 'player', uid },
      message_type: 2,
      turn_time: 5,
      allow_close: 1,
      texts: { 'en-US': { title: 'Weekend cricket boost: +10 % on every win', content: 'All weekend long, every cricket win pays 10 % more.' } },
      buttons: [{ text: { 'en-US': 'Deposit' }, link: '/deposit' }],
    });
    await publish(journey.server, {
      app_key: JOURNEY.appKey,
      audience: { kind: 'player', uid },
      message_type: 1,
      content_type: 2,
      texts: {
        'en-US': {
          title: 'New: faster bank-transfer withdrawals',
          content: '<p>Withdrawals by <b>bank transfer</b> now arrive within minutes.</p><script>alert(1)</script><p><a href="/withdraw">Withdraw now</a></p>',
        },
      },
    });

    // The top bar asks again within 15 s (spec §9): no reload needed.
    const bar = page.getByTestId('message-top-bar');
    await bar.waitFor({ timeout: 25_000 });
    expect(await bar.textContent()).toContain('Weekend cricket boost');
    await expect.poll(() => menuLabel(page), { timeout: 20_000 }).toBe('Open the menu, unread messages: 2');
    expect(await page.getByTestId('message-unread-badge').textContent()).toBe('2');
    await screenshot(page, 'messages-top-bar-en');
    await accessibilityCheck(page, 'messages-top-bar-en', '[data-testid="message-top-bar"]');

    await menuButton(page).click();
    await page.waitForURL(/#\/menu$/);
    await page.getByRole('link', { name: /^Messages/ }).waitFor();
    await screenshot(page, 'messages-menu-en');
    await page.getByRole('link', { name: /^Messages/ }).click();
    await page.waitForURL(/#\/message-center$/);
    const items = page.getByTestId('message-item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await page.getByTestId('message-unread-count').textContent()).toBe('Unread: 2');
    await screenshot(page, 'messages-center-en');
    await accessibilityCheck(page, 'messages-center-en', 'main');

    await items.filter({ hasText: 'faster bank-transfer withdrawals' }).click();
    await page.waitForURL(/#\/message-detail\?id=\d+$/);
    await page.getByRole('heading', { name: 'New: faster bank-transfer withdrawals' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.textContent()).toContain('Withdrawals by bank transfer now arrive within minutes.');
    expect(await main.locator('script').count()).toBe(0);
    await screenshot(page, 'messages-detail-en');
    // Opening it read it: the badge says one.
    await expect.poll(() => menuLabel(page)).toBe('Open the menu, unread messages: 1');

    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(/#\/message-center$/);
    await expect.poll(() => page.getByTestId('message-unread-count').textContent()).toBe('Unread: 1');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => page.getByTestId('message-unread-count').textContent()).toBe('Unread: 0');
    await expect.poll(() => menuLabel(page)).toBe('Open the menu');
    expect(await page.getByTestId('message-unread-badge').count()).toBe(0);

    // Closing the bar: it empties once the server agrees, and stays closed after a reload.
    await page.getByRole('button', { name: 'Close announcements' }).click();
    await bar.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('message-unread-count').waitFor();
    expect(await page.getByTestId('message-top-bar').count()).toBe(0);
    await context.close();
  });

  it('A funded player’s header keeps menu, logo, balance and deposit button apart on a phone-wide line', async () => {
    const { context, page } = await phonePage(journey.browser);
    await bettorFund(page, journey.server);
    const header = page.locator('header').first();
    const box = (await header.boundingBox())!;
    // Left to right without overlap, all inside the header, each a full touch target.
    const controls = [
      menuButton(page),
      header.getByRole('link', { name: `${JOURNEY.name} home` }),
      page.getByRole('button', { name: /Refresh balance/ }),
      header.getByRole('button', { name: 'Deposit' }),
    ];
    let right = box.x;
    for (const control of controls) {
      const rect = (await control.boundingBox())!;
      expect(rect.x).toBeGreaterThanOrEqual(right - 0.5);
      expect(rect.height).toBeGreaterThanOrEqual(44);
      right = rect.x + rect.width;
    }
    expect(right).toBeLessThanOrEqual(box.x + box.width);
    // The bell waits for a wider screen.
    expect(await page.getByRole('link', { name: /^Messages/ }).count()).toBe(0);
    await screenshot(page, 'messages-header-funded-en');
    await context.close();
  });

  it('The top bar turns to the next message after the shown one’s turn_time', async () => {
    const { context, page } = await phonePage(journey.browser);
    await touristStart(page, JOURNEY.host);
    const { uid } = await loginOf(page);
    for (const title of ['First announcement', 'Second announcement'])
      await publish(journey.server, {
        app_key: JOURNEY.appKey,
        audience: { kind: 'player', uid },
        message_type: 2,
        turn_time: 1,
        texts: { 'en-US': { title, content: title } },
      });
    await page.reload();
    const bar = page.getByTestId('message-top-bar');
    await bar.waitFor();
    const seen = new Set<string>();
    await expect
      .poll(async () => (seen.add((await bar.textContent()) ?? ''), [...seen].join('|')), { timeout: 10_000 })
      .toMatch(/Second announcement.*\|.*First announcement|First announcement.*\|.*Second announcement/);
    await context.close();
  });

  it('A pop-up message joins the pop-up stack once, and following it reads it', async () => {
    const { context, page } = await phonePage(journey.browser);
    await touristStart(page, JOURNEY.host);
    const { uid } = await loginOf(page);
    await publish(journey.server, {
      app_key: JOURNEY.appKey,
      audience: { kind: 'player', uid },
      message_type: 3,
      popup_level: 3,
      texts: { 'en-US': { title: 'Your free spins are waiting', content: 'Ten free spins on Reef Riches, until Sunday.' } },
      buttons: [{ text: { 'en-US': 'Play' }, link: '/message-center' }],
    });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Your free spins are waiting' });
    await dialog.waitFor();
    await screenshot(page, 'messages-popup-en');
    await dialog.getByRole('link', { name: 'Take a look' }).click();
    await page.waitForURL(/#\/message-center$/);
    await expect.poll(() => page.getByTestId('message-unread-count').textContent()).toBe('Unread: 0');
    await page.reload();
    await page.getByTestId('message-item').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('A Brazilian guest reads a message in Portuguese, with an empty centre before it', async () => {
    const { context, page } = await phonePage(journey.browser);
    await guestSignInPt(page, BRAZIL);
    await page.goto(`http://${BRAZIL}/#/message-center`);
    await page.getByRole('heading', { name: 'Nenhuma mensagem ainda' }).waitFor();
    await screenshot(page, 'messages-center-empty-pt');

    const { uid } = await loginOf(page);
    await publish(journey.server, {
      app_key: 'piranha',
      audience: { kind: 'player', uid },
      message_type: 1,
      texts: {
        'en-US': { title: 'Your weekly bonus is ready', content: 'Open your bonuses to use it.' },
        'pt-BR': { title: 'Seu bônus semanal está pronto', content: 'Abra seus bônus para usá-lo antes de domingo.' },
      },
      buttons: [{ text: { 'en-US': 'Deposit', 'pt-BR': 'Depositar' }, link: '/deposit' }],
    });
    // The socket (decision 036) tells the open centre at once: the empty state and its refresh button give way to the message.
    await page.getByTestId('message-item').waitFor();
    expect(await page.getByTestId('message-item').textContent()).toContain('Seu bônus semanal está pronto');
    await screenshot(page, 'messages-center-pt');
    await page.getByTestId('message-item').click();
    await page.getByRole('heading', { name: 'Seu bônus semanal está pronto' }).waitFor();
    await screenshot(page, 'messages-detail-pt');
    await page.getByRole('link', { name: 'Depositar' }).click();
    await page.waitForURL(/#\/deposit/);
    await context.close();
  });
});
