import { fbUserCreate, fbUserProfileGet, redPointClick, tabPromptGet, tabPromptListV2 } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { accountAppSetup, codeMake, emailUnique, PASSWORD, playerRegister, sessionOf, smidUnique, touristLogin } from './account-fixtures.ts';
import { envelopeOf, signedIn } from './harness.ts';

const OPS_TOKEN = 'ops-secret-for-tests';
const t = accountAppSetup({ OPS_TOKEN });

async function promptPost(body: Record<string, unknown>, token = OPS_TOKEN) {
  return envelopeOf(await t.post('/api/ops/tab-prompt', { body, headers: { authorization: `Bearer ${token}` } }));
}
const dots = async (query: Record<string, string>) => envelopeOf(await t.get(tabPromptGet.path, { query })).data.red_points as string[];
const prompts = async (query: Record<string, string>) =>
  envelopeOf(await t.get(tabPromptListV2.path, { query })).data.list as { tab_key: string; kind: string; text: string }[];
const click = async (tab_key: string, query: Record<string, string>) => envelopeOf(await t.post(redPointClick.path, { body: { tab_key }, query }));

describe('tab prompts (tab_prompt, v2/tab_prompt, red_point_click)', () => {
  it('puts a dot on "me" for a tourist without an e-mail until the tourist opens the tab', async () => {
    const tourist = signedIn(sessionOf(await touristLogin(t)));
    expect(await dots(tourist)).toEqual(['me']);
    expect(await prompts(tourist)).toEqual([{ tab_key: 'me', prompt_id: 'save_email', kind: 'save_email', text: '' }]);
    expect((await click('game', tourist)).data).toEqual({ cleared: 0 });
    expect(await dots(tourist)).toEqual(['me']);
    expect((await click('me', tourist)).data).toEqual({ cleared: 1 });
    expect(await dots(tourist)).toEqual([]);
    // A second click changes nothing.
    expect((await click('me', tourist)).data).toEqual({ cleared: 0 });
  });

  it('shows no save-e-mail dot to a registered player', async () => {
    const player = signedIn(sessionOf(await playerRegister(t)));
    expect(await dots(player)).not.toContain('me');
  });

  it('shows an operator prompt of the brand in the player’s language until each viewer clears it', async () => {
    const posted = await promptPost({ app_key: 'aguila', tab_key: 'sport', texts: { 'en-US': 'New leagues', 'es-MX': 'Nuevas ligas' } });
    expect(posted.dm_error).toBe(0);
    const mx = { 'app-key': 'aguila' };
    const deviceA = { smid: smidUnique(), lca_lang: 'ES' };
    const deviceB = { smid: smidUnique() };
    const listA = envelopeOf(await t.get(tabPromptListV2.path, { query: deviceA, headers: mx })).data.list;
    expect(listA).toEqual([{ tab_key: 'sport', prompt_id: posted.data.prompt_id, kind: 'operator', text: 'Nuevas ligas' }]);
    expect(envelopeOf(await t.post(redPointClick.path, { body: { tab_key: 'sport' }, query: deviceA, headers: mx })).data).toEqual({ cleared: 1 });
    expect(envelopeOf(await t.get(tabPromptGet.path, { query: deviceA, headers: mx })).data.red_points).toEqual([]);
    // Another device still sees it; another brand never did.
    expect(envelopeOf(await t.get(tabPromptGet.path, { query: deviceB, headers: mx })).data.red_points).toEqual(['sport']);
    expect(await dots(deviceB)).toEqual([]);
  });

  it('hides a prompt before it starts and after it ends', async () => {
    const nowS = Math.floor(t.clock.now().getTime() / 1000);
    await promptPost({ app_key: 'tequila', tab_key: 'game', texts: { 'en-US': 'Soon' }, starts_at: nowS + 3600, ends_at: nowS + 7200 });
    const device = { query: { smid: smidUnique() }, headers: { 'app-key': 'tequila' } };
    expect(envelopeOf(await t.get(tabPromptGet.path, device)).data.red_points).toEqual([]);
    t.clock.advance(3600_000 + 1000);
    expect(envelopeOf(await t.get(tabPromptGet.path, device)).data.red_points).toEqual(['game']);
    t.clock.advance(3600_000);
    expect(envelopeOf(await t.get(tabPromptGet.path, device)).data.red_points).toEqual([]);
  });

  it('refuses an unknown tab, and operator posts without the token or with bad fields', async () => {
    const bad = await click('casino', { smid: smidUnique() });
    expect(bad).toMatchObject({ dm_error: 1001, data: { field: 'tab_key' } });
    expect((await promptPost({ app_key: 'piranha', tab_key: 'me', texts: { 'en-US': 'x' } }, 'wrong')).dm_error).toBe(1002);
    expect(await promptPost({ app_key: 'piranha', tab_key: 'me', texts: {} })).toMatchObject({ dm_error: 1001, data: { field: 'texts' } });
    const nowS = Math.floor(t.clock.now().getTime() / 1000);
    expect(await promptPost({ app_key: 'piranha', tab_key: 'me', texts: { 'en-US': 'x' }, starts_at: nowS, ends_at: nowS })).toMatchObject({
      dm_error: 1001,
      data: { field: 'ends_at' },
    });
  });
});

