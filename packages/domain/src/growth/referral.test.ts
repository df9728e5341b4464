import { describe, expect, it } from 'vitest';
import {
  attributionPick,
  inviteCodeOf,
  inviteCodeParse,
  ipRangeOf,
  OFFICIAL_SOURCE,
  referrerDecode,
  selfReferralReason,
  type ReferralParty,
} from './referral.ts';

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('invite codes', () => {
  it.each([1, 31, 32, 1_000, 123_456_789, Number.MAX_SAFE_INTEGER])('round-trips player %i', (userId) => {
    expect(inviteCodeParse(inviteCodeOf(userId))).toBe(userId);
  });
  it('forgives case, spaces, dashes and Crockford look-alikes', () => {
    const code = inviteCodeOf(1_000);
    expect(inviteCodeParse(` ${code.toLowerCase().slice(0, 2)}-${code.slice(2)} `)).toBe(1_000);
    expect(inviteCodeParse(inviteCodeOf(1).replace('1', 'I'))).toBe(1);
  });
  it.each(['', 'P', 'X1Z', 'P00', 'PUUU', 'P!!!', 'P1234567890ABCD'])('refuses %j', (typed) => {
    expect(inviteCodeParse(typed)).toBeUndefined();
  });
  it('a changed character fails the check', () => {
    const code = inviteCodeOf(987_654);
    const changed = code.slice(0, 2) + (code[2] === '9' ? '8' : '9') + code.slice(3);
    expect(inviteCodeParse(changed)).toBeUndefined();
  });
});

describe('referrerDecode (spec §5)', () => {
  it.each([
    ['utm_source=google-play&utm_campaign=diwali&invite=P1X', { source: 'google-play', campaign: 'diwali', inviteCode: 'P1X', decoded: true }],
    ['utm_source=fb', { source: 'fb', campaign: '', inviteCode: undefined, decoded: true }],
    ['ref=PABC', { source: OFFICIAL_SOURCE, campaign: '', inviteCode: 'PABC', decoded: true }],
  ])('decodes %s', (text, expected) => {
    expect(referrerDecode(b64(text))).toEqual(expected);
    expect(referrerDecode(b64(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toEqual(expected);
  });
  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['not base64', 'utm_source=google-play'],
    ['bad length', 'QUJDR'],
    ['binary', btoa(String.fromCharCode(0xff, 0xfe, 0x00, 0x01))],
    ['no key', b64('just words')],
    ['no source nor invite', b64('utm_campaign=x')],
  ])('%s falls back to the official source', (_name, raw) => {
    expect(referrerDecode(raw)).toEqual({ source: OFFICIAL_SOURCE, campaign: '', decoded: false });
  });
});

describe('attributionPick', () => {
  const a = inviteCodeOf(11);
  const b = inviteCodeOf(22);
  it.each([
    [
      { link: a, code: b },
      { source: 'link', inviterId: 11 },
    ],
    [
      { link: 'broken', code: b },
      { source: 'code', inviterId: 22 },
    ],
    [
      { mini_app: a, install_referrer: b },
      { source: 'mini_app', inviterId: 11 },
    ],
    [{ install_referrer: b }, { source: 'install_referrer', inviterId: 22 }],
    [{}, undefined],
  ] as const)('%j → %j', (candidates, expected) => {
    expect(attributionPick(candidates)).toEqual(expected);
  });
});

describe('self-referral', () => {
  const inviter: ReferralParty = { userId: 1, deviceIds: ['dev-a'], paymentAccounts: ['pix:111'], ips: ['203.0.113.7'] };
  const stranger: ReferralParty = { userId: 2, deviceIds: ['dev-b'], paymentAccounts: ['pix:222'], ips: ['198.51.100.9'] };
  it.each([
    ['a stranger', stranger, undefined],
    ['the same player', { ...stranger, userId: 1 }, 'same_player'],
    ['the same device', { ...stranger, deviceIds: ['dev-c', 'dev-a'] }, 'same_device'],
    ['the same payment account', { ...stranger, paymentAccounts: ['pix:111'] }, 'same_payment_account'],
    ['the same /24', { ...stranger, ips: ['203.0.113.200'] }, 'same_ip_range'],
    ['a neighbouring /24', { ...stranger, ips: ['203.0.114.7'] }, undefined],
    ['empty device ids', { ...stranger, deviceIds: [''] }, undefined],
  ] as const)('%s', (_name, invitee, expected) => {
    expect(selfReferralReason({ ...inviter, deviceIds: [...inviter.deviceIds, ''] }, invitee)).toBe(expected);
  });
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['::ffff:203.0.113.7', '203.0.113.0/24'],
    ['2001:db8:0:1:aaaa::1', '2001:db8:0:1::/64'],
    ['2001:0db8::1', '2001:db8:0:0::/64'],
  ])('range of %s is %s', (ip, range) => {
    expect(ipRangeOf(ip)).toBe(range);
  });
});
