import { ERRORS, HEADER_APP_KEY, inviteBind, pddInfo, pddOpen, pddVisit, pddWithdraw } from '@piranha/contract';
import { pddTermsOf, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { pddExpirePass } from '../src/modules/pdd/pdd.service.ts';
import { pddHelpAdd } from '../src/modules/pdd/pdd-help.ts';
import { transaction } from '../src/db/transaction.ts';
import { SIGNUP_ACCEPT, sessionOf, smidUnique } from './account-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, testClock, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey } from './payments-fixtures.ts';

/**
 * Share-to-cash-out envelopes (issue 19, decision 063) on a real database: opening one at a time, visits and
 * attributed sign-ups each counted once, the inviter's own device and network not counted, 20 helps arriving together
 * reaching the target once with one reward row and no overshoot, expiry from the clock, the withdrawal paid once.
 */
vi.setConfig({ testTimeout: 120_000 });

const BRAND = 'aguila';
const profile = variantFindByKey(BRAND)!;
const terms = pddTermsOf(profile);

let t: TestApp;
beforeAll(async () => {
  t = await testAppCreate({ clock: testClock(), env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_USER: '100000' } });
}, 180_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
}, 60_000);

let network = 20;
interface Party {
  session: IssuedSession;
  ip: string;
  smid: string;
}
const nextIp = () => `10.${(network += 1) % 250}.${Math.floor(network / 250)}.9`;
const as = (party: Party) => ({ query: signedIn(party.session, { smid: party.smid }), remoteAddress: party.ip });

/** A player of the brand who looked at their envelope page (their device and network are now known as theirs). */
async function inviter(): Promise<Party & { code: string }> {
  const party = { session: await t.player(BRAND), ip: nextIp(), smid: smidUnique() };
  const info = envelopeOf(await t.get(pddInfo.path, as(party)));
  expect(info.dm_error).toBe(0);
  return { ...party, code: info.data.code as string };
}
const open = (party: Party) => t.post(pddOpen.path, { ...as(party), body: {} }).then(envelopeOf);
const info = (party: Party) => t.get(pddInfo.path, as(party)).then(envelopeOf);
/** A device landing on the link, not signed in. */
const visit = (code: string, smid = smidUnique(), ip = nextIp()) =>
  t.post(pddVisit.path, { query: { smid }, headers: { [HEADER_APP_KEY]: BRAND }, remoteAddress: ip, body: { code } }).then(envelopeOf);
/** A guest signing up on its own device and binding the link it came with. */
async function signUpWith(code: string, smid = smidUnique(), ip = nextIp()) {
  const guest = envelopeOf(
    await t.post('/api/piranha/user/account/v2/visitor_login', { body: { smid, ...SIGNUP_ACCEPT }, headers: { [HEADER_APP_KEY]: BRAND }, remoteAddress: ip }),
  );
  expect(guest.dm_error).toBe(0);
  const session = sessionOf(guest.data);
  return t.post(inviteBind.path, { query: signedIn(session, { smid }), remoteAddress: ip, body: { link: code } }).then(envelopeOf);
}

