/**
 * `npm run demo:player -- --variant <app key> --deposit <amount>`: a player funded the way real ones are. It signs a
 * new player in (guest login), creates a pay-in with the brand's first method, approves it on the sandbox PSP's
 * hosted page — which sends the signed notification that credits the wallet — and prints uid and sid.
 *
 * It talks to the server at --base-url (default http://127.0.0.1:$PORT); when nothing listens there, to a server
 * running over the embedded database through its operator socket (ops-socket.ts); when no server runs at all it builds
 * the app in process over the configured database (never both: an embedded database has one owner, db/pglite-lock.ts).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { LoginInfo, PayinOrder } from '@piranha/contract';
import { TERMS_VERSION, variantFindByKey } from '@piranha/domain';
import { mpesaMsisdn, payinChannelsOf } from '@piranha/domain/payments';
import { buildApp } from './app.ts';
import { configLoad } from './config.ts';
import { pgliteSocketPath } from './db/pglite-lock.ts';
import { opsSocketCall } from './ops-socket.ts';

interface Answer {
  status: number;
  text: string;
}
type Call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: string) => Promise<Answer>;

function usage(message: string): never {
  process.stderr.write(
    `${message}\nusage: npm run demo:player -- --variant <app key> --deposit <amount in major units> [--phone 07XXXXXXXX] [--base-url URL]\n`,
  );
  process.exit(2);
}

async function httpCall(baseUrl: string): Promise<Call | undefined> {
  try {
    await fetch(new URL('/healthz', baseUrl), { signal: AbortSignal.timeout(2000) });
  } catch {
    return undefined;
  }
  return async (method, url, headers, payload) => {
    const response = await fetch(new URL(url, baseUrl), { method, headers, ...(payload === undefined ? {} : { body: payload }) });
    return { status: response.status, text: await response.text() };
  };
}

/** Calls through a running server's operator socket, or undefined when no server listens there. */
async function socketCall(socketPath: string): Promise<Call | undefined> {
  const alive = await opsSocketCall(socketPath, 'GET', '/healthz');
  if (!alive) return undefined;
  return async (method, url, headers, payload) => {
    const answer = await opsSocketCall(socketPath, method, url, headers, payload);
    if (!answer) throw new Error('the server stopped while the demo ran');
    return answer;
  };
}

function envelope<T>(answer: Answer, what: string): T {
  const body = JSON.parse(answer.text) as { dm_error: number; error_msg: string; data: T };
  if (body.dm_error !== 0) throw new Error(`${what} refused: dm_error ${body.dm_error} ${body.error_msg} ${JSON.stringify(body.data)}`);
  return body.data;
}

async function demo(call: Call, appKey: string, amountMinor: number, phone: string): Promise<void> {
  const brand = variantFindByKey(appKey)!;
  const json = { 'content-type': 'application/json', 'app-key': appKey };
  const login = envelope<LoginInfo>(
    await call(
      'POST',
      '/api/piranha/user/account/v2/visitor_login',
      json,
      JSON.stringify({ smid: `demo-${randomBytes(8).toString('hex')}`, terms_version: TERMS_VERSION, age_confirmed: 1 }),
    ),
    'guest login',
  );
  const auth = `uid=${login.uid}&sid=${encodeURIComponent(login.sid)}`;
  const channel = payinChannelsOf([brand.currency])[0] ?? payinChannelsOf(brand.currencies)[0]!;
  const order = envelope<PayinOrder>(
    await call(
      'POST',
      `/api/piranha/finance/payin/order/create?${auth}`,
      { ...json, 'idempotency-key': `demo-${randomBytes(8).toString('hex')}` },
      JSON.stringify({ channel: channel.key, amount: amountMinor, currency: channel.currency, ...(channel.kind === 'stk_push' ? { phone } : {}) }),
    ),
    'pay-in order',
  );
  const approval = await call('POST', `${order.instruction.checkout_url ?? ''}/approve`, { 'content-type': 'application/x-www-form-urlencoded' }, '');
  if (approval.status !== 200) throw new Error(`sandbox approval answered HTTP ${approval.status}`);
  const status = envelope<{ status: number }>(
    await call('GET', `/api/piranha/finance/payin/order/status?${auth}&order_id=${order.order_id}`, { 'app-key': appKey }),
    'order status',
  );
  if (status.status !== 4) throw new Error(`order ${order.order_id} ended in status ${status.status}`);
  const balance = envelope<{ total_balance: number }>(await call('GET', `/api/piranha/finance/user/balance/get?${auth}`, { 'app-key': appKey }), 'balance');
  process.stdout.write(
    `${JSON.stringify({ uid: login.uid, sid: login.sid, app_key: appKey, order_id: order.order_id, channel: channel.key, currency: channel.currency, balance: balance.total_balance }, null, 2)}\n`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { variant: { type: 'string' }, deposit: { type: 'string' }, phone: { type: 'string' }, 'base-url': { type: 'string' } },
  });
  const appKey = values.variant ?? usage('--variant is required');
  if (!variantFindByKey(appKey)) usage(`unknown variant ${appKey}`);
  const major = Number(values.deposit ?? usage('--deposit is required'));
  if (!Number.isFinite(major) || major <= 0) usage('--deposit must be a positive amount, e.g. 500 or 99.90');
  const amountMinor = Math.round(major * 100);
  const phone = values.phone ?? '0712123456';
  if (!mpesaMsisdn(phone)) usage('--phone must be a Kenyan mobile number (07XXXXXXXX)');

  const config = configLoad(process.env);
  const baseUrl = values['base-url'] ?? `http://127.0.0.1:${config.port}`;
  const remote = await httpCall(baseUrl);
  if (remote) return demo(remote, appKey, amountMinor, phone);
  const local = !config.databaseUrl && config.dataDir ? await socketCall(pgliteSocketPath(config.dataDir)) : undefined;
  if (local) {
    process.stderr.write(`no server at ${baseUrl}; going through the server running over ${config.dataDir}\n`);
    return demo(local, appKey, amountMinor, phone);
  }

  process.stderr.write(`no server at ${baseUrl}; running the app in process over the configured database\n`);
  const { app } = await buildApp(config, { logger: false, lockOwner: { role: 'npm run demo:player' } });
  try {
    await demo(
      async (method, url, headers, payload) => {
        const answer = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
        return { status: answer.statusCode, text: answer.body };
      },
      appKey,
      amountMinor,
      phone,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo:player failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
