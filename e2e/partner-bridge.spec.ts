import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLaunch, guestConsent, phoneContext, screenshot, serverStart, welcomeDismiss, type RunningServer } from './fixtures.ts';

/**
 * The partner bridge (issue 22; decision 064) driven by a partner's page in Chromium: the partner's site (another
 * origin, fulfilled by the test) frames the partner-bridge brand, answers the app's requests, sends the client balance
 * and hears back-to-client; a third origin framed beside it posts a balance of its own, which the app ignores and
 * reports. The brand is Parceiro BRG (Brazil, Portuguese, reais): the only brand with the partner-bridge flag.
 */
const BRG_HOST = 'brgparceiro.com.br';
const APP = `http://${BRG_HOST}`;
const PARTNER = 'http://partner.example';
const INTRUDER = 'http://intruder.example';

/** The partner's page: our app full-screen in a frame, the partner's side of the protocol, and an intruder's frame. */
const PARTNER_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parceiro</title>
<style>html,body{margin:0;height:100%;background:#0b0f14}#app{border:0;width:100%;height:100%;display:block}#intruder{position:absolute;width:1px;height:1px;border:0;opacity:0}</style></head>
<body><main style="height:100%"><iframe id="app" title="Cassino" src="${APP}/#/loginb"></iframe></main>
<iframe id="intruder" title="Anúncio" src="${INTRUDER}/ad.html" tabindex="-1" aria-hidden="true"></iframe>
<script>
  window.received = [];
  window.clientBalance = { amount: 12345, currency: 'BRL' };
  const app = () => document.getElementById('app').contentWindow;
  const reply = (id, data) => app().postMessage({ v: 1, id, type: 'reply', payload: { ok: true, data } }, '${APP}');
  window.addEventListener('message', (event) => {
    if (event.origin !== '${APP}') return;
    const message = event.data;
    window.received.push(message);
    if (message.type === 'hello') reply(message.id, { v: 1, partner: 'e2e-partner' });
    if (message.type === 'balance') reply(message.id, window.clientBalance);
  });
  let sent = 0;
  window.balanceSend = (amount) => app().postMessage({ v: 1, id: 'p-' + (sent += 1), type: 'balance', payload: { amount, currency: 'BRL' } }, '${APP}');
</script></body></html>`;

/** Another site's frame on the partner's page: it posts a balance to our frame, addressed to anyone. */
const INTRUDER_PAGE = `<!doctype html><html lang="en"><head><title>Ad</title></head><body><script>
  window.attack = (amount) => parent.frames[0].postMessage({ v: 1, id: 'evil-1', type: 'balance', payload: { amount, currency: 'BRL' } }, '*');
</script></body></html>`;

/**
 * The partner's and the intruder's sites: a second HTTP server on another local port, each a host of its own. A real
 * server rather than a fulfilled route: Chromium's private-network rules refuse a page of no known address (a
 * fulfilled one) framing a local one, and a partner's site is a real site.
 */
let sites: Server;
let server: RunningServer;
let browser: Browser;
const journey = {
  get browser() {
    return browser;
  },
};
beforeAll(async () => {
  sites = createServer((request, response) => {
    const host = request.headers.host ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(host.startsWith('intruder.example') ? INTRUDER_PAGE : PARTNER_PAGE);
  });
  await new Promise<void>((resolve) => sites.listen(0, '127.0.0.1', resolve));
  const sitesPort = (sites.address() as { port: number }).port;
  server = await serverStart({ BRG_PARTNER_ORIGINS: `brgparceiro=${PARTNER}` });
  browser = await browserLaunch(server, [BRG_HOST], { 'partner.example': sitesPort, 'intruder.example': sitesPort });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => sites?.close(resolve));
});

interface PartnerMessage {
  v: number;
  id: string;
  type: string;
  payload?: unknown;
}

async function partnerOpen(): Promise<{ context: BrowserContext; page: Page; app: () => Frame }> {
  const context = await phoneContext(journey.browser);
  const page = await context.newPage();
  await page.goto(`${PARTNER}/casino`);
  const app = () => page.frames().find((frame) => frame.url().startsWith(APP))!;
  await expect.poll(() => Boolean(page.frames().find((frame) => frame.url().startsWith(APP)))).toBe(true);
  return { context, page, app };
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: PartnerMessage[] }).received);

describe('The partner bridge, inside a partner’s page in Chromium', () => {
  it('shows the balance the partner sends, delivers back-to-client, and ignores another origin’s message', async () => {
    const { context, page, app } = await partnerOpen();
    // A partner's client plays as a guest inside the frame (its storage is the frame's own, partitioned by the partner).
    const frame = app();
    await welcomeDismiss(frame as unknown as Page);
    await frame.getByRole('button', { name: 'Jogar como convidado' }).click();
    await guestConsent(frame as unknown as Page);
    await frame.waitForURL(/#\/game$/);

    // The app asked for the balance and shows the partner's figure, labelled as the app's (client) balance.
    const clientBalance = frame.getByTestId('brg-client-balance');
    await expect.poll(async () => (await clientBalance.textContent()) ?? '', { timeout: 20_000 }).toMatch(/^Saldo no app R\$\s?123,45$/);
    const handshake = await received(page);
    expect(handshake.map((message) => message.type)).toEqual(expect.arrayContaining(['hello', 'balance']));
    for (const message of handshake) expect(message).toMatchObject({ v: 1, id: expect.stringMatching(/^w-/) });
    expect(handshake.find((message) => message.type === 'hello')?.payload).toEqual({ versions: [1], app_key: 'brgparceiro' });
    // Our wallet's balance and deposit are not in this header: the partner's app holds the money the player sees.
    expect(await frame.getByRole('button', { name: 'Depositar' }).count()).toBe(0);

    // The partner sends a new balance; the header follows.
    await page.evaluate(() => (window as unknown as { balanceSend: (amount: number) => void }).balanceSend(25_000));
    await expect.poll(async () => (await clientBalance.textContent()) ?? '').toMatch(/R\$\s?250,00$/);

    // Another origin posts a balance to our frame: ignored (the header keeps the partner's figure) and reported.
    const reported = page.waitForRequest((request) => request.url().includes('/api/piranha/user/brg/ignored/report'));
    const intruder = page.frames().find((each) => each.url().startsWith(INTRUDER))!;
    await intruder.evaluate(() => (window as unknown as { attack: (amount: number) => void }).attack(999_999_99));
    const report = await reported;
    expect(JSON.parse(report.postData() ?? '{}')).toEqual({ origin: INTRUDER, reason: 'foreign_origin', type: 'balance' });
    expect((await (await report.response())!.json()).dm_error).toBe(0);
    expect(await clientBalance.textContent()).toMatch(/R\$\s?250,00$/);
    // Nothing went to the intruder, and every message we posted went to the partner only.
    expect((await received(page)).some((message) => message.id === 'evil-1')).toBe(false);
    await screenshot(page, 'partner-bridge-header-pt');

    // Back to the client: the partner's page hears it.
    await frame.getByRole('button', { name: 'Voltar ao app' }).click();
    await expect
      .poll(async () => (await received(page)).filter((message) => message.type === 'back_to_client').map((message) => message.payload))
      .toEqual([{}]);

    // A tap on the balance asks the partner again.
    await page.evaluate(() => Object.assign(window as unknown as { clientBalance: unknown }, { clientBalance: { amount: 777, currency: 'BRL' } }));
    await clientBalance.click();
    await expect.poll(async () => (await clientBalance.textContent()) ?? '').toMatch(/R\$\s?7,77$/);

    // The same header in English.
    await frame.goto(`${APP}/#/setting/language`);
    await frame.getByText('English').click();
    await frame.getByRole('heading', { name: 'Language', level: 1 }).waitFor();
    await frame.goto(`${APP}/#/game`);
    await expect.poll(async () => (await frame.getByTestId('brg-client-balance').textContent()) ?? '', { timeout: 20_000 }).toMatch(/^App balance R\$/);
    await frame.getByRole('button', { name: 'Back to app' }).waitFor();
    await screenshot(page, 'partner-bridge-header-en');
    await context.close();
  }, 240_000);

  it('opened directly (no partner around it), the brand shows its own wallet and no back-to-client; /brg-download passes the query on', async () => {
    const context = await phoneContext(journey.browser);
    const page = await context.newPage();
    await page.goto(`${APP}/#/brg-download?from=partner&cv_prefix=BRGPAR_BR&smid=dev-1&isGP=1&sid=must-not-leave`);
    await welcomeDismiss(page);
    await page.getByRole('heading', { name: 'Parceiro BRG no seu celular' }).waitFor();
    await expect.poll(() => page.url()).not.toContain('sid=');
    const href = (await page.getByTestId('download-android').getAttribute('href')) ?? '';
    expect(href).toContain('https://play.google.com/store/apps/details?id=com.brgparceiro.br.app');
    expect(decodeURIComponent(href)).toContain('from=partner&cv_prefix=BRGPAR_BR&smid=dev-1&isGP=1');
    expect(href).not.toContain('must-not-leave');
    await screenshot(page, 'partner-bridge-brg-download');

    await page.goto(`${APP}/#/loginb`);
    await page.getByRole('button', { name: 'Jogar como convidado' }).click();
    await guestConsent(page);
    await page.waitForURL(/#\/game$/);
    await page.getByRole('button', { name: /Atualizar saldo/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Voltar ao app' }).count()).toBe(0);
    expect(await page.getByTestId('brg-client-balance').count()).toBe(0);
    await context.close();
  }, 180_000);
});
