import { ERRORS, type ErrorName } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { saferPlayOverridesSet } from '../src/modules/safer-play/safer-play.service.ts';
import { KYC_WEBHOOK_PATH } from '../src/providers/kyc/sandbox-idp.ts';
import { SIGNATURE_HEADER, webhookSign } from '../src/providers/payments/webhook-signature.ts';
import { feedManualCreate, market1x2, singlePost, type ManualFeed } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, signedIn, testAppCreate, type TestApp, type TestResponse } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, payinCreateOk, playerFund } from './payments-fixtures.ts';

/**
 * Identity checks (issue 20, decision 037) through the real routes and the sandbox identity provider's hosted page:
 * unverified → pending → verified or rejected, the age from the birth date read, the Brazilian CPF against the PIX
 * account, a signed webhook that a forgery, a stale signature or a replay cannot move, and the audit of each change.
 */
let t: TestApp;
let feed: ManualFeed;

beforeAll(async () => {
  feed = feedManualCreate(CLOCK_START.getTime());
  t = await testAppCreate({ feed });
});
afterAll(() => t.close());

const CPF = '39053344705';
const OTHER_CPF = '52998224725';
const PIX_ACCOUNT = { document_type: 'CPF', document: CPF, pix_key_type: 'CPF', pix_key: CPF, holder_name: 'Ana Souza' };
/** The smallest real files: a JPEG and a PNG start with their signatures; a text file does not. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64');
const PDF = Buffer.from('%PDF-1.7\n%EOF').toString('base64');
const TEXT = Buffer.from('not an image at all').toString('base64');

function refusedWith(response: TestResponse | { dm_error: number; data: unknown }, name: ErrorName) {
  const envelope = 'dm_error' in response ? response : envelopeOf(response);
  expect(envelope.dm_error, JSON.stringify(envelope)).toBe(ERRORS[name].code);
  return envelope;
}

/** A registered player with no identity check yet (the harness's players come verified). */
async function unverifiedPlayer(appKey = 'piranha'): Promise<IssuedSession> {
  const session = await t.player(appKey);
  await t.rows(sql`delete from kyc_checks where user_id = ${session.uid}`);
  return session;
}

const kycOf = async (session: IssuedSession) => envelopeOf(await t.get('/api/piranha/kyc/state', { query: signedIn(session) })).data;
const submit = (session: IssuedSession, body: Record<string, unknown> = {}) =>
  t.post('/api/piranha/kyc/submit', {
    query: signedIn(session),
    body: { document_number: '390.533.447-05', birth_date: '1990-05-17', document_file: PDF, selfie_file: JPEG, ...body },
  });
const elementsSet = async (session: IssuedSession, elements: Record<string, string>) =>
  envelopeOf(await t.post('/api/piranha/finance/account/elements/set', { query: signedIn(session), body: { channel: 'PIX', elements } }));
const payout = async (session: IssuedSession, amount = 10_000) =>
  envelopeOf(
    await t.post('/api/piranha/finance/payout/order/create', {
      query: signedIn(session),
      headers: { 'idempotency-key': `kyc-${session.uid}-${Math.random()}` },
      body: { channel: 'PIX', amount, currency: 'BRL' },
    }),
  );