describe('opening an envelope', () => {
  it('answers the brand’s terms and no envelope before the first, then one open envelope with its expiry', async () => {
    const a = await inviter();
    const before = await info(a);
    expect(before.data).toMatchObject({
      offered: true,
      currency: profile.currency,
      target: terms.targetMinor,
      visit_step: terms.visitStepMinor,
      signup_step: terms.signupStepMinor,
      expiry_hours: 72,
      envelope: null,
    });
    expect(before.data.link).toContain(`?invite=${a.code}`);
    const opened = await open(a);
    expect(opened.dm_error).toBe(0);
    expect(opened.data.envelope).toMatchObject({
      status: 'open',
      target: terms.targetMinor,
      progress: 0,
      remaining: terms.targetMinor,
      seconds_left: 72 * 3600,
      reward_status: 'none',
      friends: [],
    });
    expect(opened.data.envelope.expires_at - opened.data.envelope.opened_at).toBe(72 * 3600);
  });

  it('refuses a second open envelope; 10 opens at once leave one', async () => {
    const a = await inviter();
    const answers = await Promise.all(Array.from({ length: 10 }, () => open(a)));
    expect(answers.filter((answer) => answer.dm_error === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.dm_error === ERRORS.PDD_ALREADY_OPEN.code)).toHaveLength(9);
    const [row] = await t.rows<{ n: string }>(sql`select count(*)::text as n from pdd_envelopes where user_id = ${a.session.uid}`);
    expect(row!.n).toBe('1');
  });

  it('is not offered where acquisition bonuses are forbidden (Brazil), with a translated reason', async () => {
    const party = { session: await t.player('piranha'), ip: nextIp(), smid: smidUnique() };
    expect((await info(party)).data.offered).toBe(false);
    const refused = await t.post(pddOpen.path, { ...as(party), query: { ...as(party).query, lca_lang: 'pt-BR' }, body: {} }).then(envelopeOf);
    expect(refused.dm_error).toBe(ERRORS.PDD_NOT_OFFERED.code);
    expect(refused.error_msg).toBe('Envelopes de saque não são oferecidos nesta marca.');
  });
});

describe('progress from friends', () => {
  it('counts a device’s visit once, then its sign-up once (never the visit again); nothing is counted before an envelope opens', async () => {
    const a = await inviter();
    const early = smidUnique();
    expect((await visit(a.code, early)).data).toEqual({ counted: 0 });
    await open(a);
    const friend = smidUnique();
    const friendIp = nextIp();
    expect((await visit(a.code, friend, friendIp)).data).toEqual({ counted: 1 });
    expect((await visit(a.code, friend, friendIp)).data).toEqual({ counted: 0 });
    expect((await visit(a.code, friend, nextIp())).data).toEqual({ counted: 0 });
    expect((await signUpWith(a.code, friend, friendIp)).dm_error).toBe(0);
    const after = (await info(a)).data.envelope;
    expect(after.progress).toBe(terms.visitStepMinor + terms.signupStepMinor);
    expect(after.remaining).toBe(terms.targetMinor - terms.visitStepMinor - terms.signupStepMinor);
    expect(after.friends.map((entry: { kind: string }) => entry.kind).sort()).toEqual(['signup', 'visit']);
    const visitor = after.friends.find((entry: { kind: string }) => entry.kind === 'visit');
    expect(visitor.nick).toBe(`••${friend.slice(-3)}`);
    expect(visitor.nick).not.toContain(friend);
    // The same device landing again after signing up adds nothing.
    expect((await visit(a.code, friend, friendIp)).data).toEqual({ counted: 0 });
    expect((await info(a)).data.envelope.progress).toBe(terms.visitStepMinor + terms.signupStepMinor);
  });

  it('does not count the inviter’s own device, own network, or the inviter signed in', async () => {
    const a = await inviter();
    await open(a);
    const sameDevice = await visit(a.code, a.smid);
    expect(sameDevice.dm_error).toBe(ERRORS.PDD_SELF_VISIT.code);
    const sameNetwork = await visit(a.code, smidUnique(), a.ip.replace(/\.9$/, '.77'));
    expect(sameNetwork.dm_error).toBe(ERRORS.PDD_SELF_VISIT.code);
    const signedInSelf = await t
      .post(pddVisit.path, { query: signedIn(a.session, { smid: smidUnique() }), remoteAddress: nextIp(), body: { code: a.code } })
      .then(envelopeOf);
    expect(signedInSelf.dm_error).toBe(ERRORS.PDD_SELF_VISIT.code);
    // A sign-up from the inviter's network is refused by the invite module and helps nothing either.
    expect((await signUpWith(a.code, smidUnique(), a.ip.replace(/\.9$/, '.78'))).dm_error).toBe(ERRORS.INVITE_SAME_NETWORK.code);
    expect((await info(a)).data.envelope).toMatchObject({ progress: 0, friends: [] });
  });

  it('refuses a code that names nobody of this brand, and a visit without a device', async () => {
    const a = await inviter();
    await open(a);
    expect((await visit('P0000')).dm_error).toBe(ERRORS.PDD_CODE_INVALID.code);
    const other = { session: await t.player('piranha'), ip: nextIp(), smid: smidUnique() };
    const otherCode = (await info(other)).data.code as string;
    expect((await visit(otherCode)).dm_error).toBe(ERRORS.PDD_CODE_INVALID.code);
    const noDevice = await t.post(pddVisit.path, { headers: { [HEADER_APP_KEY]: BRAND }, remoteAddress: nextIp(), body: { code: a.code } }).then(envelopeOf);
    expect(noDevice.dm_error).toBe(ERRORS.PDD_DEVICE_REQUIRED.code);
    const amount = await t
      .post(pddVisit.path, { query: { smid: smidUnique() }, headers: { [HEADER_APP_KEY]: BRAND }, body: { code: a.code, amount: 100000 } })
      .then(envelopeOf);
    expect(amount.dm_error).toBe(ERRORS.VALIDATION_FAILED.code);
    expect((await info(a)).data.envelope.progress).toBe(0);
  });
});

