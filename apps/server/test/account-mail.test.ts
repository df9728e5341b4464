import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailUnique, mailLatest, SEND } from './account-fixtures.ts';
import { envelopeOf, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase } from './harness.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP peer on a free local port that keeps what it receives. */
async function smtpPeerStart(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let database: TestDatabase;
let peer: Awaited<ReturnType<typeof smtpPeerStart>>;
let smtpApp: TestApp;

beforeAll(async () => {
  database = await testDatabaseCreate();
  peer = await smtpPeerStart();
  smtpApp = await testAppCreate({ database, env: { SMTP_URL: `${peer.url}?ignoreTLS=true`, MAIL_FROM: 'codes@mail.piranha.example' } });
});
afterAll(async () => {
  await smtpApp?.close();
  await peer?.close();
  await database?.close();
});

describe('mail through a real SMTP server (SMTP_URL)', () => {
  it('delivers the code mail over SMTP, from MAIL_FROM, and keeps nothing in the outbox', async () => {
    const email = emailUnique();
    const envelope = envelopeOf(await smtpApp.post(SEND, { body: { email, purpose: 'register' }, query: { lca_lang: 'ENG' } }));
    expect(envelope.dm_error).toBe(0);
    expect(peer.received).toHaveLength(1);
    const mail = peer.received[0]!;
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('codes@mail.piranha.example');
    expect(mail.raw).toMatch(/^Subject: Piranha: your verification code$/m);
    expect(mail.raw).toMatch(/^From: Piranha <codes@mail\.piranha\.example>$/m);
    expect(mail.raw).toMatch(/Your verification code is \d{6}\./);
    expect(await smtpApp.rows(sql`select id from mail_outbox`)).toEqual([]);
  });
});

describe('an SMTP server that cannot be reached', () => {
  it('answers dm_error 500 with a trace id and forgets the code, so the player may ask again at once', async () => {
    const closed = await smtpPeerStart();
    await closed.close();
    const down = await testAppCreate({ database, env: { SMTP_URL: `${closed.url}?ignoreTLS=true&connectionTimeout=2000` } });
    try {
      const email = emailUnique();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const envelope = envelopeOf(await down.post(SEND, { body: { email, purpose: 'register' } }));
        expect(envelope.dm_error).toBe(500);
        expect(envelope.data.trace_id).toMatch(/^[0-9a-f]{16}$/);
      }
      expect(await down.rows(sql`select id from verification_codes where target = ${email}`)).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('the sandbox mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppCreate({ database });
  });
  afterAll(() => t?.close());

  it('keeps mail in the outbox and lists it, newest first and escaped, at /dev/mailbox', async () => {
    const first = emailUnique('first');
    const second = emailUnique('second');
    await t.post(SEND, { body: { email: first, purpose: 'register' } });
    await t.post(SEND, { body: { email: second, purpose: 'register' } });
    expect(await mailLatest(t, first)).toBeDefined();
    const page = await t.get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text.indexOf(second)).toBeGreaterThan(-1);
    expect(page.text.indexOf(second)).toBeLessThan(page.text.indexOf(first));
    expect(page.text).toMatch(/Piranha: seu código de verificação/);
    const only = await t.get('/dev/mailbox', { query: { to: first } });
    expect(only.text).toContain(first);
    expect(only.text).not.toContain(second);
  });

  it('escapes what it shows', async () => {
    await t.rows(
      sql`insert into mail_outbox (app_key, from_address, to_address, subject, text, html, created_at) values ('piranha', 'a@b.c', 'x@example.com', '<script>alert(1)</script>', 'body', '', now())`,
    );
    const page = await t.get('/dev/mailbox');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).toContain('&#60;script&#62;');
  });

  it('does not exist in production', async () => {
    const production = await testAppCreate({ database, env: { NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: '1' } });
    try {
      const page = await production.get('/dev/mailbox');
      expect(envelopeOf(page).dm_error).toBe(1004);
      expect(envelopeOf(await production.get('/dev/smsbox')).dm_error).toBe(1004);
    } finally {
      await production.close();
    }
  });
});
