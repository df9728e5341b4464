import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountAppSetup, envelopePost, phoneUnique, sessionOf, touristLogin } from './account-fixtures.ts';
import { CLOCK_START, signedIn } from './harness.ts';

const SEND = '/api/user/account/sms/code/send';
const CHECK = '/api/user/account/sms/code/check';

const t = accountAppSetup({ AUTH_IP_CODE_SENDS_PER_HOUR: '1000' });

const post = envelopePost(t);
const smsSwitch = (enabled: 0 | 1) => t.rows(sql`update dynconfigs set enabled = ${enabled} where key = 'sms_switch'`);

async function smsLatest(phone: string): Promise<string | undefined> {
  const [row] = await t.rows<{ text: string }>(sql`select text from sms_outbox where to_phone = ${phone} order by id desc limit 1`);
  return row?.text;
}

describe('SMS codes behind the sms_switch dynamic config', () => {
  it('refuses both endpoints with SMS_UNAVAILABLE while the switch is off (as it ships)', async () => {
    await smsSwitch(0);
    const phone = phoneUnique();
    const send = await post(SEND, { phone, purpose: 'login' }, { lca_lang: 'ENG' });
    expect(send.dm_error).toBe(ERRORS.SMS_UNAVAILABLE.code);
    expect(send.error_msg).toBe('SMS codes are not available right now. Please use your e-mail.');
    expect((await post(CHECK, { phone, purpose: 'login', sms_code: '123456' })).dm_error).toBe(ERRORS.SMS_UNAVAILABLE.code);
    expect(await smsLatest(phone)).toBeUndefined();
  });

  it('sends a 6-digit code to the sandbox outbox in the player’s language and checks it, bound to its purpose', async () => {
    await smsSwitch(1);
    t.clock.set(CLOCK_START);
    const phone = phoneUnique();
    expect(await post(SEND, { phone, purpose: 'login' })).toStrictEqual({ dm_error: 0, error_msg: '', data: { expire_s: 600, resend_s: 60 } });
    const text = await smsLatest(phone);
    expect(text).toMatch(/^Piranha: seu código é \d{6}\. Expira em 10 min\./);
    const code = text!.match(/\d{6}/)![0];
    expect((await post(CHECK, { phone, purpose: 'login', sms_code: code })).data).toEqual({ valid: 1 });
    expect((await post(CHECK, { phone, purpose: 'login', sms_code: code === '000000' ? '000001' : '000000' })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID.code);
    expect((await post(CHECK, { phone, purpose: 'register', sms_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    expect((await post(SEND, { phone, purpose: 'login' })).dm_error).toBe(ERRORS.CODE_COOLDOWN.code);
    t.clock.advance(600_001);
    expect((await post(CHECK, { phone, purpose: 'login', sms_code: code })).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    t.clock.set(CLOCK_START);
  });

  it('ties a bind code to the signed-in user who asked for it', async () => {
    await smsSwitch(1);
    const phone = phoneUnique();
    expect((await post(SEND, { phone, purpose: 'bind' })).dm_error).toBe(ERRORS.SESSION_EXPIRED.code);
    const asker = await touristLogin(t);
    const other = await touristLogin(t);
    expect((await post(SEND, { phone, purpose: 'bind' }, signedIn(sessionOf(asker)))).dm_error).toBe(0);
    const code = (await smsLatest(phone))!.match(/\d{6}/)![0];
    expect((await post(CHECK, { phone, purpose: 'bind', sms_code: code }, signedIn(sessionOf(other)))).dm_error).toBe(ERRORS.EMAIL_CODE_INVALID_NEW.code);
    expect((await post(CHECK, { phone, purpose: 'bind', sms_code: code }, signedIn(sessionOf(asker)))).data).toEqual({ valid: 1 });
  });

  it('refuses numbers that are not E.164, naming phone', async () => {
    await smsSwitch(1);
    for (const phone of ['11987654321', '+0123456789', '+55 11 98765 4321', '+1234567', '+1234567890123456']) {
      const envelope = await post(SEND, { phone, purpose: 'login' });
      expect(envelope.dm_error, phone).toBe(ERRORS.VALIDATION_FAILED.code);
      expect(envelope.data.field).toBe('phone');
    }
  });

  it('lists sent messages at /dev/smsbox', async () => {
    await smsSwitch(1);
    const phone = phoneUnique();
    await post(SEND, { phone, purpose: 'reset' });
    const page = await t.get('/dev/smsbox', { query: { to: phone } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(phone);
    expect(page.text).toMatch(/seu código é \d{6}/);
  });
});
