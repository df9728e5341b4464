/**
 * The outbox across kill -9 (decision 042), with real server processes and providers that outlive them:
 *
 * - a code mail whose SMTP call is under way when the server is killed survives as its outbox row and is delivered
 *   exactly once by the next server, which finds nothing more to send after it is killed in turn;
 * - a payout request killed while the provider is answering (the provider has recorded the payout, our process dies
 *   before storing its reference) is resolved by the player's retry against the next server without a second payout:
 *   our order id is the provider's idempotency key, and the sandbox PSP's books outlive our process as a real PSP's do.
 *
 * A killed server's row is still held by its lease for 60 s; rather than wait a minute the test ages the lease in the
 * database, which is all that a minute would change.
 */
import type { AddressInfo } from 'node:net';
import { ORDER_STATUS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { transaction } from '../src/db/transaction.ts';
import { kycChecks } from '../src/db/schema/index.ts';
import { ledgerAudit } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { accountUpsert } from '../src/modules/payments/payments.repository.ts';
import { sessionIssue } from '../src/modules/session/session.service.ts';
import { userInsert } from '../src/modules/session/session.repository.ts';
import { serverDataCreate, serverStart, serverStop, type Running, type ServerData } from './server-process.ts';

const OPS_TOKEN = 'ops-token-for-the-outbox-restart-test';
const running: Running[] = [];
afterAll(async () => {
  for (const server of running) await serverStop(server, 'SIGKILL');
});

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting: ${what}`);
}

async function started(env: Record<string, string>): Promise<Running> {
  const server = await serverStart(env);
  running.push(server);
  return server;
}

/**
 * Ages the leases a killed server held: what the 60 s of an outbox row's and the 10 s of an in-flight idempotency key's
 * would do (a restart on a quiet machine takes less than either, and the retry would hear REQUEST_IN_PROGRESS).
 */
async function leasesExpire(data: ServerData): Promise<void> {
  const database = await data.open();
  try {
    await rowsOf(database.db, sql`update outbox set lease_until = now() - interval '1 second' where lease_until is not null`);
    await rowsOf(database.db, sql`update idempotency_keys set lease_until = now() - interval '1 second' where lease_until is not null`);
  } finally {
    await database.close();
  }
}

/** A real SMTP peer: it keeps completed messages, and while `stall` is on it takes a message's data and never answers. */
async function smtpPeerStart() {
  const received: { to: string[]; raw: string }[] = [];
  const stalled: string[][] = [];
  const state = { stall: true };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      if (state.stall) {
        stalled.push(to);
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // The test kills the server in the middle of a stalled message: its connection may end in a reset, which the peer
  // reports as an error event. That is the kill this test makes, not a fault; anything else still fails the run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    stalled,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function metric(server: Running, line: RegExp): Promise<number> {
  const text = await (await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text();
  const found = text.split('\n').find((entry) => line.test(entry));
  return found === undefined ? 0 : Number(found.split(' ').at(-1));
}

describe('a code mail in flight when the server is killed', () => {
  let data: ServerData;
  let peer: Awaited<ReturnType<typeof smtpPeerStart>>;
  beforeAll(async () => {
    data = await serverDataCreate('outbox-mail');
    peer = await smtpPeerStart();
  });
  afterAll(async () => {
    await peer?.close();
    await data?.remove();
  });

  it('survives as its outbox row and is delivered exactly once after the restart', { timeout: 300_000 }, async () => {
    const env = { ...data.env, OPS_TOKEN, SMTP_URL: peer.url };
    const email = `kill-${process.pid}-${Date.now()}@example.com`;
    const first = await started(env);
    const request = fetch(`${first.origin}/api/user/account/email/code/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, purpose: 'register' }),
    }).catch(() => undefined);
    await until(async () => peer.stalled.some((to) => to.includes(email)), 'the mail reaches the SMTP server');
    await serverStop(first, 'SIGKILL');
    expect(await request).toBeUndefined();
    expect(peer.received).toEqual([]);

    const left = await data.open();
    try {
      const rows = await rowsOf<{ kind: string; status: string; attempts: number; has_payload: boolean }>(
        left.db,
        sql`select kind, status, attempts, payload is not null as has_payload from outbox`,
      );
      expect(rows).toEqual([{ kind: 'mail', status: 'pending', attempts: 1, has_payload: true }]);
    } finally {
      await left.close();
    }
    await leasesExpire(data);

    peer.state.stall = false;
    const second = await started(env);
    await until(async () => peer.received.length > 0, 'the next server delivers the mail');
    await until(async () => (await metric(second, /^piranha_outbox_rows\{kind="mail",status="sent"\}/)) === 1, 'the row is marked sent');
    expect(peer.received.map((mail) => mail.to)).toEqual([[email]]);
    // The brand's language (the default brand writes Portuguese), so only its shape is checked here: a subject line.
    expect(peer.received[0]!.raw).toMatch(/^Subject: /m);
    await serverStop(second, 'SIGKILL');

    // A third server runs its delivery passes and finds nothing left: still one mail.
    const third = await started(env);
    await until(async () => (await metric(third, /^piranha_job_runs_total\{job="outbox-deliver",outcome="ok"\}/)) >= 2, 'two delivery passes');
    await serverStop(third, 'SIGTERM');
    expect(peer.received).toHaveLength(1);

    const check = await data.open();
    try {
      expect(await rowsOf(check.db, sql`select status, attempts, payload from outbox`)).toEqual([{ status: 'sent', attempts: 2, payload: null }]);
    } finally {
      await check.close();
    }
  });
});

