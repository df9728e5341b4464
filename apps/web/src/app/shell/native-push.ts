import type { NativePushToken } from '../../shared/native-shell/bridge-client.ts';

/**
 * The native shell's push token, registered for the signed-in player (decision 073). The shell states its platform by
 * the token's type — `fcm` (Android: an FCM registration token) or `apns` (iOS: a hex device token, with the app's
 * bundle id as `topic`). A shell with no token, one that refuses or never answers, or a token the server refuses
 * leaves nothing registered and shows the player nothing: notifications are the shell's to offer, not a page's error.
 */

export interface NativePushRegistration {
  platform: 'android' | 'ios';
  token: string;
  push_type: 'fcm' | 'apns';
  topic?: string;
}

const PLATFORM_OF = { fcm: 'android', apns: 'ios' } as const;

/** What the shell answered, as a registration, or undefined when it holds no usable token (the server checks the shape). */
export function nativePushRegistrationOf(reply: unknown): NativePushRegistration | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined;
  const { token, push_type: pushType, topic } = reply as Partial<Record<keyof NativePushToken, unknown>>;
  if (typeof token !== 'string' || token.trim() === '' || token.length > 4096) return undefined;
  if (pushType !== 'fcm' && pushType !== 'apns') return undefined;
  if (pushType === 'apns') {
    if (typeof topic !== 'string' || topic === '' || topic.length > 255) return undefined;
    return { platform: PLATFORM_OF.apns, token, push_type: 'apns', topic };
  }
  return { platform: PLATFORM_OF.fcm, token, push_type: 'fcm' };
}

export interface NativePushDeps {
  /** The shell's answer to `push_token` (rejects when it refuses or times out). */
  askToken: () => Promise<unknown>;
  /** Who is signed in now (undefined: nobody). */
  signedInUid: () => number | undefined;
  /** Calls `run` whenever the signed-in player changes; returns the unsubscribe. */
  onSignIn: (run: () => void) => () => void;
  /** Calls `run` with each token the shell reports on its own (a new or rotated token). */
  onShellToken: (run: (reply: unknown) => void) => void;
  deviceId: () => Promise<string>;
  /** POST /api/push/register. */
  register: (body: {
    platform: 'android' | 'ios';
    device_id: string;
    app: string;
    meta: [{ token: string; push_type: 'fcm' | 'apns'; topic?: string }];
  }) => Promise<unknown>;
  /** Told what went wrong (never the token). */
  onFailure?: (reason: string) => void;
}

/**
 * Registers the shell's token after sign-in, whenever the player changes, and whenever the shell reports a new token;
 * the same token for the same player is registered once per page.
 */
export function nativePushStart(deps: NativePushDeps): () => void {
  let done = '';
  let running: Promise<void> = Promise.resolve();
  const sync = (given?: unknown) => {
    running = running.then(async () => {
      const uid = deps.signedInUid();
      if (uid === undefined) return;
      let reply = given;
      if (reply === undefined) {
        try {
          reply = await deps.askToken();
        } catch {
          // No token, a refusal or no answer: nothing to register.
          return;
        }
      }
      const registration = nativePushRegistrationOf(reply);
      if (!registration) return deps.onFailure?.('the shell holds no usable push token');
      const key = `${uid}:${registration.push_type}:${registration.token}`;
      if (key === done || deps.signedInUid() !== uid) return;
      try {
        const { platform, ...meta } = registration;
        await deps.register({ platform, device_id: await deps.deviceId(), app: 'native-shell', meta: [meta] });
        done = key;
      } catch (error) {
        deps.onFailure?.(`push registration refused: ${error instanceof Error ? error.name : 'error'}`);
      }
    });
  };
  deps.onShellToken((reply) => sync(reply ?? undefined));
  const unsubscribe = deps.onSignIn(() => sync());
  sync();
  return unsubscribe;
}
