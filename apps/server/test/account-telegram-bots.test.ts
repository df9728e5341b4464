import { ERRORS, tgMiniAppLogin } from '@piranha/contract';
import { describe, expect, it } from 'vitest';
import { configLoad } from '../src/config.ts';
import { initDataSign } from '../src/providers/telegram/telegram-init-data.ts';
import { accountAppSetup, SIGNUP_ACCEPT } from './account-fixtures.ts';
import { envelopeOf } from './harness.ts';

/** Spec §1: a brand has development, test and production bots; initData from any of its own is accepted. */
const DEV_BOT = '7100000001:TEST-piranha-dev-bot';
const TEST_BOT = '7100000002:TEST-piranha-test-bot';
const EVERY_BRAND_BOT = '7100000003:TEST-every-brand-bot';
const OTHER_BRAND_BOT = '7100000004:TEST-aguila-only-bot';

const t = accountAppSetup({
  TELEGRAM_BOT_TOKEN: EVERY_BRAND_BOT,
  TELEGRAM_BOT_TOKENS: `piranha=${DEV_BOT}, piranha=${TEST_BOT}, aguila=${OTHER_BRAND_BOT}`,
});
let telegramId = 700_000;

function initDataFor(id: number, token: string): string {
  const user = JSON.stringify({ id, first_name: 'Bots' });
  return initDataSign({ auth_date: String(Math.floor(t.clock.now().getTime() / 1000)), query_id: 'AAH-bots', user }, token);
}

describe('several bots per brand (TELEGRAM_BOT_TOKENS)', () => {
  it("signs the same Telegram user in through any of the brand's bots: one account", async () => {
    const id = (telegramId += 1);
    const first = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(id, DEV_BOT), ...SIGNUP_ACCEPT } }));
    expect(first.dm_error).toBe(0);
    for (const token of [TEST_BOT, EVERY_BRAND_BOT]) {
      const again = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor(id, token) } }));
      expect(again).toMatchObject({ dm_error: 0, data: { uid: first.data.uid, first_regist: 0 } });
    }
  });

  it("refuses initData of another brand's bot and of an unknown bot", async () => {
    for (const token of [OTHER_BRAND_BOT, '7100000009:TEST-unknown-bot-x']) {
      const refused = envelopeOf(await t.post(tgMiniAppLogin.path, { body: { init_data: initDataFor((telegramId += 1), token), ...SIGNUP_ACCEPT } }));
      expect(refused).toMatchObject({ dm_error: ERRORS.TELEGRAM_INIT_DATA_INVALID.code, data: { field: 'init_data', issue: 'hash' } });
    }
  });

  it('reads the list and refuses what is not a bot token at boot', () => {
    expect(configLoad({ TELEGRAM_BOT_TOKENS: `${DEV_BOT},aguila=${OTHER_BRAND_BOT}` }).telegramBots).toEqual([
      { appKey: undefined, token: DEV_BOT },
      { appKey: 'aguila', token: OTHER_BRAND_BOT },
    ]);
    expect(configLoad({}).telegramBots).toEqual([]);
    expect(() => configLoad({ TELEGRAM_BOT_TOKENS: 'aguila=not a token' })).toThrow(/TELEGRAM_BOT_TOKENS/);
    expect(() => configLoad({ TELEGRAM_BOT_TOKENS: `=${DEV_BOT}` })).toThrow(/TELEGRAM_BOT_TOKENS/);
  });
});
