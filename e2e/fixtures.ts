import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { payinChannelsOf } from '@piranha/domain/payments';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { orcaProvidersFileWrite } from '../apps/provider/src/orca-providers-file.ts';
import { roundRobinFront } from '../scripts/lib/round-robin.mjs';
import { portFree } from '../apps/server/test/port-free.ts';

const ROOT = new URL('..', import.meta.url).pathname;
export const OPS_TOKEN = 'e2e-ops-token';

export interface RunningServer {
  port: number;
  origin: string;
  /** Orca Games' origin when the journey asked for the provider process (decision 072). */
  orcaOrigin?: string;
  /** Requests each node answered (the two-node stage's front counts them); empty for a single server. */
  served: () => number[];
  /**
   * Stops the node(s) and starts them again on the same ports and database, `env` over the first start's: a journey
   * that needs a day to have passed plays on a shifted clock, then restarts on the real one (decision 067).
   */
  restart: (env: Record<string, string>) => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts one server process and waits until it answers /healthz. */
async function nodeStart(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', OPS_TOKEN, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  // Up to about three minutes: on a shared 2-core machine under load a cold start has taken over a minute.
  for (let attempt = 0; attempt < 1800; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on port ${port} did not answer /healthz`);
}

async function nodeStop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** What a journey asks of the server beyond its environment. */
export interface ServerOptions {
  /**
   * Start Orca Games, the provider process, beside it as `npm start` does (decision 072): the providers file written
   * into the data dir, the provider on its own port calling the wallet at `walletOrigin`. Off by default: the other
   * journeys assert the house studio's lobby.
   */
  orca?: { hosts: readonly string[] };
}

interface OrcaPlan {
  env: Record<string, string>;
  origin: string;
  start: (walletOrigin: string) => Promise<ChildProcess>;
}

/** Writes Orca's providers file and says how to start it once the server answers (the bundle `npm run build` makes). */
async function orcaPlan(dataDir: string, hosts: readonly string[]): Promise<OrcaPlan> {
  const port = await portFree();
  const origin = `http://127.0.0.1:${port}`;
  const file = join(dataDir, 'casino-providers.json');
  orcaProvidersFileWrite({ dataDir, file, origin });
  return {
    env: { CASINO_PROVIDERS_FILE: file },
    origin,
    start: async (walletOrigin) => {
      const child = spawn(process.execPath, ['--enable-source-maps', 'apps/provider/dist/provider.mjs'], {
        cwd: ROOT,
        env: {
          ...process.env,
          CASINO_PROVIDERS_FILE: file,
          ORCA_PORT: String(port),
          ORCA_DATA_DIR: join(dataDir, 'orca'),
          ORCA_WALLET_URL: walletOrigin,
          ORCA_FRAME_ANCESTORS: [walletOrigin, ...hosts.map((host) => `http://${host}`)].join(' '),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      for (let attempt = 0; attempt < 600; attempt += 1) {
        if (child.exitCode !== null) throw new Error(`Orca Games exited with ${child.exitCode}`);
        // Orca's health answer names its games: a different server on the port (it was taken meanwhile) is not Orca.
        const orcaHealthy = await fetch(`${origin}/healthz`).then(
          async (response) => response.ok && typeof ((await response.json()) as { games?: unknown }).games === 'number',
          () => false,
        );
        if (orcaHealthy) return child;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      child.kill('SIGKILL');
      throw new Error('Orca Games did not answer /healthz');
    },
  };
}

/**
 * The browser suite's two-node stage (`E2E_NODES=2` with a PostgreSQL `DATABASE_URL`; decision 042): every journey
 * file gets a new database on that server, two nodes on it (Redis shared when `REDIS_URL` is set), and the
 * round-robin front of `npm run start:two-nodes` on its port, so the browser's requests alternate between the nodes.
 */
export const TWO_NODES = process.env.E2E_NODES === '2';

let clusterSeq = 0;

async function clusterStart(env: Record<string, string>, options: ServerOptions): Promise<RunningServer> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl?.startsWith('postgres')) throw new Error('E2E_NODES=2 needs DATABASE_URL=postgres://… (two nodes share one PostgreSQL)');
  const { default: pg } = await import('pg');
  const name = `piranha_e2e_${process.pid}_${Date.now().toString(36)}_${(clusterSeq += 1)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Secrets both nodes must agree on: a notification signed for one is checked by the other.
  const shared = {
    DATABASE_URL: url.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'piranha-e2e-nodes-')),
    PAYMENTS_WEBHOOK_SECRET: randomBytes(32).toString('hex'),
    CASINO_HOUSE_SECRET: randomBytes(32).toString('hex'),
    REALTIME_SECRET: randomBytes(32).toString('hex'),
    TRUSTED_PROXIES: '127.0.0.1',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  };
  const orca = options.orca ? await orcaPlan(shared.DATA_DIR, options.orca.hosts) : undefined;
  Object.assign(shared, orca?.env);
  const [portA, portB, port] = [await portFree(), await portFree(), await portFree()];
  // One after the other: the first migrates and seeds the new database, the second finds it ready.
  let children = [await nodeStart(portA, shared), await nodeStart(portB, shared)];
  const { server: front, served } = roundRobinFront(
    [portA, portB].map((nodePort, index) => ({ port: nodePort, alive: () => children[index]!.exitCode === null && children[index]!.signalCode === null })),
  );
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve));
  // Like any outside studio, Orca reaches the wallet through the front.
  const orcaChild = await orca?.start(`http://127.0.0.1:${port}`);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    ...(orca ? { orcaOrigin: orca.origin } : {}),
    served: () => [...served],
    restart: async (more) => {
      await Promise.all(children.map(nodeStop));
      children = [await nodeStart(portA, { ...shared, ...more }), await nodeStart(portB, { ...shared, ...more })];
    },
    stop: async () => {
      await new Promise<void>((resolve) => {
        front.closeAllConnections();
        front.close(() => resolve());
      });
      await Promise.all(children.map(nodeStop));
      if (orcaChild) await nodeStop(orcaChild);
      rmSync(shared.DATA_DIR, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Starts the real server (built web app, embedded database in a fresh folder) the way `npm start` does: the server
 * bundle `npm run build` makes, whose fresh database is copied from the template it makes too. In the two-node stage
 * (`TWO_NODES`) it is two nodes on a new PostgreSQL database behind a round-robin front instead.
 */
export async function serverStart(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  if (TWO_NODES) return clusterStart(env, options);
  const port = await portFree();
  const dataDir = mkdtempSync(join(tmpdir(), 'piranha-e2e-'));
  const orca = options.orca ? await orcaPlan(dataDir, options.orca.hosts) : undefined;
  const nodeEnv = { DATA_DIR: dataDir, DATABASE_URL: '', ...orca?.env, ...env };
  let child = await nodeStart(port, nodeEnv);
  const orcaChild = await orca?.start(`http://127.0.0.1:${port}`);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    ...(orca ? { orcaOrigin: orca.origin } : {}),
    served: () => [],
    restart: async (more) => {
      await nodeStop(child);
      child = await nodeStart(port, { ...nodeEnv, ...more });
    },
    stop: async () => {
      await nodeStop(child);
      if (orcaChild) await nodeStop(orcaChild);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium at a phone's size; `hosts` are brand domains mapped to our server, `otherHosts` names mapped to
 * other local ports (a partner's site served by the test, e2e/partner-bridge.spec.ts).
 */
export async function browserLaunch(server: RunningServer, hosts: readonly string[] = [], otherHosts: Readonly<Record<string, number>> = {}): Promise<Browser> {
  const rules = [
    ...hosts.map((host) => `MAP ${host} 127.0.0.1:${server.port}`),
    ...Object.entries(otherHosts).map(([host, port]) => `MAP ${host} 127.0.0.1:${port}`),
  ].join(',');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-features=HttpsUpgrades',
      ...(rules ? [`--host-resolver-rules=${rules}`] : []),
    ],
  });
}

export async function phoneContext(browser: Browser, options: { headers?: Record<string, string> } = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, extraHTTPHeaders: options.headers });
}

export async function globalStatsSet(server: RunningServer, stats: 0 | 1 | 2): Promise<void> {
  const response = await fetch(`${server.origin}/api/ops/global-stats`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ global_stats: stats }),
  });
  const body = (await response.json()) as { dm_error: number };
  if (body.dm_error !== 0) throw new Error(`global stats not set: ${JSON.stringify(body)}`);
}

/**
 * The serious and critical WCAG 2 A/AA violations axe finds on the page as it is now, one line each (rule, impact
 * and the first offending elements), so a failing journey says what to fix.
 */
export async function accessibilityViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * A journey page axe passes: no serious or critical violation (issue 15), on the whole page or `within` one part
 * of it. The violations are joined into one string so a failure prints all of them.
 */
export async function accessibilityCheck(page: Page, name: string, within?: string): Promise<void> {
  expect((await accessibilityViolations(page, within)).join('\n'), `axe on ${name}`).toBe('');
}

/**
 * Screenshots go to e2e/screenshots/ for people to look at; tests never compare pixels. Every page a journey
 * photographs is also a page axe must pass (issue 15), in the state the picture shows.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ROOT, 'e2e', 'screenshots', `${name}.png`) });
  await accessibilityCheck(page, name);
}

/** New devices see the operator's welcome pop-up first; journeys that are about something else close it. */
export async function welcomeDismiss(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button').first().click();
  await dialog.waitFor({ state: 'detached' });
}

/** The newest 6-digit code mailed to `email`, read from the sandbox mailbox the way a person running `npm start` would. */
export async function mailboxCode(server: RunningServer, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const page = await fetch(`${server.origin}/dev/mailbox?to=${encodeURIComponent(email)}`).then((response) => response.text());
    const code = /\b(\d{6})\b/.exec(page.replace(/<[^>]+>/g, ' '))?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code in the mailbox for ${email}`);
}

/**
 * The journey brand (decision 049): the open, English-speaking brand the account journeys use, so their labels stay
 * readable in the tests — Eagle Bet, US dollars, bank-transfer deposits approved on the sandbox's hosted page. (India was
 * until its market closed: the 2025 Online Gaming Act. The Philippines' PHP build has no sports yet; Kenya's KES 20
 * legal minimum stake and 5 % withdrawal tax would change every casino and withdrawal journey.) Its law asks 18 and
 * over, no identity check and no tax; its money limits are the spec's USD ones (deposits from $10, a first-deposit
 * bonus up to $600, a loyalty point per $1). A spec names the brand only through these: `JOURNEY.host` for URLs and
 * browser hosts, `JOURNEY.appKey` for API bodies and campaign ids, `JOURNEY.name`, `journeyAmount(minor)` for an
 * amount as shown without its symbol and `journeyMoneyRe` (a regex fragment: the symbol and an optional space).
 */
export const JOURNEY = {
  host: 'eaglebet.com',
  appKey: 'eaglebet',
  name: 'Eagle Bet',
  currency: 'USD',
  symbol: '$',
  locale: 'en-US',
  /** The deposit method the journeys pay with (the sandbox's hosted page approves it) and its label on the page. */
  payin: { channel: 'BANK_TRANSFER', name: 'Bank transfer' },
} as const;

/** A regex fragment for the journey currency's symbol as shown before an amount ("₱1,000.00", "₱ 1,000.00"). */
export const journeyMoneyRe = `${JOURNEY.symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?`;

/** An amount in minor units of the journey currency, as the pages write it without the symbol ("1,000.00"). */
export function journeyAmount(minor: number): string {
  return (minor / 100).toLocaleString(JOURNEY.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A closed market's brand (India; decision 049): its visitors see the banned guide, nothing moves money. */
export const CLOSED_BRAND = 'tigerin.in';

/** What a spec file shares: one real server and one Chromium, ready inside its tests. */
export interface Journey {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts the server and Chromium before the file's tests and stops both after them; `hosts` map to the server. `env`
 * may be a function when it depends on something an earlier hook makes (a key set).
 */
export function journeySetup(hosts: readonly string[] = [JOURNEY.host], env: Record<string, string> | (() => Record<string, string>) = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await serverStart(typeof env === 'function' ? env() : env);
    browser = await browserLaunch(server, hosts);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    const served = server?.served() ?? [];
    await server?.stop();
    // The two-node stage shows that its requests really alternated: each node answered a share of the journeys.
    if (TWO_NODES) {
      console.log(`two nodes served ${served.join(' and ')} requests`);
      expect(served.length, 'two nodes behind the front').toBe(2);
      for (const count of served) expect(count, `requests each node answered (${served.join(', ')})`).toBeGreaterThan(0);
    }
  });
  return {
    get server() {
      if (!server) throw new Error('the journey server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the journey browser is not started yet');
      return browser;
    },
  };
}

/** A new phone (its own storage) and a page on it. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser);
  return { context, page: await context.newPage() };
}

/** The header balance once it shows money (the currency symbol of the brand); `name` is its button's name in the page's language. */
export async function headerBalance(page: Page, symbol: RegExp = new RegExp(journeyMoneyRe), name = 'Refresh balance'): Promise<string> {
  const balance = page.getByRole('button', { name });
  await expect.poll(async () => (await balance.textContent()) ?? '').toMatch(symbol);
  return (await balance.textContent()) ?? '';
}

/** Presses "Send code", waits for the resend countdown, and types the code from the mailbox. */
export async function emailCodeEnter(page: Page, server: RunningServer, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('button', { name: /Resend in/ }).waitFor();
  await page.getByLabel('Verification code').fill(await mailboxCode(server, email));
}

/** Ticks the age and terms boxes of the sign-up form (decision 032), in English unless told. */
export async function signUpAccept(
  page: Page,
  labels: { age: RegExp | string; terms: RegExp | string } = { age: /I am \d+ or older/, terms: 'I accept the terms and conditions.' },
): Promise<void> {
  await page.getByRole('checkbox', { name: labels.age }).check();
  await page.getByRole('checkbox', { name: labels.terms }).check();
}

/** A new phone's visitor on a Portuguese-speaking brand plays as a guest from the login page and lands on /game. */
export async function guestSignInPt(page: Page, host: string): Promise<void> {
  await page.goto(`http://${host}/#/loginb`);
  await welcomeDismiss(page);
  await page.getByRole('button', { name: 'Jogar como convidado' }).click();
  await guestConsent(page);
  await page.waitForURL(/#\/game$/);
}

/**
 * A new guest account asks for the age and the terms in the shared sheet (decision 040): ticks both and continues,
 * in any language (the sheet's two boxes and its submit button).
 */
export async function guestConsent(page: Page): Promise<void> {
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('checkbox').first().check();
  await sheet.getByRole('checkbox').nth(1).check();
  await sheet.locator('button[type="submit"]').click();
}

/** A new player signs up by e-mail from the game page (closing the welcome pop-up) and lands signed in on /game. */
export async function playerSignUp(page: Page, server: RunningServer, email: string, password: string, host: string = JOURNEY.host): Promise<void> {
  await page.goto(`http://${host}/#/game`);
  await welcomeDismiss(page);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(/#\/email-register$/);
  await page.getByLabel('E-mail').fill(email);
  await emailCodeEnter(page, server, email);
  await page.getByLabel('Password').fill(password);
  await signUpAccept(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/#\/game$/);
}

/** The session as the app sends it over plain HTTP (docs/decisions/019): headers, never the URL. */
function sessionHeaders(login: { uid: number; sid: string }): Record<string, string> {
  return { 'session-uid': String(login.uid), 'session-sid': login.sid };
}

/** A visitor plays as a guest from the login page and lands on /game with a balance. */
export async function touristStart(page: Page, host: string = JOURNEY.host): Promise<void> {
  await page.goto(`http://${host}/#/loginb`);
  await welcomeDismiss(page);
  await page.getByRole('button', { name: 'Play as a guest' }).click();
  await guestConsent(page);
  await page.waitForURL(/#\/game$/);
  await headerBalance(page);
}

/** The header balance as shown, whatever it is (betting journeys compare it before and after). */
export async function headerBalanceText(page: Page): Promise<string> {
  return (await page.getByRole('button', { name: 'Refresh balance' }).textContent()) ?? '';
}

/**
 * A bettor on the journey brand: a guest account, then a 1,000 deposit created through the API as the app does and
 * approved on the sandbox's hosted page; ends on /sport with the balance shown.
 */
export async function bettorFund(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`http://${JOURNEY.host}/#/loginb`);
  await welcomeDismiss(page);
  await page.getByRole('button', { name: 'Play as a guest' }).click();
  await guestConsent(page);
  await page.waitForURL(/#\/game$/);
  const login = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
  const channel = payinChannelsOf([JOURNEY.currency]).find((each) => each.key === JOURNEY.payin.channel)!;
  const created = await fetch(`http://127.0.0.1:${server.port}/api/piranha/finance/payin/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `e2e-${Date.now()}-fund`, ...sessionHeaders(login) },
    body: JSON.stringify({ channel: channel.key, amount: 1000_00, currency: JOURNEY.currency }),
  }).then((response) => response.json() as Promise<{ dm_error: number; data: { instruction: { checkout_url: string } } }>);
  expect(created.dm_error).toBe(0);
  await page.goto(`http://${JOURNEY.host}${created.data.instruction.checkout_url}`);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.goto(`http://${JOURNEY.host}/#/sport`);
  await expect.poll(() => headerBalanceText(page), { timeout: 20_000 }).toMatch(/1,?000[.,]00/);
}

/** The player's bets as the API reports them (the page shows the same list). */
export async function bettorBets(page: Page, port: number, settled: boolean) {
  const login = await page.evaluate(() => JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string });
  const answer = await fetch(`http://127.0.0.1:${port}/api/piranha/fb/proxy/v1/order/bet/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sessionHeaders(login) },
    body: JSON.stringify({ isSettled: settled, range: 'last7days' }),
  }).then(
    (response) =>
      response.json() as Promise<{
        data: {
          records: {
            id: string;
            kind: string;
            st: number;
            stake: number;
            unit: number;
            payout?: number;
            cash_out: number;
            stake_open: number;
            payout_open: number;
            paid: number;
            cashed_out: 0 | 1;
            legs: { sr: number; od: number; re?: string }[];
          }[];
        };
      }>,
  );
  return answer.data.records;
}

/**
 * A guest on the journey brand with a deposit of `amountMinor` approved on the sandbox's hosted page (the order
 * created through the API as the app would, so the journey starts funded without walking the deposit form).
 */
export async function guestFunded(page: Page, amountMinor: number): Promise<void> {
  await page.goto(`http://${JOURNEY.host}/#/loginb`);
  await welcomeDismiss(page);
  await page.getByRole('button', { name: 'Play as a guest' }).click();
  await guestConsent(page);
  await page.waitForURL(/#\/game$/);
  await depositApproved(page, amountMinor);
}

/**
 * Money the way a player gets it: a deposit order on the journey brand's method, approved by a person on the sandbox PSP's
 * page, whose signed notification credits the wallet. Nothing writes a balance directly.
 */
export async function depositApproved(page: Page, amountMinor: number): Promise<void> {
  const order = await page.evaluate(
    async ({ amount, brand }) => {
      const login = JSON.parse(localStorage.getItem('pir.session') ?? '{}') as { uid: number; sid: string };
      const response = await fetch('/api/piranha/finance/payin/order/create', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'app-key': brand.appKey,
          'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
          'session-uid': String(login.uid),
          'session-sid': login.sid,
        },
        body: JSON.stringify({ channel: brand.payin.channel, amount, currency: brand.currency }),
      });
      return (await response.json()) as { dm_error: number; data: { instruction: { checkout_url?: string } } };
    },
    { amount: amountMinor, brand: JOURNEY },
  );
  expect(order.dm_error).toBe(0);
  const back = page.url();
  await page.goto(new URL(order.data.instruction.checkout_url!, back).toString());
  await page.getByRole('button', { name: /approve/i }).click();
  await page.goto(back);
}

/** An operator call under /api/ops (OPS_TOKEN as the bearer); answers its dm_error. */
export async function opsPost(server: RunningServer, path: string, body: unknown): Promise<number> {
  const answer = await fetch(`${server.origin}/api/ops${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json() as Promise<{ dm_error: number }>);
  return answer.dm_error;
}

/** The game room's iframe (house games and outside studios), by its title in the page's language. */
export function gameFrame(page: Page, title = 'Game'): FrameLocator {
  return page.frameLocator(`iframe[title="${title}"]`);
}

/** The sandbox's hosted page of an order, opened from the link the instruction shows, approved there. */
export async function sandboxApprove(page: Page): Promise<void> {
  const [hosted] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Open the payment page' }).click()]);
  await hosted.waitForLoadState();
  await hosted.getByRole('button', { name: /Approve payment/ }).click();
  await hosted.getByRole('heading', { name: /Payment done/ }).waitFor();
  await hosted.close();
}

/** Taps the first open price of a match not yet under way (its card shows no score) on the Soccer tab. */
export async function preMatchPick(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Soccer', exact: true }).click();
  const cards = page.locator('article[data-match-id]');
  await cards.first().waitFor();
  for (let index = 0; ; index += 1) {
    const card = cards.nth(index);
    await card.waitFor();
    if (/\d/.test((await card.getByRole('link').first().textContent()) ?? '')) continue;
    const price = card.locator('button[data-odds]:enabled').first();
    if ((await price.count()) === 0) continue;
    await price.click();
    return;
  }
}

/** The bet slip's dialog and its "Accept new odds" button, as a language names them. */
export interface SlipNames {
  slip: string;
  accept: string;
}
export const SLIP_EN: SlipNames = { slip: 'Bet slip', accept: 'Accept new odds' };
export const SLIP_PT: SlipNames = { slip: 'Cupom de apostas', accept: 'Aceitar novas odds' };

/**
 * One tap as a player makes it: odds that moved since the slip opened (the button reads "Accept new odds" until the
 * player takes them — a busy machine leaves the simulated feed time to move them) are accepted, then the place button
 * is tapped if it is there and enabled. True when it was tapped.
 */
async function slipTap(page: Page, placeName: RegExp, names: SlipNames): Promise<boolean> {
  const slip = page.getByRole('dialog', { name: names.slip });
  const accept = slip.getByRole('button', { name: names.accept });
  const place = slip.getByRole('button', { name: placeName });
  if ((await accept.count()) > 0 && (await accept.isEnabled().catch(() => false))) await accept.click().catch(() => {});
  if ((await place.count()) === 0 || !(await place.isEnabled().catch(() => false))) return false;
  return place.click({ timeout: 1000 }).then(
    () => true,
    () => false,
  );
}

/** Taps the place button once (`slipTap`), trying again while it is not there yet ("Place bet" in English by default). */
export async function slipPlaceTap(page: Page, placeName: RegExp = /^Place bet/, names: SlipNames = SLIP_EN): Promise<void> {
  await expect.poll(() => slipTap(page, placeName, names), { timeout: 30_000, interval: 500 }).toBe(true);
}

/**
 * Places what the open bet slip holds until the slip shows a refusal matching `refusal`, as a player would tap again:
 * the price may move between a tap and the bet, and the slip then asks to accept the new odds (no refusal yet), which
 * `slipTap` does before placing again. A refusal that matches ends it; a refused bet moves no money, so another tap
 * meanwhile changes nothing.
 */
export async function slipPlaceRefused(page: Page, refusal: RegExp, placeName: RegExp = /^Place bet/, names: SlipNames = SLIP_EN): Promise<void> {
  const slip = page.getByRole('dialog', { name: names.slip });
  await expect
    .poll(
      async () => {
        const shown = (await slip.getByRole('alert').allTextContents()).join(' ');
        if (!refusal.test(shown)) await slipTap(page, placeName, names);
        return shown;
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toMatch(refusal);
}

/**
 * Places what the open bet slip holds, as a player would until it is accepted: a Place button not yet enabled (the
 * slip still checking the price) is tried again, odds that moved meanwhile are accepted, and a refusal is met by
 * placing again (`slipTap`). The poll's value carries the slip's refusal, if any. `placeName` names the button
 * ("Place free bet …" when a free bet is chosen).
 */
export async function slipPlaceAccepted(page: Page, placeName: RegExp = /^Place bet/): Promise<void> {
  const slip = page.getByRole('dialog', { name: 'Bet slip' });
  // A receipt already on the sheet is an earlier placement's: only what follows this helper's own tap counts.
  let tapped = false;
  await expect
    .poll(
      async () => {
        const outcome = (await slip.getByTestId('slip-outcome').allTextContents()).join(' ');
        // Placed (the bet may still be waiting out the in-play delay): never tapped again.
        if (tapped && outcome.trim() !== '') return outcome;
        const refusal = (await slip.getByRole('alert').allTextContents()).join(' ');
        if (await slipTap(page, placeName, SLIP_EN)) tapped = true;
        return refusal;
      },
      { timeout: 30_000, interval: 2000 },
    )
    .toContain('Bet accepted');
}

/**
 * Rotates the game's seed from its open "Provably fair" sheet until the revealed seed shows. The server refuses a
 * rotation while a round is still settling (the sheet says so), and a player taps again; so does this.
 */
export async function seedRotateRevealed(frame: FrameLocator): Promise<void> {
  const revealed = frame.getByText('Revealed server seed');
  const rotate = frame.getByRole('button', { name: 'Rotate the seed and reveal the current one' });
  await expect
    .poll(
      async () =>
        (await revealed.isVisible()) ||
        (await rotate.click({ timeout: 1000 }).then(
          () => revealed.isVisible(),
          () => false,
        )),
      { timeout: 30_000, interval: 2000 },
    )
    .toBe(true);
}