describe('reaching the target', () => {
  it('25 visits arriving together reach the target once: one reward row, progress exactly the target, later visits not counted', async () => {
    const a = await inviter();
    await open(a);
    const visits = Math.ceil(terms.targetMinor / terms.visitStepMinor);
    const answers = await Promise.all(Array.from({ length: visits + 5 }, () => visit(a.code)));
    expect(answers.every((answer) => answer.dm_error === 0)).toBe(true);
    expect(answers.filter((answer) => answer.data.counted === 1)).toHaveLength(visits);
    const envelope = (await info(a)).data.envelope;
    expect(envelope).toMatchObject({ status: 'reached', progress: terms.targetMinor, remaining: 0, reward_status: 'ready', seconds_left: 0 });
    const rewards = await t.rows<{ pdd_uid: string; amount_minor: string; status: string }>(
      sql`select pdd_uid, amount_minor::text, status from pdd_rewards where user_id = ${a.session.uid}`,
    );
    expect(rewards).toEqual([{ pdd_uid: envelope.pdd_uid, amount_minor: String(terms.targetMinor), status: 'ready' }]);
    const [sum] = await t.rows<{ total: string }>(sql`select sum(amount_minor)::text as total from pdd_helps where inviter_id = ${a.session.uid}`);
    expect(Number(sum!.total)).toBe(terms.targetMinor);
    expect((await visit(a.code)).data).toEqual({ counted: 0 });
  });

  it('20 sign-ups and visits arriving together: one reward, never past the target', async () => {
    const a = await inviter();
    await open(a);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? signUpWith(a.code) : visit(a.code))));
    expect(answers.every((answer) => answer.dm_error === 0)).toBe(true);
    const envelope = (await info(a)).data.envelope;
    expect(envelope).toMatchObject({ status: 'reached', progress: terms.targetMinor, reward_status: 'ready' });
    const [rewards] = await t.rows<{ n: string }>(sql`select count(*)::text as n from pdd_rewards where user_id = ${a.session.uid}`);
    expect(rewards!.n).toBe('1');
  });

  it('a help that reaches the target and dies before its commit leaves neither help nor reward; the same friend then counts once', async () => {
    const a = await inviter();
    await open(a);
    const visits = Math.ceil(terms.targetMinor / terms.visitStepMinor);
    for (let index = 0; index < visits - 1; index += 1) expect((await visit(a.code)).data).toEqual({ counted: 1 });
    const last = smidUnique();
    // The process dies after the step that fills the envelope was written, before COMMIT.
    await expect(
      transaction(t.db, async (tx) => {
        expect(await pddHelpAdd(tx, { inviterId: a.session.uid, appKey: BRAND, kind: 'visit', friend: `d:${last}` }, t.clock.now())).toBe(true);
        throw new Error('killed before commit');
      }),
    ).rejects.toThrow('killed before commit');
    expect((await info(a)).data.envelope).toMatchObject({ status: 'open', progress: (visits - 1) * terms.visitStepMinor });
    const [none] = await t.rows<{ n: string }>(sql`select count(*)::text as n from pdd_rewards where user_id = ${a.session.uid}`);
    expect(none!.n).toBe('0');
    // The retry of that visit, three times at once: counted once, one reward.
    const retries = await Promise.all(Array.from({ length: 3 }, () => visit(a.code, last)));
    expect(retries.filter((answer) => answer.data.counted === 1)).toHaveLength(1);
    expect((await info(a)).data.envelope).toMatchObject({ status: 'reached', progress: terms.targetMinor, reward_status: 'ready' });
    const [one] = await t.rows<{ n: string }>(sql`select count(*)::text as n from pdd_rewards where user_id = ${a.session.uid}`);
    expect(one!.n).toBe('1');
  });

  it('the reward is withdrawn to the wallet once, and a new envelope can then be opened', async () => {
    const a = await inviter();
    await open(a);
    await Promise.all(Array.from({ length: 5 }, () => signUpWith(a.code)));
    const envelope = (await info(a)).data.envelope;
    expect(envelope.reward_status).toBe('ready');
    const before = await balanceOf(t, a.session, profile.currency);
    const taps = await Promise.all(
      Array.from({ length: 5 }, () =>
        t
          .post(pddWithdraw.path, { query: signedIn(a.session), headers: { 'idempotency-key': idempotencyKey() }, body: { pdd_uid: envelope.pdd_uid } })
          .then(envelopeOf),
      ),
    );
    expect(taps.filter((tap) => tap.dm_error === 0)).toHaveLength(1);
    expect(taps.filter((tap) => tap.dm_error === ERRORS.PAYMENT_ORDER_CLOSED.code)).toHaveLength(4);
    expect(await balanceOf(t, a.session, profile.currency)).toBe(before + terms.targetMinor);
    expect((await info(a)).data.envelope.reward_status).toBe('withdrawn');
    const next = await open(a);
    expect(next.data.envelope).toMatchObject({ status: 'open', progress: 0 });
    expect(next.data.envelope.pdd_uid).not.toBe(envelope.pdd_uid);
    expect(await auditClean(t)).toBe(true);
  });
});

