import {
  ERRORS,
  inviteBind,
  inviteDetail,
  inviteFissionList,
  inviteInfo,
  invitePromoCode,
  referrerCheck,
  referrerReport,
  tgMiniAppLogin,
} from '@piranha/contract';
import { inviteCodeOf, referralCampaignId, referralTermsOf, variantFindByKey } from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payinChannelsOf } from '@piranha/domain/payments';
import { initDataSign } from '../src/providers/telegram/telegram-init-data.ts';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { googleTestKeysCreate, playerRegister, sessionOf, SIGNUP_ACCEPT, SOCIAL, smidUnique, type GoogleTestKeys } from './account-fixtures.ts';
import { envelopeOf, signedIn, testAppCreate, testClock, type TestApp } from './harness.ts';
import { auditClean, balanceOf, checkoutOf, payinCreateOk, payinStatusOf, playerFund, sandboxDecide } from './payments-fixtures.ts';

/**
 * Invites and referral attribution (issue 19, decision 051) on a real database: attribution from each source after
 * each kind of sign-up, the self-referral refusals with their reasons, the inviter paid once through the bonus engine
 * however many qualifying deposits arrive together, the fission tree, the referrer check and report.
 */
// A shared machine under load: the first requests warm the database up, so each test gets two minutes.
vi.setConfig({ testTimeout: 120_000 });

const BOT_TOKEN = '7000000001:TEST-piranha-bot-token';
let google: GoogleTestKeys;
let t: TestApp;
beforeAll(async () => {
  const clock = testClock();
  google = await googleTestKeysCreate(() => clock.now());
  t = await testAppCreate({
    clock,
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      GOOGLE_JWKS_FILE: google.jwksFile,
      RATE_LIMIT_PER_IP: '100000',
      RATE_LIMIT_PER_USER: '100000',
      AUTH_IP_CODE_SENDS_PER_HOUR: '1000',
      AUTH_IP_FAILURES_PER_HOUR: '1000',
    },
  });
}, 180_000);
afterAll(async () => {
  expect(await auditClean(t)).toBe(true);
  await t.close();
}, 60_000);

/** Each player is on their own network and device unless a test says otherwise. */
let network = 10;
interface Party {
  session: IssuedSession;
  ip: string;
  smid: string;
}
function partyOf(session: IssuedSession, ip = `10.${(network += 1)}.0.7`, smid = smidUnique()): Party {
  return { session, ip, smid };
}
const as = (party: Party) => ({ query: signedIn(party.session, { smid: party.smid }), remoteAddress: party.ip });

async function inviterOn(appKey: string): Promise<Party & { code: string }> {
  const party = partyOf(await t.player(appKey));
  const info = envelopeOf(await t.get(inviteInfo.path, as(party)));
  expect(info.dm_error).toBe(0);
  return { ...party, code: info.data.code as string };
}
const bind = (party: Party, body: Record<string, string>) => t.post(inviteBind.path, { ...as(party), body }).then(envelopeOf);

describe('GET /user/invite', () => {
  it('answers the code, a link per brand domain and the brand’s terms', async () => {
    const inviter = await inviterOn('aguila');
    const info = envelopeOf(await t.get(inviteInfo.path, as(inviter)));
    const profile = variantFindByKey('aguila')!;
    const terms = referralTermsOf(profile);
    expect(info.data).toMatchObject({
      code: inviteCodeOf(inviter.session.uid),
      currency: profile.currency,
      reward: terms.rewardMinor,
      qualify_min: terms.qualifyMinMinor,
      invited: 0,
      qualified: 0,
      earned: 0,
      inviter_code: '',
      can_bind: 1,
    });
    expect(info.data.links[0]).toEqual({ domain: profile.officialDomain, url: `https://${profile.officialDomain}/?invite=${info.data.code}` });
  });

  it('offers no reward where the market forbids acquisition bonuses (Brazil)', async () => {
    const inviter = await inviterOn('piranha');
    expect(envelopeOf(await t.get(inviteInfo.path, as(inviter))).data.reward).toBe(0);
  });
});

