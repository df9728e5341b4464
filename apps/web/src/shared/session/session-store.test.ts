import { describe, expect, it } from 'vitest';
import { useSessionStore, type StoredLogin } from './session-store.ts';

describe('session expiry (spec §4 error 604)', () => {
  it('clears the login a 604 was answered under and marks the session expired', () => {
    const tourist: StoredLogin = { uid: 7, sid: 'tourist-sid', visitor: true };
    useSessionStore.getState().loginSet(tourist);
    expect(useSessionStore.getState().expire(tourist)).toBe(true);
    expect(useSessionStore.getState().login).toBeUndefined();
    expect(useSessionStore.getState().expired).toBe(true);
  });

  it('keeps a login that replaced the one a 604 was answered under (linking Google revoked the old session mid-poll)', () => {
    const tourist: StoredLogin = { uid: 7, sid: 'tourist-sid', visitor: true };
    const registered: StoredLogin = { uid: 7, sid: 'registered-sid', visitor: false };
    useSessionStore.getState().loginSet(tourist);
    useSessionStore.getState().loginSet(registered);
    expect(useSessionStore.getState().expire(tourist)).toBe(false);
    expect(useSessionStore.getState().login).toBe(registered);
    expect(useSessionStore.getState().expired).toBe(false);
  });

  it('marks the session expired when nobody was signed in as the call started and nobody is now', () => {
    useSessionStore.getState().logout();
    expect(useSessionStore.getState().expire(undefined)).toBe(true);
    expect(useSessionStore.getState().expired).toBe(true);
  });
});