describe('sports-book user record (user create when none, then fetch again)', () => {
  it('answers exists 0 at first, creates once, then answers the record', async () => {
    const player = await playerRegister(t);
    const query = signedIn(sessionOf(player));
    expect(envelopeOf(await t.get(fbUserProfileGet.path, { query })).data).toEqual({ exists: 0, user: null });
    expect(envelopeOf(await t.post(fbUserCreate.path, { query, body: {} })).data).toEqual({ created: 1 });
    expect(envelopeOf(await t.post(fbUserCreate.path, { query, body: {} })).data).toEqual({ created: 0 });
    const fetched = envelopeOf(await t.get(fbUserProfileGet.path, { query })).data;
    expect(fetched).toMatchObject({ exists: 1, user: { uid: player.uid, currency: 'BRL', create_at: Math.floor(t.clock.now().getTime() / 1000) } });
  });

  it('answers 604 without a session', async () => {
    expect(envelopeOf(await t.get(fbUserProfileGet.path)).dm_error).toBe(604);
  });
});

describe('visitor/bind (the older one-call bind)', () => {
  it('turns the signed-in tourist into a registered player with the same uid', async () => {
    const tourist = await touristLogin(t);
    const email = emailUnique('older-bind');
    const email_code = await codeMake(t, email, 'bind', { userId: tourist.uid });
    const bound = envelopeOf(
      await t.post('/api/piranha/user/account/visitor/bind', { query: signedIn(sessionOf(tourist)), body: { email, email_code, password: PASSWORD } }),
    );
    expect(bound.dm_error).toBe(0);
    expect(bound.data).toMatchObject({ uid: tourist.uid, visitor: 0, first_regist: 1 });
    const login = envelopeOf(await t.post('/api/piranha/user/account/email/login', { body: { email, password: PASSWORD } }));
    expect(login.data.uid).toBe(tourist.uid);
  });

  it('refuses a registered player and a wrong code', async () => {
    const player = await playerRegister(t);
    const email = emailUnique();
    const again = await t.post('/api/piranha/user/account/visitor/bind', { query: signedIn(sessionOf(player)), body: { email, email_code: '123456' } });
    expect(envelopeOf(again).dm_error).toBe(4007);
    const tourist = await touristLogin(t);
    await codeMake(t, email, 'bind', { userId: tourist.uid });
    const wrong = await t.post('/api/piranha/user/account/visitor/bind', { query: signedIn(sessionOf(tourist)), body: { email, email_code: '000000' } });
    expect(envelopeOf(wrong)).toMatchObject({ dm_error: 100011, data: { field: 'email_code' } });
  });
});
