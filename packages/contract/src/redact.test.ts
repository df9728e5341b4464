import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, textRedact, valueRedact } from './redact.ts';

describe('isSecretName', () => {
  it.each([
    'sid',
    'smid',
    'password',
    'device_secret',
    'access_token',
    'email_code',
    'sms_code',
    '__Host-sid',
    'session-sid',
    'auth_params',
    'init_data',
    'cookie',
    // The socket's signed URL (decision 036): /ws?ticket=… would let whoever reads a log listen for 60 s.
    'ticket',
  ])('takes %s for a secret', (name) => expect(isSecretName(name)).toBe(true));

  it.each(['uid', 'lca_lang', 'channel', 'amount', 'order_id', 'email', 'cv', 'session-uid'])('leaves %s readable', (name) =>
    expect(isSecretName(name)).toBe(false),
  );
});

describe('textRedact', () => {
  it('replaces the secret values of a URL and keeps its path and the other parameters', () => {
    expect(textRedact('/api/user/account/info/query?uid=7&sid=abc-DEF_1&smid=device-1&lca_lang=ENG')).toBe(
      `/api/user/account/info/query?uid=7&sid=${REDACTED}&smid=${REDACTED}&lca_lang=ENG`,
    );
  });

  it('reads percent-encoded names, so an encoded sid is not logged either', () => {
    expect(textRedact('/x?s%69d=abc')).toBe(`/x?s%69d=${REDACTED}`);
  });

  it('replaces secret members of JSON text, strings and numbers alike, and cookie pairs', () => {
    expect(textRedact('{"email":"a@b.c","password":"p\\"w","email_code":123456,"device_secret":"s"}')).toBe(
      `{"email":"a@b.c","password":"${REDACTED}","email_code":"${REDACTED}","device_secret":"${REDACTED}"}`,
    );
    expect(textRedact('{"email":"a@b.c","password":"cut-off-pass')).toBe(`{"email":"a@b.c","password":"${REDACTED}"`);
    expect(textRedact('__Host-uid=7; __Host-sid=abc')).toBe(`__Host-uid=7; __Host-sid=${REDACTED}`);
  });
});

describe('valueRedact', () => {
  it('replaces secret fields at any depth without changing the input', () => {
    const body = { email: 'a@b.c', password: 'pw', nested: [{ sid: 's', amount: 5 }], note: 'see /x?sid=abc' };
    expect(valueRedact(body)).toEqual({ email: 'a@b.c', password: REDACTED, nested: [{ sid: REDACTED, amount: 5 }], note: `see /x?sid=${REDACTED}` });
    expect(body.password).toBe('pw');
  });
});
