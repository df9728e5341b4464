import { describe, expect, it } from 'vitest';
import { sessionHeadersOf } from './session-headers.ts';

describe('sessionHeadersOf', () => {
  it('sends uid and sid as headers when the server answered a sid (plain HTTP)', () => {
    expect(sessionHeadersOf({ uid: 7, sid: 'sid-value', visitor: true })).toEqual({ 'session-uid': '7', 'session-sid': 'sid-value' });
  });

  it('sends nothing when the sid is the cookie’s alone (HTTPS answers an empty sid) or nobody is signed in', () => {
    expect(sessionHeadersOf({ uid: 7, sid: '', visitor: false })).toEqual({});
    expect(sessionHeadersOf(undefined)).toEqual({});
  });
});