describe('attribution at sign-up, from each source', () => {
  it('a guest from a link', async () => {
    const inviter = await inviterOn('piranha');
    const smid = smidUnique();
    const guest = envelopeOf(await t.post('/api/piranha/user/account/v2/visitor_login', { body: { smid, ...SIGNUP_ACCEPT }, remoteAddress: '10.200.1.1' }));
    const invitee = partyOf(sessionOf(guest.data), '10.200.1.1', smid);
    const bound = await bind(invitee, { link: inviter.code });
    expect(bound).toMatchObject({ dm_error: 0, data: { source: 'link', inviter_code: inviter.code } });
    const info = envelopeOf(await t.get(inviteInfo.path, as(inviter)));
    expect(info.data).toMatchObject({ invited: 1, qualified: 0 });
    const mine = envelopeOf(await t.get(inviteInfo.path, as(invitee)));
    expect(mine.data).toMatchObject({ inviter_code: inviter.code, can_bind: 0 });
  });

  it('an e-mail sign-up with a typed code (case and dashes forgiven); the link wins over a code', async () => {
    const inviter = await inviterOn('piranha');
    const other = await inviterOn('piranha');
    const registered = await playerRegister(t);
    const invitee = partyOf(sessionOf(registered));
    const typed = `${inviter.code.slice(0, 3).toLowerCase()}-${inviter.code.slice(3)}`;
    const checked = envelopeOf(await t.get(invitePromoCode.path, { ...as(invitee), query: { ...as(invitee).query, code: typed } }));
    expect(checked).toMatchObject({ dm_error: 0, data: { code: inviter.code } });
    expect(await bind(invitee, { code: typed })).toMatchObject({ dm_error: 0, data: { source: 'code' } });
    const second = await playerRegister(t);
    expect(await bind(partyOf(sessionOf(second)), { code: other.code, link: inviter.code })).toMatchObject({
      dm_error: 0,
      data: { source: 'link', inviter_code: inviter.code },
    });
  });

  it('a Google sign-up from the install referrer the device reported (base64, spec §5)', async () => {
    const inviter = await inviterOn('piranha');
    const smid = smidUnique();
    const raw = Buffer.from(`utm_source=play&utm_campaign=friends&invite=${inviter.code}`).toString('base64');
    const reported = envelopeOf(await t.post(referrerReport.path, { query: { smid }, body: { install_referrer: raw, timezone: 'America/Sao_Paulo' } }));
    expect(reported.data).toEqual({ recorded: 1 });
    expect(envelopeOf(await t.post(referrerReport.path, { query: { smid }, body: { install_referrer: 'junk' } })).data).toEqual({ recorded: 0 });
    const checked = envelopeOf(await t.post(referrerCheck.path, { query: { smid }, body: { install_referrer: raw } }));
    expect(checked.data).toEqual({ official: 0, activate_time: Math.floor(t.clock.now().getTime() / 1000), utm_campaign: 'friends' });
    const sub = `g-${smid}`;
    const signedUp = envelopeOf(
      await t.post(SOCIAL, {
        body: {
          plat: 'google',
          app_type: 'web',
          action: 'login',
          ...SIGNUP_ACCEPT,
          auth_params: await google.mint({ sub, email: `${sub}@example.com`, email_verified: true }),
        },
      }),
    );
    expect(signedUp.dm_error).toBe(0);
    expect(await bind(partyOf(sessionOf(signedUp.data), undefined, smid), {})).toMatchObject({
      dm_error: 0,
      data: { source: 'install_referrer', inviter_code: inviter.code },
    });
  });

  it('a Telegram mini-app sign-up from its start parameter', async () => {
    const inviter = await inviterOn('piranha');
    const initData = initDataSign(
      {
        auth_date: String(Math.floor(t.clock.now().getTime() / 1000)),
        query_id: 'AAH-inv',
        start_param: inviter.code,
        user: JSON.stringify({ id: 900_001, first_name: 'Tele' }),
      },
      BOT_TOKEN,
    );
    const signedUp = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initData, ...SIGNUP_ACCEPT } }));
    expect(signedUp.dm_error).toBe(0);
    expect(await bind(partyOf(sessionOf(signedUp.data)), { start_param: inviter.code })).toMatchObject({ dm_error: 0, data: { source: 'mini_app' } });
  });

  it('a referrer that does not decode is the official source and attributes nobody', async () => {
    const smid = smidUnique();
    expect(envelopeOf(await t.post(referrerCheck.path, { query: { smid }, body: { apk_referrer: '%%%not-base64' } })).data).toEqual({
      official: 1,
      activate_time: 0,
      utm_campaign: '',
    });
    const invitee = partyOf(await t.session('piranha'), undefined, smid);
    expect(await bind(invitee, {})).toMatchObject({ dm_error: ERRORS.INVITE_CODE_INVALID.code, data: { field: 'install_referrer' } });
  });
});