describe('expiry', () => {
  it('stops counting at the expiry (computed from the clock), the job marks it, and a new one may be opened', async () => {
    const a = await inviter();
    await open(a);
    expect((await visit(a.code)).data.counted).toBe(1);
    t.clock.advance(72 * 3_600_000 - 1_000);
    expect((await info(a)).data.envelope).toMatchObject({ status: 'open', seconds_left: 1 });
    t.clock.advance(1_000);
    expect((await info(a)).data.envelope).toMatchObject({ status: 'expired', seconds_left: 0, progress: terms.visitStepMinor });
    expect((await visit(a.code)).data).toEqual({ counted: 0 });
    expect((await signUpWith(a.code)).dm_error).toBe(0);
    expect((await info(a)).data.envelope.progress).toBe(terms.visitStepMinor);
    expect(await pddExpirePass(t.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [row] = await t.rows<{ status: string }>(sql`select status from pdd_envelopes where user_id = ${a.session.uid}`);
    expect(row!.status).toBe('expired');
    expect((await open(a)).data.envelope).toMatchObject({ status: 'open', progress: 0 });
    const [rewards] = await t.rows<{ n: string }>(sql`select count(*)::text as n from pdd_rewards where user_id = ${a.session.uid}`);
    expect(rewards!.n).toBe('0');
  });
});