describe('a payout request killed while the provider answers', () => {
  let data: ServerData;
  beforeAll(async () => {
    data = await serverDataCreate('outbox-payout');
  });
  afterAll(async () => {
    await data?.remove();
  });

  it('is resolved by the retry without a second payout', { timeout: 300_000 }, async () => {
    const setup = await data.open();
    let query: Record<string, string>;
    try {
      const userId = await userInsert(setup.db, 'piranha', false);
      const now = new Date();
      await setup.db.insert(kycChecks).values({
        userId,
        state: 'verified',
        documentType: 'ID',
        documentNumber: `T${userId}`,
        birthDate: '1990-01-01',
        providerRef: `fixture_${userId}`,
        updatedAt: now,
      });
      await transaction(setup.db, async (tx) => {
        await ledgerTransfer(tx, {
          kind: 'deposit',
          externalRef: `outbox-restart-${userId}`,
          lines: [
            { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -50_000 },
            { account: { userId, currency: 'BRL' }, amountMinor: 50_000 },
          ],
        });
        await accountUpsert(tx, {
          userId,
          channel: 'PIX',
          currency: 'BRL',
          elements: { document_type: 'CPF', document: '390.533.447-05', pix_key_type: 'CPF', pix_key: '39053344705', holder_name: 'Ana Souza' },
          updatedAt: now,
        });
      });
      const session = await sessionIssue(setup.db, userId, now);
      query = { uid: String(session.uid), sid: session.sid };
    } finally {
      await setup.close();
    }

    const payout = (server: Running) =>
      fetch(`${server.origin}/api/piranha/finance/payout/order/create?${new URLSearchParams(query)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'payout-in-flight-0001' },
        body: JSON.stringify({ channel: 'PIX', amount: 10_000, currency: 'BRL' }),
      });
    const desk = async (server: Running) => (await fetch(`${server.origin}/sandbox/payout`)).text();

    // The provider records the payout at once and then takes ten minutes to answer: the process dies meanwhile.
    const first = await started({ ...data.env, OPS_TOKEN, SANDBOX_PAYOUT_DELAY_MS: '600000' });
    const inFlight = payout(first).catch(() => undefined);
    await until(async () => /checkout\/po_/.test(await desk(first)), 'the provider has the payout');
    await serverStop(first, 'SIGKILL');
    expect(await inFlight).toBeUndefined();
    await leasesExpire(data);

    const second = await started({ ...data.env, OPS_TOKEN });
    const retried = (await (await payout(second)).json()) as { dm_error: number; data: { order_id: string; status: number } };
    expect(retried.dm_error).toBe(0);
    expect(retried.data.status).toBe(ORDER_STATUS.pending);
    const orderId = retried.data.order_id;
    // The provider's desk shows the one payout, once.
    expect((await desk(second)).split(orderId).length - 1).toBe(1);
    await serverStop(second, 'SIGTERM');

    const check = await data.open();
    try {
      const booked = await rowsOf<{ order_id: string; provider_ref: string }>(
        check.db,
        sql`select order_id, provider_ref from sandbox_psp_payments where direction = 'payout'`,
      );
      expect(booked).toEqual([{ order_id: orderId, provider_ref: expect.stringMatching(/^po_/) }]);
      const orders = await rowsOf<{ order_id: string; status: number; provider_ref: string }>(
        check.db,
        sql`select order_id, status, provider_ref from payment_orders where direction = 'payout'`,
      );
      expect(orders).toEqual([{ order_id: orderId, status: ORDER_STATUS.pending, provider_ref: booked[0]!.provider_ref }]);
      // One debit, held for the provider; nothing refunded, nothing paid twice.
      expect(await rowsOf(check.db, sql`select kind from transfers where external_ref = ${orderId}`)).toEqual([{ kind: 'payout_request' }]);
      const audit = await ledgerAudit(check.db);
      expect(audit.walletDrift.length + audit.unbalancedTransfers.length + audit.thinTransfers.length).toBe(0);
    } finally {
      await check.close();
    }
  });
});