describe('refusals', () => {
  it('a wrong code, another brand’s code, the player’s own code', async () => {
    const inviter = await inviterOn('piranha');
    const elsewhere = await inviterOn('aguila');
    const invitee = partyOf(await t.session('piranha'));
    expect(await bind(invitee, { code: 'P0000' })).toMatchObject({ dm_error: ERRORS.INVITE_CODE_INVALID.code, data: { field: 'code' } });
    expect((await bind(invitee, { code: elsewhere.code })).dm_error).toBe(ERRORS.INVITE_CODE_INVALID.code);
    expect((await bind(invitee, { code: inviteCodeOf(invitee.session.uid) })).dm_error).toBe(ERRORS.INVITE_SELF.code);
    expect((await bind(invitee, { code: inviter.code })).dm_error).toBe(0);
    expect((await bind(invitee, { code: inviter.code })).dm_error).toBe(ERRORS.INVITE_ALREADY_BOUND.code);
  });

  it('self-referral: same device, same payment account, same network — each with its own translated reason', async () => {
    const inviter = await inviterOn('piranha');
    const sameDevice = partyOf(await t.session('piranha'), undefined, inviter.smid);
    const device = await bind(sameDevice, { link: inviter.code });
    expect(device.dm_error).toBe(ERRORS.INVITE_SAME_DEVICE.code);
    const sameNetwork = partyOf(await t.session('piranha'), inviter.ip.replace(/\.7$/, '.99'));
    expect((await bind(sameNetwork, { link: inviter.code })).dm_error).toBe(ERRORS.INVITE_SAME_NETWORK.code);
    const samePayment = partyOf(await t.session('piranha'));
    for (const userId of [inviter.session.uid, samePayment.session.uid])
      await t.rows(
        sql`insert into payment_accounts (user_id, channel, currency, elements, updated_at)
            values (${userId}, 'PIX', 'BRL', ${JSON.stringify({ pix_key_type: 'email', pix_key: 'shared@example.com', holder_name: 'Same' })}::jsonb, now())`,
      );
    const payment = await bind(samePayment, { link: inviter.code });
    expect(payment.dm_error).toBe(ERRORS.INVITE_SAME_PAYMENT_ACCOUNT.code);
    // The reason is translated: Portuguese for the Brazilian brand's player who asks in Portuguese.
    const portuguese = envelopeOf(
      await t.post(inviteBind.path, { query: { ...as(sameDevice).query, lca_lang: 'pt-BR' }, remoteAddress: sameDevice.ip, body: { link: inviter.code } }),
    );
    expect(portuguese.error_msg).toMatch(/aparelho/);
  });

  it('too late: an account that has deposited can no longer be attributed', async () => {
    const inviter = await inviterOn('aguila');
    const { session } = await playerFund(t, { appKey: 'aguila' });
    const late = partyOf(session);
    expect((await bind(late, { link: inviter.code })).dm_error).toBe(ERRORS.INVITE_TOO_LATE.code);
    expect(envelopeOf(await t.get(inviteInfo.path, as(late))).data.can_bind).toBe(0);
  });

  it('20 concurrent binds of one player to 20 inviters: one attribution, 19 × already bound', async () => {
    const inviters = await Promise.all(Array.from({ length: 20 }, () => inviterOn('piranha')));
    const invitee = partyOf(await t.session('piranha'));
    const answers = await Promise.all(inviters.map((inviter) => bind(invitee, { link: inviter.code })));
    const codes = answers.map((answer) => answer.dm_error).sort((a, b) => a - b);
    expect(codes).toEqual([0, ...Array<number>(19).fill(ERRORS.INVITE_ALREADY_BOUND.code)]);
    const rows = await t.rows<{ n: string }>(sql`select count(*)::text as n from referrals where invitee_id = ${invitee.session.uid}`);
    expect(rows[0]!.n).toBe('1');
  }, 60_000);
});

async function ordersFor(session: IssuedSession, appKey: string, count: number) {
  const brand = variantFindByKey(appKey)!;
  const channel = payinChannelsOf([brand.currency])[0]!;
  // The brand's minimum deposit: it qualifies (the default terms), and twenty stay under the daily maximum.
  const amount = referralTermsOf(brand).qualifyMinMinor;
  const orders = [];
  for (let index = 0; index < count; index += 1)
    orders.push(
      await payinCreateOk(t, session, {
        channel: channel.key,
        amount,
        currency: channel.currency,
        ...(channel.kind === 'stk_push' ? { phone: '0712123456' } : {}),
      }),
    );
  return { orders, amount, currency: channel.currency };
}