/** The reviewer's decision on the sandbox's hosted page, as a browser posts the form. */
const decide = (ref: string, decision: 'approve' | 'decline', birthDate?: string) =>
  t.request('POST', `/sandbox/kyc/${ref}/${decision}`, {
    payload: birthDate ? `birth_date=${birthDate}` : '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const refOf = (state: { provider_url: string }) => state.provider_url.split('/').pop()!;
const auditOf = (uid: number) =>
  t.rows<{ actor: string; before: { state: string }; after: { state: string; reason?: string } }>(
    sql`select actor, before, after from safer_play_audit where user_id = ${uid} and action = 'kyc' order by id`,
  );

describe('the identity check', () => {
  it('asks a Brazilian player for a verified CPF before the first withdrawal, and lets it through once the sandbox approves', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_000, session: await unverifiedPlayer() });
    expect(await kycOf(session)).toMatchObject({ state: 'unverified', required_before: 'withdrawal', document_type: 'CPF', minimum_age: 18, provider_url: '' });
    expect((await elementsSet(session, PIX_ACCOUNT)).dm_error).toBe(0);
    refusedWith(await payout(session), 'KYC_REQUIRED');
    expect(await balanceOf(t, session, 'BRL')).toBe(100_000);

    const pending = envelopeOf(await submit(session)).data;
    expect(pending).toMatchObject({ state: 'pending', document_masked: '•••••••4705' });
    expect(pending.provider_url).toMatch(/^\/sandbox\/kyc\/kyc_[0-9a-f]{24}$/);
    refusedWith(await submit(session), 'KYC_IN_PROGRESS');
    refusedWith(await payout(session), 'KYC_REQUIRED');

    const hosted = await t.get(pending.provider_url);
    expect(hosted.status).toBe(200);
    expect(hosted.text).toContain('390.533.447-05'.replace(/\D/g, ''));
    expect(hosted.text).toContain('value="1990-05-17"');
    expect((await t.get(`${pending.provider_url}/selfie`)).headers['content-type']).toBe('image/jpeg');

    expect((await decide(refOf(pending), 'approve')).text).toContain('Identity approved');
    expect(await kycOf(session)).toMatchObject({ state: 'verified', reason: '', provider_url: '' });
    expect((await payout(session)).dm_error).toBe(0);
    expect(await balanceOf(t, session, 'BRL')).toBe(90_000);
    expect(await auditOf(session.uid)).toMatchObject([
      { actor: 'player', before: { state: 'unverified' }, after: { state: 'pending' } },
      { actor: 'provider', before: { state: 'pending' }, after: { state: 'verified' } },
    ]);
    expect(await auditClean(t)).toBe(true);
  });

  it('pays a verified Brazilian only into a PIX account under their own CPF', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_000, session: await unverifiedPlayer() });
    await decide(refOf(envelopeOf(await submit(session)).data), 'approve');
    refusedWith(await elementsSet(session, { ...PIX_ACCOUNT, document: OTHER_CPF }), 'KYC_CPF_MISMATCH');
    expect((await elementsSet(session, PIX_ACCOUNT)).dm_error).toBe(0);
    // An account saved behind the check's back (an older row) is refused at payout, with nothing debited.
    await t.rows(
      sql`update payment_accounts set elements = jsonb_set(elements, '{document}', ${JSON.stringify(OTHER_CPF)}::jsonb) where user_id = ${session.uid}`,
    );
    refusedWith(await payout(session), 'KYC_CPF_MISMATCH');
    expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
  });

  it('rejects a CPF that is not the one of the PIX account already saved, and accepts a new attempt', async () => {
    const session = await unverifiedPlayer();
    expect((await elementsSet(session, { ...PIX_ACCOUNT, document: OTHER_CPF })).dm_error).toBe(0);
    await decide(refOf(envelopeOf(await submit(session)).data), 'approve');
    expect(await kycOf(session)).toMatchObject({ state: 'rejected', reason: 'cpf_mismatch' });
    expect(envelopeOf(await submit(session)).data).toMatchObject({ state: 'pending' });
  });

  it('computes the age from the birth date read on the document: one day short of 18 is rejected, 18 that day passes', async () => {
    // CLOCK_START in São Paulo: the 18th birthday is today's date 18 years ago.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(t.clock.now());
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const eighteen = `${year - 18}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const tomorrow = new Date(Date.UTC(year - 18, month - 1, day + 1)).toISOString().slice(0, 10);

    const young = await unverifiedPlayer();
    // Declared as adult; the reviewer reads the real date on the document.
    await decide(refOf(envelopeOf(await submit(young)).data), 'approve', tomorrow);
    expect(await kycOf(young)).toMatchObject({ state: 'rejected', reason: 'underage' });
    expect((await auditOf(young.uid)).at(-1)).toMatchObject({ actor: 'provider', after: { state: 'rejected', reason: 'underage' } });

    const adult = await unverifiedPlayer();
    await decide(refOf(envelopeOf(await submit(adult, { birth_date: eighteen })).data), 'approve');
    expect(await kycOf(adult)).toMatchObject({ state: 'verified' });
  });

  it('applies the minimum age of the brand: 21 in the Philippines', async () => {
    const session = await unverifiedPlayer('jeepney');
    expect(await kycOf(session)).toMatchObject({ minimum_age: 21, document_type: 'ID' });
    const today = new Date(t.clock.now());
    const twenty = `${today.getUTCFullYear() - 20}-01-01`;
    await decide(refOf(envelopeOf(await submit(session, { document_number: 'P1234567', birth_date: twenty })).data), 'approve');
    expect(await kycOf(session)).toMatchObject({ state: 'rejected', reason: 'underage' });
  });

  it('marks a decline as rejected', async () => {
    const session = await unverifiedPlayer();
    await decide(refOf(envelopeOf(await submit(session)).data), 'decline');
    expect(await kycOf(session)).toMatchObject({ state: 'rejected', reason: 'declined' });
  });

  it('refuses a bad document number, a bad date and files of the wrong type or size, with nothing stored', async () => {
    const session = await unverifiedPlayer();
    expect(refusedWith(await submit(session, { document_number: '390.533.447-06' }), 'KYC_DOCUMENT_INVALID').data).toMatchObject({
      field: 'document_number',
      issue: 'checksum',
    });
    expect(refusedWith(await submit(session, { birth_date: '1990-02-30' }), 'KYC_DOCUMENT_INVALID').data).toMatchObject({ field: 'birth_date' });
    expect(refusedWith(await submit(session, { document_file: TEXT }), 'KYC_FILE_INVALID').data).toMatchObject({ field: 'document_file', issue: 'type' });
    expect(refusedWith(await submit(session, { selfie_file: PDF }), 'KYC_FILE_INVALID').data).toMatchObject({ field: 'selfie_file', issue: 'type' });
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(refusedWith(await submit(session, { selfie_file: big.toString('base64') }), 'KYC_FILE_INVALID').data).toMatchObject({
      field: 'selfie_file',
      issue: 'too_large',
    });
    expect(await kycOf(session)).toMatchObject({ state: 'unverified' });
    expect((await submit(session, { document_file: PNG })).status).toBe(200);
  });
});

describe('the payers of pay-ins credited before the CPF was given, at the identity decision (decision 050)', () => {
  /** A PIX pay-in the sandbox PSP pays from `payer`'s account (a player with no CPF yet is credited whoever paid). */
  async function pixPaidBy(session: IssuedSession, payer: string, amount = 50_00): Promise<string> {
    const order = await payinCreateOk(t, session, { channel: 'PIX', amount, currency: 'BRL' });
    const paid = await t.request('POST', `${checkoutOf(order).url}/approve?payer_document=${payer}`, {
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(200);
    return order.order_id;
  }

  it('rejects an approved CPF that is not the payer of a pay-in already credited, keeps the money unpaid out, and verifies the payer’s CPF on a new attempt', async () => {
    const session = await unverifiedPlayer();
    await pixPaidBy(session, OTHER_CPF);
    expect(await balanceOf(t, session, 'BRL')).toBe(50_00);
    // The document read is the CPF submitted, but another person paid the deposit: not the player's own account.
    await decide(refOf(envelopeOf(await submit(session)).data), 'approve');
    expect(await kycOf(session)).toMatchObject({ state: 'rejected', reason: 'cpf_mismatch' });
    expect((await auditOf(session.uid)).at(-1)).toMatchObject({
      actor: 'provider',
      before: { state: 'pending' },
      after: { state: 'rejected', reason: 'cpf_mismatch' },
    });
    // Nothing is taken back (the money was credited under the rule of the time), but it cannot be withdrawn.
    expect(await balanceOf(t, session, 'BRL')).toBe(50_00);
    expect(refusedWith(await payout(session, 50_00), 'KYC_REQUIRED').data).toMatchObject({ issue: 'withdrawal_rejected' });
    // The same CPF again is rejected again: the credited pay-in's payer does not change.
    await decide(refOf(envelopeOf(await submit(session)).data), 'approve');
    expect(await kycOf(session)).toMatchObject({ state: 'rejected', reason: 'cpf_mismatch' });
    // The payer's CPF (the player's own, entered wrong before) passes.
    await decide(refOf(envelopeOf(await submit(session, { document_number: OTHER_CPF })).data), 'approve');
    expect(await kycOf(session)).toMatchObject({ state: 'verified' });
    expect(await auditClean(t)).toBe(true);
  });

  it('verifies a CPF that paid every credited pay-in, and leaves a refused pay-in out of the comparison', async () => {
    const session = await unverifiedPlayer();
    await pixPaidBy(session, CPF);
    const pending = envelopeOf(await submit(session)).data;
    // While the check is pending the CPF given counts: another person's pay-in is refused and sent back, never credited.
    const refused = await pixPaidBy(session, OTHER_CPF, 20_00);
    const [row] = await t.rows<{ account: Record<string, string> }>(sql`select account from payment_orders where order_id = ${refused}`);
    expect(row!.account).toEqual({ payer_document: OTHER_CPF, refused: 'payer_not_holder' });
    expect(await balanceOf(t, session, 'BRL')).toBe(50_00);
    await decide(refOf(pending), 'approve');
    expect(await kycOf(session)).toMatchObject({ state: 'verified', reason: '' });
    expect(await auditClean(t)).toBe(true);
  });
});

describe('the identity provider’s webhook', () => {
  const post = (raw: string, signature: string) =>
    t.request('POST', KYC_WEBHOOK_PATH, { payload: raw, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature } });

  it('refuses a forged or stale notice, applies a signed one once, and ignores a replay and a notice for an old attempt', async () => {
    const session = await unverifiedPlayer();
    const ref = refOf(envelopeOf(await submit(session)).data);
    const notice = { event_id: 'evt-kyc-replay-1', provider_ref: ref, decision: 'approved', document_number: CPF, birth_date: '1990-05-17' };
    const raw = JSON.stringify(notice);
    expect((await post(raw, webhookSign('not-the-secret', raw, t.clock.now()))).status).toBe(401);
    expect((await post(raw, webhookSign(t.built.kyc.secret, raw, new Date(t.clock.now().getTime() - 301_000)))).status).toBe(401);
    expect(await kycOf(session)).toMatchObject({ state: 'pending' });

    const applied = await post(raw, webhookSign(t.built.kyc.secret, raw, t.clock.now()));
    expect(applied.json).toEqual({ received: true, outcome: 'verified' });
    // The same event again, even freshly signed: nothing changes.
    const replay = await post(raw, webhookSign(t.built.kyc.secret, raw, t.clock.now()));
    expect(replay.json).toEqual({ received: true, outcome: 'duplicate' });
    // A new event on an attempt no longer pending cannot turn a verified player back.
    const late = JSON.stringify({ ...notice, event_id: 'evt-kyc-replay-2', decision: 'declined' });
    expect((await post(late, webhookSign(t.built.kyc.secret, late, t.clock.now()))).json).toEqual({ received: true, outcome: 'closed' });
    expect(await kycOf(session)).toMatchObject({ state: 'verified' });
    expect((await auditOf(session.uid)).length).toBe(2);
  });
});

describe('identity before play, where the operator sets it', () => {
  it('refuses a bet until the identity is verified', async () => {
    saferPlayOverridesSet({ BR: { kycBefore: 'play' } });
    try {
      const { session } = await playerFund(t, { amountMinor: 100_000, session: await unverifiedPlayer() });
      const option = market1x2(t.built.sports.state, feed.matchAdd().id, 1);
      refusedWith(await singlePost(t, session, [{ option, stake: 10_00 }]), 'KYC_REQUIRED');
      expect(await balanceOf(t, session, 'BRL')).toBe(100_000);
      await decide(refOf(envelopeOf(await submit(session)).data), 'approve');
      expect(envelopeOf(await singlePost(t, session, [{ option, stake: 10_00 }])).dm_error).toBe(0);
    } finally {
      saferPlayOverridesSet({});
    }
  });
});
