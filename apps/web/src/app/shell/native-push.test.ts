import { describe, expect, it } from 'vitest';
import { nativePushRegistrationOf, nativePushStart, type NativePushDeps } from './native-push.ts';

const FCM = `fInst000001:APA91b${'x'.repeat(120)}`;
const APNS = 'ab'.repeat(32);

function harness(options: { uid?: number; reply?: () => Promise<unknown>; refuse?: boolean } = {}) {
  let uid = options.uid;
  let signInListener: (() => void) | undefined;
  let shellListener: ((reply: unknown) => void) | undefined;
  const registered: Parameters<NativePushDeps['register']>[0][] = [];
  let asked = 0;
  const deps: NativePushDeps = {
    askToken: () => {
      asked += 1;
      return options.reply ? options.reply() : Promise.resolve({ token: FCM, push_type: 'fcm' });
    },
    signedInUid: () => uid,
    onSignIn: (run) => {
      signInListener = run;
      return () => undefined;
    },
    onShellToken: (run) => {
      shellListener = run;
    },
    deviceId: () => Promise.resolve('shell-device-1'),
    register: (body) => (options.refuse ? Promise.reject(new Error('8185')) : Promise.resolve(registered.push(body))),
  };
  nativePushStart(deps);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    registered,
    asked: () => asked,
    settle,
    signIn: async (next: number | undefined) => {
      uid = next;
      signInListener?.();
      await settle();
    },
    shellSays: async (reply: unknown) => {
      shellListener?.(reply);
      await settle();
    },
  };
}

describe('the shell’s push token (decision 073)', () => {
  it('reads fcm as Android and apns (with its topic) as iOS; anything else is no token', () => {
    expect(nativePushRegistrationOf({ token: FCM, push_type: 'fcm' })).toEqual({ platform: 'android', token: FCM, push_type: 'fcm' });
    expect(nativePushRegistrationOf({ token: APNS, push_type: 'apns', topic: 'com.piranha.app' })).toEqual({
      platform: 'ios',
      token: APNS,
      push_type: 'apns',
      topic: 'com.piranha.app',
    });
    for (const reply of [
      undefined,
      null,
      'x',
      {},
      { token: '', push_type: 'fcm' },
      { token: FCM, push_type: 'webpush' },
      { token: APNS, push_type: 'apns' },
      { token: 7, push_type: 'fcm' },
    ])
      expect(nativePushRegistrationOf(reply)).toBeUndefined();
  });

  it('asks nothing while nobody is signed in, registers once after sign-in, and again for another player', async () => {
    const h = harness();
    await h.settle();
    expect(h.asked()).toBe(0);
    await h.signIn(7);
    expect(h.registered).toEqual([{ platform: 'android', device_id: 'shell-device-1', app: 'native-shell', meta: [{ token: FCM, push_type: 'fcm' }] }]);
    await h.signIn(7);
    expect(h.registered).toHaveLength(1);
    await h.signIn(8);
    expect(h.registered).toHaveLength(2);
  });

  it('registers a token the shell reports on its own, once', async () => {
    const h = harness({ uid: 3, reply: () => Promise.reject(new Error('refused')) });
    await h.settle();
    expect(h.registered).toEqual([]);
    const reply = { token: APNS, push_type: 'apns', topic: 'com.piranha.app' };
    await h.shellSays(reply);
    await h.shellSays(reply);
    expect(h.registered).toEqual([
      { platform: 'ios', device_id: 'shell-device-1', app: 'native-shell', meta: [{ token: APNS, push_type: 'apns', topic: 'com.piranha.app' }] },
    ]);
  });

  it('a shell without a token, or a refused registration, registers nothing and throws nothing', async () => {
    const none = harness({ uid: 3, reply: () => Promise.resolve({ token: '', push_type: 'fcm' }) });
    await none.settle();
    expect(none.registered).toEqual([]);
    const refused = harness({ uid: 3, refuse: true });
    await refused.settle();
    expect(refused.registered).toEqual([]);
  });
});