describe('the inviter’s reward', () => {
  it('is paid once through the bonus engine when 20 qualifying deposits of the invitee are paid at once', async () => {
    const inviter = await inviterOn('aguila');
    const invitee = partyOf(await t.session('aguila'));
    expect((await bind(invitee, { link: inviter.code })).dm_error).toBe(0);
    const { orders, amount, currency } = await ordersFor(invitee.session, 'aguila', 20);
    const decided = await Promise.all(orders.map((order) => sandboxDecide(t, checkoutOf(order).url, 'approve')));
    expect(decided.every((answer) => answer.status === 200)).toBe(true);
    for (const order of orders) expect((await payinStatusOf(t, invitee.session, order.order_id)).status).toBe(4);
    expect(await balanceOf(t, invitee.session, currency)).toBe(20 * amount);
    const terms = referralTermsOf(variantFindByKey('aguila')!);
    const grants = await t.rows<{ amount_minor: string; trigger_ref: string }>(
      sql`select amount_minor::text, trigger_ref from bonuses where user_id = ${inviter.session.uid} and campaign_id = ${referralCampaignId('aguila')}`,
    );
    expect(grants).toEqual([{ amount_minor: String(terms.rewardMinor), trigger_ref: `referral:${invitee.session.uid}` }]);
    const info = envelopeOf(await t.get(inviteInfo.path, as(inviter)));
    expect(info.data).toMatchObject({ invited: 1, qualified: 1, earned: terms.rewardMinor });
    const detail = envelopeOf(await t.get(inviteDetail.path, as(inviter)));
    expect(detail.data.list).toHaveLength(1);
    expect(detail.data.list[0]).toMatchObject({ source: 'link', reward: terms.rewardMinor, reward_status: 1 });
    expect(detail.data.list[0].qualify_time).toBeGreaterThan(0);
    // A later deposit and a repeated approval change nothing.
    await playerFund(t, { appKey: 'aguila', session: invitee.session });
    await sandboxDecide(t, checkoutOf(orders[0]!).url, 'approve');
    const again = await t.rows(sql`select 1 from bonuses where user_id = ${inviter.session.uid} and campaign_id = ${referralCampaignId('aguila')}`);
    expect(again).toHaveLength(1);
  }, 120_000);

  it('where acquisition bonuses are forbidden (Brazil) the friend qualifies and nothing is paid', async () => {
    const inviter = await inviterOn('piranha');
    const invitee = partyOf(await t.session('piranha'));
    expect((await bind(invitee, { link: inviter.code })).dm_error).toBe(0);
    await playerFund(t, { appKey: 'piranha', session: invitee.session });
    const row = envelopeOf(await t.get(inviteDetail.path, as(inviter))).data.list[0];
    expect(row).toMatchObject({ reward: 0, reward_status: 2 });
    expect(row.qualify_time).toBeGreaterThan(0);
  }, 60_000);
});

describe('fission list', () => {
  it('shows the tree to the brand’s depth, with opaque ids and masked nicks', async () => {
    const root = await inviterOn('piranha');
    let parent: Party & { code: string } = root;
    const chain = [];
    for (let level = 1; level <= 4; level += 1) {
      const child = partyOf(await t.player('piranha'));
      expect((await bind(child, { link: parent.code })).dm_error).toBe(0);
      const info = envelopeOf(await t.get(inviteInfo.path, as(child)));
      parent = { ...child, code: info.data.code as string };
      chain.push(child);
    }
    const sibling = partyOf(await t.session('piranha'));
    expect((await bind(sibling, { link: root.code })).dm_error).toBe(0);
    const tree = envelopeOf(await t.get(inviteFissionList.path, as(root)));
    expect(tree.data.depth).toBe(3);
    expect(tree.data.levels).toEqual([
      { level: 1, count: 2, qualified: 0 },
      { level: 2, count: 1, qualified: 0 },
      { level: 3, count: 1, qualified: 0 },
    ]);
    expect(tree.data.list.map((node: { level: number }) => node.level)).toEqual([1, 1, 2, 3]);
    const [first, , second] = tree.data.list as { id: string; parent_id: string }[];
    expect(first!.parent_id).toBe('');
    expect(second!.parent_id).toBe(first!.id);
    expect(tree.data.list.every((node: { id: string }) => /^n\d+$/.test(node.id))).toBe(true);
    expect(chain).toHaveLength(4);
  }, 60_000);
});

describe('ledger', () => {
  it('audit is clean after the suite', async () => {
    expect(await auditClean(t)).toBe(true);
  });
});
